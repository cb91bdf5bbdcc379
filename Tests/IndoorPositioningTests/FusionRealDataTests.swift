import Foundation
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Fusion replays of real recordings: the bundled ILC walk always, the IPIN trial with a floor change
/// only with the shared data folder (skipped without it).
@Suite struct FusionRealDataTests {
    typealias Support = PositioningTestSupport

    @Test func bundledILCWalkIsNotWorseThanDeadReckoning() throws {
        let path = Support.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt").path
        let (samples, truth) = try RealDataTests.load(path)
        let pipeline = FusionPipeline(engine: FusionEngine(), deadReckoning: DeadReckoningProvider())
        let replay = try #require(FusionReplay.run(samples: samples, truth: try GroundTruthTrack(truth), pipeline: pipeline))
        let fused = try #require(replay.score.errors)
        let open = try #require(replay.deadReckoningScore.errors)
        #expect(fused.count == truth.count - 1)
        #expect(fused.mean <= open.mean + 0.05, "fused \(fused.mean) m vs dead reckoning \(open.mean) m")
        #expect(fused.mean < 4)
        #expect(replay.score.levelHitRate == 1)
    }

    @Test(.enabled(if: Support.hasSharedData)) func ipinFloorChangesAreFollowedByPressure() throws {
        guard let data = Support.sharedData else { return }
        let folder = data.appendingPathComponent("ipin2023-t3")
        let log = folder.appendingPathComponent("logfiles/IPIN2023_T3_TrainingTrial51_repetition02.txt").path
        let registry = try BeaconRegistry.importIPINLocations(path: folder.appendingPathComponent("BLE_Locations.csv").path)
        guard case .geographic(let origin)? = registry.beacons.first?.position else {
            Issue.record("IPIN beacons are geographic")
            return
        }
        let (samples, truth) = try RealDataTests.load(log, frame: LocalFrame(reference: origin))
        let levels = LevelCandidate.levels(floorNumbers: [-2, 0], storeyHeightMeters: 3)
        let pipeline = FusionPipeline(engine: FusionEngine(levels: levels), deadReckoning: DeadReckoningProvider())
        let replay = try #require(FusionReplay.run(samples: samples, truth: try GroundTruthTrack(truth), pipeline: pipeline))
        // The walk visits floors 0, −1 and −2 twice; pressure alone must get most of its points right.
        #expect((replay.score.levelHitRate ?? 0) >= 0.75, "level hit \(replay.score.levelHitRate ?? 0)")
        #expect(replay.statistics.levelChanges >= 4)
    }
}
