import IndoorConfiguration

extension StepDetectorConfiguration: TunableConfiguration {
    /// The one table of the step detector's tunables.
    public static let table = TunableTable<Self>(
        name: "step-detector", defaults: Self(),
        [
            Tunable(\.lowPassCutoffHertz, unit: "Hz", range: 0.5...20, "cut-off of each of the two low-pass stages"),
            Tunable(\.gravityTimeConstantSeconds, unit: "s", range: 0.2...60, "time constant of the gravity average"),
            Tunable(\.peakThresholdMetersPerSecondSquared, unit: "m/s²", range: 0...20, "a peak reaches at least this"),
            Tunable(\.valleyThresholdMetersPerSecondSquared, unit: "m/s²", range: 0...20, "the valley after it goes below minus this"),
            Tunable(\.minimumPeakToValleyMetersPerSecondSquared, unit: "m/s²", range: 0...40, "smallest peak-to-valley swing of a step"),
            Tunable(\.minimumStepIntervalSeconds, unit: "s", range: 0.1...2, "shortest time between two step peaks"),
            Tunable(\.peakToValleyTimeoutSeconds, unit: "s", range: 0.1...5, "a peak without a valley within this is dropped"),
            Tunable(\.maximumSampleGapSeconds, unit: "s", range: 0.05...60, "longer gaps between samples restart the filters"),
        ])
}
