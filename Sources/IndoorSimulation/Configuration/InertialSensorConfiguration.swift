/// Rates, waveforms, noise and biases of the simulated phone's motion sensors and barometer. Units,
/// defaults and ranges are tabled in `Sources/IndoorSimulation/README.md`.
public struct InertialSensorConfiguration: Hashable, Sendable {
    /// Rate of accelerometer, gyroscope, magnetometer and rotation-vector samples, Hz. Default 50, valid 1…1000.
    public var imuRateHz = 50.0
    /// The vertical bump of each step has an amplitude drawn uniformly from this range, m/s². Default 1.5…3, valid within 0.5…10.
    public var stepAccelerationRangeMetersPerSecondSquared: ClosedRange<Double> = 1.5...3.0
    /// Standard deviation of accelerometer white noise per axis, m/s². Default 0.1, valid 0…5.
    public var accelerometerNoiseMetersPerSecondSquared = 0.1
    /// Standard deviation of gyroscope white noise per axis, rad/s. Default 0.01, valid 0…1.
    public var gyroscopeNoiseRadiansPerSecond = 0.01
    /// Standard deviation of the constant gyroscope bias drawn per axis and walk, rad/s. Default 0.005, valid 0…0.5.
    public var gyroscopeBiasRadiansPerSecond = 0.005
    /// Horizontal component of the Earth's field (pointing to the venue frame's north), µT. Default 20, valid 0…100.
    public var magneticHorizontalMicroTesla = 20.0
    /// Downward component of the Earth's field, µT (negative south of the magnetic equator). Default 44, valid −100…100.
    public var magneticDownwardMicroTesla = 44.0
    /// Standard deviation of magnetometer white noise per axis, µT. Default 0.5, valid 0…20.
    public var magnetometerNoiseMicroTesla = 0.5
    /// Standard deviation of the residual hard-iron bias drawn per axis and walk, µT. Default 0.5, valid 0…50.
    public var magnetometerBiasMicroTesla = 0.5
    /// Amplitude of position-dependent indoor field disturbances (steel, wiring), µT; 0 turns them off. Default 0, valid 0…100.
    public var magneticDisturbanceMicroTesla = 0.0
    /// Spatial wavelength of those disturbances, m. Default 6, valid 0.5…100.
    public var magneticDisturbanceWavelengthMeters = 6.0
    /// Standard deviation of the rotation vector's white heading noise, degrees. Default 2, valid 0…45.
    public var headingNoiseDegrees = 2.0
    /// Random-walk drift of the rotation vector's heading, degrees per √s. Default 0.1, valid 0…10.
    public var headingDriftDegreesPerSqrtSecond = 0.1
    /// Rate of barometer samples, Hz. Default 10, valid 0.1…200.
    public var pressureRateHz = 10.0
    /// Standard deviation of barometer white noise, hPa. Default 0.02, valid 0…1.
    public var pressureNoiseHectopascals = 0.02
    /// Random-walk drift of the barometer (weather, temperature), hPa per √s. Default 0.002, valid 0…0.1.
    public var pressureDriftHectopascalsPerSqrtSecond = 0.002
    /// Pressure at sea level, hPa. Default 1013.25, valid 800…1100.
    public var seaLevelPressureHectopascals = 1013.25
    /// Altitude of the venue's ground level above sea level, m. Default 0, valid −500…5000.
    public var venueAltitudeMeters = 0.0

    /// The defaults.
    public init() {}

    /// Checks every value against its documented range.
    public func validate() throws(SimulationError) {
        try check(imuRateHz, 1...1000, "inertial.imuRateHz", "Hz")
        try check(stepAccelerationRangeMetersPerSecondSquared.lowerBound, 0.5...10, "inertial.stepAccelerationRange", "m/s²")
        try check(stepAccelerationRangeMetersPerSecondSquared.upperBound, 0.5...10, "inertial.stepAccelerationRange", "m/s²")
        try check(accelerometerNoiseMetersPerSecondSquared, 0...5, "inertial.accelerometerNoise", "m/s²")
        try check(gyroscopeNoiseRadiansPerSecond, 0...1, "inertial.gyroscopeNoise", "rad/s")
        try check(gyroscopeBiasRadiansPerSecond, 0...0.5, "inertial.gyroscopeBias", "rad/s")
        try check(magneticHorizontalMicroTesla, 0...100, "inertial.magneticHorizontal", "µT")
        try check(magneticDownwardMicroTesla, -100...100, "inertial.magneticDownward", "µT")
        try check(magnetometerNoiseMicroTesla, 0...20, "inertial.magnetometerNoise", "µT")
        try check(magnetometerBiasMicroTesla, 0...50, "inertial.magnetometerBias", "µT")
        try check(magneticDisturbanceMicroTesla, 0...100, "inertial.magneticDisturbance", "µT")
        try check(magneticDisturbanceWavelengthMeters, 0.5...100, "inertial.magneticDisturbanceWavelength", "m")
        try check(headingNoiseDegrees, 0...45, "inertial.headingNoise", "°")
        try check(headingDriftDegreesPerSqrtSecond, 0...10, "inertial.headingDrift", "°/√s")
        try check(pressureRateHz, 0.1...200, "inertial.pressureRateHz", "Hz")
        try check(pressureNoiseHectopascals, 0...1, "inertial.pressureNoise", "hPa")
        try check(pressureDriftHectopascalsPerSqrtSecond, 0...0.1, "inertial.pressureDrift", "hPa/√s")
        try check(seaLevelPressureHectopascals, 800...1100, "inertial.seaLevelPressure", "hPa")
        try check(venueAltitudeMeters, -500...5000, "inertial.venueAltitude", "m")
    }
}
