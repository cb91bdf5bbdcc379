import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing

@testable import IndoorNavigation

/// Near a level change a heading away from the route is no evidence of leaving it
/// (``NavigationConfiguration/levelChangeZoneMeters``): on a stairwell's landing the walked path turns
/// away from the route's line.
@Suite struct LevelChangeZoneTests {
    /// The corridor grid's west stairs stand at (0, 0) on both levels. A route from (0, 20) on F0 down
    /// the x = 0 corridor to the stairs, up, and east to (20, 0) on F1.
    static func route(in venue: Venue) throws -> Route {
        let request = RouteRequest(
            from: .local(LocalPoint(x: 0, y: 20), level: "F0"), to: .local(LocalPoint(x: 20, y: 0), level: "F1"))
        return try #require(try IndoorRouter(venue: venue).route(request).route)
    }

    @Test func distanceToTheConnectorRunIsMeasuredAlongTheRoute() throws {
        let venue = ScenarioVenues.corridorGrid()
        let tracked = TrackedRoute(route: try Self.route(in: venue), venue: venue)
        // The F0 leg is 20 m long (0, 20) → (0, 0); the run starts there.
        #expect(abs(tracked.distanceToLevelChangeMeters(from: 12) - 8) < 1e-9)
        #expect(tracked.distanceToLevelChangeMeters(from: 20) == 0)
        let end = try #require(tracked.segments.last { $0.levelID == nil }).endOffsetMeters
        #expect(abs(tracked.distanceToLevelChangeMeters(from: end + 7) - 7) < 1e-9)
        // A route on one level has no level change.
        let flat = try #require(
            try IndoorRouter(venue: venue).route(
                RouteRequest(from: .local(LocalPoint(x: 0, y: 30), level: "F0"), to: .local(LocalPoint(x: 30, y: 30), level: "F0"))
            ).route)
        #expect(TrackedRoute(route: flat, venue: venue).distanceToLevelChangeMeters(from: 5) == .infinity)
    }

    /// Walks down the corridor to the stairs, then stands on a landing 5.5 m east of the corridor, 4 m before the stairs,
    /// facing east (away from the route), inside the corridor but beyond its on-route fraction.
    func offRouteEvents(zoneMeters: Double) throws -> Int {
        let venue = ScenarioVenues.corridorGrid()
        var configuration = NavigationConfiguration.standard
        configuration.levelChangeZoneMeters = zoneMeters
        let session = try NavigationSession(venue: venue, configuration: configuration)
        func fix(_ x: Double, _ y: Double, heading: Double, at t: Double) -> IndoorLocation {
            IndoorLocation(
                point: LocalPoint(x: x, y: y), levelID: "F0", accuracyMeters: 3, timeSeconds: t, source: "test",
                headingRadians: heading, headingAccuracyRadians: 0.2)
        }
        var events = session.startNavigation(along: try Self.route(in: venue), from: fix(0, 20, heading: .pi, at: 0))
        var t = 0.0
        for y in stride(from: 18.0, through: 2, by: -2) {
            t += 1
            events += session.handle(fix(0, y, heading: .pi, at: t))
        }
        for _ in 0..<6 {
            t += 1
            events += session.handle(fix(5.5, 4, heading: .pi / 2 + 0.3, at: t))
        }
        return events.filter { if case .offRoute = $0 { true } else { false } }.count
    }

    @Test func headingAwayNearTheStairsIsNoEvidence() throws {
        #expect(try offRouteEvents(zoneMeters: NavigationConfiguration.standard.levelChangeZoneMeters) == 0)
        // Without the zone, the same fixes are off-route evidence: the check can fail.
        #expect(try offRouteEvents(zoneMeters: 0) == 1)
    }

    @Test func theZoneIsValidated() {
        for bad in [-1.0, 51, .nan] {
            var c = NavigationConfiguration.standard
            c.levelChangeZoneMeters = bad
            #expect(throws: NavigationError.self) { try c.checked() }
        }
    }
}
