import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorSimulation

@Suite struct BeaconTests {
    @Test func layoutCoversTheGraphWithSpacedBeacons() throws {
        let venue = TestVenues.randomGrid(seed: 8)
        var options = BeaconLayoutOptions()
        options.spacingMeters = 9
        let registry = try BeaconLayoutGenerator.layout(for: venue, options: options)
        let placed = try PlacedBeacon.place(registry, on: venue)
        #expect(placed.count == registry.beacons.count)
        for level in venue.levels.indices {
            let here = placed.filter { $0.levelIndex == level }
            #expect(!here.isEmpty)
            // Every node of the level is within spacing / 2 (foot points) + 3 m (wall offset) of a beacon.
            for node in venue.graph.nodes where Int(node.levelIndex) == level {
                let nearest = here.map { $0.position.distance(to: node.point) }.min() ?? .infinity
                #expect(nearest <= 4.5 + 3 + 1e-3)
            }
            // Beacons lie in walkable space (or on its edge, above doors).
            for beacon in here {
                let near = (0..<8).contains { k in
                    let a = Double(k) * Double.pi / 4
                    return venue.spatialIndex.isWalkable(
                        LocalPoint(x: beacon.position.x + 0.01 * cos(a), y: beacon.position.y + 0.01 * sin(a)), levelIndex: level)
                }
                #expect(near)
            }
        }
        // 35 m × 35 m levels: foot points 4.5 m apart along ~8 × 2 grid lines of 35 m hold at most about
        // (35 / 4.5 + 1)² ≈ 77 feet a level; a cover needs at least (35 / 9)² ≈ 15.
        #expect(registry.beacons.count >= 3 * 15 && registry.beacons.count <= 3 * 90)
    }

