import IndoorConfiguration
import IndoorEstimation
import IndoorGeometry
import IndoorRecordings

/// Follows a ``FusionReplay`` as it goes, e.g. a navigation session fed with the fused location, so
/// that one pass through the providers serves both the score and the follower.
public protocol FusionReplayObserver: AnyObject {
    /// The engine and the open-loop dead reckoning were just started at `location` (its level index
    /// `levelIndex`), before the first sample at or after its time is consumed.
    func replayStarted(at location: IndoorLocation, levelIndex: Int?, pipeline: FusionPipeline)
    /// `sample` was consumed after the start; `output` is what it produced.
    func replayConsumed(_ sample: SensorSample, output: FusionPipeline.Output, pipeline: FusionPipeline)
}

/// A recording replayed through a ``FusionPipeline`` from its first truth point, with the tracks kept
/// for plotting and the score against the later truth points.
public struct FusionReplay: Sendable {
    /// One estimate of a track.
    public struct TrackPoint: Hashable, Sendable {
        /// Seconds.
        public var timeSeconds: Double
        /// Local frame.
        public var point: LocalPoint
        /// Level candidate index, when levels are known.
        public var levelIndex: Int?
        /// The reported horizontal accuracy (largest one-sigma of the covariance), metres, when known.
        public var accuracyMeters: Double? = nil
        /// The reported covariance of ``point``, m², when known.
        public var covariance: Covariance2D? = nil
    }

    /// The fused track (after every step, accepted fix and pressure reading that moved it).
    public var fused: [TrackPoint] = []
    /// The open-loop dead-reckoning track from the same start.
    public var deadReckoning: [TrackPoint] = []
    /// Raw beacon fixes (all, accepted or not).
    public var beaconFixes: [TrackPoint] = []
    /// Every absolute fix a provider made (accepted or not), by source (`beacon`, `gnss`, `fingerprint`).
    public var fixesBySource: [String: [TrackPoint]] = [:]
    /// Each source's fixes scored against the truth interpolated at their times (fixes outside the
    /// truth's time span are not scored); the level as the fix's own.
    public var providerScores: [String: FusionScore] = [:]
    /// The consistency of each source's fixes (their own covariance, before the fusion scales it) at
    /// the same points as ``providerScores``.
    public var providerConsistency: [String: ConsistencyStatistics] = [:]
    /// Satellite (GNSS) fixes as the pipeline delivered them (local frame).
    public var satelliteFixes: [TrackPoint] { fixesBySource["gnss"] ?? [] }
    /// The ground truth: its start and the scored points.
    public var truth: GroundTruthTrack
    /// The fused estimate at each scored truth point (same order as ``score``'s points).
    public var estimatesAtTruth: [LocalPoint] = []
    /// The fused track's reported accuracy (one sigma, metres) at each of those times: that of the last
    /// fused point at or before it.
    public var accuraciesAtTruth: [Double] = []
    /// The fused track's reported covariance at each of those times (that of the last fused point at or
    /// before it), m²; nil where unknown.
    public var covariancesAtTruth: [Covariance2D?] = []
    /// Fused score.
    public var score: FusionScore
    /// Open-loop dead-reckoning score (same points, level taken as the start level).
    public var deadReckoningScore: FusionScore
    /// The engine's counters at the end.
    public var statistics: FusionStatistics
    /// The level candidates the track's level indices refer to.
    public var levels: [LevelCandidate] = []
    /// Why the engine could not be started at the first truth point (nothing was fused then).
    public var startFailure: PositioningError?
    /// The offline-smoothed track and its score (only when run with an `offline` configuration).
    public var offline: OfflineFusion?
    /// Why the offline backward pass refused the recorded run (only when run with an `offline` configuration).
    public var offlineFailure: EstimationError?

