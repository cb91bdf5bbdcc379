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
