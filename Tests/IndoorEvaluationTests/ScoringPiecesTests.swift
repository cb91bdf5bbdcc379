import Foundation
import IndoorEvaluation
import IndoorGeometry
import IndoorPositioning
import Testing

/// The evaluation pieces of the positioning scores: cross-validation folds, walks against their dead
/// reckoning, receiver tracks.
@Suite struct ScoringPiecesTests {
    @Test func foldsKeepRepetitionsTogetherAndAreBalanced() throws {
        let names = [
            "IPIN2023_T3_TrainingTrial01_repetition01.txt", "IPIN2023_T3_TrainingTrial01_repetition02.txt",
            "IPIN2023_T3_TrainingTrial02_repetition01.txt", "IPIN2023_T3_TrainingTrial03_repetition01.txt",
            "F1/path_data_files/5dd9e7aac5b77e0006b1732b.txt", "walk-r2.jsonl", "walk-r3.jsonl",
        ]
        let folds = try CrossValidationFolds(names: names, count: 3)
        #expect(folds.foldOfName[names[0]] == folds.foldOfName[names[1]])
        #expect(folds.foldOfName[names[5]] == folds.foldOfName[names[6]])
        #expect(Set(folds.foldOfName.values) == [0, 1, 2])
        #expect(CrossValidationFolds.groupKey("IPIN2023_T3_TrainingTrial24_repetition01.txt") == "ipin2023_t3_trainingtrial24")
        #expect(CrossValidationFolds.groupKey("a/b/5dd9e7aac5b77e0006b1732b.txt") == "5dd9e7aac5b77e0006b1732b")
        #expect(throws: PositioningError.self) { try CrossValidationFolds(names: names, count: 1) }
        #expect(throws: PositioningError.self) { try CrossValidationFolds(names: names, count: 6) }
    }

    @Test func walksAreComparedWithTheirDeadReckoning() {
        let comparison = DeadReckoningComparison([
            .init(name: "a", fusedMeanMeters: 2, deadReckoningMeanMeters: 4),
            .init(name: "b", fusedMeanMeters: 3, deadReckoningMeanMeters: 3),
            .init(name: "c", fusedMeanMeters: 3, deadReckoningMeanMeters: 2),
            .init(name: "d", fusedMeanMeters: 1.3, deadReckoningMeanMeters: 1),
        ])
        #expect(comparison.notWorseCount == 2)
        #expect(comparison.notWorseShare == 0.5)
        #expect(comparison.worstRatio == 1.5)
        #expect(comparison.walks(worseThan: 1.25).map(\.name) == ["c", "d"])
        #expect(DeadReckoningComparison([]).notWorseShare == nil)
        #expect(DeadReckoningComparison.Walk(name: "z", fusedMeanMeters: 0, deadReckoningMeanMeters: 0).ratio == 1)
    }

    @Test(.enabled(if: EvaluationTestSupport.hasSharedData))
    func receiverTracksMultilaterateWithinAFewMetres() throws {
        let data = try #require(EvaluationTestSupport.sharedData).appendingPathComponent("philotuxo-ble")
        let registry = try ReceiverTrackDataset.parseDevices(
            String(contentsOf: data.appendingPathComponent("cnf/tetam.dev"), encoding: .utf8), file: "tetam.dev", txPowerDbm: -59)
        let text = try String(contentsOf: data.appendingPathComponent("trk/straight_01_all_sensors.mbd"), encoding: .utf8)
        let track = try ReceiverTrackDataset.parseTrack(text, file: "straight_01_all_sensors.mbd")
        let provider = BeaconPositionProvider(map: try BeaconMap(registry: registry, frame: nil))
        let score = try #require(
            ProviderScoring.scoreBeacons(samples: track.samples, truth: try GroundTruthTrack(track.truth), provider: provider))
        let errors = try #require(score.errors)
        #expect(errors.count > 30)
        #expect(errors.mean < 5, "mean \(errors.mean) m")
    }
}
