import IndoorConfiguration

/// A sample that arrived after a later sample had already been played (outside the reorder window).
public struct LateSample: Hashable, Sendable {
    /// The sample, not played.
    public var sample: SensorSample
    /// Its line in the source.
    public var line: Int
    /// The time already played when it arrived, seconds.
    public var playedUpToSeconds: Double
}

/// What the player hands out.
public enum PlaybackEvent: Hashable, Sendable {
    /// The next sample in time order.
    case sample(SensorSample)
    /// A malformed line, skipped.
    case issue(RecordingLineIssue)
    /// A sample too late to be put in order, dropped.
    case dropped(LateSample)
}

/// What the caller wants after an event in ``RecordingPlayer/play(_:)``.
public enum PlaybackControl: Sendable {
    /// Go on.
    case proceed
    /// Stop cleanly.
    case stop
}

/// Counts of a playback.
public struct PlaybackReport: Hashable, Sendable {
    /// Samples played.
    public var played = 0
    /// Samples that arrived earlier in time than one read before them and were put back in order.
    public var reordered = 0
    /// Samples dropped as too late.
    public var droppedLate = 0
    /// Samples skipped because they were before a seek target.
    public var skippedBySeek = 0
    /// Malformed lines reported.
    public var issues = 0
    /// Time of the last sample played, seconds.
    public var playedUpToSeconds: Double?
    /// Most samples held in the reorder buffer at once.
    public var peakBufferedSamples = 0
}

/// Plays a sample source in time order on a virtual clock.
///
/// Samples go through a reorder buffer: a sample is released once the newest time read is at least
/// `reorderWindowSeconds` later (or the source ended, or the buffer is full), so disorder within the
/// window is fixed. A sample that arrives earlier than one already played is dropped and reported as
/// ``PlaybackEvent/dropped(_:)`` (strict mode: thrown). Malformed lines come through as
/// ``PlaybackEvent/issue(_:)``. With ``PlaybackSpeed/realTime(factor:)`` the player waits on the
/// injected ``PlaybackClock`` so that sample times map to clock times divided by the factor; nothing
/// reads the wall clock otherwise.
public final class RecordingPlayer {
    /// The settings.
    public let configuration: PlayerConfiguration
    /// Counts so far.
    public var report: PlaybackReport { core.report }
    /// The source line of the sample ``next()`` returned last (for messages about it).
    public var lastPlayedLine: Int? { core.lastPlayedLine }

    @exclusivity(unchecked) private var core: PlayerCore

    /// A player over `source`. Real-time speed needs a `clock`.
    /// - Throws: ``RecordingError/invalidConfiguration(field:message:)`` for a configuration value out of
    ///   its range (``PlayerConfiguration/tunables``) or real time without a clock.
    public init(
        source: any SampleSource, configuration: PlayerConfiguration = .standard, clock: (any PlaybackClock)? = nil
    ) throws(RecordingError) {
        do { try configuration.validate() } catch { throw .invalidConfiguration(field: error.field, message: error.reason) }
        if case .realTime = configuration.speed, clock == nil {
            throw .invalidConfiguration(field: "clock", message: "real-time playback needs a clock")
        }
        self.configuration = configuration
        core = PlayerCore(source: source, configuration: configuration, clock: clock)
    }

    /// The next event, or `nil` at the end or after ``stop()``.
    public func next() throws(RecordingError) -> PlaybackEvent? { try core.next() }

    /// Plays to the end (or until `handler` says stop), handing every event to `handler`.
    public func play(_ handler: (PlaybackEvent) throws -> PlaybackControl) throws {
        while let event = try next() {
            if try handler(event) == .stop { stop(); return }
        }
    }

    /// Stops: ``next()`` returns `nil` from now on.
    public func stop() { core.stopped = true }

    /// Continues from the first sample at or after `seconds`. Forward seeks skip samples; backward
    /// seeks rewind the source (counts restart) and fail when it cannot rewind. Pacing restarts at the
    /// target, and a stopped player plays again.
    public func seek(toSeconds seconds: Double) throws(RecordingError) { try core.seek(toSeconds: seconds) }
}

