import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorSimulation

@Suite struct RecordingOutputTests {
    private func record(seed: UInt64, durationSeconds: Double? = nil) throws -> (bytes: [UInt8], summary: SimulationSummary) {
        let (venue, trajectory) = try Fixture.goldenWalk(seed: seed, durationSeconds: durationSeconds)
        let beacons = try PlacedBeacon.place(try BeaconLayoutGenerator.layout(for: venue), on: venue)
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: beacons, seed: seed)
        let sink = MemoryByteSink()
        let header = RecordingSimulator.header(simulation: simulation, venueID: venue.id, beaconRegistryPath: "beacons.json")
        let summary = try RecordingSimulator.write(simulation, to: RecordingWriter(sink: sink, header: header))
        return (sink.bytes, summary)
    }

    @Test func sameSeedGivesTheSameBytesAndAnotherSeedDoesNot() throws {
        let a = try record(seed: 5)
        let b = try record(seed: 5)
        let c = try record(seed: 6)
        #expect(a.bytes == b.bytes)
        #expect(a.bytes != c.bytes)
        #expect(a.bytes.count > 100_000)
    }

    @Test func recordingReadsBackCleanlyInTimeOrder() throws {
        let (bytes, summary) = try record(seed: 12)
        let reader = try RecordingReader(source: MemoryByteSource(bytes, name: "sim.jsonl"), strict: true)
        let (samples, read) = try reader.readAll()
        #expect(read.malformedLines == 0)
        #expect(read.samples == summary.samplesByKind)
        #expect(samples.count == summary.sampleCount)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.timeSeconds <= $1.timeSeconds })
        #expect(reader.header.venueId == "golden")
        #expect(reader.header.beaconRegistry == "beacons.json")
        #expect(reader.header.device["model"] == "simulated")
        #expect(reader.header.source["seed"] == "12")
        // 50 Hz IMU over the whole walk, 10 Hz pressure, BLE heard.
        let imu = Int((summary.durationSeconds * 50).rounded(.down)) + 1
        #expect(summary.samplesByKind[.accelerometer] == imu && summary.samplesByKind[.rotationVector] == imu)
        #expect(summary.samplesByKind[.pressure] == Int((summary.durationSeconds * 10).rounded(.down)) + 1)
        #expect((summary.samplesByKind[.beacon] ?? 0) > 100)
        #expect(summary.beaconCount > 5)
    }

    @Test func groundTruthSamplesFollowTheRoute() throws {
        let (venue, trajectory) = try Fixture.goldenWalk(seed: 3)
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: 3)
        var truths = 0
        for sample in Fixture.samples(simulation) {
            guard case .groundTruth(let g) = sample.reading, case .local(let p) = g.location, case .levelId(let level)? = g.level else {
                continue
            }
            truths += 1
            // Positions are written to the millimetre.
            #expect(Fixture.distance(p, level: level, toRoute: trajectory.routePolyline) < 1e-3)
        }
        #expect(truths >= Int(trajectory.durationSeconds))
        #expect(truths == simulation.scheduledCounts[.groundTruth])
    }

    @Test func deviationIsMarkedAndTruthLeavesTheRoute() throws {
        let deviation = Deviation(atSeconds: 30, target: .local(LocalPoint(x: 30, y: 24), level: "L0"))
        let (venue, trajectory) = try Fixture.goldenWalk(deviation: deviation)
        let samples = Fixture.samples(SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: 1))
        let markers = samples.filter { if case .marker = $0.reading { true } else { false } }
        #expect(markers.count == 1 && markers.first?.timeSeconds == 30)
        var last: LocalPoint?
        for sample in samples {
            guard case .groundTruth(let g) = sample.reading, case .local(let p) = g.location else { continue }
            if sample.timeSeconds <= 30 { #expect(Fixture.distance(p, level: "L0", toRoute: trajectory.routePolyline) < 1e-3) }
            last = p
        }
        #expect(last == LocalPoint(x: 30, y: 24))
    }

    @Test func oneHourScheduleIsAsLongAsAsked() throws {
        let (venue, trajectory) = try Fixture.goldenWalk(durationSeconds: 3600)
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: 1)
        #expect(trajectory.durationSeconds == 3600)
        #expect(simulation.scheduledCounts[.accelerometer] == 180_001)
        #expect(simulation.scheduledCounts[.pressure] == 36_001)
    }

    @Test func sampleSourceReplaysTheSameSamples() throws {
        let (venue, trajectory) = try Fixture.goldenWalk(seed: 2)
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: 2)
        let source = SimulatedSampleSource(simulation)
        var first: [SensorSample] = []
        while let event = try source.next() { if case .sample(let s, _) = event { first.append(s) } }
        try source.rewind()
        var second: [SensorSample] = []
        while let event = try source.next() { if case .sample(let s, _) = event { second.append(s) } }
        #expect(first == second)
        #expect(first == Fixture.samples(simulation))
    }
}
