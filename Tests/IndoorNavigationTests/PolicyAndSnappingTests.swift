import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

@Suite struct PolicyAndSnappingTests {
    @Test func configurationValidationNamesTheField() {
        var c = NavigationConfiguration.standard
        c.arrivalRadiusMeters = 0
        #expect(throws: NavigationError.invalidConfiguration(field: "arrivalRadiusMeters", reason: "0 is outside 1 ... 50")) {
            try c.checked()
        }
        c = NavigationConfiguration.standard
        c.offRouteMinimumSeconds = .infinity
        #expect(throws: NavigationError.self) { try NavigationSession(venue: TestVenues.golden(), configuration: c) }
        c = NavigationConfiguration.standard
        c.minimumCorridorMeters = 20; c.maximumCorridorMeters = 10
        #expect(throws: NavigationError.self) { try c.checked() }
    }

    @Test func corridorScalesWithAccuracyBetweenItsBounds() {
        let c = NavigationConfiguration.standard
        #expect(c.corridorMeters(accuracyMeters: 1) == 5)  // the minimum
        #expect(c.corridorMeters(accuracyMeters: 4) == 10)  // 2.5 × 4
        #expect(c.corridorMeters(accuracyMeters: 40) == 30)  // the cap
        #expect(c.corridorMeters(accuracyMeters: .nan) == 30)
    }

    @Test func cooldownBacksOffExponentiallyToTheCap() {
        let c = NavigationConfiguration.standard
        let cooldowns = [1, 2, 3, 4, 5, 9].map { c.cooldownSeconds(afterConsecutiveReroutes: $0) }
        #expect(cooldowns == [10, 20, 40, 60, 60, 60])
        var policy = ReroutePolicy(configuration: c)
        #expect(policy.decide(timeSeconds: 0, point: .zero) == .allowed)
        policy.recordSuccess(timeSeconds: 0, point: .zero)
        #expect(policy.decide(timeSeconds: 5, point: LocalPoint(x: 20, y: 0)) == .coolingDown(untilSeconds: 10))
        #expect(policy.decide(timeSeconds: 12, point: LocalPoint(x: 2, y: 0)) == .tooLittleMovement(meters: 2))
        #expect(policy.decide(timeSeconds: 12, point: LocalPoint(x: 20, y: 0)) == .allowed)
        policy.recordSuccess(timeSeconds: 12, point: LocalPoint(x: 20, y: 0))
        #expect(policy.decide(timeSeconds: 25, point: LocalPoint(x: 40, y: 0)) == .coolingDown(untilSeconds: 32))
        // 30 s on route resets the backoff.
        policy.noteOnRoute(timeSeconds: 40)
        policy.noteOnRoute(timeSeconds: 70)
        #expect(policy.consecutiveReroutes == 0)
    }

    @Test func failuresGiveUpAndRearm() {
        var policy = ReroutePolicy(configuration: NavigationConfiguration.standard)
        let gaveUp = [0.0, 10, 30].map { policy.recordFailure(timeSeconds: $0) }
        #expect(gaveUp == [false, false, true])
        #expect(policy.decide(timeSeconds: 1000, point: .zero) == .gaveUp)
        policy.rearm()
        #expect(policy.decide(timeSeconds: 1000, point: .zero) == .allowed)
    }

    @Test func offRouteNeedsFixesAndTimeAndRecovers() {
        var d = OffRouteDetector(configuration: NavigationConfiguration.standard)
        // Three outside fixes span only 0.6 s; an ambiguous fix neither adds nor clears; the fourth outside
        // one (1.1 s) declares off-route; three clear on-route fixes in a row end it (an ambiguous one restarts the count).
        let inputs: [(OffRouteDetector.Verdict, Double)] = [
            (.outside, 0), (.outside, 0.3), (.outside, 0.6), (.ambiguous, 0.8),
            (.outside, 1.1), (.onRoute, 2), (.onRoute, 3), (.ambiguous, 4),
            (.onRoute, 5), (.onRoute, 6), (.onRoute, 7),
        ]
        let changes = inputs.map { d.update($0.0, timeSeconds: $0.1) }
        #expect(changes == [.none, .none, .none, .none, .wentOffRoute, .none, .none, .none, .none, .none, .cameBack])
    }

    /// A route that goes out along a dead end and comes back: a fix on the shared stretch snaps near the
    /// previous progress, and a reliable heading picks the matching direction.
    @Test func doublingBackRouteDoesNotJumpAndHeadingPicksTheDirection() throws {
        let venue = TestVenues.golden()
        let router = IndoorRouter(venue: venue)
        // (20,10) → out to (20,0) … no: go from (10,0) to the door and back is not a route; build one with
        // a pass-through at (0,0): (10,0) → (0,0) → (20,0) doubles back over (0…10, 0).
        var request = RouteRequest(from: .local(LocalPoint(x: 10, y: 0), level: "L0"), to: .local(LocalPoint(x: 20, y: 5), level: "L0"))
        request.waypoints = [Waypoint(.local(LocalPoint(x: 0, y: 0), level: "L0"), passThrough: true)]
        let route = try #require(try router.route(request).route)
        let tracked = TrackedRoute(route: route, venue: venue)
        let snapper = RouteSnapper(configuration: NavigationConfiguration.standard)
        // Outbound, 3 m along (at x = 7): progress 3 m, even though the return leg passes there too (at 13 m).
        let out = snapper.snap(
            point: LocalPoint(x: 7, y: 0.5), levelID: "L0", accuracyMeters: 2, headingRadians: nil,
            headingAccuracyRadians: nil, route: tracked, previousOffsetMeters: 2, elapsedSeconds: 1)
        #expect(abs((out.snap?.offsetMeters ?? -1) - 3) < 1e-9)
        // Back past x = 7 on the return (17 m along): with progress at 16 m the local search covers
        // 6…34 m, so the outbound pass (3 m) is not taken.
        let back = snapper.snap(
            point: LocalPoint(x: 7, y: 0.5), levelID: "L0", accuracyMeters: 2, headingRadians: nil,
            headingAccuracyRadians: nil, route: tracked, previousOffsetMeters: 16, elapsedSeconds: 1)
        #expect(abs((back.snap?.offsetMeters ?? -1) - 17) < 1e-9)
        // No previous progress: a reliable eastward heading (π/2) picks the return leg.
        let heading = snapper.snap(
            point: LocalPoint(x: 7, y: 0.5), levelID: "L0", accuracyMeters: 2, headingRadians: .pi / 2,
            headingAccuracyRadians: 0.1, route: tracked, previousOffsetMeters: nil, elapsedSeconds: 0)
        #expect(abs((heading.snap?.offsetMeters ?? -1) - 17) < 1e-9)
        // Another level: never snapped across levels.
        let other = snapper.snap(
            point: LocalPoint(x: 7, y: 0), levelID: "L1", accuracyMeters: 2, headingRadians: nil,
            headingAccuracyRadians: nil, route: tracked, previousOffsetMeters: 2, elapsedSeconds: 1)
        #expect(other.snap == nil && other.routeDistanceMeters == .infinity)
    }

    /// A user far from any path: bounded attempts, one give-up, then re-armed near the graph.
    @Test func strandedUserGivesUpAndRearms() throws {
        let venue = TestVenues.golden()
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        let stranded = feed(session, (1...200).map { fix(0, -80, "L0", t: Double($0)) })
        #expect(stranded.filter(\.isRerouteRequested).count == 3)
        #expect(stranded.filter { if case .rerouteGaveUp = $0 { return true } else { return false } }.count == 1)
        // Back at the corridor start, away from the route's corridor? No: 12 m south of (0,0) is near the graph
        // (within 20 m) but off the route, so rerouting re-arms and succeeds.
        let back = feed(session, (1...20).map { fix(0, -12, "L0", t: 200 + Double($0)) })
        #expect(back.contains(.rerouteRearmed))
        #expect(back.contains { $0.isRerouted })
    }

    /// Leaving the route: off-route with its distance, one reroute from near the user, rejoin preferred
    /// when it is as cheap.
    @Test func deviationReroutesOnceFromTheUser() throws {
        let venue = TestVenues.golden()
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        var events = feed(session, walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 10, y: 0), level: "L0", t0: 0))
        events += feed(session, walk(from: LocalPoint(x: 10, y: 0), to: LocalPoint(x: 10, y: -14), level: "L0", t0: 8))
        let off = try #require(events.first { $0.isOffRoute })
        if case .offRoute(let d, let reason) = off { #expect(d > 5 && reason == .distance) }
        let rerouted = events.compactMap { e -> Route? in if case .rerouted(let r, _, _) = e { return r } else { return nil } }
        #expect(rerouted.count == 1)
        let start = try #require(rerouted.first?.sections.first?.polyline.first)
        #expect(start.point.distance(to: LocalPoint(x: 10, y: -10)) < 4)
    }

    @Test func wrongLevelIsOffRoute() throws {
        let session = try NavigationSession(venue: TestVenues.golden())
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        let events = feed(session, (1...4).map { fix(2, 0, "L1", t: Double($0)) })
        #expect(events.contains(.offRoute(distanceMeters: 2, reason: .wrongLevel)))
    }
}
