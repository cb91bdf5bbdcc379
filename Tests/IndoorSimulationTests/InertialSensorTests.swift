import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorSimulation

@Suite struct InertialSensorTests {
    private func verticalAcceleration(_ samples: [SensorSample]) -> [Double] {
        samples.compactMap { if case .accelerometer(let v) = $0.reading { v.z } else { nil } }
    }

    @Test(arguments: [UInt64(3), 19, 2024])
    func accelerometerBumpsCountTheSteps(seed: UInt64) throws {
        let (venue, trajectory) = try Fixture.goldenWalk(seed: seed)
        expectBumpsCountTheSteps(trajectory, venue: venue, seed: seed, atLeast: 50)
    }

    @Test func stepCountHoldsOverALongWalkWithStairsAndRides() throws {
        let venue = TestVenues.randomGrid(seed: 4)
        let planner = try WalkPlanner(venue: venue)
        let trajectory = try planner.plan(
            WalkRequest(
                origin: .local(LocalPoint(x: 0, y: 0), level: "L0"),
                destination: .local(LocalPoint(x: 35, y: 35), level: "L2"), seed: 5, durationSeconds: 900))
        expectBumpsCountTheSteps(trajectory, venue: venue, seed: 5, atLeast: 1000)
    }

    /// The vertical acceleration of `trajectory`'s simulation bumps once a step (within 2 %), on a walk of more than `atLeast` steps.
    private func expectBumpsCountTheSteps(_ trajectory: Trajectory, venue: Venue, seed: UInt64, atLeast minimumSteps: Int) {
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: seed)
        let counted = Fixture.countBumps(verticalAcceleration(Fixture.samples(simulation)))
        #expect(trajectory.stepCount > minimumSteps)
        #expect(
            abs(Double(counted - trajectory.stepCount)) <= 0.02 * Double(trajectory.stepCount),
            "counted \(counted) bumps for \(trajectory.stepCount) steps")
    }

    @Test func standingStillReadsGravityAndNoRotation() throws {
        let (venue, trajectory) = try Fixture.goldenWalk()
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: 1)
        // The first 2 s are the start pause.
        let still = Fixture.samples(simulation).filter { $0.timeSeconds < 1.9 }
        let acc = still.compactMap { if case .accelerometer(let v) = $0.reading { v } else { nil } }
        let gyro = still.compactMap { if case .gyroscope(let v) = $0.reading { v } else { nil } }
        #expect(acc.count == 95)
        let meanZ = acc.map(\.z).reduce(0, +) / Double(acc.count)
        // 0.1 m/s² noise over 95 samples: standard error 0.01.
        #expect(abs(meanZ - 9.80665) < 0.05)
        #expect(abs(acc.map(\.y).reduce(0, +) / Double(acc.count)) < 0.05)
        // Bias σ 0.005 rad/s plus noise averaged: well under 0.02 rad/s.
        #expect(abs(gyro.map(\.z).reduce(0, +) / Double(gyro.count)) < 0.02)
    }

    @Test func rotationVectorAzimuthIsTheTrueHeading() throws {
        let (venue, trajectory) = try Fixture.goldenWalk()
        // Without noise: exact (to the 1e-7 quantisation of the quaternion).
        let exact = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], configuration: try Fixture.noiseless(), seed: 1)
        var worst = 0.0
        for sample in Fixture.samples(exact) {
            guard case .rotationVector(let q) = sample.reading else { continue }
            #expect(abs(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z - 1) < 1e-6)
            #expect(q.w >= 0)
            let truth = trajectory.state(atSeconds: sample.timeSeconds).headingRadians
            worst = max(worst, abs(Fixture.angleDifference(Fixture.azimuth(of: q), truth)))
        }
        #expect(worst < 1e-6)

        // With the default 2° white noise (drift 0.1°/√s over ~110 s adds ~1°): RMS error 1.5…4°.
        let noisy = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], seed: 1)
        var squares = 0.0, count = 0.0
        for sample in Fixture.samples(noisy) {
            guard case .rotationVector(let q) = sample.reading else { continue }
            let e = Fixture.angleDifference(Fixture.azimuth(of: q), trajectory.state(atSeconds: sample.timeSeconds).headingRadians)
            squares += e * e; count += 1
        }
        let rmsDegrees = (squares / count).squareRoot() * 180 / .pi
        #expect(rmsDegrees > 1.5 && rmsDegrees < 4, "RMS heading error \(rmsDegrees)°")
    }

    @Test func gyroscopeIntegratesToTheHeadingChange() throws {
        let (venue, trajectory) = try Fixture.goldenWalk()
        let simulation = SensorSimulation(
            trajectory: trajectory, venue: venue, beacons: [], configuration: try Fixture.noiseless(), seed: 1)
        // Corridor east (90°), left to north (0°), then east again at the lobby (right turn): net 0 at the end.
        // Integrate −ω_z (clockwise positive) up to 25 s: after the first left turn only → −90°.
        var integral = 0.0
        var previous: Double?
        for sample in Fixture.samples(simulation) where sample.timeSeconds <= 25 {
            guard case .gyroscope(let v) = sample.reading else { continue }
            if let previous { integral += -v.z * (sample.timeSeconds - previous) }
            previous = sample.timeSeconds
        }
        #expect(abs(integral + .pi / 2) < 0.03)
    }

    @Test func magnetometerPointsNorthInTheDeviceFrame() throws {
        let (venue, trajectory) = try Fixture.goldenWalk()
        let simulation = SensorSimulation(
            trajectory: trajectory, venue: venue, beacons: [], configuration: try Fixture.noiseless(), seed: 1)
        for sample in Fixture.samples(simulation) {
            guard case .magnetometer(let m) = sample.reading else { continue }
            // Horizontal field along device axes: north appears at (−sin ψ, cos ψ)·20 µT; down is −z.
            let heading = atan2(-m.x, m.y)
            let truth = trajectory.state(atSeconds: sample.timeSeconds).headingRadians
            #expect(abs(Fixture.angleDifference(heading, truth)) < 1e-3)
            #expect(abs((m.x * m.x + m.y * m.y).squareRoot() - 20) < 1e-2)
            #expect(abs(m.z + 44) < 1e-2)
        }
    }

    @Test func pressureDifferenceMatchesTheElevationDifference() throws {
        let (venue, trajectory) = try Fixture.goldenWalk()
        var inertial = InertialSensorConfiguration.standard
        inertial.pressureDriftHectopascalsPerSqrtSecond = 0
        let configuration = try SimulationConfiguration(inertial: inertial)
        let simulation = SensorSimulation(trajectory: trajectory, venue: venue, beacons: [], configuration: configuration, seed: 9)
        var ground: [Double] = [], first: [Double] = []
        for sample in Fixture.samples(simulation) {
            guard case .pressure(let hPa) = sample.reading else { continue }
            let state = trajectory.state(atSeconds: sample.timeSeconds)
            guard state.motion == .walking || state.motion == .standing else { continue }
            if state.levelIndex == 0 { ground.append(hPa) } else { first.append(hPa) }
        }
        #expect(ground.count > 100 && first.count > 50)
        let groundMean: Double = ground.reduce(0, +) / Double(ground.count)
        let firstMean: Double = first.reduce(0, +) / Double(first.count)
        let difference = groundMean - firstMean
        // 4 m at ρg = 1.225 kg/m³ × 9.80665 m/s² = 0.1201 hPa/m → 0.480 hPa; noise 0.02 hPa averages out.
        #expect(abs(difference - 4 * 1.225 * 9.80665 / 100) < 0.01, "difference \(difference) hPa")
        // Absolute level near sea level + 1.2 m device height.
        let expectedGround: Double = 1013.25 - 1.2 * 0.1201
        #expect(abs(groundMean - expectedGround) < 0.01)
    }

    @Test func elevatorRideShowsInTheVerticalAcceleration() throws {
        let (venue, trajectory) = try Fixture.goldenWalk()
        let simulation = SensorSimulation(
            trajectory: trajectory, venue: venue, beacons: [], configuration: try Fixture.noiseless(), seed: 1)
        let ride = try #require(trajectory.pieces.first { $0.motion == .elevatorRide })
        let inRide = Fixture.samples(simulation).compactMap { s -> Double? in
            guard s.timeSeconds >= ride.startSeconds, s.timeSeconds <= ride.endSeconds, case .accelerometer(let v) = s.reading else {
                return nil
            }
            return v.z - Fixture.gravity
        }
        // h(t) = 2(1 − cos(πt/6)) for a 4 m ride of 6 s: peak acceleration 4π²/72 ≈ 0.548 m/s², up then down.
        let peak = 4 * Double.pi * Double.pi / 72
        #expect(abs((inRide.max() ?? 0) - peak) < 1e-3)
        #expect(abs((inRide.min() ?? 0) + peak) < 1e-3)
    }
}
