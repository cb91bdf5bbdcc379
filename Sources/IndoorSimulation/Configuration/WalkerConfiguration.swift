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
