/// Tunables of ``BeaconPositionProvider``, validated in `init`. See `Sources/IndoorPositioning/README.md`.
public struct BeaconProviderConfiguration: Hashable, Sendable {
    /// Readings of a beacon newer than this are averaged (in dBm); older ones are forgotten, s.
    /// Default 3; range 0.1 ... 60.
    public var rssiWindowSeconds: Double
    /// Log-distance exponent n for beacons whose registry entry has none. Default 2; range 1 ... 6.
    public var defaultPathLossExponent: Double
    /// One-sigma scatter of a single RSSI reading around the path-loss model, dB. Default 5; range 0.5 ... 30.
    public var rssiSigmaDb: Double
    /// The averaged RSSI's sigma is rssiSigmaDb / √min(count, this): readings close in time are correlated,
    /// so averaging more of them is not trusted further. Default 4; range 1 ... 100.
    public var maximumIndependentReadings: Int
    /// Ranges are clamped to at least this, m. Default 0.5; range 0.01 ... 10.
    public var minimumRangeMeters: Double
    /// Ranges are clamped to at most this, and a fit farther than this from every beacon used is
    /// discarded for the fallback, m. Default 40; range 1 ... 1000.
    public var maximumRangeMeters: Double
    /// Smallest one-sigma range uncertainty, m. Default 0.3; range 0.01 ... 100.
    public var minimumRangeSigmaMeters: Double
    /// Fewest beacons for multilateration; fewer use the weighted-centroid fallback. Default 3; range 3 ... 50.
    public var minimumBeaconsForFit: Int
    /// Added in quadrature to each axis of a fitted position's covariance, m (model error the fit cannot
    /// see). Default 1; range 0.01 ... 100.
    public var minimumSigmaMeters: Double
    /// Smallest one-sigma of a fallback (centroid) position, m. Default 5; range 0.1 ... 1000.
    public var fallbackMinimumSigmaMeters: Double
    /// At most one fix per this interval, s (0: a fix for every reading). Default 1; range 0 ... 60.
    public var fixIntervalSeconds: Double
    /// Use the power a beacon advertises instead of the registry's calibration when it sends one.
    /// Default false (registry values are usually measured on site).
    public var useAdvertisedTxPower: Bool
    /// Multilaterate only with the beacons on the level that won the vote (when enough of them were
    /// heard); otherwise with every heard beacon. Default true.
    public var fitWithinVotedLevel: Bool

    /// The defaults (see each property).
    public static let standard = BeaconProviderConfiguration(
        unchecked: 3, 2, 5, 4, 0.5, 40, 0.3, 3, 1, 5, 1, false, true)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        rssiWindowSeconds: Double = 3, defaultPathLossExponent: Double = 2, rssiSigmaDb: Double = 5,
        maximumIndependentReadings: Int = 4, minimumRangeMeters: Double = 0.5, maximumRangeMeters: Double = 40,
        minimumRangeSigmaMeters: Double = 0.3, minimumBeaconsForFit: Int = 3, minimumSigmaMeters: Double = 1,
        fallbackMinimumSigmaMeters: Double = 5, fixIntervalSeconds: Double = 1,
        useAdvertisedTxPower: Bool = false, fitWithinVotedLevel: Bool = true
    ) throws(PositioningError) {
        try PositioningError.check("rssiWindowSeconds", rssiWindowSeconds, in: 0.1...60)
        try PositioningError.check("defaultPathLossExponent", defaultPathLossExponent, in: 1...6)
        try PositioningError.check("rssiSigmaDb", rssiSigmaDb, in: 0.5...30)
        try PositioningError.check("maximumIndependentReadings", Double(maximumIndependentReadings), in: 1...100)
        try PositioningError.check("minimumRangeMeters", minimumRangeMeters, in: 0.01...10)
        try PositioningError.check("maximumRangeMeters", maximumRangeMeters, in: max(1, minimumRangeMeters)...1000)
        try PositioningError.check("minimumRangeSigmaMeters", minimumRangeSigmaMeters, in: 0.01...100)
        try PositioningError.check("minimumBeaconsForFit", Double(minimumBeaconsForFit), in: 3...50)
        try PositioningError.check("minimumSigmaMeters", minimumSigmaMeters, in: 0.01...100)
        try PositioningError.check("fallbackMinimumSigmaMeters", fallbackMinimumSigmaMeters, in: 0.1...1000)
        try PositioningError.check("fixIntervalSeconds", fixIntervalSeconds, in: 0...60)
        self.init(
            unchecked: rssiWindowSeconds, defaultPathLossExponent, rssiSigmaDb, maximumIndependentReadings,
            minimumRangeMeters, maximumRangeMeters, minimumRangeSigmaMeters, minimumBeaconsForFit,
            minimumSigmaMeters, fallbackMinimumSigmaMeters, fixIntervalSeconds, useAdvertisedTxPower,
            fitWithinVotedLevel)
    }

    private init(
        unchecked window: Double, _ exponent: Double, _ rssiSigma: Double, _ independent: Int,
        _ minimumRange: Double, _ maximumRange: Double, _ minimumRangeSigma: Double, _ minimumBeacons: Int,
        _ minimumSigma: Double, _ fallbackSigma: Double, _ interval: Double, _ advertised: Bool,
        _ withinLevel: Bool
    ) {
        rssiWindowSeconds = window
        defaultPathLossExponent = exponent
        rssiSigmaDb = rssiSigma
        maximumIndependentReadings = independent
        minimumRangeMeters = minimumRange
        maximumRangeMeters = maximumRange
        minimumRangeSigmaMeters = minimumRangeSigma
        minimumBeaconsForFit = minimumBeacons
        minimumSigmaMeters = minimumSigma
        fallbackMinimumSigmaMeters = fallbackSigma
        fixIntervalSeconds = interval
        useAdvertisedTxPower = advertised
        fitWithinVotedLevel = withinLevel
    }
}
