import IndoorGeometry
import IndoorRecordings
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorSimulation

@Suite struct TrajectoryTests {
    @Test func followsTheGoldenRouteAndRidesTheElevator() throws {
        let (_, trajectory) = try Fixture.goldenWalk()
        let route = trajectory.routePolyline
        // Entrance (0,0) on L0 to the office (47.2,20) on L1.
        #expect(route.first?.point == LocalPoint(x: 0, y: 0))
        #expect(route.last?.point == LocalPoint(x: 47.2, y: 20))
        for t in stride(from: 0.0, through: trajectory.durationSeconds, by: 0.25) {
            let s = trajectory.state(atSeconds: t)
            let d = Fixture.distance(s.position, level: trajectory.levelIDs[s.levelIndex], toRoute: route)
            #expect(d < 1e-9, "at \(t) s the walker is \(d) m off the route")
        }
        let motions = trajectory.pieces.map(\.motion)
        #expect(motions.first == .standing && motions.last == .standing)
        #expect(motions.contains(.elevatorWait) && motions.contains(.elevatorRide))
        #expect(!motions.contains(.stairs))
        // Walk: 20 + 15 + 5 + 15 m on L0 and 12.2 m on L1 at 1.3 m/s; elevator: 15 s wait, 4 m at 1 m/s + 2 s;
        // 2 s pauses at both ends.
        let expected = 2 + 55 / 1.3 + 15 + 6 + 12.2 / 1.3 + 2
        #expect(abs(trajectory.durationSeconds - expected) < 1e-6)
        #expect(abs(trajectory.distanceMeters - 67.2) < 1e-9)
        let end = trajectory.state(atSeconds: trajectory.durationSeconds)
        #expect(trajectory.levelIDs[end.levelIndex] == "L1")
        #expect(abs(end.elevationMeters - 4) < 1e-12)
    }

    @Test func stepsMatchTheStrideAndNoStepsInTheElevator() throws {
        let (_, trajectory) = try Fixture.goldenWalk(seed: 11)
        let f = trajectory.nominalStepFrequencyHz
        #expect((1.6...2.0).contains(f))
        // Two walking stretches (55 m, 12.2 m): each holds round(duration × f) steps.
        let expected = (55 / 1.3 * f).rounded() + (12.2 / 1.3 * f).rounded()
        #expect(trajectory.stepCount == Int(expected))
        let steps = trajectory.stepTimes()
        #expect(steps.count == trajectory.stepCount)
        for t in steps {
            let motion = trajectory.state(atSeconds: t - 1e-6).motion
            #expect(motion.isStepping, "step at \(t) s while \(motion)")
        }
        // Stride = speed / frequency within the stretch rounding.
        let stride = 67.2 / Double(trajectory.stepCount)
        #expect(abs(stride - 1.3 / f) / (1.3 / f) < 0.03)
    }

    @Test func headingTurnsAtTheConfiguredRate() throws {
        let (_, trajectory) = try Fixture.goldenWalk()
        // East along the corridor, then north at (20,0): a 90° left turn at 120°/s takes 0.75 s.
        let corner = 2 + 20 / 1.3
        let before = trajectory.state(atSeconds: corner - 0.1)
        let during = trajectory.state(atSeconds: corner + 0.375)
        let after = trajectory.state(atSeconds: corner + 0.8)
        #expect(abs(before.headingRadians - .pi / 2) < 1e-9)
        #expect(abs(during.headingRadians - .pi / 4) < 1e-9)
        #expect(abs(during.headingRateRadiansPerSecond + 120 * .pi / 180) < 1e-9)
        #expect(abs(after.headingRadians) < 1e-9 || abs(after.headingRadians - 2 * .pi) < 1e-9)
        #expect(after.headingRateRadiansPerSecond == 0)
    }

    @Test func deviationLeavesTheRouteTowardsTheTarget() throws {
        let deviation = Deviation(atSeconds: 10, target: .local(LocalPoint(x: 10, y: 12), level: "L0"))
        let (_, trajectory) = try Fixture.goldenWalk(deviation: deviation)
        let route = trajectory.routePolyline
        // At 10 s the walker is 8 s × 1.3 m/s = 10.4 m along the corridor; then straight to (10, 12).
        let leave = trajectory.state(atSeconds: 10)
        #expect(abs(leave.position.x - 10.4) < 1e-9 && abs(leave.position.y) < 1e-9)
        for t in stride(from: 0.0, to: 10, by: 0.5) {
            let s = trajectory.state(atSeconds: t)
            #expect(Fixture.distance(s.position, level: "L0", toRoute: route) < 1e-9)
            #expect(!s.isOffRoute)
        }
        let arrival = 10 + (0.4 * 0.4 + 144).squareRoot() / 1.3
        let end = trajectory.state(atSeconds: trajectory.durationSeconds)
        #expect(abs(end.position.x - 10) < 1e-9 && abs(end.position.y - 12) < 1e-9)
        #expect(end.isOffRoute)
        #expect(abs(trajectory.durationSeconds - (arrival + 2)) < 1e-9)
        let away = trajectory.state(atSeconds: arrival)
        #expect(Fixture.distance(away.position, level: "L0", toRoute: route) > 9)
    }

