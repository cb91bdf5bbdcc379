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
