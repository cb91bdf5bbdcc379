import IndoorConfiguration

extension MapMatchingConfiguration: TunableConfiguration {
    /// The one table of the map matcher's tunables.
    public static let table = TunableTable<Self>(
        name: "map-matching", defaults: Self(),
        [
            Tunable(\.particleCount, unit: "", range: 10...100_000, "number of particles"),
            Tunable(\.seed, unit: "", range: 0...1e15, "seed of the particles' random numbers"),
            Tunable(\.obstacleStepWeight, unit: "", range: 0...1, "weight factor of a step ending inside an obstacle"),
            Tunable(\.outsideStepWeight, unit: "", range: 0...1, "weight factor of a step ending outside every walkable place"),
            Tunable(
                \.initialHeadingBiasSigmaRadians, unit: "rad", range: 0...Double.pi, "one-sigma of the particles' initial heading bias"),
            Tunable(
                \.headingBiasRandomWalkRadiansPerStep, unit: "rad", range: 0...0.5, "random walk of a particle's heading bias per step"),
            Tunable(\.resampleBelowEffectiveFraction, unit: "", range: 0...1, "resample below this effective share of the particles"),
            Tunable(\.measurementLikelihoodFloor, unit: "", range: 0...1, "floor of a fix's or range's likelihood"),
            Tunable(\.cellSizeMeters, unit: "m", range: 0.01...5, "cell size of the rasterized floor plan"),
            Tunable(\.recoveryOpenFraction, unit: "", range: 0...1, "recover below this weight share on open floor (0 = off)"),
            Tunable(\.recoveryShare, unit: "", range: 0...1, "share of the particles off open floor a recovery redraws"),
            Tunable(\.recoverySpreadMeters, unit: "m", range: 0.1...50, "one-sigma of a recovery draw"),
            Tunable(\.withoutFloorPlan, "run the particles also without a floor plan"),
            Tunable(\.spreadCovarianceFactor, unit: "", range: 0...100, "covariance within this factor of the spread (0 = off)"),
        ])

    /// `spreadCovarianceFactor` is 0 (off) or at least 1.
    public func validateCombination() throws(ConfigurationError) {
        if spreadCovarianceFactor != 0, spreadCovarianceFactor < 1 {
            throw .invalidCombination(
                configuration: Self.configurationName, field: "spreadCovarianceFactor", value: spreadCovarianceFactor,
                rule: "0 or 1 ... 100")
        }
    }
}
