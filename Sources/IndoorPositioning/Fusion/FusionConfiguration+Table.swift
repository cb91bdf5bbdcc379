import IndoorConfiguration

extension FusionConfiguration: TunableConfiguration {
    /// The one table of the fusion engine's tunables (the map matcher has its own).
    public static let table = TunableTable<Self>(
        name: "fusion", defaults: Self(),
        [
            Tunable(\.initialHeadingBiasSigmaRadians, unit: "rad", range: 0...Double.pi, "one-sigma of the initial heading bias"),
            Tunable(\.headingBiasRandomWalkRadiansPerStep, unit: "rad", range: 0...0.5, "random walk of the heading bias per step"),
            Tunable(\.stepHeadingNoiseFraction, unit: "", range: 0...1, "share of a step's heading sigma taken as independent noise"),
            Tunable(\.initialStrideScaleSigma, unit: "", range: 0...1, "one-sigma of the initial stride scale"),
            Tunable(\.initialStrideScale, unit: "", range: 0.1...3, "stride scale the filter starts with"),
            Tunable(\.strideScaleRandomWalkPerStep, unit: "", range: 0...0.2, "random walk of the stride scale per step"),
            Tunable(\.minimumStrideScale, unit: "", range: 0.1...1, "smallest stride scale"),
            Tunable(\.maximumStrideScale, unit: "", range: 1...3, "largest stride scale"),
            Tunable(\.positionNoisePerStepMeters, unit: "m", range: 0...5, "isotropic position noise per step"),
            Tunable(\.beaconCovarianceScale, unit: "", range: 1...10_000, "factor on the covariance of beacon fixes"),
            Tunable(\.minimumFixSigmaMeters, unit: "m", range: 0.01...100, "smallest one-sigma of an absolute fix"),
            Tunable(\.gateProbability, unit: "", range: 0.5..<1, "chi-square gate probability of absolute fixes"),
            Tunable(\.maximumFixDelaySeconds, unit: "s", range: 0...120, "oldest fix still applied, behind the newest step"),
            Tunable(\.fixScaleLearningRate, unit: "", range: 0...1, "weight of a fix in its source's learnt covariance factor (0 = off)"),
            Tunable(\.maximumFixScale, unit: "", range: 1...1e6, "largest learnt covariance factor per source"),
            Tunable(\.maximumFusedRangeMeters, unit: "m", range: 1...1000, "longest beacon range fused"),
            Tunable(\.beaconHeightAboveDeviceMeters, unit: "m", range: 0...10, "height of a beacon above the phone on its level"),
            Tunable(\.climbingVerticalSpeedMetersPerSecond, unit: "m/s", range: 0.01...5, "vertical speed above which steps climb"),
            Tunable(\.climbingStrideFactor, unit: "", range: 0...1, "factor on the length of a climbing step"),
            Tunable(\.climbingConfirmHeightMeters, unit: "m", range: 0...10, "height change that confirms a climb (0 = at once)"),
            Tunable(\.connectorEntrySigmaMeters, unit: "m", range: 0.1...50, "one-sigma of the connector entry at a level change"),
            Tunable(\.constrainToWalkableArea, "keep steps inside the walkable area"),
            Tunable(\.wallCorrectionSigmaMeters, unit: "m", range: 0.01...10, "one-sigma of a push back into walkable space"),
            Tunable(\.maximumWallCorrectionMeters, unit: "m", range: 0...50, "farthest push back into walkable space"),
            Tunable(\.alignHeadingToFloorPlan, "pull the heading bias to the floor plan's main directions"),
            Tunable(\.straightWalkSteps, unit: "", range: 2...50, "steps in a straight-walk window"),
            Tunable(
                \.straightWalkToleranceRadians, unit: "rad", range: 0.01...(Double.pi / 4), "largest heading spread of a straight walk"),
            Tunable(
                \.floorPlanCaptureRadians, unit: "rad", range: 0.01...(Double.pi / 4), "largest distance to a main direction aligned to"),
            Tunable(
                \.floorPlanHeadingSigmaRadians, unit: "rad", range: 0.01...Double.pi, "one-sigma of the main-direction pseudo-measurement"),
        ])

    /// The map matcher's own rules.
    public func validateCombination() throws(ConfigurationError) {
        try mapMatching?.validate()
    }
}
