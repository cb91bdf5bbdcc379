import IndoorConfiguration

extension InertialSensorConfiguration: TunableConfiguration {
    /// The one table of the motion sensors' and barometer's tunables.
    public static let table = TunableTable<Self>(
        name: "inertial", defaults: Self(),
        [
            Tunable(\.imuRateHz, unit: "Hz", range: 1...1000, "rate of accelerometer, gyroscope, magnetometer and rotation samples"),
            Tunable(\.minimumStepAccelerationMetersPerSecondSquared, unit: "m/s²", range: 0.5...10, "least amplitude of a step's bump"),
            Tunable(\.maximumStepAccelerationMetersPerSecondSquared, unit: "m/s²", range: 0.5...10, "largest amplitude of a step's bump"),
            Tunable(
                \.accelerometerNoiseMetersPerSecondSquared, unit: "m/s²", range: 0...5, "accelerometer white noise per axis (one sigma)"),
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
        ])

    /// The step bump's largest amplitude is at least its smallest.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumStepAccelerationMetersPerSecondSquared, atLeast: \.minimumStepAccelerationMetersPerSecondSquared)
    }
}
