import IndoorConfiguration

extension WalkerConfiguration: TunableConfiguration {
    /// The one table of the walker's tunables.
    public static let table = TunableTable<Self>(
        name: "walker", defaults: Self(),
        [
            Tunable(\.walkingSpeedMetersPerSecond, unit: "m/s", range: 0.3...3, "walking speed on level ground"),
            Tunable(\.minimumStepFrequencyHz, unit: "Hz", range: 0.5...3.5, "lowest step frequency a walk draws"),
            Tunable(\.maximumStepFrequencyHz, unit: "Hz", range: 0.5...3.5, "highest step frequency a walk draws"),
            Tunable(\.stairsSpeedFactor, unit: "", range: 0.1...1, "speed along stairs as a share of the walking speed"),
            Tunable(\.stairsInclineDegrees, unit: "°", range: 10...60, "incline of stairs"),
            Tunable(\.escalatorSpeedMetersPerSecond, unit: "m/s", range: 0.1...2, "escalator belt speed along the incline"),
            Tunable(\.escalatorInclineDegrees, unit: "°", range: 10...60, "escalator incline"),
            Tunable(\.elevatorWaitSeconds, unit: "s", range: 0...600, "waiting time at an elevator before it departs"),
            Tunable(\.elevatorSpeedMetersPerSecond, unit: "m/s", range: 0.2...10, "elevator cruising speed"),
            Tunable(\.elevatorRampSeconds, unit: "s", range: 0...20, "extra ride time speeding up and slowing down"),
            Tunable(\.turnRateDegreesPerSecond, unit: "°/s", range: 10...1000, "how fast the walker (and phone) turns at a corner"),
            Tunable(\.startPauseSeconds, unit: "s", range: 0...600, "standing still before the walk starts"),
            Tunable(\.endPauseSeconds, unit: "s", range: 0...600, "standing still after arriving"),
            Tunable(\.turnaroundPauseSeconds, unit: "s", range: 0...600, "pause at each end of a back-and-forth walk"),
            Tunable(
                \.groundTruthRateHz, unit: "Hz", range: 0.1...100, "rate of ground-truth samples (more at every turn and level change)"),
            Tunable(\.deviceHeightMeters, unit: "m", range: 0...3, "height of the phone above the floor"),
        ])

    /// `maximumStepFrequencyHz` is at least `minimumStepFrequencyHz`.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumStepFrequencyHz, atLeast: \.minimumStepFrequencyHz)
    }
}