    /// Replays time-ordered `samples`: every sample goes to the providers; at the truth's start time the
    /// engine and the open-loop dead reckoning are started at the truth's start (1 m sigma, its level);
    /// no later truth is used. Each of the truth's scored points is scored against the fused estimate
    /// interpolated at its time and the level held at that time. `nil` with fewer than two truth points.
    /// - Parameters:
    ///   - startSigmaMeters: one-sigma of the start position, metres.
    ///   - observer: told of the start and of every sample consumed after it (the engine started or not).
    ///   - offline: when given, also record the run for the backward pass with these settings and score
    ///     the smoothed track (``offline``); the live figures are the same either way.
    public static func run(
        samples: [SensorSample], truth: GroundTruthTrack, pipeline: FusionPipeline,
        startSigmaMeters: Double = 1, levelConfiguration: LevelEstimatorConfiguration = .standard,
        floorPenaltyMeters: Double = 15, observer: (any FusionReplayObserver)? = nil,
        offline: FusionSmoothingConfiguration? = nil
    ) -> FusionReplay? {
        guard truth.count >= 2 else { return nil }
        let first = truth.start
        let engine = pipeline.engine
        let smoothing = offline.map { FusionSmoothingRecorder(configuration: $0) }
        if let smoothing { engine.smoothingRecorder = smoothing }
        let candidates = engine.levelCandidates
        let startLevel = first.level.flatMap { LevelCandidate.index(of: $0, in: candidates, venue: engine.venue) }
        var fused: [TrackPoint] = []
        var pdr: [TrackPoint] = []
        var fixes: [TrackPoint] = []
        var bySource: [String: [(fix: IndoorLocation, levelIndex: Int?)]] = [:]
        func keep(_ fix: IndoorLocation, source: String) {
            let level =
                fix.levelID.flatMap { id in candidates.firstIndex { $0.levelID == id } }
                ?? fix.floorNumber.flatMap { n in candidates.firstIndex { $0.floorNumber == n } }
            bySource[source, default: []].append((fix, level))
        }
        var started = false
        var startFailure: PositioningError?
        func begin() {
            started = true
            let start = IndoorLocation(
                point: first.point, levelID: startLevel.map { candidates[$0].levelID },
                accuracyMeters: startSigmaMeters, timeSeconds: first.timeSeconds, source: "truth")
            do {
                try engine.start(at: start, levelIndex: startLevel, levelConfiguration: levelConfiguration)
            } catch {
                startFailure = error
            }
            pipeline.deadReckoning.setStart(start)
            observer?.replayStarted(at: start, levelIndex: startLevel, pipeline: pipeline)
            let location = engine.location
            fused.append(
                TrackPoint(
                    timeSeconds: first.timeSeconds, point: first.point, levelIndex: engine.levelIndex,
                    accuracyMeters: location?.horizontalAccuracyMeters, covariance: location?.covariance))
            pdr.append(TrackPoint(timeSeconds: first.timeSeconds, point: first.point, levelIndex: startLevel))
        }
        for sample in samples {
            if !started, sample.timeSeconds >= first.timeSeconds { begin() }
            let output = pipeline.consume(sample)
            for sourced in output.fixes {
                if sourced.source == "beacon" {
                    fixes.append(TrackPoint(timeSeconds: sourced.location.timeSeconds, point: sourced.location.point, levelIndex: nil))
                }
                keep(sourced.location, source: sourced.source)
            }
            guard started else { continue }
            observer?.replayConsumed(sample, output: output, pipeline: pipeline)
            if !output.steps.isEmpty, let location = pipeline.deadReckoning.lastLocation {
                pdr.append(TrackPoint(timeSeconds: location.timeSeconds, point: location.point, levelIndex: startLevel))
            }
            if output.changed, let point = engine.point {
                let time = max(sample.timeSeconds, fused.last?.timeSeconds ?? sample.timeSeconds)
                let location = engine.location
                fused.append(
                    TrackPoint(
                        timeSeconds: time, point: point, levelIndex: engine.levelIndex,
                        accuracyMeters: location?.horizontalAccuracyMeters, covariance: location?.covariance))
            }
        }
        if !started { begin() }
        var replay = FusionReplay(
            truth: truth, score: FusionScore(points: []), deadReckoningScore: FusionScore(points: []),
            statistics: engine.statistics)
        replay.fused = fused
        replay.deadReckoning = pdr
        replay.beaconFixes = fixes
        replay.startFailure = startFailure
        replay.levels = candidates
        let pdrTrack = TimedTrajectory(pdr.map { ($0.timeSeconds, $0.point) })
        var pdrPoints: [ScoredPoint] = []
        for point in truth.scoredPoints {
            guard let open = pdrTrack.position(atSeconds: point.timeSeconds, extrapolation: .holdEnds) else { continue }
            pdrPoints.append(
                ScoredPoint(
                    timeSeconds: point.timeSeconds, errorMeters: open.distance(to: point.point),
                    floorError: floorError(
                        estimated: startLevel, truth: point.level, start: first.level, candidates: candidates, engine: engine)))
        }
        let live = scoredTrack(fused, truth: truth, startLevel: startLevel, candidates: candidates, engine: engine)
        replay.estimatesAtTruth = live.estimates
        replay.accuraciesAtTruth = live.accuracies
        replay.covariancesAtTruth = live.covariances
        replay.score = FusionScore(points: live.points, floorPenaltyMeters: floorPenaltyMeters)
        if let smoothing, startFailure == nil {
            engine.smoothingRecorder = nil
            do {
                replay.offline = try OfflineFusion(
                    smoothing.smoothedTrack(closingWith: engine), truth: truth, startLevel: startLevel, candidates: candidates,
                    engine: engine, floorPenaltyMeters: floorPenaltyMeters)
            } catch {
                replay.offlineFailure = error
            }
        }
        for (source, list) in bySource {
            replay.fixesBySource[source] = list.map {
                TrackPoint(timeSeconds: $0.fix.timeSeconds, point: $0.fix.point, levelIndex: $0.levelIndex)
            }
            var scored: [ScoredPoint] = []
            var residuals: [(error: LocalVector, covariance: Covariance2D?)] = []
            for (fix, level) in list {
                guard let truthPoint = truth.position(atSeconds: fix.timeSeconds, extrapolation: .none) else { continue }
                residuals.append((LocalVector(dx: fix.point.x - truthPoint.x, dy: fix.point.y - truthPoint.y), fix.covariance))
                let truthLevel = truth.level(atSeconds: fix.timeSeconds)
                let floor =
                    (fix.levelID == nil && fix.floorNumber == nil)
                    ? nil
                    : floorError(estimated: level, truth: truthLevel, start: first.level, candidates: candidates, engine: engine)
                scored.append(ScoredPoint(timeSeconds: fix.timeSeconds, errorMeters: fix.point.distance(to: truthPoint), floorError: floor))
            }
            replay.providerScores[source] = FusionScore(points: scored, floorPenaltyMeters: floorPenaltyMeters)
            replay.providerConsistency[source] = ConsistencyStatistics(residuals)
        }
        replay.deadReckoningScore = FusionScore(points: pdrPoints, floorPenaltyMeters: floorPenaltyMeters)
        return replay
    }

