// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

@testable import IndoorRecordings

/// Plays a sample source in time order on a virtual clock.
///
/// Samples go through a reorder buffer: a sample is released once the newest time read is at least
/// `reorderWindowSeconds` later (or the source ended, or the buffer is full), so disorder within the
/// window is fixed. A sample that arrives earlier than one already played is dropped and reported as
/// ``PlaybackEvent/dropped(_:)`` (strict mode: thrown). Malformed lines come through as
/// ``PlaybackEvent/issue(_:)``. With ``PlaybackSpeed/realTime(factor:)`` the player waits on the
/// injected ``PlaybackClock`` so that sample times map to clock times divided by the factor; nothing
/// reads the wall clock otherwise.
final class ReferenceRecordingPlayer {
    /// The settings.
    let configuration: PlayerConfiguration
    /// Counts so far.
    private(set) var report = PlaybackReport()
    /// The source line of the sample ``next()`` returned last (for messages about it).
    private(set) var lastPlayedLine: Int?

    private let source: any SampleSource
    private let clock: (any PlaybackClock)?
    private var buffer = ReferenceReorderBuffer()
    private var pending: [PlaybackEvent] = []
    private var pendingIndex = 0
    private var newestReadSeconds: Double?
    private var seekTargetSeconds: Double?
    private var sourceEnded = false
    private var stopped = false
    private var anchor: (recordingSeconds: Double, clockSeconds: Double)?

    /// A player over `source`. Real-time speed needs a `clock`.
    init(
        source: any SampleSource, configuration: PlayerConfiguration = .standard, clock: (any PlaybackClock)? = nil
    ) throws(RecordingError) {
        if case .realTime = configuration.speed, clock == nil {
            throw .invalidConfiguration(field: "clock", message: "real-time playback needs a clock")
        }
        self.source = source
        self.configuration = configuration
        self.clock = clock
    }

    /// The next event, or `nil` at the end or after ``stop()``.
    func next() throws(RecordingError) -> PlaybackEvent? {
        while !stopped {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1; if pendingIndex == pending.count { pending.removeAll(keepingCapacity: true); pendingIndex = 0 } }
                return pending[pendingIndex]
            }
            if let entry = releasable() {
                _ = buffer.pop()
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

    /// Plays to the end (or until `handler` says stop), handing every event to `handler`.
    func play(_ handler: (PlaybackEvent) throws -> PlaybackControl) throws {
        while let event = try next() {
            if try handler(event) == .stop { stop(); return }
        }
    }

    /// Stops: ``next()`` returns `nil` from now on.
    func stop() { stopped = true }

    /// Continues from the first sample at or after `seconds`. Forward seeks skip samples; backward
    /// seeks rewind the source (counts restart) and fail when it cannot rewind. Pacing restarts at the
    /// target, and a stopped player plays again.
    func seek(toSeconds seconds: Double) throws(RecordingError) {
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
        while let first = buffer.first, first.sample.timeSeconds < seconds {
            _ = buffer.pop()
            report.skippedBySeek += 1
        }
    }

    /// The buffer's first entry when it may be released now.
    private func releasable() -> ReferenceReorderBuffer.Entry? {
        guard let first = buffer.first else { return nil }
        if sourceEnded || buffer.count > configuration.maxBufferedSamples { return first }
        guard let newest = newestReadSeconds else { return nil }
        return first.sample.timeSeconds <= newest - configuration.reorderWindowSeconds ? first : nil
    }

    /// Reads one event from the source into the buffer or the pending queue.
    private func pull() throws(RecordingError) {
        guard let event = try source.next() else { sourceEnded = true; return }
        switch event {
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
    private func pace(_ recordingSeconds: Double) {
        guard case .realTime(let factor) = configuration.speed, let clock else { return }
        guard let anchor else {
            anchor = (recordingSeconds, clock.nowSeconds())
            return
        }
        let deadline = anchor.clockSeconds + (recordingSeconds - anchor.recordingSeconds) / factor
        if deadline > clock.nowSeconds() { clock.sleep(untilSeconds: deadline) }
    }
}
