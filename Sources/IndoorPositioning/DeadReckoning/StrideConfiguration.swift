import IndoorConfiguration

/// Tunables of the stride-length model (Weinberg 2002, "Using the ADXL202 in pedometer and personal
/// navigation applications", Analog Devices AN-602): L = K · (a_max − a_min)^(1/4), clamped. Defaults, units
/// and ranges are in ``tunables``, checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct StrideConfiguration: Hashable, Sendable {
    /// Weinberg's K, m / (m/s²)^(1/4), for the filtered magnitude of ``StepDetector``. The default (a typical
    /// swing of 6 m/s² gives 0.69 m).
    public var weinbergK = 0.44
    /// Shortest stride reported, m.
    public var minimumStrideMeters = 0.3
    /// Longest stride reported, m.
    public var maximumStrideMeters = 1.3
    /// Stride uncertainty as a fraction of the stride.
    public var lengthSigmaFraction = 0.15
    /// Smallest stride uncertainty, m.
    public var minimumLengthSigmaMeters = 0.05

    /// Stride length for a peak-to-valley swing, metres, clamped to the configured range.
    public func strideMeters(peakToValleyMetersPerSecondSquared swing: Double) -> Double {
        // L = K · (a_max − a_min)^(1/4)
        let length = weinbergK * max(0, swing).squareRoot().squareRoot()
        return min(maximumStrideMeters, max(minimumStrideMeters, length))
    }

    /// One-sigma uncertainty of a stride of `lengthMeters`.
    public func strideSigmaMeters(lengthMeters: Double) -> Double {
        max(minimumLengthSigmaMeters, lengthSigmaFraction * lengthMeters)
    }
}
