import IndoorConfiguration
import IndoorRecordings

/// Walking heading from whatever orientation data a recording has.
///
/// Sources, best first:
/// 1. Android's rotation-vector sensor (fused by the phone, referenced to magnetic north) or an IPIN
///    `AHRS` attitude record: absolute, used as is (see ``DeviceHeading`` for the pose convention), or,
///    with ``HeadingConfiguration/absoluteHeadingTimeConstantSeconds`` above 0, pulling the
///    gyroscope-integrated heading with that time constant.
/// 2. When no absolute heading arrived for ``HeadingConfiguration/absoluteHeadingTimeoutSeconds``: a
///    complementary filter that integrates the gyroscope's rate about the vertical (the accelerometer
///    average gives "up") and pulls towards the tilt-compensated compass azimuth with time constant τ:
///    h ← h − (ω · û) Δt, then h ← h + α · wrap(h_compass − h), α = Δt / (τ + Δt).
///
/// All headings are radians clockwise from true north: magnetic azimuth + declination + mounting offset.
/// Pure value type; O(1) per sample.
public struct HeadingEstimator: Sendable {
    /// The tunables.
    public let configuration: HeadingConfiguration
    /// The most recent heading, `nil` until one is known.
    public private(set) var current: HeadingSample?

    private var lastAbsoluteTime: Double?
    private var up: DeviceVector3?
    private var lastAccelerationTime: Double?
    /// Complementary filter state: device-forward azimuth from magnetic north, radians.
    private var fusedMagneticAzimuth: Double?
    private var lastGyroTime: Double?
    private var lastMagnetometerTime: Double?

    /// An estimator with the given tunables.
    public init(configuration: HeadingConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Feeds one sample; returns the new heading when this sample changed it. Samples of other kinds,
    /// and non-finite values, are ignored.
    public mutating func consume(_ sample: SensorSample) -> HeadingSample? {
        let t = sample.timeSeconds
        switch sample.reading {
        case .rotationVector(let q):
            return absolute(DeviceHeading.forwardAzimuthRadians(of: q), time: t)
        case .attitude(let attitude):
            if let q = attitude.quaternion {
                return absolute(DeviceHeading.forwardAzimuthRadians(of: q), time: t)
            }
            return absolute(attitude.yawRadians.isFinite ? attitude.yawRadians : nil, time: t)
        case .accelerometer(let a):
            updateUp(a, time: t)
            return nil
        case .gyroscope(let w):
            return integrateGyro(w, time: t)
        case .magnetometer(let b):
            return correctWithCompass(b, time: t)
        default:
            return nil
        }
    }

    private mutating func absolute(_ magneticAzimuth: Double?, time: Double) -> HeadingSample? {
        guard let magneticAzimuth, time.isFinite else { return nil }
        var azimuth = magneticAzimuth
        // Blended only while the gyroscope has kept the heading up to date since the last absolute one.
        if configuration.absoluteHeadingTimeConstantSeconds > 0, let heading = fusedMagneticAzimuth, let last = lastAbsoluteTime,
            time > last, time - last < 1, let lastGyroTime, lastGyroTime >= last
        {
            azimuth = Self.pulled(
                heading, toward: magneticAzimuth, seconds: time - last, timeConstant: configuration.absoluteHeadingTimeConstantSeconds)
        }
        fusedMagneticAzimuth = azimuth
        lastAbsoluteTime = time
        return publish(magneticAzimuth: azimuth, time: time, sigma: configuration.absoluteHeadingSigmaRadians)
    }

    private mutating func updateUp(_ a: DeviceVector3, time: Double) {
        guard a.isFinite, time.isFinite else { return }
        guard let previous = up, let last = lastAccelerationTime, time > last, time - last < 1 else {
            up = a
            lastAccelerationTime = time
            return
        }
        let dt = time - last
        let beta = dt / (configuration.gravityTimeConstantSeconds + dt)
        up = DeviceVector3(
            x: previous.x + beta * (a.x - previous.x), y: previous.y + beta * (a.y - previous.y),
            z: previous.z + beta * (a.z - previous.z))
        lastAccelerationTime = time
    }

    private mutating func integrateGyro(_ w: DeviceVector3, time: Double) -> HeadingSample? {
        defer { lastGyroTime = time }
        guard w.isFinite, time.isFinite, let up, let heading = fusedMagneticAzimuth,
            let last = lastGyroTime, time > last, time - last < 1
        else { return nil }
        let upLength = DeviceHeading.length(up)
        guard upLength > 1e-6 else { return nil }
        // Rate about "up", counter-clockwise positive; the heading turns clockwise, hence the minus.
        let rate = DeviceHeading.dot(w, up) / upLength
        fusedMagneticAzimuth = heading - rate * (time - last)
        return publishComplementary(time: time)
    }

    private mutating func correctWithCompass(_ b: DeviceVector3, time: Double) -> HeadingSample? {
        defer { lastMagnetometerTime = time }
        guard b.isFinite, time.isFinite, let up,
            let compass = DeviceHeading.forwardAzimuthRadians(up: up, magneticField: b)
        else { return nil }
        guard let heading = fusedMagneticAzimuth, let last = lastMagnetometerTime, time > last else {
            if fusedMagneticAzimuth == nil { fusedMagneticAzimuth = compass }
            return publishComplementary(time: time)
        }
        // Where an absolute source is blended, it (not the compass again) steers the gyroscope's heading.
        if configuration.absoluteHeadingTimeConstantSeconds > 0, let lastAbsoluteTime,
            time - lastAbsoluteTime <= configuration.absoluteHeadingTimeoutSeconds
        {
            return nil
        }
        fusedMagneticAzimuth = Self.pulled(
            heading, toward: compass, seconds: min(time - last, 1), timeConstant: configuration.complementaryTimeConstantSeconds)
        return publishComplementary(time: time)
    }

    private mutating func publishComplementary(time: Double) -> HeadingSample? {
        // While an absolute source is fresh, the complementary filter only keeps itself up to date.
        if let lastAbsoluteTime, time - lastAbsoluteTime <= configuration.absoluteHeadingTimeoutSeconds { return nil }
        guard let azimuth = fusedMagneticAzimuth else { return nil }
        return publish(magneticAzimuth: azimuth, time: time, sigma: configuration.complementaryHeadingSigmaRadians)
    }

    private mutating func publish(magneticAzimuth: Double, time: Double, sigma: Double) -> HeadingSample {
        let heading = Self.normalizedPositive(
            magneticAzimuth + configuration.declinationRadians
                + configuration.mountingOffsetRadians)
        let sample = HeadingSample(timeSeconds: time, headingRadians: heading, sigmaRadians: sigma)
        current = sample
        return sample
    }

    /// `heading` moved towards `target` by a first-order filter of time constant `tau` over `dt` seconds:
    /// h + α · wrap(target − h), α = dt / (τ + dt).
    static func pulled(_ heading: Double, toward target: Double, seconds dt: Double, timeConstant tau: Double) -> Double {
        heading + dt / (tau + dt) * wrapped(target - heading)
    }

    /// An angle wrapped to (−π, π].
    static func wrapped(_ radians: Double) -> Double {
        var a = radians.remainder(dividingBy: 2 * Double.pi)
        if a <= -Double.pi { a += 2 * Double.pi }
        return a
    }

    /// An angle wrapped to [0, 2π).
    static func normalizedPositive(_ radians: Double) -> Double {
        var a = radians.remainder(dividingBy: 2 * Double.pi)
        if a < 0 { a += 2 * Double.pi }
        return a
    }
}
