/// How the simulated person walks and uses connectors. Every value's unit, default and valid range is
/// listed in `Sources/IndoorSimulation/README.md`; ``validate()`` checks them (``SimulationConfiguration``
/// calls it in its initialiser).
public struct WalkerConfiguration: Hashable, Sendable {
    /// Walking speed on level ground, m/s. Default 1.3, valid 0.3…3.
    public var walkingSpeedMetersPerSecond = 1.3
    /// The step frequency of a walk is drawn uniformly from this range, Hz. Default 1.6…2.0, valid within 0.5…3.5.
    public var stepFrequencyRangeHz: ClosedRange<Double> = 1.6...2.0
    /// Speed along a staircase's incline as a fraction of the walking speed. Default 0.5, valid 0.1…1.
    public var stairsSpeedFactor = 0.5
    /// Incline assumed for stairs whose horizontal run is shorter than the climb implies, degrees. Default 35, valid 10…60.
    public var stairsInclineDegrees = 35.0
    /// Escalator belt speed along the incline, m/s. Default 0.5, valid 0.1…2.
    public var escalatorSpeedMetersPerSecond = 0.5
    /// Escalator incline, degrees. Default 30, valid 10…60.
    public var escalatorInclineDegrees = 30.0
    /// Waiting time at an elevator before it departs, s. Default 15, valid 0…600.
    public var elevatorWaitSeconds = 15.0
    /// Elevator cruising speed, m/s. Default 1.0, valid 0.2…10.
    public var elevatorSpeedMetersPerSecond = 1.0
    /// Extra ride time spent speeding up and slowing down, s. Default 2, valid 0…20.
    public var elevatorRampSeconds = 2.0
    /// How fast the walker's body (and phone) turns at a corner, degrees per second. Default 120, valid 10…1000.
    public var turnRateDegreesPerSecond = 120.0
    /// Standing still before the walk starts, s. Default 2, valid 0…600.
    public var startPauseSeconds = 2.0
    /// Standing still after arriving, s. Default 2, valid 0…600.
    public var endPauseSeconds = 2.0
    /// Standing still at each end of the route when a long recording walks back and forth, s. Default 2, valid 0…600.
    public var turnaroundPauseSeconds = 2.0
    /// Rate of ground-truth samples (more are written at every turn and level change), Hz. Default 1, valid 0.1…100.
    public var groundTruthRateHz = 1.0
    /// Height of the phone above the floor, m (used for pressure and beacon distances). Default 1.2, valid 0…3.
    public var deviceHeightMeters = 1.2

    /// The defaults.
    public init() {}

    /// Checks every value against its documented range.
    public func validate() throws(SimulationError) {
        try check(walkingSpeedMetersPerSecond, 0.3...3, "walker.walkingSpeedMetersPerSecond", "m/s")
        try check(stepFrequencyRangeHz.lowerBound, 0.5...3.5, "walker.stepFrequencyRangeHz", "Hz")
        try check(stepFrequencyRangeHz.upperBound, 0.5...3.5, "walker.stepFrequencyRangeHz", "Hz")
        try check(stairsSpeedFactor, 0.1...1, "walker.stairsSpeedFactor", "")
        try check(stairsInclineDegrees, 10...60, "walker.stairsInclineDegrees", "°")
        try check(escalatorSpeedMetersPerSecond, 0.1...2, "walker.escalatorSpeedMetersPerSecond", "m/s")
        try check(escalatorInclineDegrees, 10...60, "walker.escalatorInclineDegrees", "°")
        try check(elevatorWaitSeconds, 0...600, "walker.elevatorWaitSeconds", "s")
        try check(elevatorSpeedMetersPerSecond, 0.2...10, "walker.elevatorSpeedMetersPerSecond", "m/s")
        try check(elevatorRampSeconds, 0...20, "walker.elevatorRampSeconds", "s")
        try check(turnRateDegreesPerSecond, 10...1000, "walker.turnRateDegreesPerSecond", "°/s")
        try check(startPauseSeconds, 0...600, "walker.startPauseSeconds", "s")
        try check(endPauseSeconds, 0...600, "walker.endPauseSeconds", "s")
        try check(turnaroundPauseSeconds, 0...600, "walker.turnaroundPauseSeconds", "s")
        try check(groundTruthRateHz, 0.1...100, "walker.groundTruthRateHz", "Hz")
        try check(deviceHeightMeters, 0...3, "walker.deviceHeightMeters", "m")
    }
}

/// Throws ``SimulationError/invalidConfiguration(field:message:)`` unless `value` is finite and in `range`.
func check(_ value: Double, _ range: ClosedRange<Double>, _ field: String, _ unit: String) throws(SimulationError) {
    guard value.isFinite, range.contains(value) else {
        let shown = unit.isEmpty ? "\(value)" : "\(value) \(unit)"
        throw .invalidConfiguration(field: field, message: "\(shown) is outside \(range.lowerBound)…\(range.upperBound)")
    }
}
