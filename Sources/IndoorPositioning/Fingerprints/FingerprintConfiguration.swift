/// Which transmitters a scan and a fingerprint are compared over (see ``FingerprintMatcher``).
public enum FingerprintDistance: String, Hashable, Sendable, CaseIterable {
    /// The scan's transmitters that the map knows (the default).
    case scanTransmitters
    /// Every transmitter either of them heard.
    case union
}

/// Tunables of radio scans, radio maps and the ``FingerprintPositionProvider``, validated in `init`.
/// See "Fingerprints" in `Sources/IndoorPositioning/README.md` for the measurements behind the defaults.
public struct FingerprintConfiguration: Hashable, Sendable {
    /// A Wi-Fi entry whose last-seen time is older than the scan by more than this is dropped (scanners
    /// repeat cached access points for up to 30 s), seconds. Default 3; range 0 ... 600.
    public var maximumStalenessSeconds: Double
    /// Beacon advertisements of this window before a scan are averaged into it, seconds. Default 2;
    /// range 0.1 ... 60.
    public var beaconWindowSeconds: Double
    /// Without Wi-Fi, a beacon-only scan is made at most this often, seconds. Default 2; range 0.1 ... 60.
    public var beaconScanIntervalSeconds: Double
    /// Readings weaker than this are dropped from scans and maps (too close to the noise floor to place
    /// anything), dBm. Default −95; range −150 ... −30.
    public var minimumRSSIDbm: Double
    /// The value a transmitter missing from a scan or fingerprint is compared as, dBm. Default −100;
    /// range −150 ... −30, at most ``minimumRSSIDbm``.
    public var missingRSSIDbm: Double
    /// Number of nearest fingerprints averaged. Default 7; range 1 ... 100.
    public var neighbourCount: Int
    /// A scan needs at least this many transmitters known to the map for a fix. Default 3; range 1 ... 100.
    public var minimumKnownTransmitters: Int
    /// Smallest one-sigma of a fix per axis, metres (added in quadrature to the neighbours' spread).
    /// Default 2; range 0.1 ... 100.
    public var minimumSigmaMeters: Double
    /// Multiplies the neighbours' weighted spread into the fix's covariance. Default 1.5; range 0 ... 20.
    public var spreadScale: Double
    /// One-sigma per axis per dB of the best match's RMS difference, m/dB: the match quality that
    /// predicts a fix's error best (cross-validated, the median error grows from 5–7 m below 9 dB to
    /// 22 m above 13 dB on both data sets, ≈ 0.85 m per dB for a single fix). The default is wider,
    /// 2.5, because consecutive fixes err alike (a walk off the surveyed paths matches the same wrong
    /// place for many scans), so each carries less than one fix's information. Range 0 ... 10.
    public var sigmaPerRMSMetersPerDb: Double
    /// A fix whose best match differs from the scan by more than this RMS per compared transmitter is
    /// not made (the scan is from somewhere the map does not cover), dB. Default 9; range 1 ... 100.
    public var maximumMatchRMSDb: Double
    /// Transmitters heard in fewer fingerprints than this are left out of a map. Default 2; range 1 ... 1,000.
    public var minimumFingerprintsPerTransmitter: Int
    /// How much of the neighbours' level vote a fix carries to the level filter: its level probability
    /// is 1/n + w·(share − 1/n) over the map's n levels, so 0 makes fixes say nothing about the level and
    /// 1 passes the vote's share unchanged. Default 0: cross-validated, single-scan level votes were
    /// right for 80–90 % of scans, and any weight lowered the fused level hit rate (ILC site 1: 1.00 → 0.95
    /// at 1). Range 0 ... 1.
    public var levelEvidenceWeight: Double

    /// With a prior (the fused position), the position of a fix is taken from this many nearest
    /// fingerprints on its level, each weighed by how likely the prior makes its place; 0 = no prior
    /// weighting (the ``neighbourCount`` nearest by signal alone). Default 14 (cross-validated: ILC site 1
    /// fused mean 2.51 → 2.37 m, IPIN 2023 T3 p75 4.06 → 3.86 m; 28 and 60 no better); range 0 ... 1,000.
    public var priorCandidateCount = 14
    /// Added to the prior's covariance (σ² on each axis) when weighing candidates by it, metres.
    /// Default 3; range 0.1 ... 100.
    public var priorSpreadMeters = 3.0
    /// Weight a candidate keeps however unlikely the prior makes it (so a lost filter can still be
    /// pulled back). Default 0.01; range 0 ... 1.
    public var priorWeightFloor = 0.01
    /// How long a fix's error persists, seconds: each fix's covariance is multiplied by τ / min(τ, δt),
    /// δt since the previous fix (``CorrelatedErrorInflation``), because a walk away from the surveyed
    /// paths matches the same wrong place scan after scan. 0 = independent fixes. Default 15 (blocked
    /// cross-validation, 10 m: IPIN 2023 T3 p75 3.54 → 3.36 m at 10 s with the other settings then, 3.01 →
    /// 3.00 m from 10 to 15 s with today's; ILC site 1 2.33 → 2.31 m, 2.22 → 2.21 m; see
    /// docs/positioning-measurements.md, "Honesty"); range 0 ... 600.
    public var errorCorrelationSeconds = 15.0
    /// Which transmitters distances are computed over. Default ``FingerprintDistance/scanTransmitters``.
    public var distance: FingerprintDistance = .scanTransmitters
    /// With a prior (the fused position), evaluate each scan's likelihood under this signal model over
    /// the prior's neighbourhood and fuse what it says there (``RadioSignalModel/neighbourhoodMeasurement(of:levelIndex:prior:)``)
    /// instead of the k nearest fingerprints' centroid; `nil` = the centroid. The first fix (no prior
    /// yet) is always the centroid.
    public var signalModel: SignalModelConfiguration? = nil
    /// Whether a Wi-Fi scan is dated at the median last-seen time of its entries (when reported) instead
    /// of when it was delivered. Default true.
    public var dateScansByLastSeen = true