    @Test func corridorBeaconsAlternateBetweenTheWalls() throws {
        // One 40 m × 4 m corridor along y = 0…4 with its graph on the centre line y = 2.
        let venue = Fixture.corridor(lengthMeters: 40, widthMeters: 4)
        let registry = try BeaconLayoutGenerator.layout(for: venue)
        let beacons = try PlacedBeacon.place(registry, on: venue).map(\.position).sorted { $0.x < $1.x }
        let wallMounted = beacons.filter { abs($0.y - 2) > 1e-6 }
        // Path samples every metre, feet at least 4.5 m apart: x = 0, 5, …, 40; each beacon 0.3 m from a
        // wall (y = 0.3 or 3.7), sides alternating. The four grid cells (centres x = 5, 15, 25, 35 on the
        // centre line) each have a wall beacon 1.7 m away, so they add none.
        #expect(beacons.count == 9)
        #expect(wallMounted.count == 9)
        for (a, b) in zip(wallMounted, wallMounted.dropFirst()) {
            #expect(abs(b.x - a.x - 5) < 1e-6)
            #expect(abs(a.y + b.y - 4) < 1e-6)
        }
        for beacon in wallMounted { #expect(abs(beacon.y - 0.3) < 1e-6 || abs(beacon.y - 3.7) < 1e-6) }
    }

    @Test func layoutRoundTripsThroughTheRegistryFormat() throws {
        let venue = TestVenues.golden()
        let registry = try BeaconLayoutGenerator.layout(for: venue)
        let text = registry.json.serialized(pretty: true)
        let reread = try BeaconRegistry.parse(Array(text.utf8), file: "layout.json")
        #expect(reread == registry)
        let first = try #require(registry.beacons.first)
        #expect(first.id == "SIM0001")
        #expect(first.identity.mac == "5E:1B:00:00:00:01")
        #expect(registry.beacon(mac: "5e:1b:00:00:00:01")?.id == "SIM0001")
    }

    @Test func layoutRejectsABadSpacing() {
        var options = BeaconLayoutOptions()
        options.spacingMeters = 0.5
        #expect(throws: SimulationError.self) { try BeaconLayoutGenerator.layout(for: TestVenues.golden(), options: options) }
    }

    private func scans(at distance: Double, floorsApart: Int, count: Int, configuration: BeaconScanConfiguration) throws -> [Double] {
        // One beacon at the origin of level 0 (mounted 2.5 m up); the phone `distance` m east at 1.2 m.
        let record = BeaconRecord(
            id: "b", identity: BeaconIdentity(mac: "AA:BB:CC:DD:EE:FF"), position: .local(.zero),
            level: .levelId("L0"), txPowerDbm: -59, pathLossExponent: 2.0)
        var radio = BeaconScanSynthesizer(
            beacons: [PlacedBeacon(record: record, position: .zero, levelIndex: 0)],
            levelElevations: [0, 4, 8], levelOrdinals: [0, 1, 2], configuration: configuration,
            deviceHeightMeters: 1.2, seed: 77)
        let state = WalkerState(
            position: LocalPoint(x: distance, y: 0), levelIndex: floorsApart, elevationMeters: 4 * Double(floorsApart),
            verticalAccelerationMetersPerSecondSquared: 0, headingRadians: 0, headingRateRadiansPerSecond: 0,
            motion: .standing, stepPhase: 0, isOffRoute: false)
        var out: [SensorSample] = []
        for k in 0..<count { radio.appendScan(atSeconds: Double(k), state: state, to: &out) }
        return out.compactMap { if case .beacon(let b) = $0.reading { b.rssiDbm } else { nil } }
    }

    @Test(arguments: [1.0, 3.0, 8.0, 15.0])
    func rssiFollowsThePathLossModelOnAverage(distance: Double) throws {
        let configuration = BeaconScanConfiguration.standard
        let rssi = try scans(at: distance, floorsApart: 0, count: 4000, configuration: configuration)
        // 3-D distance to the beacon 1.3 m above the phone; −59 dBm at 1 m, exponent 2.
        let d = (distance * distance + 1.3 * 1.3).squareRoot()
        let expected = -59 - 20 * log10(d)
        let mean = rssi.reduce(0, +) / Double(rssi.count)
        // σ = 4 dB over ~3600 scans: standard error 0.07 dB; whole-dBm rounding is unbiased.
        #expect(abs(mean - expected) < 0.3, "mean \(mean) dBm, model \(expected) dBm")
        let spread = (rssi.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(rssi.count)).squareRoot()
        #expect(abs(spread - 4) < 0.3)
        // 10 % dropouts.
        #expect(abs(Double(rssi.count) / 4000 - 0.9) < 0.02)
        #expect(rssi.allSatisfy { $0 == $0.rounded() })
    }

    @Test func floorsAttenuateAndTheCutOffHolds() throws {
        var configuration = BeaconScanConfiguration.standard
        configuration.dropoutProbability = 0
        // A low cut-off first, so truncation does not bias the means.
        configuration.cutoffDbm = -130
        let same = try scans(at: 5, floorsApart: 0, count: 3000, configuration: configuration)
        let above = try scans(at: 5, floorsApart: 1, count: 3000, configuration: configuration)
        let sameMean = same.reduce(0, +) / Double(same.count)
        let aboveMean = above.reduce(0, +) / Double(above.count)
        // One floor up: 20 dB of floor loss, and the distance grows from √(25 + 1.69) to √(25 + 7.29).
        let extraPathLoss = 20 * log10((25 + 7.29).squareRoot() / (25 + 1.69).squareRoot())
        #expect(abs(sameMean - aboveMean - (20 + extraPathLoss)) < 0.5)
        configuration.cutoffDbm = -100
        let far = try scans(at: 120, floorsApart: 0, count: 3000, configuration: configuration)
        // Model mean at 120 m: −59 − 41.6 = −100.6 dBm: about half the scans fall under the −100 dBm cut-off.
        #expect(far.allSatisfy { $0 >= -100 })
        #expect(far.count > 500 && far.count < 2500)
        #expect(try scans(at: 2000, floorsApart: 2, count: 100, configuration: configuration).isEmpty)
    }

    @Test func registryLevelsResolveByIdNameAndFloorNumber() throws {
        let venue = TestVenues.golden()
        func record(_ id: String, _ level: LevelReference, _ position: BeaconPosition = .local(.zero)) -> BeaconRecord {
            BeaconRecord(
                id: id, identity: BeaconIdentity(mac: "AA:00:00:00:00:0\(id.count)"), position: position, level: level, txPowerDbm: -60)
        }
        let registry = try BeaconRegistry(beacons: [
            record("a", .levelId("L1")), record("bb", .floorName("Ground Floor")),
            record("ccc", .floorNumber(1), .geographic(TestVenues.frame.geoCoordinate(from: LocalPoint(x: 10, y: 5)))),
        ])
        let placed = try PlacedBeacon.place(registry, on: venue)
        #expect(placed.map(\.levelIndex) == [1, 0, 1])
        #expect(placed[2].position.distance(to: LocalPoint(x: 10, y: 5)) < 1e-6)
        let bad = try BeaconRegistry(beacons: [record("x", .levelId("L9"))])
        #expect(throws: SimulationError.self) { try PlacedBeacon.place(bad, on: venue) }
        do { _ = try PlacedBeacon.place(bad, on: venue) } catch {
            #expect(error.description.contains("beacon x") && error.description.contains("L9"))
        }
    }
}
