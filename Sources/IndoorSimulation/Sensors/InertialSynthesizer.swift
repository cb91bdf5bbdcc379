import Foundation
import IndoorGeometry
import IndoorRecordings

/// Produces accelerometer, gyroscope, magnetometer, rotation-vector and barometer samples from the
/// ground truth, in the frames of ``DeviceFrame``. Call it with increasing times: drifts are random walks.
struct InertialSynthesizer {
    /// Standard gravity, m/s².
    static let gravity = 9.80665

    private let configuration: InertialSensorConfiguration
    private let deviceHeightMeters: Double
    private let stepAmplitudes: [Double]
    private var accelerometerRandom: SplitMix64
    private var gyroscopeRandom: SplitMix64
    private var magnetometerRandom: SplitMix64
    private var rotationRandom: SplitMix64
    private var pressureRandom: SplitMix64
    private let gyroscopeBias: DeviceVector3
    private let magnetometerBias: DeviceVector3
    /// Disturbance field: per world axis a plane wave direction (unit vector) and phase.
    private let disturbanceWaves: [(dx: Double, dy: Double, phase: Double)]
    private var headingDriftRadians = 0.0
    private var lastRotationSeconds: Double?
    private var pressureDriftHectopascals = 0.0
    private var lastPressureSeconds: Double?

    init(configuration: InertialSensorConfiguration, deviceHeightMeters: Double, stepCount: Int, seed: UInt64) {
        self.configuration = configuration
        self.deviceHeightMeters = deviceHeightMeters
        var walkRandom = SplitMix64(seed: seed, stream: StreamID.accelerometer &+ 100)
        stepAmplitudes = (0...stepCount).map { _ in walkRandom.uniform(in: configuration.stepAccelerationRangeMetersPerSecondSquared) }
        accelerometerRandom = SplitMix64(seed: seed, stream: StreamID.accelerometer)
        gyroscopeRandom = SplitMix64(seed: seed, stream: StreamID.gyroscope)
        magnetometerRandom = SplitMix64(seed: seed, stream: StreamID.magnetometer)
        rotationRandom = SplitMix64(seed: seed, stream: StreamID.rotation)
        pressureRandom = SplitMix64(seed: seed, stream: StreamID.pressure)
        let gyroSigma = configuration.gyroscopeBiasRadiansPerSecond
        gyroscopeBias = DeviceVector3(
            x: gyroscopeRandom.gaussian() * gyroSigma, y: gyroscopeRandom.gaussian() * gyroSigma,
            z: gyroscopeRandom.gaussian() * gyroSigma)
        let magSigma = configuration.magnetometerBiasMicroTesla
        magnetometerBias = DeviceVector3(
            x: magnetometerRandom.gaussian() * magSigma, y: magnetometerRandom.gaussian() * magSigma,
            z: magnetometerRandom.gaussian() * magSigma)
        var disturbanceRandom = SplitMix64(seed: seed, stream: StreamID.disturbance)
        disturbanceWaves = (0..<3).map { _ in
            let angle = disturbanceRandom.unit() * 2 * Double.pi
            return (cos(angle), sin(angle), disturbanceRandom.unit() * 2 * Double.pi)
        }
    }

    /// Appends the accelerometer, gyroscope, magnetometer and rotation-vector samples at `t`.
    mutating func appendMotionSamples(atSeconds t: Double, state: WalkerState, to out: inout [SensorSample]) {
        out.append(SensorSample(timeSeconds: t, reading: .accelerometer(acceleration(state)), accuracy: 3))
        out.append(SensorSample(timeSeconds: t, reading: .gyroscope(angularRate(state)), accuracy: 3))
        out.append(SensorSample(timeSeconds: t, reading: .magnetometer(magneticField(state)), accuracy: 3))
        out.append(SensorSample(timeSeconds: t, reading: .rotationVector(rotation(atSeconds: t, state: state)), accuracy: 3))
    }

    /// Specific force in the device frame, gravity included: on the flat phone z = g + the step bump +
    /// any vertical acceleration (elevators); y (forward) and x (sideways) carry the gait's surge and sway.
    private mutating func acceleration(_ state: WalkerState) -> DeviceVector3 {
        var up = Self.gravity + state.verticalAccelerationMetersPerSecondSquared
        var forward = 0.0, right = 0.0
        if state.motion.isStepping {
            let phase = state.stepPhase
            let step = Int(phase.rounded(.down))
            let fraction = phase - Double(step)
            let amplitude = stepAmplitudes[min(max(step, 0), stepAmplitudes.count - 1)]
            // One bump per step: the body rises and falls once per step (a sine over the step cycle),
            // the forward surge leads it by a quarter cycle, the sideways sway has half the frequency.
            up += amplitude * sin(2 * Double.pi * fraction)
            forward = 0.35 * amplitude * cos(2 * Double.pi * fraction)
            right = 0.2 * amplitude * sin(Double.pi * phase)
        }
        let sigma = configuration.accelerometerNoiseMetersPerSecondSquared
        return DeviceVector3(
            x: quantized(right + sigma * accelerometerRandom.gaussian(), 1e4),
            y: quantized(forward + sigma * accelerometerRandom.gaussian(), 1e4),
            z: quantized(up + sigma * accelerometerRandom.gaussian(), 1e4))
    }

