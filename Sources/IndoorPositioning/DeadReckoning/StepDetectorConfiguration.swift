/// Tunables of ``StepDetector``, validated in `init`. Accelerations are m/s² of the filtered,
/// gravity-free acceleration magnitude. See `Sources/IndoorPositioning/README.md` for the table.
public struct StepDetectorConfiguration: Hashable, Sendable {
    /// Cut-off of each of the two cascaded first-order low-pass stages, Hz. Default 3; range 0.5 ... 20.
    public var lowPassCutoffHertz: Double
    /// Time constant of the slow average of the magnitude taken as gravity, s. Default 2; range 0.2 ... 60.
    public var gravityTimeConstantSeconds: Double
    /// A peak must reach at least this, m/s². Default 0.3; range 0 ... 20.
    public var peakThresholdMetersPerSecondSquared: Double
    /// The valley after it must go below minus this, m/s². Default 0.15; range 0 ... 20.
    public var valleyThresholdMetersPerSecondSquared: Double
    /// Peak minus valley must be at least this, m/s². Default 0.8; range 0 ... 40. A phone held gently in
    /// front while walking slowly swings 1–2 m/s² after the filters; standing with it in hand, under 0.5.
    public var minimumPeakToValleyMetersPerSecondSquared: Double
    /// Shortest time between two step peaks, s (0.3 s allows 3.3 steps per second). Default 0.3; range 0.1 ... 2.
    public var minimumStepIntervalSeconds: Double
    /// A peak not followed by a valley within this time is dropped, s. Default 0.8; range 0.1 ... 5.
    public var peakToValleyTimeoutSeconds: Double
    /// Samples further apart than this restart the filters (a gap in the recording), s. Default 1; range 0.05 ... 60.
    public var maximumSampleGapSeconds: Double

    /// The defaults (see each property).
    public static let standard = StepDetectorConfiguration(
        unchecked: 3, 2, 0.3, 0.15, 0.8, 0.3, 0.8, 1)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        lowPassCutoffHertz: Double = 3, gravityTimeConstantSeconds: Double = 2,
        peakThresholdMetersPerSecondSquared: Double = 0.3, valleyThresholdMetersPerSecondSquared: Double = 0.15,
        minimumPeakToValleyMetersPerSecondSquared: Double = 0.8, minimumStepIntervalSeconds: Double = 0.3,
        peakToValleyTimeoutSeconds: Double = 0.8, maximumSampleGapSeconds: Double = 1
    ) throws(PositioningError) {
        try PositioningError.check("lowPassCutoffHertz", lowPassCutoffHertz, in: 0.5...20)
        try PositioningError.check("gravityTimeConstantSeconds", gravityTimeConstantSeconds, in: 0.2...60)
        try PositioningError.check("peakThresholdMetersPerSecondSquared", peakThresholdMetersPerSecondSquared, in: 0...20)
        try PositioningError.check("valleyThresholdMetersPerSecondSquared", valleyThresholdMetersPerSecondSquared, in: 0...20)
        try PositioningError.check("minimumPeakToValleyMetersPerSecondSquared", minimumPeakToValleyMetersPerSecondSquared, in: 0...40)
        try PositioningError.check("minimumStepIntervalSeconds", minimumStepIntervalSeconds, in: 0.1...2)
        try PositioningError.check("peakToValleyTimeoutSeconds", peakToValleyTimeoutSeconds, in: 0.1...5)
        try PositioningError.check("maximumSampleGapSeconds", maximumSampleGapSeconds, in: 0.05...60)
        self.init(
            unchecked: lowPassCutoffHertz, gravityTimeConstantSeconds, peakThresholdMetersPerSecondSquared,
            valleyThresholdMetersPerSecondSquared, minimumPeakToValleyMetersPerSecondSquared,
            minimumStepIntervalSeconds, peakToValleyTimeoutSeconds, maximumSampleGapSeconds)
    }

    private init(
        unchecked cutoff: Double, _ gravity: Double, _ peak: Double, _ valley: Double, _ peakToValley: Double,
        _ interval: Double, _ timeout: Double, _ gap: Double
    ) {
        lowPassCutoffHertz = cutoff
        gravityTimeConstantSeconds = gravity
        peakThresholdMetersPerSecondSquared = peak
        valleyThresholdMetersPerSecondSquared = valley
        minimumPeakToValleyMetersPerSecondSquared = peakToValley
        minimumStepIntervalSeconds = interval
        peakToValleyTimeoutSeconds = timeout
        maximumSampleGapSeconds = gap
    }
}

/// Tunables of the stride-length model (Weinberg 2002, "Using the ADXL202 in pedometer and personal
/// navigation applications", Analog Devices AN-602): L = K · (a_max − a_min)^(1/4), clamped.
public struct StrideConfiguration: Hashable, Sendable {
    /// Weinberg's K, m / (m/s²)^(1/4), for the filtered magnitude of ``StepDetector``. Default 0.44
    /// (a typical swing of 6 m/s² gives 0.69 m); range 0.1 ... 1.5.
    public var weinbergK: Double
    /// Shortest stride reported, m. Default 0.3; range 0.05 ... 1.
    public var minimumStrideMeters: Double
    /// Longest stride reported, m. Default 1.3; range 0.3 ... 3 (and ≥ the minimum).
    public var maximumStrideMeters: Double
    /// Stride uncertainty as a fraction of the stride. Default 0.15; range 0 ... 1.
    public var lengthSigmaFraction: Double
    /// Smallest stride uncertainty, m. Default 0.05; range 0.001 ... 1.
    public var minimumLengthSigmaMeters: Double

    /// The defaults (see each property).
    public static let standard = StrideConfiguration(unchecked: 0.44, 0.3, 1.3, 0.15, 0.05)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        weinbergK: Double = 0.44, minimumStrideMeters: Double = 0.3, maximumStrideMeters: Double = 1.3,
        lengthSigmaFraction: Double = 0.15, minimumLengthSigmaMeters: Double = 0.05
    ) throws(PositioningError) {
        try PositioningError.check("weinbergK", weinbergK, in: 0.1...1.5)
        try PositioningError.check("minimumStrideMeters", minimumStrideMeters, in: 0.05...1)
        try PositioningError.check("maximumStrideMeters", maximumStrideMeters, in: max(0.3, minimumStrideMeters)...3)
        try PositioningError.check("lengthSigmaFraction", lengthSigmaFraction, in: 0...1)
        try PositioningError.check("minimumLengthSigmaMeters", minimumLengthSigmaMeters, in: 0.001...1)
        self.init(unchecked: weinbergK, minimumStrideMeters, maximumStrideMeters, lengthSigmaFraction, minimumLengthSigmaMeters)
    }

    private init(unchecked k: Double, _ minimum: Double, _ maximum: Double, _ fraction: Double, _ minimumSigma: Double) {
        weinbergK = k
        minimumStrideMeters = minimum
        maximumStrideMeters = maximum
        lengthSigmaFraction = fraction
        minimumLengthSigmaMeters = minimumSigma
    }

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
