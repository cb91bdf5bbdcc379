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

extension TrackSurveyConfiguration: TunableConfiguration {
    /// The defaults (see each property and ``tunables``).
    public static let standard = TrackSurveyConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "track-survey" in messages and on the command line.
    public static let configurationName = "track-survey"

    /// The one table of the track survey's tunables.
    public static let tunables: [Tunable<TrackSurveyConfiguration>] = [
        Tunable(\.maximumSigmaMeters, unit: "m", range: 0.1...1_000, "a scan is placed only where the track's one-sigma is at most this"),
        Tunable(\.legSpacingMeters, unit: "m", range: RadioMap.minimumWalkLegMeters...100, "spacing of the walk legs' track points"),
        Tunable(
            \.legHeadingSigmaRadians, unit: "rad", range: 0.001...Double.pi,
            "heading one-sigma within which a track's walk leg counts fully"),
    ]
}
