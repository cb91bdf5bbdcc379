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

    /// This configuration for a walk where no floor plan aligns the heading: its
    /// ``absoluteHeadingTimeConstantWithoutFloorPlanSeconds`` as the time constant in use.
    public func withoutFloorPlan() -> HeadingConfiguration {
        var copy = self
        copy.absoluteHeadingTimeConstantSeconds = absoluteHeadingTimeConstantWithoutFloorPlanSeconds
        return copy
    }

}
