import Foundation
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

@Suite struct EvaluationTests {
    @Test func statisticsByHand() throws {
        let s = try #require(ErrorStatistics([4, 1, 3, 2]))
        #expect(s.count == 4)
        #expect(s.mean == 2.5)
        #expect(s.median == 2.5)
        // h = 3 · 0.75 = 2.25 → 3 + 0.25 · (4 − 3); h = 3 · 0.95 = 2.85 → 3 + 0.85.
        #expect(abs(s.p75 - 3.25) < 1e-12)
        #expect(abs(s.p95 - 3.85) < 1e-12)
        #expect(s.max == 4)
        let one = try #require(ErrorStatistics([7]))
        #expect(one.median == 7 && one.p95 == 7)
        #expect(ErrorStatistics([]) == nil)
        #expect(ErrorStatistics([1, .nan]) == nil)
    }

    @Test func trajectoryInterpolatesLinearlyAndHoldsEndsOnRequest() throws {
        let track = TimedTrajectory([
            (timeSeconds: 2, point: LocalPoint(x: 10, y: 0)), (timeSeconds: 0, point: .zero),
            (timeSeconds: 3, point: LocalPoint(x: 10, y: 5)), (timeSeconds: .nan, point: .zero),
        ])
        #expect(track.count == 3)
        #expect(track.position(atSeconds: 1) == LocalPoint(x: 5, y: 0))
        #expect(track.position(atSeconds: 2.5) == LocalPoint(x: 10, y: 2.5))
        #expect(track.position(atSeconds: 3) == LocalPoint(x: 10, y: 5))
        #expect(track.position(atSeconds: -1) == nil)
        #expect(track.position(atSeconds: 4) == nil)
        #expect(track.position(atSeconds: 4, extrapolation: .holdEnds) == LocalPoint(x: 10, y: 5))
        #expect(track.position(atSeconds: .nan) == nil)
        #expect(track.pathLengthMeters == 15)
        var growing = TimedTrajectory()
        let appended = growing.append(timeSeconds: 1, point: .zero)
        let appendedEarlier = growing.append(timeSeconds: 0.5, point: .zero)
        #expect(appended && !appendedEarlier && growing.count == 1)
        #expect(TimedTrajectory().position(atSeconds: 0) == nil)
    }

    @Test func deadReckoningScoreOnASyntheticWalk() throws {
        // 20 s walking north from (0, 0); truth says (0, 0) at 0 s and (0, 20) at 20 s.
        let samples = PositioningTestSupport.walk(seconds: 20, headingRadians: 0)
        let truth = [TruthPoint(timeSeconds: 0, point: .zero), TruthPoint(timeSeconds: 20, point: LocalPoint(x: 0, y: 20))]
        let score = try #require(ProviderScoring.scoreDeadReckoning(samples: samples, truth: try GroundTruthTrack(truth)))
        #expect(score.scoredPoints == 1)
        #expect(score.trueDistanceMeters == 20)
        #expect(abs(Double(score.stepCount) - 36) <= 1)
        // The estimate ends straight north at the walked distance, so the error is |detected − 20|.
        #expect(abs((score.finalErrorMeters ?? -1) - abs(score.detectedDistanceMeters - 20)) < 1e-6)
        #expect(abs((score.distanceRatio ?? 0) - score.detectedDistanceMeters / 20) < 1e-12)
        #expect(ProviderScoring.scoreDeadReckoning(samples: samples, truth: try GroundTruthTrack([truth[0]])) == nil)
    }

    @Test func beaconScoreCountsLevelHits() throws {
        let records = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)].enumerated().map { i, p in
            BeaconRecord(
                id: "B\(i)", identity: BeaconIdentity(mac: String(format: "AA:BB:CC:00:00:%02X", i)),
                position: .local(LocalPoint(x: p.0, y: p.1)), level: .floorNumber(0), txPowerDbm: -59)
        }
        let provider = BeaconPositionProvider(map: try BeaconMap(registry: try BeaconRegistry(beacons: records), frame: nil))
        let truthPoint = LocalPoint(x: 3, y: 3)
        var samples: [SensorSample] = []
        for step in 0..<30 {
            let i = step % 3
            let anchor = records[i]
            guard case .local(let a) = anchor.position else { continue }
            let rssi = -59 - 20 * log10(a.distance(to: truthPoint))
            samples.append(
                SensorSample(timeSeconds: Double(step) * 0.2, reading: .beacon(BeaconObservation(beacon: anchor.identity, rssiDbm: rssi))))
        }
        // Truth on floor 0 for the first 3 s, then (wrongly for the beacons) floor 1.
        let truth = [
            TruthPoint(timeSeconds: 0, point: truthPoint, level: .floorNumber(0)),
            TruthPoint(timeSeconds: 3, point: truthPoint, level: .floorNumber(1)),
            TruthPoint(timeSeconds: 10, point: truthPoint, level: .floorNumber(1)),
        ]
        let score = try #require(ProviderScoring.scoreBeacons(samples: samples, truth: try GroundTruthTrack(truth), provider: provider))
        // Fixes at 0, 1, …, 5 s (one per second); 0, 1, 2 on floor 0 → 3 of 6 hits.
        #expect(score.fixCount == 6 && score.scoredFixes == 6)
        #expect(score.levelChecks == 6 && score.levelHits == 3)
        #expect(score.levelHitRate == 0.5)
        // From 1 s on, all three beacons are heard and the fit is exact.
        #expect(score.errorValuesMeters.dropFirst().allSatisfy { $0 < 0.01 })
    }
}