    @Test func deviationDuringTheElevatorWaitsForTheRideToEnd() throws {
        // The elevator wait starts at 2 + 55/1.3 ≈ 44.3 s and the ride ends 21 s later, on L1.
        let deviation = Deviation(atSeconds: 50, target: .local(LocalPoint(x: 30, y: 10), level: "L1"))
        let (_, trajectory) = try Fixture.goldenWalk(deviation: deviation)
        let rideEnd = 2 + 55 / 1.3 + 21
        let found = trajectory.pieces.first { $0.isDeviation }
        let firstOff = try #require(found)
        #expect(abs(firstOff.startSeconds - rideEnd) < 1e-9)
        #expect(firstOff.start == LocalPoint(x: 35, y: 20))
    }

    @Test func longRecordingsWalkBackAndForthUntilTheDuration() throws {
        let (_, trajectory) = try Fixture.goldenWalk(durationSeconds: 600)
        #expect(abs(trajectory.durationSeconds - 600) < 1e-9)
        for (a, b) in zip(trajectory.pieces, trajectory.pieces.dropFirst()) {
            #expect(abs(a.endSeconds - b.startSeconds) < 1e-9 && a.end == b.start)
        }
        // One trip is ≈ 111 s; ten minutes hold several trips, each through the elevator.
        #expect(trajectory.pieces.filter { $0.motion == .elevatorRide }.count >= 4)
        let route = trajectory.routePolyline
        for t in stride(from: 0.0, through: 600, by: 1) {
            let s = trajectory.state(atSeconds: t)
            #expect(Fixture.distance(s.position, level: trajectory.levelIDs[s.levelIndex], toRoute: route) < 1e-9)
        }
    }

    @Test func shortDurationCutsTheWalk() throws {
        let (_, trajectory) = try Fixture.goldenWalk(durationSeconds: 20)
        #expect(abs(trajectory.durationSeconds - 20) < 1e-12)
        // 18 s of walking = 23.4 m: the 20 m corridor, then 3.4 m north.
        let end = trajectory.state(atSeconds: 20).position
        #expect(abs(end.x - 20) < 1e-9 && abs(end.y - 3.4) < 1e-9)
    }

    @Test func groundTruthTimesIncludeEveryTurn() throws {
        let (_, trajectory) = try Fixture.goldenWalk()
        let times = trajectory.groundTruthTimes(rateHz: 1)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        for piece in trajectory.pieces { #expect(times.contains { abs($0 - piece.startSeconds) < 1e-6 }) }
        #expect(times.last == trajectory.durationSeconds)
        #expect(times.count >= Int(trajectory.durationSeconds))
    }

    @Test func randomGridWalksUseTheirConnectors() throws {
        var kindsSeen: Set<WalkerMotion> = []
        for seed in UInt64(1)...6 {
            let venue = TestVenues.randomGrid(seed: seed)
            let planner = try WalkPlanner(venue: venue)
            let request = WalkRequest(
                origin: .local(LocalPoint(x: 0, y: 0), level: "L0"), destination: .local(LocalPoint(x: 35, y: 35), level: "L2"), seed: seed)
            guard let trajectory = try? planner.plan(request) else { continue }
            kindsSeen.formUnion(trajectory.pieces.map(\.motion))
            let end = trajectory.state(atSeconds: trajectory.durationSeconds)
            #expect(trajectory.levelIDs[end.levelIndex] == "L2")
            #expect(abs(end.elevationMeters - 8) < 1e-9)
            // Elevation never leaves the range of the levels and changes only on connectors.
            for piece in trajectory.pieces where piece.motion == .walking || piece.motion == .standing {
                #expect(piece.startElevationMeters == piece.endElevationMeters)
            }
        }
        #expect(kindsSeen.contains(.walking))
        #expect(kindsSeen.count >= 3)
    }
}

@Suite struct DegenerateWalkTests {
    @Test func aWalkToWhereItStartsStandsForTheDuration() throws {
        var walker = WalkerConfiguration.standard
        walker.turnaroundPauseSeconds = 0
        let planner = try WalkPlanner(venue: TestVenues.golden(), configuration: try SimulationConfiguration(walker: walker))
        let here = Place.local(LocalPoint(x: 20, y: 0), level: "L0")
        let trajectory = try planner.plan(WalkRequest(origin: here, destination: here, seed: 1, durationSeconds: 30))
        #expect(abs(trajectory.durationSeconds - 30) < 1e-9)
        #expect(trajectory.stepCount == 0)
        #expect(trajectory.state(atSeconds: 17).position == LocalPoint(x: 20, y: 0))
    }
}