    /// The defaults (see each property).
    public static let standard = FingerprintConfiguration(unchecked: ())

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        maximumStalenessSeconds: Double = 3, beaconWindowSeconds: Double = 2, beaconScanIntervalSeconds: Double = 2,
        minimumRSSIDbm: Double = -95, missingRSSIDbm: Double = -100, neighbourCount: Int = 7,
        minimumKnownTransmitters: Int = 3, minimumSigmaMeters: Double = 2, spreadScale: Double = 1.5,
        sigmaPerRMSMetersPerDb: Double = 2.5, maximumMatchRMSDb: Double = 9, minimumFingerprintsPerTransmitter: Int = 2,
        levelEvidenceWeight: Double = 0, priorCandidateCount: Int = 14, priorSpreadMeters: Double = 3,
        priorWeightFloor: Double = 0.01, errorCorrelationSeconds: Double = 15
    ) throws(PositioningError) {
        try PositioningError.check("errorCorrelationSeconds", errorCorrelationSeconds, in: 0...600)
        self.errorCorrelationSeconds = errorCorrelationSeconds
        try PositioningError.check("priorCandidateCount", Double(priorCandidateCount), in: 0...1_000)
        try PositioningError.check("priorSpreadMeters", priorSpreadMeters, in: 0.1...100)
        try PositioningError.check("priorWeightFloor", priorWeightFloor, in: 0...1)
        self.priorCandidateCount = priorCandidateCount
        self.priorSpreadMeters = priorSpreadMeters
        self.priorWeightFloor = priorWeightFloor
        try PositioningError.check("maximumStalenessSeconds", maximumStalenessSeconds, in: 0...600)
        try PositioningError.check("beaconWindowSeconds", beaconWindowSeconds, in: 0.1...60)
        try PositioningError.check("beaconScanIntervalSeconds", beaconScanIntervalSeconds, in: 0.1...60)
        try PositioningError.check("minimumRSSIDbm", minimumRSSIDbm, in: -150...(-30))
        try PositioningError.check("missingRSSIDbm", missingRSSIDbm, in: -150...min(-30, minimumRSSIDbm))
        try PositioningError.check("neighbourCount", Double(neighbourCount), in: 1...100)
        try PositioningError.check("minimumKnownTransmitters", Double(minimumKnownTransmitters), in: 1...100)
        try PositioningError.check("minimumSigmaMeters", minimumSigmaMeters, in: 0.1...100)
        try PositioningError.check("spreadScale", spreadScale, in: 0...20)
        try PositioningError.check("sigmaPerRMSMetersPerDb", sigmaPerRMSMetersPerDb, in: 0...10)
        try PositioningError.check("maximumMatchRMSDb", maximumMatchRMSDb, in: 1...100)
        try PositioningError.check("minimumFingerprintsPerTransmitter", Double(minimumFingerprintsPerTransmitter), in: 1...1_000)
        try PositioningError.check("levelEvidenceWeight", levelEvidenceWeight, in: 0...1)
        self.levelEvidenceWeight = levelEvidenceWeight
        self.maximumStalenessSeconds = maximumStalenessSeconds
        self.beaconWindowSeconds = beaconWindowSeconds
        self.beaconScanIntervalSeconds = beaconScanIntervalSeconds
        self.minimumRSSIDbm = minimumRSSIDbm
        self.missingRSSIDbm = missingRSSIDbm
        self.neighbourCount = neighbourCount
        self.minimumKnownTransmitters = minimumKnownTransmitters
        self.minimumSigmaMeters = minimumSigmaMeters
        self.spreadScale = spreadScale
        self.sigmaPerRMSMetersPerDb = sigmaPerRMSMetersPerDb
        self.maximumMatchRMSDb = maximumMatchRMSDb
        self.minimumFingerprintsPerTransmitter = minimumFingerprintsPerTransmitter
    }

    private init(unchecked: Void) {
        maximumStalenessSeconds = 3
        beaconWindowSeconds = 2
        beaconScanIntervalSeconds = 2
        minimumRSSIDbm = -95
        missingRSSIDbm = -100
        neighbourCount = 7
        minimumKnownTransmitters = 3
        minimumSigmaMeters = 2
        spreadScale = 1.5
        sigmaPerRMSMetersPerDb = 2.5
        maximumMatchRMSDb = 9
        minimumFingerprintsPerTransmitter = 2
        levelEvidenceWeight = 0
    }
}
