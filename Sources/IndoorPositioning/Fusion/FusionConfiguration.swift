import IndoorEstimation

/// Tunables of ``FusionEngine``, validated in `init`. The table with units, defaults and ranges is in
/// the module README ("Fusion").
public struct FusionConfiguration: Hashable, Sendable {
    /// One-sigma of the initial heading bias (the error of the step headings), radians. Default 0.15; range 0 ... π.
    public var initialHeadingBiasSigmaRadians: Double
    /// Random walk of the heading bias per step, radians (the Kalman filter's process noise and the map
    /// matcher's particle spread). Default 0.07 (4° a step: a phone's heading indoors wanders with the
    /// magnetic field; cross-validated, ordinary and blocked, 0.03 → 0.07 took IPIN 2023 T3's p75 from
    /// 3.20 to 2.93 m (blocked 3.34 → 3.01 m) and its points beyond 2.5 × the reported accuracy from 7.3 to
    /// 4.8 %, ILC site 1 from 2.25 to 2.23 m over three particle seeds (blocked 2.31 → 2.22 m); see
    /// docs/positioning-measurements.md); range 0 ... 0.5.
    public var headingBiasRandomWalkRadiansPerStep: Double
    /// Fraction of each step's heading sigma treated as independent per-step noise (the rest is left to
    /// the bias state). Default 0.5; range 0 ... 1.
    public var stepHeadingNoiseFraction: Double
    /// One-sigma of the initial stride scale (1 = the provider's stride). Default 0.2; range 0 ... 1.
    public var initialStrideScaleSigma: Double
    /// The stride scale the filter starts with (1 = the provider's stride; a radio map's
    /// ``RadioMap/surveyedStrideScale`` where one is used). Default 1; kept within
    /// ``minimumStrideScale`` ... ``maximumStrideScale`` when the engine starts. Validated on
    /// assignment through ``withInitialStrideScale(_:)``.
    public private(set) var initialStrideScale = 1.0

    /// This configuration starting from stride scale `scale`.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)`` outside 0.1 ... 3.
    public func withInitialStrideScale(_ scale: Double) throws(PositioningError) -> FusionConfiguration {
        try PositioningError.check("initialStrideScale", scale, in: 0.1...3)
        var copy = self
        copy.initialStrideScale = scale
        return copy
    }
    /// Random walk of the stride scale per step. Default 0.002; range 0 ... 0.2.
    public var strideScaleRandomWalkPerStep: Double
    /// Smallest stride scale the filter may reach. Default 0.6; range 0.1 ... 1.
    public var minimumStrideScale: Double
    /// Largest stride scale the filter may reach. Default 1.5; range 1 ... 3.
    public var maximumStrideScale: Double
    /// Isotropic position noise added per step, metres. Default 0.05; range 0 ... 5.
    public var positionNoisePerStepMeters: Double
    /// Factor on the covariance of fixes whose source is `beacon` (RSSI fixes are often over-confident). Default 4; range 1 ... 10 000.
    public var beaconCovarianceScale: Double
    /// Smallest one-sigma accepted for an absolute fix (its covariance is widened to at least this), metres. Default 0.5; range 0.01 ... 100.
    public var minimumFixSigmaMeters: Double
    /// Chi-square gate probability for absolute fixes (2 degrees of freedom). Default 0.99; range 0.5 ..< 1.
    public var gateProbability: Double
    /// Oldest fix, relative to the newest step, still applied (shifted by the steps since), seconds. Default 5; range 0 ... 120.
    public var maximumFixDelaySeconds: Double
    /// Weight of each new fix in the per-source average of d²·a/2 that scales that source's covariance
    /// (0 turns the learning off). Default 0.1; range 0 ... 1.
    public var fixScaleLearningRate: Double
    /// Largest learnt covariance factor per source. Default 1000; range 1 ... 1e6.
    public var maximumFixScale: Double
    /// Longest beacon range fused, metres; longer ranges are skipped. Default 8; range 1 ... 1000.
    public var maximumFusedRangeMeters: Double
    /// Barometric vertical speed above which steps count as climbing (stairs, ramps), m/s. Default 0.12; range 0.01 ... 5.
    public var climbingVerticalSpeedMetersPerSecond: Double
    /// Factor on the length of a climbing step (its horizontal part), with the removed part added to its
    /// sigma. Default 0.3; range 0 ... 1.
    public var climbingStrideFactor: Double
    /// One-sigma of the position pseudo-measurement at the connector entry when the level changes
    /// (with a venue), metres; the entry must lie within twice the level filter's connector radius. Default 2; range 0.1 ... 50.
    public var connectorEntrySigmaMeters: Double
    /// Whether steps are kept inside the venue's walkable area.
    public var constrainToWalkableArea: Bool
    /// One-sigma of the position pseudo-measurement made when a step is pushed back into walkable space, metres.
    /// Default 0.7; range 0.01 ... 10.
    public var wallCorrectionSigmaMeters: Double
    /// Farthest a non-walkable point is moved to reach walkable space; beyond it the point is left alone, metres.
    /// Default 4; range 0 ... 50.
    public var maximumWallCorrectionMeters: Double
    /// Pull the heading bias towards the floor plan's main directions (``DominantDirections``) while
    /// walking straight. Default true; needs a venue.
    public var alignHeadingToFloorPlan: Bool
    /// Steps in a straight-walk window: their headings must all lie within
    /// ``straightWalkToleranceRadians`` of their mean; one alignment per window. Default 4; range 2 ... 50.
    public var straightWalkSteps: Int
    /// See ``straightWalkSteps``, radians. Default 10° (0.1745); range 0.01 ... π/4.
    public var straightWalkToleranceRadians: Double
    /// A straight walk is aligned only when its corrected heading is this close to a main direction,
    /// radians. Default 15° (0.2618); range 0.01 ... π/4.
    public var floorPlanCaptureRadians: Double
    /// One-sigma of the "heading equals the main direction" pseudo-measurement, radians. Default 15°
    /// (0.2618); range 0.01 ... π.
    public var floorPlanHeadingSigmaRadians: Double
    /// The particle map matcher (``ParticleMapMatcher``): with a venue, the position, heading bias and
    /// stride scale are carried by particles that the floor plan weighs, and the Kalman filter takes their
    /// mean and covariance after every input (the wall correction is then not used). `nil` turns it off.
    /// Default ``MapMatchingConfiguration/standard``.
    public var mapMatching: MapMatchingConfiguration? = .standard

