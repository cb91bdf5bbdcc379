import IndoorCommandLine
import IndoorEvaluation
import IndoorPositioning
import IndoorVenue
import IndoorViewer

/// The tracks of `indoornav view --eval RECORDING`: the recording run through the fusion engine as
/// `indoornav eval` does — ground truth, fused estimate, dead reckoning, beacon and satellite fixes.
enum ViewEvalContent {
    static func tracks(venue: Venue, recording: String, beaconsPath: String?) throws -> [ViewerTrack] {
        let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
        let loaded = try LoadedRecording.read(recording, venue: venue, registry: registry)
        guard let truth = loaded.truth, truth.count >= 2 else {
            throw ToolFailure("--eval \(recording): needs at least two ground-truth points")
        }
        var settings = EvaluationSettings(
            venue: venue, registry: registry, fusion: .standard,
            storeyHeightMeters: EvaluationSettings.venuelessStoreyHeightMeters, useBeacons: true)
        settings.prepareFloorPlan()
        guard let replay = try RecordingPipeline.evaluate(loaded, truth: truth, settings: settings) else {
            throw ToolFailure("--eval \(recording): no usable ground truth")
        }
        func levelID(_ index: Int?) -> String? { index.flatMap { replay.levels.indices.contains($0) ? replay.levels[$0].levelID : nil } }
        func samples(_ points: [FusionReplay.TrackPoint]) -> [ViewerTrack.Sample] {
            points.map { ViewerTrack.Sample(timeSeconds: $0.timeSeconds, point: $0.point, levelID: levelID($0.levelIndex)) }
        }
        let truthSamples = replay.truth.points.map { t in
            ViewerTrack.Sample(
                timeSeconds: t.timeSeconds, point: t.point,
                levelID: levelID(t.level.flatMap { LevelCandidate.index(of: $0, in: replay.levels, venue: venue) }))
        }
        return [
            ViewerTrack(kind: .truth, samples: truthSamples), ViewerTrack(kind: .deadReckoning, samples: samples(replay.deadReckoning)),
            ViewerTrack(kind: .fused, samples: samples(replay.fused)),
            ViewerTrack(kind: .beaconFixes, samples: samples(replay.beaconFixes)),
            ViewerTrack(kind: .satelliteFixes, samples: samples(replay.satelliteFixes)),
        ]
        .filter { !$0.samples.isEmpty }
    }
}
