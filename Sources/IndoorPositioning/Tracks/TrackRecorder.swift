import IndoorGeometry
import IndoorRecordings

/// Keeps the full fused track of a replay — position, level, covariance, heading and the sources behind
/// each change — and the open-loop dead reckoning, for ``TrackWriter``.
///
/// Pass it as the observer of ``FusionReplay/run(samples:truth:pipeline:startSigmaMeters:levelConfiguration:floorPenaltyMeters:observer:)``
/// (or chain it behind another observer with ``ChainedReplayObserver``), or run positioning alone with
/// ``record(samples:start:pipeline:)``.
public final class TrackRecorder: FusionReplayObserver {
    /// The fused track: the start, then every sample that changed the estimate.
    public private(set) var fused: [PositionTrack.Point] = []
    /// The open-loop dead reckoning from the same start (on the start level).
    public private(set) var deadReckoning: [PositionTrack.Point] = []
    private var startLevelID: String?

    /// An empty recorder.
    public init() {}

    /// Records the start (the engine's location when it started, else the start itself).
    public func replayStarted(at location: IndoorLocation, levelIndex: Int?, pipeline: FusionPipeline) {
        startLevelID = location.levelID
        let start = pipeline.engine.location ?? location
        fused.append(PositionTrack.Point(location: start, timeSeconds: location.timeSeconds, sources: [location.source]))
        deadReckoning.append(PositionTrack.Point(location: location, sources: [location.source]))
    }

    /// Records the dead-reckoning position after steps and the fused location after every change; the
    /// fused time never goes back (a late fix is stamped with the last time).
    public func replayConsumed(_ sample: SensorSample, output: FusionPipeline.Output, pipeline: FusionPipeline) {
        if !output.steps.isEmpty, let location = pipeline.deadReckoning.lastLocation {
            var point = PositionTrack.Point(location: location, sources: [pipeline.deadReckoning.name])
            point.levelID = startLevelID
            point.floorNumber = nil
            deadReckoning.append(point)
        }
        guard output.changed, let location = pipeline.engine.location else { return }
        let time = max(sample.timeSeconds, fused.last?.timeSeconds ?? sample.timeSeconds)
        fused.append(PositionTrack.Point(location: location, timeSeconds: time, sources: output.contributingSources))
    }

    /// The fused and dead-reckoning tracks (named `fused` and `deadReckoning`).
    public var tracks: [PositionTrack] {
        [PositionTrack(name: "fused", points: fused), PositionTrack(name: "deadReckoning", points: deadReckoning)]
    }

    /// Positioning alone: every time-ordered sample goes through `pipeline`; at `start`'s time the engine
    /// and the dead reckoning start there (1 m one-sigma, its level). Unlike ``FusionReplay``, one truth
    /// point is enough and nothing is scored.
    /// - Throws: ``PositioningError`` when the engine cannot start at `start`.
    public static func record(
        samples: [SensorSample], start: TruthPoint, pipeline: FusionPipeline
    ) throws(PositioningError)
        -> TrackRecorder
    {
        let recorder = TrackRecorder()
        let engine = pipeline.engine
        let startLevel = start.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: engine.venue) }
        let location = IndoorLocation(
            point: start.point, levelID: startLevel.map { engine.levelCandidates[$0].levelID }, accuracyMeters: 1,
            timeSeconds: start.timeSeconds, source: "start")
        var started = false
        func begin() throws(PositioningError) {
            started = true
            try engine.start(at: location, levelIndex: startLevel)
            pipeline.deadReckoning.setStart(location)
            recorder.replayStarted(at: location, levelIndex: startLevel, pipeline: pipeline)
        }
        for sample in samples {
            if !started, sample.timeSeconds >= start.timeSeconds { try begin() }
            let output = pipeline.consume(sample)
            if started { recorder.replayConsumed(sample, output: output, pipeline: pipeline) }
        }
        if !started { try begin() }
        return recorder
    }
}

/// Two replay observers told of the same run in turn (e.g. a navigation follower and a ``TrackRecorder``).
public final class ChainedReplayObserver: FusionReplayObserver {
    /// The observers, told in this order.
    public let observers: [any FusionReplayObserver]

    /// Observers told in order.
    public init(_ observers: [any FusionReplayObserver]) { self.observers = observers }

    /// Tells every observer of the start.
    public func replayStarted(at location: IndoorLocation, levelIndex: Int?, pipeline: FusionPipeline) {
        for observer in observers { observer.replayStarted(at: location, levelIndex: levelIndex, pipeline: pipeline) }
    }

    /// Tells every observer of the sample.
    public func replayConsumed(_ sample: SensorSample, output: FusionPipeline.Output, pipeline: FusionPipeline) {
        for observer in observers { observer.replayConsumed(sample, output: output, pipeline: pipeline) }
    }
}
