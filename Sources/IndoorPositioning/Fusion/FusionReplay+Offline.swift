import IndoorGeometry
import IndoorRecordings

/// The offline result of a ``FusionReplay``: the whole recording smoothed forwards and backwards
/// (``FusionSmoothingRecorder``), scored at the same truth points as the live track.
public struct OfflineFusion: Sendable {
    /// The smoothed states, one per epoch (the start and each step).
    public var smoothed: [SmoothedFusionPoint]
    /// The smoothed track: the start, then one point per step (levels as the live engine held them).
    public var track: [FusionReplay.TrackPoint]
    /// The smoothed estimate at each scored truth point (same order as ``score``'s points).
    public var estimatesAtTruth: [LocalPoint]
    /// The smoothed accuracy (largest one-sigma) at each of those times.
    public var accuraciesAtTruth: [Double]
    /// The smoothed covariance at each of those times, m².
    public var covariancesAtTruth: [Covariance2D?]
    /// The smoothed track's score.
    public var score: FusionScore

    /// Scores `smoothed` at `truth`'s scored points as ``FusionReplay/run(samples:truth:pipeline:startSigmaMeters:levelConfiguration:floorPenaltyMeters:observer:offline:)``
    /// scores the live track.
    init(
        _ smoothed: [SmoothedFusionPoint], truth: GroundTruthTrack, startLevel: Int?, candidates: [LevelCandidate],
        engine: FusionEngine, floorPenaltyMeters: Double
    ) {
        self.smoothed = smoothed
        track = smoothed.map { point in
            FusionReplay.TrackPoint(
                timeSeconds: point.timeSeconds, point: point.point, levelIndex: point.levelIndex,
                accuracyMeters: point.covariance.largestSigmaMeters, covariance: point.covariance)
        }
        let scored = FusionReplay.scoredTrack(track, truth: truth, startLevel: startLevel, candidates: candidates, engine: engine)
        estimatesAtTruth = scored.estimates
        accuraciesAtTruth = scored.accuracies
        covariancesAtTruth = scored.covariances
        score = FusionScore(points: scored.points, floorPenaltyMeters: floorPenaltyMeters)
    }

    /// The consistency of the smoothed covariance at the scored truth points.
    public func consistency(truth: GroundTruthTrack) -> ConsistencyStatistics {
        ConsistencyStatistics(
            zip(zip(truth.scoredPoints, estimatesAtTruth), covariancesAtTruth).map { pair, covariance in
                (LocalVector(dx: pair.1.x - pair.0.point.x, dy: pair.1.y - pair.0.point.y), covariance)
            })
    }
}

extension OfflineFusion {
    /// The smoothed track for ``TrackWriter`` (named `smoothed`, its points' source `offline`).
    public func positionTrack(levels: [LevelCandidate]) -> PositionTrack { Self.positionTrack(smoothed, levels: levels) }

    /// A smoothed track for ``TrackWriter`` (named `smoothed`, its points' source `offline`), levels
    /// resolved in `levels`.
    public static func positionTrack(_ points: [SmoothedFusionPoint], levels: [LevelCandidate]) -> PositionTrack {
        PositionTrack(
            name: "smoothed",
            points: points.map { point in
                let level = point.levelIndex.flatMap { levels.indices.contains($0) ? levels[$0] : nil }
                return PositionTrack.Point(
                    timeSeconds: point.timeSeconds, point: point.point, levelID: level?.levelID, floorNumber: level?.floorNumber,
                    covariance: point.covariance, sources: ["offline"])
            })
    }
}
