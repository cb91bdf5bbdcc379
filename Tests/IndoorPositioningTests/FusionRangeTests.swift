import Foundation
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Beacon ranges fused one by one.
@Suite struct FusionRangeTests {
    static func range(
        _ anchor: LocalPoint, _ meters: Double, sigma: Double = 0.5, time: Double = 0,
        floor: Double? = nil
    ) -> BeaconRange {
        BeaconRange(
            beaconIndex: 0, anchor: anchor, levelID: nil, floorNumber: floor, rangeMeters: meters,
            sigmaMeters: sigma, timeSeconds: time)
    }

    @Test func beaconsInALineFixTheAlongLineCoordinateOnly() throws {
        let configuration = try FusionConfiguration {
            $0.beaconCovarianceScale = 1
            $0.fixScaleLearningRate = 0
        }
        let engine = try FusionEngineTests.started(sigma: 3, configuration: configuration)
        // Truth (2, 0): 6 m from (−4, 0) and 4 m from (6, 0).
        for _ in 0..<5 {
            #expect(engine.update(withRange: Self.range(LocalPoint(x: -4, y: 0), 6)).isAccepted)
            #expect(engine.update(withRange: Self.range(LocalPoint(x: 6, y: 0), 4)).isAccepted)
        }
        // Beyond the 8 m default limit: not used.
        #expect(engine.update(withRange: Self.range(LocalPoint(x: 14, y: 0), 12)) == .rejected(.beyondRange(rangeMeters: 12)))
        let location = try #require(engine.location)
        #expect(abs(location.point.x - 2) < 0.2, "east \(location.point.x)")
        #expect(abs(location.point.y) < 1e-9)
        // ∂h/∂north is 0 on the line: the north variance is untouched (3² m²).
        #expect(abs(location.covariance.yy - 9) < 1e-9)
        #expect(location.covariance.xx < 0.2)
    }

    @Test func aRangeIsTheSlantDistanceToABeaconAboveThePhone() throws {
        // The phone at (2, 0), a beacon at the origin 1.3 m above it: the slant range is √(2² + 1.3²).
        let slant = (4 + 1.3 * 1.3).squareRoot()
        func fused(heightMeters: Double) throws -> LocalPoint {
            let configuration = try FusionConfiguration {
                $0.beaconCovarianceScale = 1
                $0.fixScaleLearningRate = 0
                $0.beaconHeightAboveDeviceMeters = heightMeters
            }
            let engine = try FusionEngineTests.started(at: LocalPoint(x: 2.5, y: 0), sigma: 3, configuration: configuration)
            for _ in 0..<10 { #expect(engine.update(withRange: Self.range(.zero, slant, sigma: 0.1)).isAccepted) }
            return try #require(engine.point)
        }
        #expect(abs(try fused(heightMeters: 1.3).x - 2) < 0.01)
        // Read as a horizontal distance, the same range puts the phone 0.39 m too far from the beacon.
        #expect(abs(try fused(heightMeters: 0).x - slant) < 0.01)
    }

    @Test func rangesFromAnotherLevelAreSkipped() throws {
        let levels = LevelCandidate.levels(floorNumbers: [0, 1], storeyHeightMeters: 4)
        let engine = FusionEngine(levels: levels)
        try engine.start(at: IndoorLocation(point: .zero, levelID: "0", accuracyMeters: 1, timeSeconds: 0, source: "t"), levelIndex: 0)
        #expect(engine.update(withRange: Self.range(LocalPoint(x: 5, y: 0), 5, floor: 1)) == .rejected(.otherLevel))
        #expect(engine.update(withRange: Self.range(LocalPoint(x: 5, y: 0), 5, floor: 0)).isAccepted)
        #expect(engine.statistics.rejectedFixes["otherLevel"] == 1)
    }

    @Test func malformedRangesAreRejected() throws {
        let engine = try FusionEngineTests.started()
        #expect(engine.update(withRange: Self.range(LocalPoint(x: 5, y: 0), .nan)) == .rejected(.invalidFix))
        #expect(engine.update(withRange: Self.range(LocalPoint(x: 5, y: 0), 5, sigma: 0)) == .rejected(.invalidFix))
        #expect(engine.update(withRange: Self.range(LocalPoint(x: 5, y: 0), 5, time: -100)) == .rejected(.tooOld(ageSeconds: 100)))
        #expect(engine.point == LocalPoint(x: 0, y: 0))
    }

    @Test func trackerAveragesTheWindowAndDatesRangesAtTheMeanReadingTime() throws {
        let registry = try BeaconRegistry(beacons: [
            BeaconRecord(
                id: "B1", identity: BeaconIdentity(mac: "AA:BB:CC:DD:EE:01"),
                position: .local(LocalPoint(x: 0, y: 0)), level: .floorNumber(0), txPowerDbm: -59, pathLossExponent: 2)
        ])
        var tracker = BeaconRangeTracker(map: try BeaconMap(registry: registry, frame: nil))
        let beacon = BeaconIdentity(mac: "AA:BB:CC:DD:EE:01")
        // −79 dBm with P₁ = −59 dBm and n = 2: d = 10^(20/20) = 10 m.
        let first = tracker.consume(SensorSample(timeSeconds: 0, reading: .beacon(BeaconObservation(beacon: beacon, rssiDbm: -79))))
        #expect(first.count == 1)
        #expect(abs((first.first?.rangeMeters ?? 0) - 10) < 1e-9)
        _ = tracker.consume(SensorSample(timeSeconds: 0.5, reading: .beacon(BeaconObservation(beacon: beacon, rssiDbm: -79))))
        let second = tracker.consume(SensorSample(timeSeconds: 1.0, reading: .beacon(BeaconObservation(beacon: beacon, rssiDbm: -79))))
        // Readings at 0, 0.5 and 1.0 s in the 3 s window: dated at their mean, 0.5 s.
        #expect(abs((second.first?.timeSeconds ?? 0) - 0.5) < 1e-9)
        let unknown = tracker.consume(
            SensorSample(
                timeSeconds: 3,
                reading: .beacon(
                    BeaconObservation(
                        beacon: BeaconIdentity(mac: "AA:BB:CC:DD:EE:09"), rssiDbm: -60))))
        #expect(unknown.isEmpty)
        // At 3.2 and 4.5 s the window (1.5…4.5 s) has forgotten the first three: dated at 3.85 s.
        _ = tracker.consume(SensorSample(timeSeconds: 3.2, reading: .beacon(BeaconObservation(beacon: beacon, rssiDbm: -79))))
        let later = tracker.consume(SensorSample(timeSeconds: 4.5, reading: .beacon(BeaconObservation(beacon: beacon, rssiDbm: -79))))
        #expect(later.count == 1)
        #expect(abs((later.first?.timeSeconds ?? 0) - 3.85) < 1e-9)
    }
}
