import Foundation
import IndoorGeometry
import Recordings
import Routing
import Testing
import Venue
@testable import Simulation

/// Simulations on the bundled campus (`Recordings/venues/campus`, part of the repository), whose
/// navigation graph is derived from its geometry at load time.
@Suite struct CampusSimulationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let campusPath = root.appendingPathComponent("Recordings/venues/campus").path
    static let samplesPath = root.appendingPathComponent("Recordings/simulated").path

    @Test func walkAcrossLevelsOnTheDerivedGraph() throws {
        let venue = try RecordingSimulator.loadVenue(path: Self.campusPath)
        #expect(!venue.graph.edges.isEmpty)
        let planner = try WalkPlanner(venue: venue)
        let trajectory = try planner.plan(WalkRequest(origin: .feature(id: "am-info"), destination: .feature(id: "occ-deans-office"), seed: 1))
        let levels = Set(trajectory.pieces.flatMap { [$0.startLevelIndex, $0.endLevelIndex] })
        #expect(levels.count >= 2)
        for t in stride(from: 0.0, through: trajectory.durationSeconds, by: 0.5) {
            let s = trajectory.state(atSeconds: t)
            #expect(Fixture.distance(s.position, level: trajectory.levelIDs[s.levelIndex], toRoute: trajectory.routePolyline) < 1e-6)
        }
        let start = trajectory.state(atSeconds: 0), end = trajectory.state(atSeconds: trajectory.durationSeconds)
        let climb = end.elevationMeters - start.elevationMeters
        #expect(climb == venue.levels[end.levelIndex].elevationMeters - venue.levels[start.levelIndex].elevationMeters)

        let registry = try BeaconLayoutGenerator.layout(for: venue)
        let beacons = try PlacedBeacon.place(registry, on: venue)
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: beacons, configuration: try Fixture.noiseless(), seed: 1)
        var first: Double?, last = 0.0
        for sample in Fixture.samples(simulation) {
            guard case .pressure(let hPa) = sample.reading else { continue }
            if first == nil { first = hPa }
            last = hPa
        }
        // About 0.12 hPa less per metre climbed.
        let drop = try #require(first) - last
        #expect(abs(drop - 0.1201 * climb) < 0.01 * max(1, climb))
    }

    @Test func bundledSamplesReadCleanlyWithTheirBeaconLayout() throws {
        let venue = try RecordingSimulator.loadVenue(path: Self.campusPath)
        for name in ["campus-info-to-deans-office.jsonl", "campus-deviation.jsonl"] {
            let reader = try RecordingReader(path: Self.samplesPath + "/" + name, strict: true)
            let (samples, summary) = try reader.readAll()
            #expect(summary.malformedLines == 0)
            #expect(reader.header.venueId == venue.id)
            #expect(reader.header.device["model"] == "simulated")
            let beaconsFile = try #require(reader.header.beaconRegistry)
            let registry = try BeaconRegistry.load(path: Self.samplesPath + "/" + beaconsFile)
            _ = try PlacedBeacon.place(registry, on: venue)
            // Every BLE sample names a beacon of the layout.
            for sample in samples {
                if case .beacon(let b) = sample.reading { #expect(registry.beacon(for: b.beacon) != nil) }
            }
            #expect((summary.samples[.beacon] ?? 0) > 100)
        }
    }
}
