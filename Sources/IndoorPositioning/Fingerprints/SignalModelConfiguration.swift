/// Tunables of the ``RadioSignalModel`` and of the scan likelihood the ``FingerprintPositionProvider``
/// evaluates with it, validated in `init`. See "Signal model" in `docs/positioning-measurements.md` for
/// the blocked cross-validation behind the defaults.
public struct SignalModelConfiguration: Hashable, Sendable {
    /// Length scale of the kernel that spreads a fingerprint's departure from the path-loss model to
    /// nearby places, metres. Default 3; range 0.5 ... 50.
    public let kernelLengthMeters: Double
    /// How many fingerprints' worth of weight the path-loss model carries at any place: with kernel
    /// weight W from nearby fingerprints the predicted signal is the path-loss value plus W/(W + λ) of
    /// their mean departure, and the model's own uncertainty shrinks by λ/(W + λ). Default 1; range
    /// 0.01 ... 100.
    public let evidencePseudoCount: Double
    /// One-sigma of a reading about the signal a place predicts where it was surveyed, dB (scan-to-scan
    /// fading). Default 4; range 0.5 ... 30.
    public let measurementSigmaDb: Double
    /// Share of readings that follow no model (a body in the way, a moved access point): each reading's
    /// likelihood is (1 − ε)·N(r; μ, σ²) + ε/``outlierSpanDb``. Default 0.05; range 0 ... 0.9.
    public let outlierProbability: Double
    /// Width of the uniform outlier density, dB. Default 60; range 1 ... 200.
    public let outlierSpanDb: Double
    /// The scan's summed log-likelihood is multiplied by this (readings of one scan err alike: the
    /// device, the body, the moment): 1 treats them as independent. Default 0.04 (blocked
    /// cross-validation: 0.04 / 0.08 / 0.15 / 0.3 gave IPIN 2023 T3 p75 3.18 / 3.18 / 3.18 / 3.76 m, ILC
    /// site 1 ordinary mean 2.27 m at 0.04 and 2.45 m at 0.08); range 0.01 ... 1.
    public let likelihoodExponent: Double
    /// The neighbourhood of the fused position the likelihood is evaluated over spans this many of the
    /// prior's standard deviations each way. Default 3; range 1 ... 10.
    public let neighbourhoodSigmas: Double
    /// Grid points per axis of that neighbourhood (odd). Default 15; range 3 ... 101.
    public let neighbourhoodCells: Int
    /// The neighbourhood spans at least this much each way, metres (a confident prior still lets the scan
    /// move it by a few metres). Default 4; range 0.5 ... 100.
    public let minimumNeighbourhoodMeters: Double
    /// ... and at most this much, metres. Default 40; range 1 ... 500.
    public let maximumNeighbourhoodMeters: Double
    /// A scan whose likelihood, over the neighbourhood, narrows the prior by less than this one-sigma in
    /// its best direction (the information a fix of that accuracy would add) gives no fix: it matched
    /// nothing well, and says nothing. Metres. Default 30; range 1 ... 1,000.
    public let uninformativeSigmaMeters: Double
    /// Height added to the horizontal distance in the path-loss model (transmitters hang above the
    /// surveyed path), metres. Default 1.5; range 0 ... 20.
    public let transmitterHeightMeters: Double

    /// One-sigma of a receiver's constant offset from the surveying device's readings, dB: each scan's
    /// offset is estimated at the prior's place and taken off its readings; 0 = none. Default 6 (IPIN
    /// 2023 T3 ordinary p75 3.28 → 2.95 m, blocked 3.31 → 3.18 m with the offset; 5 and 10 dB alike);
    /// range 0 ... 30.
    public let deviceOffsetSigmaDb: Double

    /// Where the map matcher's particles run, weigh them by the scan's likelihood itself (``ScanLikelihood``)
    /// instead of by the Gaussian fix that summarises it over the neighbourhood (the Kalman filter fuses
    /// that fix either way). Default false (ILC site 1 cross-validated, κ 0.015: mean 2.22 m with, 2.19 m
    /// without, over three seeds; see "Signal model" in `docs/positioning-measurements.md`).
    public var weighsParticlesByLikelihood = false

