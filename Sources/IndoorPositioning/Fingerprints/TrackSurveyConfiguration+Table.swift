import IndoorConfiguration

extension TrackSurveyConfiguration: TunableConfiguration {
    /// The one table of the track survey's tunables.
    public static let table = TunableTable<Self>(
        name: "track-survey", defaults: Self(),
        [
            Tunable(
                \.maximumSigmaMeters, unit: "m", range: 0.1...1_000, "a scan is placed only where the track's one-sigma is at most this"),
            Tunable(\.legSpacingMeters, unit: "m", range: RadioMap.minimumWalkLegMeters...100, "spacing of the walk legs' track points"),
            Tunable(
                \.legHeadingSigmaRadians, unit: "rad", range: 0.001...Double.pi,
                "heading one-sigma within which a track's walk leg counts fully"),
        ])
}