/// The state and loop of ``RecordingPlayer`` as one value, so a sample costs one access to the player's
/// storage rather than one per field.
private struct PlayerCore: ~Copyable {
    let configuration: PlayerConfiguration
    var report = PlaybackReport()
    var lastPlayedLine: Int?
    var stopped = false

    private let source: any SampleSource
    private let clock: (any PlaybackClock)?
    private var buffer = ReorderBuffer()
    private var pending: [PlaybackEvent] = []
    private var pendingIndex = 0
    private var newestReadSeconds: Double?
    private var seekTargetSeconds: Double?
    private var sourceEnded = false
    private var anchor: (recordingSeconds: Double, clockSeconds: Double)?

    init(source: any SampleSource, configuration: PlayerConfiguration, clock: (any PlaybackClock)?) {
        self.source = source
        self.configuration = configuration
        self.clock = clock
    }

    /// The next event, or `nil` at the end or after ``stop()``.
    mutating func next() throws(RecordingError) -> PlaybackEvent? {
        while !stopped {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1; if pendingIndex == pending.count { pending.removeAll(keepingCapacity: true); pendingIndex = 0 } }
                return pending[pendingIndex]
            }
            if isReleasable(), let entry = buffer.pop() {
                pace(entry.sample.timeSeconds)
                report.played += 1
                report.playedUpToSeconds = entry.sample.timeSeconds
                lastPlayedLine = entry.line
                return .sample(entry.sample)
            }
            if sourceEnded { return nil }
            try pull()
        }
        return nil
    }

    mutating func seek(toSeconds seconds: Double) throws(RecordingError) {
        guard seconds.isFinite else { throw .invalidConfiguration(field: "seek", message: "time \(seconds) is not finite") }
        stopped = false
        anchor = nil
        seekTargetSeconds = seconds
        if let played = report.playedUpToSeconds, seconds < played {
            try source.rewind()
            buffer.removeAll()
            pending.removeAll(); pendingIndex = 0
            newestReadSeconds = nil
            sourceEnded = false
            report = PlaybackReport()
            return
        }
        while let first = buffer.firstTimeSeconds, first < seconds {
            _ = buffer.pop()
            report.skippedBySeek += 1
        }
    }

    /// Whether the buffer's first entry may be released now.
    @inline(__always)
    private func isReleasable() -> Bool {
        guard let first = buffer.firstTimeSeconds else { return false }
        if sourceEnded || buffer.count > configuration.maxBufferedSamples { return true }
        guard let newest = newestReadSeconds else { return false }
        return first <= newest - configuration.reorderWindowSeconds
    }

    /// Reads one event from the source into the buffer or the pending queue.
    private mutating func pull() throws(RecordingError) {
        guard let event = try source.next() else { sourceEnded = true; return }
        switch consume event {
        case .issue(let issue):
            report.issues += 1
            if configuration.strict { throw .malformedLine(issue) }
            pending.append(.issue(issue))
        case .sample(let sample, let line):
            let t = sample.timeSeconds
            if let target = seekTargetSeconds, t < target { report.skippedBySeek += 1; return }
            if let played = report.playedUpToSeconds, t < played {
                report.droppedLate += 1
                if configuration.strict {
                    throw .sampleTooLate(file: source.name, line: line, timeSeconds: t, alreadyEmittedSeconds: played)
                }
                pending.append(.dropped(LateSample(sample: sample, line: line, playedUpToSeconds: played)))
                return
            }
            if let newest = newestReadSeconds, t < newest { report.reordered += 1 }
            newestReadSeconds = max(newestReadSeconds ?? t, t)
            buffer.push(sample, line: line)
            report.peakBufferedSamples = max(report.peakBufferedSamples, buffer.count)
        }
    }

    /// Waits on the clock until the sample's turn in real-time mode.
    private mutating func pace(_ recordingSeconds: Double) {
        guard case .realTime(let factor) = configuration.speed, let clock else { return }
        guard let anchor else {
            anchor = (recordingSeconds, clock.nowSeconds())
            return
        }
        let deadline = anchor.clockSeconds + (recordingSeconds - anchor.recordingSeconds) / factor
        if deadline > clock.nowSeconds() { clock.sleep(untilSeconds: deadline) }
    }
}