    /// A track's estimates at the truth's scored points: interpolated in time (holding the ends), the
    /// level and the reported accuracy and covariance of the last track point at or before each time.
    static func scoredTrack(
        _ track: [TrackPoint], truth: GroundTruthTrack, startLevel: Int?, candidates: [LevelCandidate], engine: FusionEngine
    ) -> (points: [ScoredPoint], estimates: [LocalPoint], accuracies: [Double], covariances: [Covariance2D?]) {
        let trajectory = TimedTrajectory(track.map { ($0.timeSeconds, $0.point) })
        var result: (points: [ScoredPoint], estimates: [LocalPoint], accuracies: [Double], covariances: [Covariance2D?]) = ([], [], [], [])
        for point in truth.scoredPoints {
            guard let estimate = trajectory.position(atSeconds: point.timeSeconds, extrapolation: .holdEnds) else { continue }
            let level = levelIndex(at: point.timeSeconds, in: track) ?? startLevel
            result.points.append(
                ScoredPoint(
                    timeSeconds: point.timeSeconds, errorMeters: estimate.distance(to: point.point),
                    floorError: floorError(
                        estimated: level, truth: point.level, start: truth.start.level, candidates: candidates, engine: engine)))
            result.estimates.append(estimate)
            result.accuracies.append(accuracy(atSeconds: point.timeSeconds, in: track))
            result.covariances.append(lastIndex(atOrBefore: point.timeSeconds, in: track).flatMap { track[$0].covariance })
        }
        return result
    }

    /// The level of the last track point at or before `time` (binary search).
    static func levelIndex(at time: Double, in track: [TrackPoint]) -> Int? {
        lastIndex(atOrBefore: time, in: track).flatMap { track[$0].levelIndex }
    }

    /// The reported accuracy of the last point of `track` at or before `time` (the first point's before
    /// the track starts); infinity when unknown.
    static func accuracy(atSeconds time: Double, in track: [TrackPoint]) -> Double {
        lastIndex(atOrBefore: time, in: track).flatMap { track[$0].accuracyMeters } ?? .infinity
    }

    /// Binary search: the last index whose time is at or before `time`, else 0; nil for an empty track.
    private static func lastIndex(atOrBefore time: Double, in track: [TrackPoint]) -> Int? {
        guard let first = track.first else { return nil }
        guard time >= first.timeSeconds else { return 0 }
        var low = 0, high = track.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if track[mid].timeSeconds <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Floors between the estimate and the truth: by floor numbers when both are known, else by index;
    /// without level candidates, 0 when the truth names the start level and 1 otherwise.
    static func floorError(
        estimated: Int?, truth: LevelReference?, start: LevelReference?,
        candidates: [LevelCandidate], engine: FusionEngine
    ) -> Double? {
        guard let truth else { return nil }
        guard !candidates.isEmpty else { return truth == start ? 0 : 1 }
        guard let truthIndex = LevelCandidate.index(of: truth, in: candidates, venue: engine.venue) else { return nil }
        guard let estimated, candidates.indices.contains(estimated) else { return 1 }
        if let a = candidates[estimated].floorNumber, let b = candidates[truthIndex].floorNumber { return abs(a - b) }
        return Double(abs(estimated - truthIndex))
    }
}
