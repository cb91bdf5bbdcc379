import IndoorConfiguration

/// Tunables of ``BeaconAuditor``: defaults, units and ranges are in ``tunables`` (the table in the module
/// README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct BeaconAuditConfiguration: Hashable, Sendable {
    /// Readings on the beacon's level needed before the RSSI-distance correlation is judged.
    public var minimumReadings: Int = 20
    /// Share of a beacon's readings, the strongest, whose true positions are averaged.
    public var strongestFraction = 0.1
    /// A beacon is suspect when its strongest readings were heard farther than this from its mapped position
    /// although the walks passed within half of it, metres.
    public var suspectOffsetMeters = 10.0
    /// A correlation between RSSI and log distance above this (it should be clearly negative) makes a beacon
    /// suspect.
    public var maximumCorrelation = -0.1
    /// The correlation is judged only when the readings' distances span at least this ratio (farthest /
    /// nearest, nearest taken as at least 0.5 m): over a narrow band of distances the RSSI noise (4–6 dB) hides
    /// the trend (20 log₁₀ 3 ≈ 9.5 dB at the default).
    public var minimumDistanceSpreadRatio = 3.0
}

extension BeaconAuditConfiguration: TunableConfiguration {
    /// The defaults (see each property and ``tunables``).
    public static let standard = BeaconAuditConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "beacon-audit" in messages and on the command line.
    public static let configurationName = "beacon-audit"

    /// The one table of the beacon audit's tunables.
    public static let tunables: [Tunable<BeaconAuditConfiguration>] = [
        Tunable(\.minimumReadings, unit: "readings", range: 3...1_000_000, "readings on the beacon's level before it is judged"),
        Tunable(\.strongestFraction, unit: "", range: 0.01...1, "share of the strongest readings whose positions are averaged"),
        Tunable(\.suspectOffsetMeters, unit: "m", range: 0.5...1000, "strongest readings this far from the mapped position are suspect"),
        Tunable(\.maximumCorrelation, unit: "", range: -1...1, "an RSSI-log-distance correlation above this is suspect"),
        Tunable(\.minimumDistanceSpreadRatio, unit: "", range: 1.1...1000, "the correlation is judged from this distance spread"),
    ]
}
