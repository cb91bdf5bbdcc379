import IndoorConfiguration

/// How fast the player releases samples.
public enum PlaybackSpeed: Hashable, Sendable {
    /// No waiting: every sample as soon as it is ready.
    case asFastAsPossible
    /// `factor`× real time on the injected clock (1 = real time, 10 = ten times faster).
    case realTime(factor: Double)
}

/// The player's tunables: units, defaults and ranges are in ``tunables`` (`indoornav config player`; the
/// module README's table is generated from it); ``RecordingPlayer`` checks them.
///
/// The 30 s window covers the disorder in the ILC path files: Wi-Fi and beacon batches stamped up to
/// ~3.9 s before the inertial samples written before them, and ground-truth waypoints written up to
/// 21.5 s after their time (three of the 126 site-1 walks have one 5–21.5 s late). At ~350 samples/s
/// the window holds about 10,000 samples.
public struct PlayerConfiguration: Hashable, Sendable {
    /// How far back in time a sample may arrive and still be put in order, seconds.
    public var reorderWindowSeconds = 30.0
    /// Hard cap on buffered samples; beyond it the earliest is released early (memory bound).
    public var maxBufferedSamples = 100_000
    /// Playback speed.
    public var speed = PlaybackSpeed.asFastAsPossible
    /// Whether a malformed line or a too-late sample throws instead of being reported and skipped.
    public var strict = false
}

extension PlayerConfiguration: TunableConfiguration {
    /// The defaults (30 s window, as fast as possible, lenient).
    public static let standard = PlayerConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "player" in messages and on the command line.
    public static let configurationName = "player"

    /// The one table of the player's tunables (`realTimeFactor` stands for ``speed``: 0 = as fast as possible).
    public static let tunables: [Tunable<PlayerConfiguration>] = [
        Tunable(\.reorderWindowSeconds, unit: "s", range: 0...600, "how late a sample may arrive and still be put in order"),
        Tunable(\.maxBufferedSamples, unit: "samples", range: 1...10_000_000, "most samples buffered"),
        Tunable(
            name: "realTimeFactor", unit: "", kind: .real, range: TunableRange(0...1_000),
            summary: "playback at this many times real time (0 = as fast as possible; else at least 0.01)",
            read: { if case .realTime(let factor) = $0.speed { factor } else { 0 } },
            write: { $0.speed = $1 == 0 ? .asFastAsPossible : .realTime(factor: $1) }),
        Tunable(\.strict, "a malformed line or too-late sample throws instead of being reported"),
    ]

    /// A real-time factor is at least 0.01.
    public func validateCombination() throws(ConfigurationError) {
        if case .realTime(let factor) = speed, factor < 0.01 {
            throw .invalidCombination(
                configuration: Self.configurationName, field: "realTimeFactor", value: factor, rule: "0 or 0.01 ... 1000")
        }
    }
}
