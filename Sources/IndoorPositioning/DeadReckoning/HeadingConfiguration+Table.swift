import IndoorConfiguration

extension HeadingConfiguration: TunableConfiguration {
    /// The one table of the heading estimator's tunables.
    public static let table = TunableTable<Self>(
        name: "heading", defaults: Self(),
        [
            Tunable(\.declinationRadians, unit: "rad", range: -Double.pi...Double.pi, "magnetic declination, east positive"),
            Tunable(\.mountingOffsetRadians, unit: "rad", range: -Double.pi...Double.pi, "walking direction minus the device's, clockwise"),
            Tunable(\.absoluteHeadingSigmaRadians, unit: "rad", range: 0.001...Double.pi, "one-sigma of an absolute heading"),
            Tunable(\.complementaryHeadingSigmaRadians, unit: "rad", range: 0.001...Double.pi, "one-sigma of the fused heading"),
            Tunable(\.complementaryTimeConstantSeconds, unit: "s", range: 0.1...600, "time constant of the complementary filter"),
            Tunable(\.gravityTimeConstantSeconds, unit: "s", range: 0.05...10, "time constant of the gravity average for tilt"),
            Tunable(\.absoluteHeadingTimeoutSeconds, unit: "s", range: 0.05...60, "an older absolute heading hands over to the filter"),
            Tunable(\.absoluteHeadingTimeConstantSeconds, unit: "s", range: 0...600, "pull of an absolute heading (0 = used as is)"),
            Tunable(\.absoluteHeadingTimeConstantWithoutFloorPlanSeconds, unit: "s", range: 0...600, "the same without a floor plan"),
        ])
}
