import IndoorConfiguration

/// Which transmitters a scan and a fingerprint are compared over (see ``FingerprintMatcher``).
public enum FingerprintDistance: String, Hashable, Sendable, CaseIterable {
    /// The scan's transmitters that the map knows (the default).
    case scanTransmitters
    /// Every transmitter either of them heard.
    case union
}

/// Tunables of radio scans, radio maps and the ``FingerprintPositionProvider``: defaults, units and ranges
/// are in ``tunables`` (the table in the module README, "Fingerprints", is generated from it; it carries the
/// signal model's too), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds validated ones).
/// See "Fingerprints" in `Sources/IndoorPositioning/README.md` for the measurements behind the defaults.
public struct FingerprintConfiguration: Hashable, Sendable {
    /// A Wi-Fi entry whose last-seen time is older than the scan by more than this is dropped (scanners
    /// repeat cached access points for up to 30 s), seconds.
    public var maximumStalenessSeconds = 3.0
    /// Beacon advertisements of this window before a scan are averaged into it, seconds.
    public var beaconWindowSeconds = 2.0
    /// Without Wi-Fi, a beacon-only scan is made at most this often, seconds.
    public var beaconScanIntervalSeconds = 2.0
    /// Readings weaker than this are dropped from scans and maps (too close to the noise floor to place
    /// anything), dBm.
    public var minimumRSSIDbm = -95.0
    /// The value a transmitter missing from a scan or fingerprint is compared as, dBm; at most
    /// ``minimumRSSIDbm``.
    public var missingRSSIDbm = -100.0
    /// Number of nearest fingerprints averaged.
    public var neighbourCount = 7
    /// A scan needs at least this many transmitters known to the map for a fix.
    public var minimumKnownTransmitters = 3
    /// Smallest one-sigma of a fix per axis, metres (added in quadrature to the neighbours' spread).
    public var minimumSigmaMeters = 2.0
    /// Multiplies the neighbours' weighted spread into the fix's covariance.
    public var spreadScale = 1.5
    /// One-sigma per axis per dB of the best match's RMS difference, m/dB: the match quality that
    /// predicts a fix's error best (cross-validated, the median error grows from 5–7 m below 9 dB to
    /// 22 m above 13 dB on both data sets, ≈ 0.85 m per dB for a single fix). The default is wider,
    /// 2.5, because consecutive fixes err alike (a walk off the surveyed paths matches the same wrong
    /// place for many scans), so each carries less than one fix's information.
    public var sigmaPerRMSMetersPerDb = 2.5
    /// A fix whose best match differs from the scan by more than this RMS per compared transmitter is
    /// not made (the scan is from somewhere the map does not cover), dB.
    public var maximumMatchRMSDb = 9.0
    /// Transmitters heard in fewer fingerprints than this are left out of a map.
    public var minimumFingerprintsPerTransmitter = 2
    /// How much of the neighbours' level vote a fix carries to the level filter: its level probability
    /// is 1/n + w·(share − 1/n) over the map's n levels, so 0 makes fixes say nothing about the level and
    /// 1 passes the vote's share unchanged. The default, 0: cross-validated, single-scan level votes were
    /// right for only 80–90 % of scans, and any weight lowered the fused level hit rate
    /// (docs/positioning-measurements.md).
    public var levelEvidenceWeight = 0.0

    /// With a prior (the fused position), the position of a fix is taken from this many nearest
    /// fingerprints on its level, each weighed by how likely the prior makes its place; 0 = no prior
    /// weighting (the ``neighbourCount`` nearest by signal alone). The default, 14, won cross-validation on
    /// both shared sets; 28 and 60 were no better (docs/positioning-measurements.md).
    public var priorCandidateCount = 14
    /// Added to the prior's covariance (σ² on each axis) when weighing candidates by it, metres.
    public var priorSpreadMeters = 3.0
    /// Weight a candidate keeps however unlikely the prior makes it (so a lost filter can still be
    /// pulled back).
    public var priorWeightFloor = 0.01
    /// How long a fix's error persists, seconds: each fix's covariance is multiplied by τ / min(τ, δt),
    /// δt since the previous fix (``CorrelatedErrorInflation``), because a walk away from the surveyed
    /// paths matches the same wrong place scan after scan. 0 = independent fixes. The default, 15, was
    /// chosen by blocked cross-validation (10 m) on both shared sets (docs/positioning-measurements.md,
    /// "Honesty").
    public var errorCorrelationSeconds = 15.0
    /// Which transmitters distances are computed over. Default ``FingerprintDistance/scanTransmitters``.
    public var distance: FingerprintDistance = .scanTransmitters
    /// With a prior (the fused position), evaluate each scan's likelihood under this signal model over
    /// the prior's neighbourhood and fuse what it says there (``RadioSignalModel/neighbourhoodMeasurement(of:levelIndex:prior:)``)
    /// instead of the k nearest fingerprints' centroid; `nil` = the centroid (the default). The first fix
    /// (no prior yet) is always the centroid.
    public var signalModel: SignalModelConfiguration? {
        get { signalModelSwitch.isOn ? signalModelSwitch.settings : nil }
        set {
            if let newValue { signalModelSwitch.settings = newValue }
            signalModelSwitch.isOn = newValue != nil
        }
    }
    /// Whether a Wi-Fi scan is dated at the median last-seen time of its entries (when reported) instead
    /// of when it was delivered.
    public var dateScansByLastSeen = true
    /// The signal model's settings and whether it is used (``signalModel``).
    var signalModelSwitch = SignalModelSwitch()

}

/// The signal model of a ``FingerprintConfiguration`` and whether it is on. Its settings are kept while
/// it is off, so `NAME=VALUE` assignments of its tunables and of `signalModel` apply in any order; two
/// switches that are both off are equal whatever settings they keep.
struct SignalModelSwitch: Hashable, Sendable {
    var settings = SignalModelConfiguration.standard
    var isOn = false

    static func == (a: SignalModelSwitch, b: SignalModelSwitch) -> Bool {
        a.isOn == b.isOn && (!a.isOn || a.settings == b.settings)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(isOn)
        if isOn { hasher.combine(settings) }
    }
}