    /// The defaults.
    public static let standard = FusionConfiguration(
        unchecked: 0.15, biasWalk: 0.07, headingFraction: 0.5, scaleSigma: 0.2, scaleWalk: 0.002, minScale: 0.6, maxScale: 1.5,
        positionNoise: 0.05, beaconScale: 4, minimumFix: 0.5, gate: 0.99, delay: 5, learning: 0.1, maximumScale: 1000, maximumRange: 8,
        climbSpeed: 0.12, climbFactor: 0.3, entrySigma: 2, constrain: true, wallSigma: 0.7, wallMaximum: 4,
        align: true, straightSteps: 4, straightTolerance: 10 * .pi / 180, capture: 15 * .pi / 180, alignSigma: 15 * .pi / 180)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        initialHeadingBiasSigmaRadians: Double = 0.15, headingBiasRandomWalkRadiansPerStep: Double = 0.07,
        stepHeadingNoiseFraction: Double = 0.5, initialStrideScaleSigma: Double = 0.2,
        strideScaleRandomWalkPerStep: Double = 0.002, minimumStrideScale: Double = 0.6, maximumStrideScale: Double = 1.5,
        positionNoisePerStepMeters: Double = 0.05, beaconCovarianceScale: Double = 4, minimumFixSigmaMeters: Double = 0.5,
        gateProbability: Double = 0.99, maximumFixDelaySeconds: Double = 5,
        fixScaleLearningRate: Double = 0.1, maximumFixScale: Double = 1000, maximumFusedRangeMeters: Double = 8,
        climbingVerticalSpeedMetersPerSecond: Double = 0.12, climbingStrideFactor: Double = 0.3,
        connectorEntrySigmaMeters: Double = 2, constrainToWalkableArea: Bool = true,
        wallCorrectionSigmaMeters: Double = 0.7, maximumWallCorrectionMeters: Double = 4,
        alignHeadingToFloorPlan: Bool = true, straightWalkSteps: Int = 4,
        straightWalkToleranceRadians: Double = 10 * .pi / 180, floorPlanCaptureRadians: Double = 15 * .pi / 180,
        floorPlanHeadingSigmaRadians: Double = 15 * .pi / 180
    ) throws(PositioningError) {
        try PositioningError.check("initialHeadingBiasSigmaRadians", initialHeadingBiasSigmaRadians, in: 0...Double.pi)
        try PositioningError.check("headingBiasRandomWalkRadiansPerStep", headingBiasRandomWalkRadiansPerStep, in: 0...0.5)
        try PositioningError.check("stepHeadingNoiseFraction", stepHeadingNoiseFraction, in: 0...1)
        try PositioningError.check("initialStrideScaleSigma", initialStrideScaleSigma, in: 0...1)
        try PositioningError.check("strideScaleRandomWalkPerStep", strideScaleRandomWalkPerStep, in: 0...0.2)
        try PositioningError.check("minimumStrideScale", minimumStrideScale, in: 0.1...1)
        try PositioningError.check("maximumStrideScale", maximumStrideScale, in: 1...3)
        try PositioningError.check("positionNoisePerStepMeters", positionNoisePerStepMeters, in: 0...5)
        try PositioningError.check("beaconCovarianceScale", beaconCovarianceScale, in: 1...10_000)
        try PositioningError.check("minimumFixSigmaMeters", minimumFixSigmaMeters, in: 0.01...100)
        guard gateProbability.isFinite, gateProbability >= 0.5, gateProbability < 1 else {
            throw .invalidConfiguration(parameter: "gateProbability", value: gateProbability, validRange: "0.5 ..< 1")
        }
        try PositioningError.check("maximumFixDelaySeconds", maximumFixDelaySeconds, in: 0...120)
        try PositioningError.check("fixScaleLearningRate", fixScaleLearningRate, in: 0...1)
        try PositioningError.check("maximumFixScale", maximumFixScale, in: 1...1e6)
        try PositioningError.check("maximumFusedRangeMeters", maximumFusedRangeMeters, in: 1...1000)
        try PositioningError.check("climbingVerticalSpeedMetersPerSecond", climbingVerticalSpeedMetersPerSecond, in: 0.01...5)
        try PositioningError.check("climbingStrideFactor", climbingStrideFactor, in: 0...1)
        try PositioningError.check("connectorEntrySigmaMeters", connectorEntrySigmaMeters, in: 0.1...50)
        try PositioningError.check("wallCorrectionSigmaMeters", wallCorrectionSigmaMeters, in: 0.01...10)
        try PositioningError.check("maximumWallCorrectionMeters", maximumWallCorrectionMeters, in: 0...50)
        try PositioningError.check("straightWalkSteps", Double(straightWalkSteps), in: 2...50)
        try PositioningError.check("straightWalkToleranceRadians", straightWalkToleranceRadians, in: 0.01...(Double.pi / 4))
        try PositioningError.check("floorPlanCaptureRadians", floorPlanCaptureRadians, in: 0.01...(Double.pi / 4))
        try PositioningError.check("floorPlanHeadingSigmaRadians", floorPlanHeadingSigmaRadians, in: 0.01...Double.pi)
        self.init(
            unchecked: initialHeadingBiasSigmaRadians, biasWalk: headingBiasRandomWalkRadiansPerStep,
            headingFraction: stepHeadingNoiseFraction, scaleSigma: initialStrideScaleSigma,
            scaleWalk: strideScaleRandomWalkPerStep, minScale: minimumStrideScale, maxScale: maximumStrideScale,
            positionNoise: positionNoisePerStepMeters, beaconScale: beaconCovarianceScale, minimumFix: minimumFixSigmaMeters,
            gate: gateProbability, delay: maximumFixDelaySeconds,
            learning: fixScaleLearningRate, maximumScale: maximumFixScale, maximumRange: maximumFusedRangeMeters,
            climbSpeed: climbingVerticalSpeedMetersPerSecond, climbFactor: climbingStrideFactor,
            entrySigma: connectorEntrySigmaMeters, constrain: constrainToWalkableArea,
            wallSigma: wallCorrectionSigmaMeters, wallMaximum: maximumWallCorrectionMeters,
            align: alignHeadingToFloorPlan, straightSteps: straightWalkSteps, straightTolerance: straightWalkToleranceRadians,
            capture: floorPlanCaptureRadians, alignSigma: floorPlanHeadingSigmaRadians)
    }

    private init(
        unchecked biasSigma: Double, biasWalk: Double, headingFraction: Double, scaleSigma: Double, scaleWalk: Double,
        minScale: Double, maxScale: Double, positionNoise: Double, beaconScale: Double, minimumFix: Double,
        gate: Double, delay: Double, learning: Double, maximumScale: Double, maximumRange: Double,
        climbSpeed: Double, climbFactor: Double, entrySigma: Double, constrain: Bool, wallSigma: Double, wallMaximum: Double,
        align: Bool, straightSteps: Int, straightTolerance: Double, capture: Double, alignSigma: Double
    ) {
        initialHeadingBiasSigmaRadians = biasSigma
        headingBiasRandomWalkRadiansPerStep = biasWalk
        stepHeadingNoiseFraction = headingFraction
        initialStrideScaleSigma = scaleSigma
        strideScaleRandomWalkPerStep = scaleWalk
        minimumStrideScale = minScale
        maximumStrideScale = maxScale
        positionNoisePerStepMeters = positionNoise
        beaconCovarianceScale = beaconScale
        minimumFixSigmaMeters = minimumFix
        gateProbability = gate
        maximumFixDelaySeconds = delay
        fixScaleLearningRate = learning
        maximumFixScale = maximumScale
        maximumFusedRangeMeters = maximumRange
        climbingVerticalSpeedMetersPerSecond = climbSpeed
        climbingStrideFactor = climbFactor
        connectorEntrySigmaMeters = entrySigma
        constrainToWalkableArea = constrain
        wallCorrectionSigmaMeters = wallSigma
        maximumWallCorrectionMeters = wallMaximum
        alignHeadingToFloorPlan = align
        straightWalkSteps = straightSteps
        straightWalkToleranceRadians = straightTolerance
        floorPlanCaptureRadians = capture
        floorPlanHeadingSigmaRadians = alignSigma
    }
}
