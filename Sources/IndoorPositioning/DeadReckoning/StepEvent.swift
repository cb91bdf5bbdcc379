/// One detected step.
///
/// Times are seconds on the recording's or session's clock; the step is reported when it is confirmed
/// (at the acceleration valley that follows the step's peak).
public struct StepEvent: Hashable, Sendable {
    /// When the step was confirmed, seconds.
    public var timeSeconds: Double
    /// Estimated stride length, metres.
    public var lengthMeters: Double
    /// One-sigma uncertainty of ``lengthMeters``, metres.
    public var lengthSigmaMeters: Double
    /// Walking direction, radians clockwise from north (true north after declination).
    public var headingRadians: Double
    /// One-sigma uncertainty of ``headingRadians``, radians.
    public var headingSigmaRadians: Double

    /// A step.
    public init(
        timeSeconds: Double, lengthMeters: Double, lengthSigmaMeters: Double,
        headingRadians: Double, headingSigmaRadians: Double
    ) {
        self.timeSeconds = timeSeconds
        self.lengthMeters = lengthMeters
        self.lengthSigmaMeters = lengthSigmaMeters
        self.headingRadians = headingRadians
        self.headingSigmaRadians = headingSigmaRadians
    }
}

/// A heading estimate between steps.
public struct HeadingSample: Hashable, Sendable {
    /// When, seconds.
    public var timeSeconds: Double
    /// Walking direction, radians clockwise from true north, in [0, 2π).
    public var headingRadians: Double
    /// One-sigma uncertainty, radians.
    public var sigmaRadians: Double

    /// A heading sample.
    public init(timeSeconds: Double, headingRadians: Double, sigmaRadians: Double) {
        self.timeSeconds = timeSeconds
        self.headingRadians = headingRadians
        self.sigmaRadians = sigmaRadians
    }
}
