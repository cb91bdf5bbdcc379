#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time source of real-time playback, injected so tests run on a hand-driven clock.
///
/// Times are seconds on the clock's own monotonic axis (only differences matter).
public protocol PlaybackClock: AnyObject {
    /// The current time, seconds.
    func nowSeconds() -> Double
    /// Returns once `nowSeconds() >= deadlineSeconds` (immediately if it already is).
    func sleep(untilSeconds deadlineSeconds: Double)
}

/// A clock that only moves when told to: `sleep(untilSeconds:)` jumps straight to the deadline and
/// records it, so a test can check when each sample would have been played.
public final class ManualPlaybackClock: PlaybackClock {
    /// The current time, seconds.
    public private(set) var now: Double
    /// Every deadline the player waited for, in order.
    public private(set) var sleeps: [Double] = []

    /// A clock reading `startSeconds`.
    public init(startSeconds: Double = 0) { now = startSeconds }

    /// The current time.
    public func nowSeconds() -> Double { now }

    /// Records the deadline and jumps to it (never backwards).
    public func sleep(untilSeconds deadlineSeconds: Double) {
        sleeps.append(deadlineSeconds)
        now = max(now, deadlineSeconds)
    }

    /// Moves the clock forward by `seconds` (≥ 0).
    public func advance(bySeconds seconds: Double) { now += max(0, seconds) }
}

/// The machine's monotonic clock (`CLOCK_MONOTONIC`), for k× real-time playback in tools. The engine
/// never creates one itself; callers inject it.
public final class SystemPlaybackClock: PlaybackClock {
    /// A monotonic clock.
    public init() {}

    /// Seconds since an arbitrary fixed point.
    public func nowSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Sleeps until the deadline.
    public func sleep(untilSeconds deadlineSeconds: Double) {
        while true {
            let left = deadlineSeconds - nowSeconds()
            guard left > 0 else { return }
            usleep(useconds_t(min(left, 1) * 1_000_000))
        }
    }
}
