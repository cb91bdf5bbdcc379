import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// The discrete level filter: pressure near and far from connectors, beacon votes.
@Suite struct LevelEstimatorTests {
    /// Level 0 at 0 m and level 1 at 4 m, with stairs entered at the origin of level 0 (and level 1).
    static func levels() -> [LevelCandidate] {
        [
            LevelCandidate(
                levelID: "L0", floorNumber: 0, elevationMeters: 0,
                connectorEntries: [.init(point: .zero, reachableLevelIndices: [1])]),
            LevelCandidate(
                levelID: "L1", floorNumber: 1, elevationMeters: 4,
                connectorEntries: [.init(point: .zero, reachableLevelIndices: [0])]),
        ]
    }

    /// 5 s of steady pressure, then `climbSeconds` of 4 m × 0.12 hPa = 0.48 hPa less, at 1 Hz, at `position`.
    static func climb(at position: LocalPoint, climbSeconds: Int = 5) -> LevelEstimator {
        var estimator = LevelEstimator(levels: levels(), startLevelIndex: 0)
        estimator.advance(toSeconds: 0, position: position)
        for t in 0...5 { estimator.updatePressure(hectopascals: 1000, timeSeconds: Double(t), position: position) }
        for t in 6...(5 + climbSeconds) {
            estimator.updatePressure(hectopascals: 1000 - 4 * 0.12, timeSeconds: Double(t), position: position)
        }
        return estimator
    }

    @Test func pressureDropAtAConnectorChangesLevel() {
        let estimator = Self.climb(at: LocalPoint(x: 1, y: 1))
        #expect(estimator.levelIndex == 1)
        #expect(estimator.probability > 0.9, "p = \(estimator.probabilities)")
        // Low-pass with α = Δt/(τ + Δt) = 1/3 per reading: after 5 readings h = 4 (1 − (2/3)⁵) = 3.473 m
        // (the drift learning moves the reference by at most 1/121 of the 0.53 m gap per reading).
        #expect(abs((estimator.barometricHeightMeters ?? 0) - 3.473) < 0.05)
    }

    /// A steady climb of 0.25 m/s from t = 5 s near the stairs (stairs: about 0.2–0.35 m/s): the true
    /// height crosses the 2 m midpoint at t = 13 s. The 2 s low-pass alone lags the height by about 2 s
    /// (0.5 m); with the lag compensated the level changes within 2 s of the crossing, not before it.
    @Test func steadyClimbChangesLevelSoonAfterTheMidpoint() {
        let position = LocalPoint(x: 1, y: 1)
        var estimator = LevelEstimator(levels: Self.levels(), startLevelIndex: 0)
        estimator.advance(toSeconds: 0, position: position)
        var levelAt: [Int: Int] = [:]
        for t in 0...25 {
            let height = min(4, max(0, 0.25 * Double(t - 5)))
            estimator.updatePressure(hectopascals: 1000 - 0.12 * height, timeSeconds: Double(t), position: position)
            levelAt[t] = estimator.levelIndex
        }
        #expect(levelAt[12] == 0)
        #expect(levelAt[15] == 1)
        #expect(levelAt[25] == 1)
    }

    @Test func sameDropFarFromConnectorsIsDamped() {
        let near = Self.climb(at: LocalPoint(x: 1, y: 1))
        let far = Self.climb(at: LocalPoint(x: 100, y: 100))
        #expect(far.probabilities[1] < 0.2, "far p = \(far.probabilities)")
        #expect(far.probabilities[1] < near.probabilities[1])
        #expect(far.levelIndex == 0)
    }

    @Test func beaconVotesMoveTheLevel() throws {
        let two = LevelCandidate.levels(floorNumbers: [0, 1], storeyHeightMeters: 4)
        var voted = LevelEstimator(levels: two, startLevelIndex: 0)
        var silent = LevelEstimator(levels: two, startLevelIndex: 0)
        voted.advance(toSeconds: 0, position: nil)
        silent.advance(toSeconds: 0, position: nil)
        voted.updateBeaconLevel(index: 1, probability: 0.9, timeSeconds: 1, position: nil)
        silent.advance(toSeconds: 1, position: nil)
        // One vote multiplies the odds of level 1 by (0.85 + 0.15·2·0.9) / (0.85 + 0.15·2·0.1) = 1.12 / 0.88.
        let votedOdds = voted.probabilities[1] / voted.probabilities[0]
        let silentOdds = silent.probabilities[1] / silent.probabilities[0]
        #expect(abs(votedOdds / silentOdds - 1.12 / 0.88) < 1e-9)
        for t in 2...60 { voted.updateBeaconLevel(index: 1, probability: 0.9, timeSeconds: Double(t), position: nil) }
        #expect(voted.levelIndex == 1)
        // Out-of-range votes are refused.
        let outOfRange = voted.updateBeaconLevel(index: 7, probability: 0.9, timeSeconds: 61, position: nil)
        let notANumber = voted.updateBeaconLevel(index: 0, probability: .nan, timeSeconds: 61, position: nil)
        #expect(!outOfRange)
        #expect(!notANumber)
    }

    @Test func floorsWithoutVenueFillGaps() {
        let levels = LevelCandidate.levels(floorNumbers: [0, -2, .nan], storeyHeightMeters: 3)
        #expect(levels.map(\.floorNumber) == [-2, -1, 0])
        #expect(levels.map(\.elevationMeters) == [-6, -3, 0])
        #expect(LevelCandidate.index(of: .floorNumber(-1), in: levels) == 1)
        #expect(LevelCandidate.index(of: .floorName("-2"), in: levels) == 0)
        #expect(LevelCandidate.index(of: .levelId("nowhere"), in: levels) == nil)
    }

    @Test func badPressureIsIgnored() {
        var estimator = LevelEstimator(levels: Self.levels(), startLevelIndex: 0)
        let notANumber = estimator.updatePressure(hectopascals: .nan, timeSeconds: 0, position: nil)
        let negative = estimator.updatePressure(hectopascals: -3, timeSeconds: 0, position: nil)
        #expect(!notANumber)
        #expect(!negative)
        #expect(estimator.referencePressureHectopascals == nil)
    }
}
