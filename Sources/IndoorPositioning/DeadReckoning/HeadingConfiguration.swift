import IndoorConfiguration

/// Tunables of ``HeadingEstimator``: defaults, units and ranges are in ``tunables`` (the table in the module
/// README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct HeadingConfiguration: Hashable, Sendable {
    /// Magnetic declination, radians, east positive: true heading = magnetic heading + declination.
    public var declinationRadians = 0.0
    /// Walking direction minus the device's forward direction, radians clockwise (0 when the phone points where
    /// the user walks).
    public var mountingOffsetRadians = 0.0
    /// One-sigma error of an absolute heading from the rotation-vector sensor or an attitude record, radians
    /// (indoor magnetic disturbance dominates).
    public var absoluteHeadingSigmaRadians = 0.15
    /// One-sigma error of the gyroscope + magnetometer complementary filter's heading, radians.
    public var complementaryHeadingSigmaRadians = 0.25
    /// Time constant of the complementary filter, s: shorter than this the gyroscope is trusted, longer the
    /// magnetometer.
    public var complementaryTimeConstantSeconds = 5.0
    /// Time constant of the accelerometer average taken as gravity for tilt, s.
    public var gravityTimeConstantSeconds = 0.5
    /// An absolute heading (rotation vector, attitude) older than this hands over to the complementary filter,
    /// s.
    public var absoluteHeadingTimeoutSeconds = 1.0
    /// Time constant with which an absolute heading pulls the gyroscope-integrated one, s; 0 uses each
    /// absolute heading as it comes. Above 0 the gyroscope carries the turns and the absolute source only
    /// the long-term direction, so a magnetic disturbance shorter than this bends the track less.
    /// This one applies where a floor plan aligns the heading (a venue); see
    /// ``absoluteHeadingTimeConstantWithoutFloorPlanSeconds`` for elsewhere.
    public var absoluteHeadingTimeConstantSeconds = 0.0
    /// ``absoluteHeadingTimeConstantSeconds`` where no floor plan aligns the heading (no venue: only the
    /// survey's walked directions do, if any), s; 0 uses each absolute heading as it comes. With walls and a
    /// floor plan's axes the raw absolute heading wins; without them the gyroscope-blended one does
    /// (ordinary and blocked cross-validation of both data sets: "Satellites and headings without a floor
    /// plan" in docs/positioning-measurements.md). ``withoutFloorPlan()`` applies it
    /// (through ``DeadReckoningConfiguration/forWalk(withFloorPlan:)``).
    public var absoluteHeadingTimeConstantWithoutFloorPlanSeconds = 7.0

    /// The defaults (see each property and ``tunables``).
    public static let standard = HeadingConfiguration(defaults: ())

    /// This configuration for a walk where no floor plan aligns the heading: its
    /// ``absoluteHeadingTimeConstantWithoutFloorPlanSeconds`` as the time constant in use.
    public func withoutFloorPlan() -> HeadingConfiguration {
        var copy = self
        copy.absoluteHeadingTimeConstantSeconds = absoluteHeadingTimeConstantWithoutFloorPlanSeconds
        return copy
    }

    private init(defaults: Void) {}
}

extension HeadingConfiguration: TunableConfiguration {
    /// "heading" in messages and on the command line.
    public static let configurationName = "heading"

    /// The one table of the heading estimator's tunables.
    public static let tunables: [Tunable<HeadingConfiguration>] = [
        Tunable(\.declinationRadians, unit: "rad", range: -Double.pi...Double.pi, "magnetic declination, east positive"),
        Tunable(\.mountingOffsetRadians, unit: "rad", range: -Double.pi...Double.pi, "walking direction minus the device's, clockwise"),
        Tunable(\.absoluteHeadingSigmaRadians, unit: "rad", range: 0.001...Double.pi, "one-sigma of an absolute heading"),
        Tunable(\.complementaryHeadingSigmaRadians, unit: "rad", range: 0.001...Double.pi, "one-sigma of the fused heading"),
        Tunable(\.complementaryTimeConstantSeconds, unit: "s", range: 0.1...600, "time constant of the complementary filter"),
        Tunable(\.gravityTimeConstantSeconds, unit: "s", range: 0.05...10, "time constant of the gravity average for tilt"),
        Tunable(\.absoluteHeadingTimeoutSeconds, unit: "s", range: 0.05...60, "an older absolute heading hands over to the filter"),
        Tunable(\.absoluteHeadingTimeConstantSeconds, unit: "s", range: 0...600, "pull of an absolute heading (0 = used as is)"),
        Tunable(\.absoluteHeadingTimeConstantWithoutFloorPlanSeconds, unit: "s", range: 0...600, "the same without a floor plan"),
    ]
}
