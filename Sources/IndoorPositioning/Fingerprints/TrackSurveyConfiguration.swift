import IndoorConfiguration

/// The tunables of a radio map surveyed on walks' smoothed tracks instead of their ground truth
/// (``RadioMapBuilder/add(walk:samples:track:survey:strideRatio:)``): defaults, units and ranges are in
/// ``tunables``, checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds validated ones).
public struct TrackSurveyConfiguration: Hashable, Sendable {
    /// A scan is placed only where the smoothed track's largest one-sigma is at most this, metres (a
    /// fingerprint put where the track does not know where it is would teach the map a wrong place).
    public var maximumSigmaMeters = 4.0
    /// The track is thinned to points at least this far apart before its walk legs are taken
    /// (``RadioMap/walkLegs``), metres; at least ``RadioMap/minimumWalkLegMeters``.
    public var legSpacingMeters = 6.0
    /// A walk leg of the track counts fully in the walked directions (``RadioMap/WalkLeg/weight``) where
    /// the track's heading one-sigma (its smoothed heading bias) stays within this, else by this over the
    /// one-sigma, squared (inverse variance), radians. At most the smallest one-sigma smoothed tracks reach
    /// (about 0.13), so legs of tracks weigh by their heading's inverse variance among themselves and a
    /// ground-truth leg outweighs them.
    public var legHeadingSigmaRadians = 0.1
}
