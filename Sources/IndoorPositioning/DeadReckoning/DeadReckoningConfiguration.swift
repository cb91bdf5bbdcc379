/// Tunables of ``DeadReckoningProvider``: its step detector, stride model and heading estimator, plus
/// the extra position noise added per step. Validated in `init`.
public struct DeadReckoningConfiguration: Hashable, Sendable {
    /// Step detection.
    public var stepDetector: StepDetectorConfiguration
    /// Stride length.
    public var stride: StrideConfiguration
    /// Heading.
    public var heading: HeadingConfiguration
    /// Isotropic one-sigma position noise added per step on top of the stride and heading terms, metres
    /// (missed or doubled steps, sway). Default 0.05; range 0 ... 5.
    public var positionNoisePerStepMeters: Double

    /// The defaults of every part.
    public static let standard = DeadReckoningConfiguration(
        unchecked: .standard, stride: .standard, heading: .standard, noise: 0.05)

    /// A configuration.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        stepDetector: StepDetectorConfiguration = .standard, stride: StrideConfiguration = .standard,
        heading: HeadingConfiguration = .standard, positionNoisePerStepMeters: Double = 0.05
    ) throws(PositioningError) {
        try PositioningError.check("positionNoisePerStepMeters", positionNoisePerStepMeters, in: 0...5)
        self.init(unchecked: stepDetector, stride: stride, heading: heading, noise: positionNoisePerStepMeters)
    }

    private init(
        unchecked stepDetector: StepDetectorConfiguration, stride: StrideConfiguration,
        heading: HeadingConfiguration, noise: Double
    ) {
        self.stepDetector = stepDetector
        self.stride = stride
        self.heading = heading
        positionNoisePerStepMeters = noise
    }
}
