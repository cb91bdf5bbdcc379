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
