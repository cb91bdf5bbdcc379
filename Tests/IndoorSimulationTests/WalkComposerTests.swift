import IndoorGeometry
import IndoorRouting
import IndoorVenue
import Testing

@testable import IndoorSimulation

/// ``WalkComposer``: walks composed leg by leg with the planner's walk model.
@Suite struct WalkComposerTests {
    let venue = ScenarioVenues.corridorGrid()

    @Test func aStraightWalkTakesItsLengthOverTheSpeedAndCutsWhereTold() throws {
        var composer = try WalkComposer(
            venue: venue, walker: WalkerConfiguration.standard, start: RoutePoint(point: LocalPoint(x: 0, y: 30), levelID: "F0"),
            headingRadians: .pi / 2)
        composer.walk(to: LocalPoint(x: 13, y: 30))
        // 13 m at the default 1.3 m/s.
        #expect(abs(composer.timeSeconds - 10) < 1e-9)
        let walk = composer.trajectory()
        #expect(abs(walk.state(atSeconds: 5).position.x - 6.5) < 1e-9)
        #expect(walk.state(atSeconds: 5).motion == .walking)
        composer.cut(atSeconds: 5)
        #expect(abs(composer.position.x - 6.5) < 1e-9 && abs(composer.timeSeconds - 5) < 1e-9)
        composer.walk(to: LocalPoint(x: 6.5, y: 43), isDeviation: true)
        #expect(abs(composer.timeSeconds - 15) < 1e-9)
        let cut = composer.trajectory()
        #expect(cut.state(atSeconds: 10).isOffRoute)
        #expect(abs(cut.state(atSeconds: 15).position.y - 43) < 1e-9)
        composer.stand(seconds: 2)
        #expect(abs(composer.timeSeconds - 17) < 1e-9)
    }

    @Test func followingARouteRidesItsStairs() throws {
        let request = RouteRequest(
            from: .local(LocalPoint(x: 0, y: 20), level: "F0"), to: .local(LocalPoint(x: 20, y: 0), level: "F1"))
        let route = try #require(try IndoorRouter(venue: venue).route(request).route)
        var composer = try WalkComposer(venue: venue, walker: WalkerConfiguration.standard, startOf: route)
        try composer.follow(route)
        let walk = composer.trajectory()
        let end = walk.state(atSeconds: walk.durationSeconds)
        #expect(end.position.distance(to: LocalPoint(x: 20, y: 0)) < 1e-9)
        #expect(walk.levelIDs[end.levelIndex] == "F1")
        #expect(walk.pieces.contains { $0.motion == .stairs })
        // 40 m on the levels at 1.3 m/s, and the stairs slower than walking.
        #expect(walk.durationSeconds > 40 / 1.3 + 1)
        // Following from the vertex after the stairs walks only the F1 leg: (0, 0) → (20, 0), 20 m.
        let stairsEnd = try #require(route.polyline.indices.last { route.polyline[$0].levelID == "F0" }) + 1
        var rest = try WalkComposer(
            venue: venue, walker: WalkerConfiguration.standard, start: route.polyline[stairsEnd], headingRadians: .pi / 2)
        try rest.follow(route, afterVertex: stairsEnd)
        #expect(abs(rest.timeSeconds - 20 / 1.3) < 1e-6)
    }

    @Test func badWalkersAndLevelsAreReported() {
        var slow = WalkerConfiguration.standard
        slow.walkingSpeedMetersPerSecond = 0
        #expect(throws: SimulationError.self) {
            try WalkComposer(venue: venue, walker: slow, start: RoutePoint(point: .zero, levelID: "F0"), headingRadians: 0)
        }
        do {
            _ = try WalkComposer(
                venue: venue, walker: WalkerConfiguration.standard, start: RoutePoint(point: .zero, levelID: "F9"), headingRadians: 0)
            Issue.record("an unknown level must throw")
        } catch {
            guard case .unknownLevel(let reference, _) = error else { Issue.record("\(error)"); return }
            #expect(reference == "F9")
        }
    }
}