    /// The defaults (see each property).
    public static let standard = SignalModelConfiguration(unchecked: ())

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        kernelLengthMeters: Double = 3, evidencePseudoCount: Double = 1, measurementSigmaDb: Double = 4,
        outlierProbability: Double = 0.05, outlierSpanDb: Double = 60, likelihoodExponent: Double = 0.04,
        neighbourhoodSigmas: Double = 3, neighbourhoodCells: Int = 15, minimumNeighbourhoodMeters: Double = 4,
        maximumNeighbourhoodMeters: Double = 40, uninformativeSigmaMeters: Double = 30, transmitterHeightMeters: Double = 1.5,
        deviceOffsetSigmaDb: Double = 6
    ) throws(PositioningError) {
        try PositioningError.check("kernelLengthMeters", kernelLengthMeters, in: 0.5...50)
        try PositioningError.check("evidencePseudoCount", evidencePseudoCount, in: 0.01...100)
        try PositioningError.check("measurementSigmaDb", measurementSigmaDb, in: 0.5...30)
        try PositioningError.check("outlierProbability", outlierProbability, in: 0...0.9)
        try PositioningError.check("outlierSpanDb", outlierSpanDb, in: 1...200)
        try PositioningError.check("likelihoodExponent", likelihoodExponent, in: 0.01...1)
        try PositioningError.check("neighbourhoodSigmas", neighbourhoodSigmas, in: 1...10)
        try PositioningError.check("neighbourhoodCells", Double(neighbourhoodCells), in: 3...101)
        guard neighbourhoodCells % 2 == 1 else {
            throw .invalidConfiguration(parameter: "neighbourhoodCells", value: Double(neighbourhoodCells), validRange: "odd, 3 ... 101")
        }
        try PositioningError.check("minimumNeighbourhoodMeters", minimumNeighbourhoodMeters, in: 0.5...100)
        try PositioningError.check("maximumNeighbourhoodMeters", maximumNeighbourhoodMeters, in: max(1, minimumNeighbourhoodMeters)...500)
        try PositioningError.check("uninformativeSigmaMeters", uninformativeSigmaMeters, in: 1...1_000)
        try PositioningError.check("transmitterHeightMeters", transmitterHeightMeters, in: 0...20)
        self.kernelLengthMeters = kernelLengthMeters
        self.evidencePseudoCount = evidencePseudoCount
        self.measurementSigmaDb = measurementSigmaDb
        self.outlierProbability = outlierProbability
        self.outlierSpanDb = outlierSpanDb
        self.likelihoodExponent = likelihoodExponent
        self.neighbourhoodSigmas = neighbourhoodSigmas
        self.neighbourhoodCells = neighbourhoodCells
        self.minimumNeighbourhoodMeters = minimumNeighbourhoodMeters
        self.maximumNeighbourhoodMeters = maximumNeighbourhoodMeters
        self.uninformativeSigmaMeters = uninformativeSigmaMeters
        self.transmitterHeightMeters = transmitterHeightMeters
        try PositioningError.check("deviceOffsetSigmaDb", deviceOffsetSigmaDb, in: 0...30)
        self.deviceOffsetSigmaDb = deviceOffsetSigmaDb
    }

    private init(unchecked: Void) {
        kernelLengthMeters = 3
        evidencePseudoCount = 1
        measurementSigmaDb = 4
        outlierProbability = 0.05
        outlierSpanDb = 60
        likelihoodExponent = 0.04
        neighbourhoodSigmas = 3
        neighbourhoodCells = 15
        minimumNeighbourhoodMeters = 4
        maximumNeighbourhoodMeters = 40
        uninformativeSigmaMeters = 30
        transmitterHeightMeters = 1.5
        deviceOffsetSigmaDb = 6
    }
}
