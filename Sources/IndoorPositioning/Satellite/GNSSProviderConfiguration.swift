/// Tunables of ``GNSSPositionProvider``, validated in `init`. See `Sources/IndoorPositioning/README.md`.
public struct GNSSProviderConfiguration: Hashable, Sendable {
    /// Fixes reporting a horizontal accuracy worse than this are dropped (counted), metres.
    /// Default 30; range 1 ... 10,000.
    public var maximumAccuracyMeters: Double
    /// One-sigma per axis = this × the reported accuracy. Android reports the radius of 68 % confidence;
    /// for a circular Gaussian P(r ≤ a) = 0.68 gives a = 1.51 σ, so the default is 1 / 1.51 = 0.662.
    /// Range 0.1 ... 10.
    public var sigmaPerAccuracy: Double
    /// Smallest one-sigma per axis, metres. Default 1; range 0.01 ... 100.
    public var minimumSigmaMeters: Double
    /// One-sigma per axis of a fix without a reported accuracy, metres. Default 15; range 0.1 ... 10,000.
    public var missingAccuracySigmaMeters: Double
    /// Fixes computed from fewer satellites are dropped (counted); 0 keeps all. A phone under open sky
    /// uses 20–30 satellites of four constellations, a fix needs 4; indoors, away from windows, fixes
    /// used 10–13 and were 7–9 m off (IPIN 2023 trials). Fixes that do not report it are kept.
    /// Default 14; range 0 ... 200.
    public var minimumSatellitesUsed: Int
    /// How long a fix's error persists, seconds: indoor errors (multipath, a window's view of the sky)
    /// change slowly, so fixes δt apart are not independent. Each fix's sigma is multiplied by
    /// √(τ / min(τ, δt)), δt the time since the previous delivered fix, so the fixes of τ seconds carry
    /// about the information of one. 0 turns this off. Default 30 (IPIN 2023 T3 cross-validated, 10 → 30:
    /// points beyond 2.5 × the reported accuracy 9.3 → 7.3 %, blocked p75 3.36 → 3.34 m, 22 of 25 trials
    /// no worse than dead reckoning; docs/positioning-measurements.md); range 0 ... 600.
    public var errorCorrelationSeconds: Double
    /// Whether fixes are used while the user is below ground (floor number < 0): satellite signals do
    /// not reach basements, and what a phone reports there comes from the network or multipath.
    /// Default false.
    public var useBelowGround: Bool

    /// The defaults (see each property).
    public static let standard = GNSSProviderConfiguration(unchecked: 30, 1 / 1.51, 1, 15, 14, 30, false)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        maximumAccuracyMeters: Double = 30, sigmaPerAccuracy: Double = 1 / 1.51, minimumSigmaMeters: Double = 1,
        missingAccuracySigmaMeters: Double = 15, minimumSatellitesUsed: Int = 14, errorCorrelationSeconds: Double = 30,
        useBelowGround: Bool = false
    ) throws(PositioningError) {
        try PositioningError.check("maximumAccuracyMeters", maximumAccuracyMeters, in: 1...10_000)
        try PositioningError.check("sigmaPerAccuracy", sigmaPerAccuracy, in: 0.1...10)
        try PositioningError.check("minimumSigmaMeters", minimumSigmaMeters, in: 0.01...100)
        try PositioningError.check("missingAccuracySigmaMeters", missingAccuracySigmaMeters, in: 0.1...10_000)
        try PositioningError.check("minimumSatellitesUsed", Double(minimumSatellitesUsed), in: 0...200)
        try PositioningError.check("errorCorrelationSeconds", errorCorrelationSeconds, in: 0...600)
        self.init(
            unchecked: maximumAccuracyMeters, sigmaPerAccuracy, minimumSigmaMeters, missingAccuracySigmaMeters,
            minimumSatellitesUsed, errorCorrelationSeconds, useBelowGround)
    }

    private init(
        unchecked maximum: Double, _ perAccuracy: Double, _ minimum: Double, _ missing: Double,
        _ satellites: Int, _ correlation: Double, _ belowGround: Bool
    ) {
        maximumAccuracyMeters = maximum
        sigmaPerAccuracy = perAccuracy
        minimumSigmaMeters = minimum
        missingAccuracySigmaMeters = missing
        minimumSatellitesUsed = satellites
        errorCorrelationSeconds = correlation
        useBelowGround = belowGround
    }
}