    /// Angular rate in the device frame: z = −dψ/dt (counter-clockwise positive), plus bias and noise.
    private mutating func angularRate(_ state: WalkerState) -> DeviceVector3 {
        let sigma = configuration.gyroscopeNoiseRadiansPerSecond
        return DeviceVector3(
            x: quantized(gyroscopeBias.x + sigma * gyroscopeRandom.gaussian(), 1e5),
            y: quantized(gyroscopeBias.y + sigma * gyroscopeRandom.gaussian(), 1e5),
            z: quantized(-state.headingRateRadiansPerSecond + gyroscopeBias.z + sigma * gyroscopeRandom.gaussian(), 1e5))
    }

    /// The Earth's field (north and down components) plus position-dependent disturbances, rotated into
    /// the device frame by the true heading, plus hard-iron bias and noise.
    private mutating func magneticField(_ state: WalkerState) -> DeviceVector3 {
        var east = 0.0
        var north = configuration.magneticHorizontalMicroTesla
        var up = -configuration.magneticDownwardMicroTesla
        let amplitude = configuration.magneticDisturbanceMicroTesla
        if amplitude > 0 {
            let k = 2 * Double.pi / configuration.magneticDisturbanceWavelengthMeters
            let levelShift = Double(state.levelIndex) * 1.7
            func wave(_ i: Int) -> Double {
                let w = disturbanceWaves[i]
                return amplitude * sin(k * (w.dx * state.position.x + w.dy * state.position.y) + w.phase + levelShift)
            }
            east += wave(0); north += wave(1); up += wave(2)
        }
        let field = DeviceFrame.worldToFlatDevice(east: east, north: north, up: up, headingRadians: state.headingRadians)
        let sigma = configuration.magnetometerNoiseMicroTesla
        return DeviceVector3(
            x: quantized(field.x + magnetometerBias.x + sigma * magnetometerRandom.gaussian(), 1e3),
            y: quantized(field.y + magnetometerBias.y + sigma * magnetometerRandom.gaussian(), 1e3),
            z: quantized(field.z + magnetometerBias.z + sigma * magnetometerRandom.gaussian(), 1e3))
    }

    /// The rotation vector of the flat phone at the true heading plus a random-walk drift and white noise.
    private mutating func rotation(atSeconds t: Double, state: WalkerState) -> Quaternion {
        let degree = Double.pi / 180
        if let last = lastRotationSeconds, t > last {
            headingDriftRadians +=
                configuration.headingDriftDegreesPerSqrtSecond * degree * (t - last).squareRoot() * rotationRandom.gaussian()
        }
        lastRotationSeconds = t
        let heading = state.headingRadians + headingDriftRadians + configuration.headingNoiseDegrees * degree * rotationRandom.gaussian()
        let q = DeviceFrame.flatRotation(headingRadians: heading)
        return Quaternion(w: quantized(q.w, 1e7), x: 0, y: 0, z: quantized(q.z, 1e7))
    }

    /// Barometric pressure at the phone's height: the standard-atmosphere formula
    /// p = p₀·(1 − 2.25577·10⁻⁵·h)^5.25588 (about −0.12 hPa per metre near sea level), plus drift and noise.
    mutating func pressureSample(atSeconds t: Double, state: WalkerState) -> SensorSample {
        if let last = lastPressureSeconds, t > last {
            pressureDriftHectopascals +=
                configuration.pressureDriftHectopascalsPerSqrtSecond * (t - last).squareRoot() * pressureRandom.gaussian()
        }
        lastPressureSeconds = t
        let height = configuration.venueAltitudeMeters + state.elevationMeters + deviceHeightMeters
        let pressure =
            Self.standardAtmospherePressure(heightMeters: height, seaLevelHectopascals: configuration.seaLevelPressureHectopascals)
            + pressureDriftHectopascals + configuration.pressureNoiseHectopascals * pressureRandom.gaussian()
        return SensorSample(timeSeconds: t, reading: .pressure(hectopascals: quantized(pressure, 1e4)), accuracy: 3)
    }

    /// International standard atmosphere (troposphere) pressure at `heightMeters` above sea level, hPa.
    static func standardAtmospherePressure(heightMeters: Double, seaLevelHectopascals: Double) -> Double {
        seaLevelHectopascals * pow(1 - 2.25577e-5 * heightMeters, 5.25588)
    }
}
