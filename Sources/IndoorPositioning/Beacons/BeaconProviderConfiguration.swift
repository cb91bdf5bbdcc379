import IndoorConfiguration

/// Tunables of ``BeaconPositionProvider``: defaults, units and ranges are in ``tunables`` (the table in the
/// module README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct BeaconProviderConfiguration: Hashable, Sendable {
    /// Readings of a beacon newer than this are averaged (in dBm); older ones are forgotten, s.
    public var rssiWindowSeconds = 3.0
    /// Log-distance exponent n for beacons whose registry entry has none.
    public var defaultPathLossExponent = 2.0
    /// One-sigma scatter of a single RSSI reading around the path-loss model, dB.
    public var rssiSigmaDb = 5.0
    /// The averaged RSSI's sigma is rssiSigmaDb / √min(count, this): readings close in time are correlated, so
    /// averaging more of them is not trusted further.
    public var maximumIndependentReadings: Int = 4
    /// Ranges are clamped to at least this, m.
    public var minimumRangeMeters = 0.5
    /// Ranges are clamped to at most this, and a fit farther than this from every beacon used is discarded for
    /// the fallback, m.
    public var maximumRangeMeters = 40.0
    /// Smallest one-sigma range uncertainty, m.
    public var minimumRangeSigmaMeters = 0.3
    /// Fewest beacons for multilateration; fewer use the weighted-centroid fallback.
    public var minimumBeaconsForFit: Int = 3
    /// Added in quadrature to each axis of a fitted position's covariance, m (model error the fit cannot see).
    public var minimumSigmaMeters = 1.0
    /// Smallest one-sigma of a fallback (centroid) position, m.
    public var fallbackMinimumSigmaMeters = 5.0
    /// At most one fix per this interval, s (0: a fix for every reading).
    public var fixIntervalSeconds = 1.0
    /// Use the power a beacon advertises instead of the registry's calibration when it sends one. Off by
    /// default: registry values are usually measured on site.
    public var useAdvertisedTxPower = false
    /// Multilaterate only with the beacons on the level that won the vote (when enough of them were heard);
    /// otherwise with every heard beacon.
    public var fitWithinVotedLevel = true
}
