import IndoorConfiguration

/// Tunables of the ``RadioSignalModel`` and of the scan likelihood the ``FingerprintPositionProvider``
/// evaluates with it: defaults, units and ranges are in ``tunables`` (the table in the module README,
/// "Fingerprints", is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones). See "Signal model" in `docs/positioning-measurements.md` for the blocked cross-validation
/// behind the defaults.
public struct SignalModelConfiguration: Hashable, Sendable {
    /// Length scale of the kernel that spreads a fingerprint's departure from the path-loss model to
    /// nearby places, metres.
    public var kernelLengthMeters = 3.0
    /// How many fingerprints' worth of weight the path-loss model carries at any place: with kernel
    /// weight W from nearby fingerprints the predicted signal is the path-loss value plus W/(W + λ) of
    /// their mean departure, and the model's own uncertainty shrinks by λ/(W + λ).
    public var evidencePseudoCount = 1.0
    /// One-sigma of a reading about the signal a place predicts where it was surveyed, dB (scan-to-scan
    /// fading).
    public var measurementSigmaDb = 4.0
    /// Share of readings that follow no model (a body in the way, a moved access point): each reading's
    /// likelihood is (1 − ε)·N(r; μ, σ²) + ε/``outlierSpanDb``.
    public var outlierProbability = 0.05
    /// Width of the uniform outlier density, dB.
    public var outlierSpanDb = 60.0
    /// The scan's summed log-likelihood is multiplied by this (readings of one scan err alike: the
    /// device, the body, the moment): 1 treats them as independent. The default was chosen by blocked
    /// cross-validation on both shared sets ("Signal model" in docs/positioning-measurements.md).
    public var likelihoodExponent = 0.04
    /// The neighbourhood of the fused position the likelihood is evaluated over spans this many of the
    /// prior's standard deviations each way.
    public var neighbourhoodSigmas = 3.0
    /// Grid points per axis of that neighbourhood (odd).
    public var neighbourhoodCells = 15
    /// The neighbourhood spans at least this much each way, metres (a confident prior still lets the scan
    /// move it by a few metres).
    public var minimumNeighbourhoodMeters = 4.0
    /// ... and at most this much, metres (at least ``minimumNeighbourhoodMeters``).
    public var maximumNeighbourhoodMeters = 40.0
    /// A scan whose likelihood, over the neighbourhood, narrows the prior by less than this one-sigma in
    /// its best direction (the information a fix of that accuracy would add) gives no fix: it matched
    /// nothing well, and says nothing. Metres.
    public var uninformativeSigmaMeters = 30.0
    /// Height added to the horizontal distance in the path-loss model (transmitters hang above the
    /// surveyed path), metres.
    public var transmitterHeightMeters = 1.5

    /// One-sigma of a receiver's constant offset from the surveying device's readings, dB: each scan's
    /// offset is estimated at the prior's place and taken off its readings; 0 = none. The offset helped IPIN
    /// 2023 T3 ordinary and blocked; 5 and 10 dB did alike ("Signal model" in docs/positioning-measurements.md).
    public var deviceOffsetSigmaDb = 6.0

    /// Where the map matcher's particles run, weigh them by the scan's likelihood itself (``ScanLikelihood``)
    /// instead of by the Gaussian fix that summarises it over the neighbourhood (the Kalman filter fuses
    /// that fix either way). Off by default: no better over three particle seeds on ILC site 1 ("Signal
    /// model" in `docs/positioning-measurements.md`).
    public var weighsParticlesByLikelihood = false
}
