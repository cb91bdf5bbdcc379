import IndoorConfiguration

extension SignalModelConfiguration: TunableConfiguration {
    /// The one table of the signal model's tunables (``FingerprintConfiguration``'s carries them too).
    public static let table = TunableTable<Self>(
        name: "signal-model", defaults: Self(),
        [
            Tunable(\.kernelLengthMeters, unit: "m", range: 0.5...50, "length scale of the departure kernel"),
            Tunable(\.evidencePseudoCount, unit: "", range: 0.01...100, "fingerprints' worth of weight of the path-loss model"),
            Tunable(\.measurementSigmaDb, unit: "dB", range: 0.5...30, "one-sigma of a reading where surveyed"),
            Tunable(\.outlierProbability, unit: "", range: 0...0.9, "share of readings that follow no model"),
            Tunable(\.outlierSpanDb, unit: "dB", range: 1...200, "width of the uniform outlier density"),
            Tunable(\.likelihoodExponent, unit: "", range: 0.01...1, "factor on a scan's summed log-likelihood"),
            Tunable(\.neighbourhoodSigmas, unit: "", range: 1...10, "prior standard deviations the neighbourhood spans"),
            Tunable(\.neighbourhoodCells, unit: "", range: 3...101, "grid points per axis of the neighbourhood (odd)"),
            Tunable(\.minimumNeighbourhoodMeters, unit: "m", range: 0.5...100, "smallest half-width of the neighbourhood"),
            Tunable(
                \.maximumNeighbourhoodMeters, unit: "m", range: 1...500, "largest half-width of the neighbourhood (at least the smallest)"),
            Tunable(\.uninformativeSigmaMeters, unit: "m", range: 1...1_000, "no fix from a scan narrowing the prior by less than this"),
            Tunable(\.transmitterHeightMeters, unit: "m", range: 0...20, "height added in the path-loss model"),
            Tunable(\.deviceOffsetSigmaDb, unit: "dB", range: 0...30, "one-sigma of a receiver's offset (0 = none)"),
            Tunable(\.weighsParticlesByLikelihood, "weigh particles by the scan's likelihood, not its fix"),
        ])

    /// `neighbourhoodCells` is odd; `maximumNeighbourhoodMeters` is at least `minimumNeighbourhoodMeters`.
    public func validateCombination() throws(ConfigurationError) {
        if neighbourhoodCells % 2 != 1 {
            throw .invalidCombination(
                configuration: Self.configurationName, field: "neighbourhoodCells", value: Double(neighbourhoodCells), rule: "odd")
        }
        try require(\.maximumNeighbourhoodMeters, atLeast: \.minimumNeighbourhoodMeters)
    }
}
