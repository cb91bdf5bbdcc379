import Foundation
import IndoorConfiguration
import IndoorRecordings
import Testing

@testable import IndoorPositioning

@Suite struct HeadingTests {
    typealias Support = PositioningTestSupport

    /// Smallest absolute difference between two angles, radians.
    func angleError(_ a: Double, _ b: Double) -> Double {
        abs(atan2(sin(a - b), cos(a - b)))
    }

    @Test(arguments: [0.0, 30.0, 90.0, 135.0, 200.0, 315.0])
    func flatPhoneRotationVectorGivesItsAzimuth(degrees: Double) throws {
        let heading = degrees * .pi / 180
        let azimuth = try #require(DeviceHeading.forwardAzimuthRadians(of: Support.flatPhone(headingRadians: heading)))
        #expect(angleError(azimuth, heading) < 1e-9)
    }

    @Test(arguments: [0.0, 60.0, 250.0])
    func uprightAndTiltedPhonesPointWhereTheBackCameraLooks(degrees: Double) throws {
        let heading = degrees * .pi / 180
        // Pitch the top up about the device x axis (90° = upright, screen towards the user), then turn.
        for pitch in [30.0, 60.0, 90.0] {
            let tilt = Support.quaternion(axis: (1, 0, 0), angle: pitch * .pi / 180)
            let q = Support.multiply(Support.flatPhone(headingRadians: heading), tilt)
            let azimuth = try #require(DeviceHeading.forwardAzimuthRadians(of: q))
            #expect(angleError(azimuth, heading) < 1e-9, "pitch \(pitch)°")
        }
    }

    @Test func threeValueRotationVectorAsAndroidSendsIt() throws {
        // Android drops w ≥ 0; the rotation about up by −40° has vector part (0, 0, sin(−20°)).
        let q = Quaternion(vectorPartX: 0, y: 0, z: sin(-20 * Double.pi / 180))
        let azimuth = try #require(DeviceHeading.forwardAzimuthRadians(of: q))
        #expect(angleError(azimuth, 40 * .pi / 180) < 1e-9)
        #expect(DeviceHeading.forwardAzimuthRadians(of: Quaternion(w: .nan, x: 0, y: 0, z: 0)) == nil)
        #expect(DeviceHeading.forwardAzimuthRadians(of: Quaternion(w: 0, x: 0, y: 0, z: 0)) == nil)
    }

    @Test func declinationAndMountingOffsetAreAdded() throws {
        var estimator = HeadingEstimator(
            configuration: try HeadingConfiguration {
                $0.declinationRadians = 0.1
                $0.mountingOffsetRadians = 0.2
            })
        let sample = estimator.consume(SensorSample(timeSeconds: 0, reading: .rotationVector(Support.flatPhone(headingRadians: 1))))
        #expect(abs((sample?.headingRadians ?? 0) - 1.3) < 1e-9)
        #expect(sample?.sigmaRadians == HeadingConfiguration.standard.absoluteHeadingSigmaRadians)
    }

    @Test func attitudeYawIsUsedWithoutAQuaternion() {
        var estimator = HeadingEstimator()
        let yaw = estimator.consume(
            SensorSample(timeSeconds: 0, reading: .attitude(Attitude(pitchRadians: 0.1, rollRadians: 0, yawRadians: -0.5))))
        #expect(abs((yaw?.headingRadians ?? 0) - (2 * Double.pi - 0.5)) < 1e-9)
    }

    /// The device-frame readings of a flat phone heading `heading` in a field pointing north and down.
    func flatPhoneSensors(heading: Double) -> (up: DeviceVector3, field: DeviceVector3) {
        // World field (east, north, up) = (0, 20, −40) µT; device axes of a flat phone turned clockwise by
        // `heading`: x = (cos h, −sin h, 0), y = (sin h, cos h, 0), z = up.
        let field = DeviceVector3(x: 20 * -sin(heading), y: 20 * cos(heading), z: -40)
        return (DeviceVector3(x: 0, y: 0, z: 9.81), field)
    }

