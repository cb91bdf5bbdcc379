import IndoorConfiguration

extension StrideConfiguration: TunableConfiguration {
    /// The one table of the stride model's tunables.
    public static let table = TunableTable<Self>(
        name: "stride", defaults: Self(),
        [
            Tunable(\.weinbergK, unit: "m/(m/s²)^¼", range: 0.1...1.5, "Weinberg's K"),
            Tunable(\.minimumStrideMeters, unit: "m", range: 0.05...1, "shortest stride reported"),
            Tunable(\.maximumStrideMeters, unit: "m", range: 0.3...3, "longest stride reported (at least the shortest)"),
            Tunable(\.lengthSigmaFraction, unit: "", range: 0...1, "stride uncertainty as a share of the stride"),
            Tunable(\.minimumLengthSigmaMeters, unit: "m", range: 0.001...1, "smallest stride uncertainty"),
        ])

    /// `maximumStrideMeters` is at least `minimumStrideMeters`.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumStrideMeters, atLeast: \.minimumStrideMeters)
    }
}
