import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorRouting
import IndoorVenue
import Testing

@testable import IndoorSimulation

/// Simulations on the bundled campus (`Recordings/venues/campus`, part of the repository), whose
/// navigation graph is derived from its geometry at load time.
@Suite struct CampusSimulationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let campusPath = root.appendingPathComponent("Recordings/venues/campus").path
    static let samplesPath = root.appendingPathComponent("Recordings/simulated").path

    @Test func stairFlightsRunForwardWhileClimbing() throws {
        let venue = try RecordingSimulator.loadVenue(path: Self.campusPath)
        let trajectory = try WalkPlanner(venue: venue).plan(
            WalkRequest(origin: .feature(id: "am-info"), destination: .feature(id: "occ-deans-office"), seed: 1))
        let tanIncline = tan(35 * Double.pi / 180)
        let stairs = trajectory.pieces.filter { $0.motion == .stairs }
        // The campus stairs link stacked levels at one point: each flight is a switchback of two legs.
        #expect(stairs.count >= 2 && stairs.count % 2 == 0)
        for k in stride(from: 0, to: stairs.count - 1, by: 2) {
            let out = stairs[k], back = stairs[k + 1]
            let bottom = venue.levels[out.startLevelIndex].elevationMeters, top = venue.levels[back.endLevelIndex].elevationMeters
            #expect(out.start.distance(to: back.end) < 1e-9)
            #expect(abs(out.endElevationMeters - (bottom + top) / 2) < 1e-9)
            for leg in [out, back] {
                // One tread per riser: rise / run = tan 35° on each leg, and the walker steps.
                let run = leg.start.distance(to: leg.end)
                #expect(abs(abs(leg.endElevationMeters - leg.startElevationMeters) - run * tanIncline) < 1e-6)
                #expect(leg.stepFrequencyHz > 1)
                #expect(venue.spatialIndex.isWalkable(leg.end, levelIndex: leg.startLevelIndex))
            }
            // The reported level changes at the landing.
            #expect(trajectory.state(atSeconds: out.endSeconds - 0.01).levelIndex == out.startLevelIndex)
            #expect(trajectory.state(atSeconds: back.startSeconds + 0.01).levelIndex == back.endLevelIndex)
            #expect(out.startLevelIndex != back.endLevelIndex)
        }
    }

    @Test func defaultBeaconLayoutIsTwoDimensionalOnEveryLevel() throws {
        let venue = try RecordingSimulator.loadVenue(path: Self.campusPath)
        let beacons = try PlacedBeacon.place(try BeaconLayoutGenerator.layout(for: venue), on: venue)
        for level in venue.levels.indices {
            let here = beacons.filter { $0.levelIndex == level }.map(\.position)
            #expect(here.count >= 5)
            // Spread across the principal axes: the smaller eigenvalue of the positions' covariance.
            let n = Double(here.count)
            let mx = here.map(\.x).reduce(0, +) / n, my = here.map(\.y).reduce(0, +) / n
            let sxx = here.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +) / n
            let syy = here.map { ($0.y - my) * ($0.y - my) }.reduce(0, +) / n
            let sxy = here.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +) / n
            let smaller = (sxx + syy) / 2 - (((sxx - syy) / 2) * ((sxx - syy) / 2) + sxy * sxy).squareRoot()
            #expect(smaller > 4, "level \(venue.levels[level].id): beacons nearly in a line")
            // Every walkable space of the level holds a beacon.
            for space in venue.spaces where space.levelID == venue.levels[level].id && space.isWalkable {
                #expect(here.contains { space.polygon.contains($0) }, "no beacon in \(space.id)")
            }
        }
        // The ground-floor corridor (y 8…12 m) has beacons near both walls.
        let corridor = try #require(venue.spaces.first { $0.id == "a0-corridor" })
        let a0 = try venue.levelIndex("lvl-a0")
        let inCorridor = beacons.filter { $0.levelIndex == a0 && corridor.polygon.contains($0.position) }.map(\.position.y)
        #expect(inCorridor.contains { $0 < 9 } && inCorridor.contains { $0 > 11 })
    }

    @Test func walkAcrossLevelsOnTheDerivedGraph() throws {
        let venue = try RecordingSimulator.loadVenue(path: Self.campusPath)
        #expect(!venue.graph.edges.isEmpty)
        let planner = try WalkPlanner(venue: venue)
        let trajectory = try planner.plan(
            WalkRequest(origin: .feature(id: "am-info"), destination: .feature(id: "occ-deans-office"), seed: 1))
        let levels = Set(trajectory.pieces.flatMap { [$0.startLevelIndex, $0.endLevelIndex] })
        #expect(levels.count >= 2)
        // On the route, except on stair flights: those go out to a landing (half the run away) and back.
        let elevations = venue.levels.map(\.elevationMeters)
        let largestClimb = (elevations.max() ?? 0) - (elevations.min() ?? 0)
        let halfRun = largestClimb / tan(WalkerConfiguration.standard.stairsInclineDegrees * Double.pi / 180) / 2
        for t in stride(from: 0.0, through: trajectory.durationSeconds, by: 0.5) {
            let s = trajectory.state(atSeconds: t)
            let offRoute = Fixture.distance(s.position, level: trajectory.levelIDs[s.levelIndex], toRoute: trajectory.routePolyline)
            if s.motion == .stairs {
                #expect(offRoute <= halfRun + 1e-6)
                #expect(venue.spatialIndex.isWalkable(s.position, levelIndex: s.levelIndex))
            } else {
                #expect(offRoute < 1e-6)
            }
        }
        let start = trajectory.state(atSeconds: 0), end = trajectory.state(atSeconds: trajectory.durationSeconds)
        let climb = end.elevationMeters - start.elevationMeters
        #expect(climb == venue.levels[end.levelIndex].elevationMeters - venue.levels[start.levelIndex].elevationMeters)

        let registry = try BeaconLayoutGenerator.layout(for: venue)
        let beacons = try PlacedBeacon.place(registry, on: venue)
        let simulation = SensorSimulation(
            trajectory: trajectory, venue: venue, beacons: beacons, configuration: try Fixture.noiseless(), seed: 1)
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