    @Test(arguments: [0.0, 45.0, 170.0, 290.0])
    func tiltCompensatedCompassGivesTheHeading(degrees: Double) throws {
        let heading = degrees * .pi / 180
        let sensors = flatPhoneSensors(heading: heading)
        let azimuth = try #require(DeviceHeading.forwardAzimuthRadians(up: sensors.up, magneticField: sensors.field))
        #expect(angleError(azimuth, heading) < 1e-9)
    }

    @Test func complementaryFilterIntegratesTheGyroscopeWithoutARotationVector() {
        var estimator = HeadingEstimator()
        let sensors = flatPhoneSensors(heading: 1.0)
        _ = estimator.consume(SensorSample(timeSeconds: 0, reading: .accelerometer(sensors.up)))
        let initial = estimator.consume(SensorSample(timeSeconds: 0.01, reading: .magnetometer(sensors.field)))
        #expect(abs((initial?.headingRadians ?? 0) - 1.0) < 1e-9)
        // Turning counter-clockwise at 0.5 rad/s about up for 1 s lowers the clockwise heading by 0.5 rad.
        var last: HeadingSample?
        for i in 0...100 {
            let t = 0.02 + Double(i) * 0.01
            last =
                estimator.consume(SensorSample(timeSeconds: t, reading: .gyroscope(DeviceVector3(x: 0, y: 0, z: 0.5))))
                ?? last
        }
        #expect(abs((last?.headingRadians ?? 0) - 0.5) < 1e-6)
        #expect(last?.sigmaRadians == HeadingConfiguration.standard.complementaryHeadingSigmaRadians)
    }

    @Test func complementaryFilterConvergesToTheCompass() {
        var estimator = HeadingEstimator()
        let start = flatPhoneSensors(heading: 0.2)
        let end = flatPhoneSensors(heading: 0.8)
        _ = estimator.consume(SensorSample(timeSeconds: 0, reading: .accelerometer(start.up)))
        _ = estimator.consume(SensorSample(timeSeconds: 0, reading: .magnetometer(start.field)))
        var last: HeadingSample?
        // 60 s of compass at 0.8 rad with τ = 5 s: the gap shrinks by e^(−12).
        for i in 1...3000 {
            last = estimator.consume(SensorSample(timeSeconds: Double(i) * 0.02, reading: .magnetometer(end.field))) ?? last
        }
        #expect(abs((last?.headingRadians ?? 0) - 0.8) < 1e-4)
    }

    @Test func rotationVectorWinsWhileFresh() {
        var estimator = HeadingEstimator()
        let sensors = flatPhoneSensors(heading: 2.0)
        _ = estimator.consume(SensorSample(timeSeconds: 0, reading: .accelerometer(sensors.up)))
        _ = estimator.consume(SensorSample(timeSeconds: 0, reading: .rotationVector(Support.flatPhone(headingRadians: 1.0))))
        #expect(estimator.consume(SensorSample(timeSeconds: 0.1, reading: .magnetometer(sensors.field))) == nil)
        #expect(abs((estimator.current?.headingRadians ?? 0) - 1.0) < 1e-9)
        // After the timeout the complementary filter takes over, starting from the last absolute heading.
        let late = estimator.consume(SensorSample(timeSeconds: 2, reading: .magnetometer(sensors.field)))
        #expect(late != nil)
        #expect((late?.headingRadians ?? 0) > 1.0 && (late?.headingRadians ?? 3) < 2.0)
    }

