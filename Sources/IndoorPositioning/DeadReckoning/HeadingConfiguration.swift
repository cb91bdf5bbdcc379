/// Tunables of ``HeadingEstimator``, validated in `init`. See `Sources/IndoorPositioning/README.md`.
public struct HeadingConfiguration: Hashable, Sendable {
    /// Magnetic declination, radians, east positive: true heading = magnetic heading + declination.
    /// Default 0; range −π ... π.
    public var declinationRadians: Double
    /// Walking direction minus the device's forward direction, radians clockwise (0 when the phone points
    /// where the user walks). Default 0; range −π ... π.
    public var mountingOffsetRadians: Double
    /// One-sigma error of an absolute heading from the rotation-vector sensor or an attitude record,
    /// radians (indoor magnetic disturbance dominates). Default 0.15; range 0.001 ... π.
    public var absoluteHeadingSigmaRadians: Double
    /// One-sigma error of the gyroscope + magnetometer complementary filter's heading, radians.
    /// Default 0.25; range 0.001 ... π.
    public var complementaryHeadingSigmaRadians: Double
    /// Time constant of the complementary filter, s: shorter than this the gyroscope is trusted, longer
    /// the magnetometer. Default 5; range 0.1 ... 600.
    public var complementaryTimeConstantSeconds: Double
    /// Time constant of the accelerometer average taken as gravity for tilt, s. Default 0.5; range 0.05 ... 10.
    public var gravityTimeConstantSeconds: Double
    /// An absolute heading (rotation vector, attitude) older than this hands over to the complementary
    /// filter, s. Default 1; range 0.05 ... 60.
    public var absoluteHeadingTimeoutSeconds: Double

    /// The defaults (see each property).
    public static let standard = HeadingConfiguration(unchecked: 0, 0, 0.15, 0.25, 5, 0.5, 1)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        declinationRadians: Double = 0, mountingOffsetRadians: Double = 0,
        absoluteHeadingSigmaRadians: Double = 0.15, complementaryHeadingSigmaRadians: Double = 0.25,
        complementaryTimeConstantSeconds: Double = 5, gravityTimeConstantSeconds: Double = 0.5,
        absoluteHeadingTimeoutSeconds: Double = 1
    ) throws(PositioningError) {
        try PositioningError.check("declinationRadians", declinationRadians, in: -Double.pi...Double.pi)
        try PositioningError.check("mountingOffsetRadians", mountingOffsetRadians, in: -Double.pi...Double.pi)
        try PositioningError.check("absoluteHeadingSigmaRadians", absoluteHeadingSigmaRadians, in: 0.001...Double.pi)
        try PositioningError.check("complementaryHeadingSigmaRadians", complementaryHeadingSigmaRadians, in: 0.001...Double.pi)
        try PositioningError.check("complementaryTimeConstantSeconds", complementaryTimeConstantSeconds, in: 0.1...600)
        try PositioningError.check("gravityTimeConstantSeconds", gravityTimeConstantSeconds, in: 0.05...10)
        try PositioningError.check("absoluteHeadingTimeoutSeconds", absoluteHeadingTimeoutSeconds, in: 0.05...60)
        self.init(
            unchecked: declinationRadians, mountingOffsetRadians, absoluteHeadingSigmaRadians,
            complementaryHeadingSigmaRadians, complementaryTimeConstantSeconds, gravityTimeConstantSeconds,
            absoluteHeadingTimeoutSeconds)
    }

    private init(
        unchecked declination: Double, _ mounting: Double, _ absoluteSigma: Double, _ complementarySigma: Double,
        _ complementaryTau: Double, _ gravityTau: Double, _ timeout: Double
    ) {
        declinationRadians = declination
        mountingOffsetRadians = mounting
        absoluteHeadingSigmaRadians = absoluteSigma
        complementaryHeadingSigmaRadians = complementarySigma
        complementaryTimeConstantSeconds = complementaryTau
        gravityTimeConstantSeconds = gravityTau
        absoluteHeadingTimeoutSeconds = timeout
    }
}
