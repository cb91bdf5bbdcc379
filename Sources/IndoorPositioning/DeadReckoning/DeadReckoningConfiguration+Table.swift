import IndoorConfiguration

extension DeadReckoningConfiguration: TunableConfiguration {
    /// The dead-reckoning provider's own tunables (its parts have their own tables).
    public static let table = TunableTable<Self>(
        name: "dead-reckoning", defaults: Self(),
        [
            Tunable(\.positionNoisePerStepMeters, unit: "m", range: 0...5, "isotropic position noise added per step")
        ])

    /// The parts' own ranges and rules.
    public func validateCombination() throws(ConfigurationError) {
        try stepDetector.validate()
        try stride.validate()
        try heading.validate()
    }
}
