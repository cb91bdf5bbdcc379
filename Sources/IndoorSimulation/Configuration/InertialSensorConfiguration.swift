import IndoorConfiguration

/// Rates, waveforms, noise and biases of the simulated phone's motion sensors and barometer. Units,
/// defaults and ranges are in ``tunables`` (the README's table is generated from it).
public struct InertialSensorConfiguration: Hashable, Sendable {
    /// Rate of accelerometer, gyroscope, magnetometer and rotation-vector samples, Hz.
    public var imuRateHz = 50.0
    /// Each step's vertical bump has an amplitude drawn uniformly from
    /// ``minimumStepAccelerationMetersPerSecondSquared`` … this, m/s².
    public var maximumStepAccelerationMetersPerSecondSquared = 3.0
    /// The lower end of the step bump's amplitude range, m/s².
    public var minimumStepAccelerationMetersPerSecondSquared = 1.5
    /// The range a step bump's amplitude is drawn from, m/s².
    public var stepAccelerationRangeMetersPerSecondSquared: ClosedRange<Double> {
        minimumStepAccelerationMetersPerSecondSquared...max(
            minimumStepAccelerationMetersPerSecondSquared, maximumStepAccelerationMetersPerSecondSquared)
    }
    /// Standard deviation of accelerometer white noise per axis, m/s².
    public var accelerometerNoiseMetersPerSecondSquared = 0.1
    /// Standard deviation of gyroscope white noise per axis, rad/s.
    public var gyroscopeNoiseRadiansPerSecond = 0.01
    /// Standard deviation of the constant gyroscope bias drawn per axis and walk, rad/s.
    public var gyroscopeBiasRadiansPerSecond = 0.005
    /// Horizontal component of the Earth's field (pointing to the venue frame's north), µT.
    public var magneticHorizontalMicroTesla = 20.0
    /// Downward component of the Earth's field, µT (negative south of the magnetic equator).
    public var magneticDownwardMicroTesla = 44.0
    /// Standard deviation of magnetometer white noise per axis, µT.
    public var magnetometerNoiseMicroTesla = 0.5
    /// Standard deviation of the residual hard-iron bias drawn per axis and walk, µT.
    public var magnetometerBiasMicroTesla = 0.5
    /// Amplitude of position-dependent indoor field disturbances (steel, wiring), µT; 0 turns them off.
    public var magneticDisturbanceMicroTesla = 0.0
    /// Spatial wavelength of those disturbances, m.
    public var magneticDisturbanceWavelengthMeters = 6.0
    /// Standard deviation of the rotation vector's white heading noise, degrees.
    public var headingNoiseDegrees = 2.0
    /// Random-walk drift of the rotation vector's heading, degrees per √s.
    public var headingDriftDegreesPerSqrtSecond = 0.1
    /// Rate of barometer samples, Hz.
    public var pressureRateHz = 10.0
    /// Standard deviation of barometer white noise, hPa.
    public var pressureNoiseHectopascals = 0.02
    /// Random-walk drift of the barometer (weather, temperature), hPa per √s.
    public var pressureDriftHectopascalsPerSqrtSecond = 0.002
    /// Pressure at sea level, hPa.
    public var seaLevelPressureHectopascals = 1013.25
    /// Altitude of the venue's ground level above sea level, m.
    public var venueAltitudeMeters = 0.0
}

extension InertialSensorConfiguration: TunableConfiguration {
    /// The defaults (see each property and ``tunables``).
    public static let standard = InertialSensorConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "inertial" in messages and on the command line.
    public static let configurationName = "inertial"

    /// The one table of the motion sensors' and barometer's tunables.
    public static let tunables: [Tunable<InertialSensorConfiguration>] = [
        Tunable(\.imuRateHz, unit: "Hz", range: 1...1000, "rate of accelerometer, gyroscope, magnetometer and rotation samples"),
        Tunable(\.minimumStepAccelerationMetersPerSecondSquared, unit: "m/s²", range: 0.5...10, "least amplitude of a step's bump"),
        Tunable(\.maximumStepAccelerationMetersPerSecondSquared, unit: "m/s²", range: 0.5...10, "largest amplitude of a step's bump"),
        Tunable(\.accelerometerNoiseMetersPerSecondSquared, unit: "m/s²", range: 0...5, "accelerometer white noise per axis (one sigma)"),
        Tunable(\.gyroscopeNoiseRadiansPerSecond, unit: "rad/s", range: 0...1, "gyroscope white noise per axis (one sigma)"),
        Tunable(\.gyroscopeBiasRadiansPerSecond, unit: "rad/s", range: 0...0.5, "gyroscope bias per axis and walk (1σ)"),
        Tunable(\.magneticHorizontalMicroTesla, unit: "µT", range: 0...100, "horizontal component of the Earth's field"),
        Tunable(\.magneticDownwardMicroTesla, unit: "µT", range: -100...100, "downward component of the Earth's field"),
        Tunable(\.magnetometerNoiseMicroTesla, unit: "µT", range: 0...20, "magnetometer white noise per axis (one sigma)"),
        Tunable(\.magnetometerBiasMicroTesla, unit: "µT", range: 0...50, "residual hard-iron bias drawn per axis and walk (one sigma)"),
        Tunable(\.magneticDisturbanceMicroTesla, unit: "µT", range: 0...100, "amplitude of indoor field disturbances (0 = off)"),
        Tunable(\.magneticDisturbanceWavelengthMeters, unit: "m", range: 0.5...100, "spatial wavelength of those disturbances"),
        Tunable(\.headingNoiseDegrees, unit: "°", range: 0...45, "rotation vector's white heading noise (one sigma)"),
        Tunable(\.headingDriftDegreesPerSqrtSecond, unit: "°/√s", range: 0...10, "random-walk drift of the rotation vector's heading"),
        Tunable(\.pressureRateHz, unit: "Hz", range: 0.1...200, "rate of barometer samples"),
        Tunable(\.pressureNoiseHectopascals, unit: "hPa", range: 0...1, "barometer white noise (one sigma)"),
        Tunable(\.pressureDriftHectopascalsPerSqrtSecond, unit: "hPa/√s", range: 0...0.1, "random-walk drift of the barometer"),
        Tunable(\.seaLevelPressureHectopascals, unit: "hPa", range: 800...1100, "pressure at sea level"),
        Tunable(\.venueAltitudeMeters, unit: "m", range: -500...5000, "altitude of the venue's ground level"),
    ]

    /// The step bump's largest amplitude is at least its smallest.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumStepAccelerationMetersPerSecondSquared, atLeast: \.minimumStepAccelerationMetersPerSecondSquared)
    }
}
