/// How fast the player releases samples.
public enum PlaybackSpeed: Hashable, Sendable {
    /// No waiting: every sample as soon as it is ready.
    case asFastAsPossible
    /// `factor`× real time on the injected clock (1 = real time, 10 = ten times faster).
    case realTime(factor: Double)
}

/// The player's tunables; `init` checks the ranges.
///
/// | setting | unit | default | valid range |
/// |---|---|---|---|
/// | `reorderWindowSeconds` | s | 30 | 0…600 |
/// | `maxBufferedSamples` | samples | 100 000 | 1…10 000 000 |
/// | `speed` | — | as fast as possible | factor 0.01…1000 |
/// | `strict` | — | false | — |
///
/// The 30 s window covers the disorder in the ILC path files: Wi-Fi and beacon batches stamped up to
/// ~3.9 s before the inertial samples written before them, and ground-truth waypoints written up to
/// 21.5 s after their time (three of the 126 site-1 walks have one 5–21.5 s late). At ~350 samples/s
/// the window holds about 10,000 samples.
public struct PlayerConfiguration: Hashable, Sendable {
    /// How far back in time a sample may arrive and still be put in order, seconds.
    public var reorderWindowSeconds: Double
    /// Hard cap on buffered samples; beyond it the earliest is released early (memory bound).
    public var maxBufferedSamples: Int
    /// Playback speed.
    public var speed: PlaybackSpeed
    /// Whether a malformed line or a too-late sample throws instead of being reported and skipped.
    public var strict: Bool

    /// A validated configuration.
    public init(
        reorderWindowSeconds: Double = 30, maxBufferedSamples: Int = 100_000,
        speed: PlaybackSpeed = .asFastAsPossible, strict: Bool = false
    ) throws(RecordingError) {
        guard reorderWindowSeconds.isFinite, (0...600).contains(reorderWindowSeconds) else {
            throw .invalidConfiguration(field: "reorderWindowSeconds", message: "\(reorderWindowSeconds) s is outside 0…600")
        }
        guard (1...10_000_000).contains(maxBufferedSamples) else {
            throw .invalidConfiguration(field: "maxBufferedSamples", message: "\(maxBufferedSamples) is outside 1…10000000")
        }
        if case .realTime(let factor) = speed, !(factor.isFinite && (0.01...1000).contains(factor)) {
            throw .invalidConfiguration(field: "speed", message: "real-time factor \(factor) is outside 0.01…1000")
        }
        self.reorderWindowSeconds = reorderWindowSeconds
        self.maxBufferedSamples = maxBufferedSamples
        self.speed = speed
        self.strict = strict
    }

    /// The defaults (30 s window, as fast as possible, lenient).
    public static var standard: PlayerConfiguration {
        // The defaults are in range, so this cannot fail.
        (try? PlayerConfiguration()) ?? PlayerConfiguration(unchecked: ())
    }

    private init(unchecked: Void) {
        reorderWindowSeconds = 30
        maxBufferedSamples = 100_000
        speed = .asFastAsPossible
        strict = false
    }
}
