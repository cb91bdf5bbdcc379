import IndoorConfiguration

/// How the simulated person walks and uses connectors. Every value's unit, default and valid range is
/// in ``tunables`` (the README's table is generated from it); ``SimulationConfiguration`` validates it.
public struct WalkerConfiguration: Hashable, Sendable {
    /// Walking speed on level ground, m/s.
    public var walkingSpeedMetersPerSecond = 1.3
    /// The step frequency of a walk is drawn uniformly from ``minimumStepFrequencyHz`` … this, Hz.
    public var maximumStepFrequencyHz = 2.0
    /// The lower end of the step frequency's range, Hz.
    public var minimumStepFrequencyHz = 1.6
    /// The range a walk's step frequency is drawn from, Hz.
    public var stepFrequencyRangeHz: ClosedRange<Double> { minimumStepFrequencyHz...max(minimumStepFrequencyHz, maximumStepFrequencyHz) }
    /// Speed along a staircase's incline as a fraction of the walking speed.
    public var stairsSpeedFactor = 0.5
    /// Incline assumed for stairs whose horizontal run is shorter than the climb implies, degrees.
    public var stairsInclineDegrees = 35.0
    /// Escalator belt speed along the incline, m/s.
    public var escalatorSpeedMetersPerSecond = 0.5
    /// Escalator incline, degrees.
    public var escalatorInclineDegrees = 30.0
    /// Waiting time at an elevator before it departs, s.
    public var elevatorWaitSeconds = 15.0
    /// Elevator cruising speed, m/s.
    public var elevatorSpeedMetersPerSecond = 1.0
    /// Extra ride time spent speeding up and slowing down, s.
    public var elevatorRampSeconds = 2.0
    /// How fast the walker's body (and phone) turns at a corner, degrees per second.
    public var turnRateDegreesPerSecond = 120.0
    /// Standing still before the walk starts, s.
    public var startPauseSeconds = 2.0
    /// Standing still after arriving, s.
    public var endPauseSeconds = 2.0
    /// Standing still at each end of the route when a long recording walks back and forth, s.
    public var turnaroundPauseSeconds = 2.0
    /// Rate of ground-truth samples (more are written at every turn and level change), Hz.
    public var groundTruthRateHz = 1.0
    /// Height of the phone above the floor, m (used for pressure and beacon distances).
    public var deviceHeightMeters = 1.2
}

extension WalkerConfiguration: TunableConfiguration {
    /// The defaults (see each property and ``tunables``).
    public static let standard = WalkerConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "walker" in messages and on the command line.
    public static let configurationName = "walker"

    /// The one table of the walker's tunables.
    public static let tunables: [Tunable<WalkerConfiguration>] = [
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
        Tunable(\.groundTruthRateHz, unit: "Hz", range: 0.1...100, "rate of ground-truth samples (more at every turn and level change)"),
        Tunable(\.deviceHeightMeters, unit: "m", range: 0...3, "height of the phone above the floor"),
    ]

    /// `maximumStepFrequencyHz` is at least `minimumStepFrequencyHz`.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumStepFrequencyHz, atLeast: \.minimumStepFrequencyHz)
    }
}