    @Test func aBlendedAbsoluteHeadingOnlySteersTheGyroscopes() throws {
        // τ = 10 s: the phone lies still (no gyro rate) at heading 1.0 while the rotation vector jumps to
        // 1.5 for 1 s (a magnetic disturbance), at 50 Hz.
        let configuration = try HeadingConfiguration { $0.absoluteHeadingTimeConstantSeconds = 10 }
        var blended = HeadingEstimator(configuration: configuration)
        var plain = HeadingEstimator()
        let sensors = flatPhoneSensors(heading: 1.0)
        var lastBlended: HeadingSample?, lastPlain: HeadingSample?
        for i in 0...100 {
            let t = Double(i) * 0.02
            let absolute = t < 1 ? 1.0 : 1.5
            for sample in [
                SensorSample(timeSeconds: t, reading: .accelerometer(sensors.up)),
                SensorSample(timeSeconds: t + 0.001, reading: .gyroscope(DeviceVector3(x: 0, y: 0, z: 0))),
                SensorSample(timeSeconds: t + 0.002, reading: .magnetometer(sensors.field)),
                SensorSample(timeSeconds: t + 0.003, reading: .rotationVector(Support.flatPhone(headingRadians: absolute))),
            ] {
                lastBlended = blended.consume(sample) ?? lastBlended
                lastPlain = plain.consume(sample) ?? lastPlain
            }
        }
        // As is: the disturbance is the heading. Blended: 1 s of a 0.5 rad gap with τ = 10 s moves it by
        // 0.5 (1 − e^(−1/10)) ≈ 0.048 rad (the magnetometer, agreeing with the start, does not pull back).
        #expect(abs((lastPlain?.headingRadians ?? 0) - 1.5) < 1e-9)
        let moved = (lastBlended?.headingRadians ?? 0) - 1.0
        #expect(abs(moved - 0.5 * (1 - exp(-1.0 / 10))) < 0.005, "moved \(moved)")
        #expect(lastBlended?.sigmaRadians == configuration.absoluteHeadingSigmaRadians)
    }

    @Test func withoutAFloorPlanTheOtherTimeConstantIsUsed() throws {
        #expect(HeadingConfiguration.standard.absoluteHeadingTimeConstantSeconds == 0)
        #expect(HeadingConfiguration.standard.withoutFloorPlan().absoluteHeadingTimeConstantSeconds == 7)
        let configuration = try HeadingConfiguration {
            $0.absoluteHeadingTimeConstantSeconds = 3
            $0.absoluteHeadingTimeConstantWithoutFloorPlanSeconds = 12
        }
        let without = configuration.withoutFloorPlan()
        #expect(without.absoluteHeadingTimeConstantSeconds == 12 && without.absoluteHeadingTimeConstantWithoutFloorPlanSeconds == 12)
        // Everything else is left as it was.
        #expect(without.absoluteHeadingSigmaRadians == configuration.absoluteHeadingSigmaRadians)
        #expect(throws: ConfigurationError.self) {
            try HeadingConfiguration { $0.absoluteHeadingTimeConstantWithoutFloorPlanSeconds = -1 }
        }
        // Dead reckoning applies it only for a walk without a floor plan.
        #expect(DeadReckoningConfiguration.standard.forWalk(withFloorPlan: true) == .standard)
        #expect(DeadReckoningConfiguration.standard.forWalk(withFloorPlan: false).heading.absoluteHeadingTimeConstantSeconds == 7)
        #expect(DeadReckoningConfiguration.standard.forWalk(withFloorPlan: false).stride == DeadReckoningConfiguration.standard.stride)
    }

    @Test func aBlendedHeadingFollowsTheGyroscopesTurns() throws {
        // Turning at 0.5 rad/s for 1 s while the absolute source agrees: the blend follows the turn.
        let configuration = try HeadingConfiguration { $0.absoluteHeadingTimeConstantSeconds = 10 }
        var estimator = HeadingEstimator(configuration: configuration)
        let sensors = flatPhoneSensors(heading: 1.0)
        var last: HeadingSample?
        for i in 0...100 {
            let t = Double(i) * 0.01
            _ = estimator.consume(SensorSample(timeSeconds: t, reading: .accelerometer(sensors.up)))
            _ = estimator.consume(SensorSample(timeSeconds: t + 0.001, reading: .gyroscope(DeviceVector3(x: 0, y: 0, z: 0.5))))
            let absolute = 1.0 - 0.5 * (t + 0.002)
            last =
                estimator.consume(
                    SensorSample(timeSeconds: t + 0.002, reading: .rotationVector(Support.flatPhone(headingRadians: absolute))))
                ?? last
        }
        #expect(abs((last?.headingRadians ?? 0) - 0.5) < 0.01)
    }
}
