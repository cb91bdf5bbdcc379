import IndoorGeometry
import Routing
import Testing
import VenueFixtures
@testable import Navigation

/// The pure steps of ``NavigationSession/track(_:)``: level handling, holds at stops, the off-route
/// verdict and its event.
@Suite struct TrackingStepTests {
    /// A one-level route on the golden venue from (10, 0) to (20, 5).
    static func tracked() throws -> TrackedRoute {
        let venue = TestVenues.golden()
        let request = RouteRequest(from: .local(LocalPoint(x: 10, y: 0), level: "L0"), to: .local(LocalPoint(x: 20, y: 5), level: "L0"))
        let route = try #require(try IndoorRouter(venue: venue).route(request).route)
        return TrackedRoute(route: route, venue: venue)
    }

    static func snap(offsetMeters: Double, distanceMeters: Double) -> RouteSnap {
        RouteSnap(point: LocalPoint(x: 0, y: 0), levelID: "L0", offsetMeters: offsetMeters, distanceMeters: distanceMeters,
                  segmentIndex: 0, bearingRadians: 0, isNearPreviousProgress: true)
    }

    @Test func theRoutesOwnLevelChangesNothing() throws {
        let route = try Self.tracked()
        for trusted in ["L0", nil] {
            let r = NavigationSession.resolveLevel(trustedLevelID: trusted, routeLevelID: "L0", currentLevelID: "L0", offsetMeters: 4,
                                                   elapsedSeconds: 1, route: route, configuration: NavigationConfiguration())
            #expect(r == LevelResolution(levelID: "L0", offsetMeters: 4, searchFromOffsetMeters: 4, currentLevelID: "L0"))
        }
    }

    @Test func aLevelTheRouteDoesNotReachIsAWrongLevel() throws {
        let route = try Self.tracked()
        let r = NavigationSession.resolveLevel(trustedLevelID: "L7", routeLevelID: "L0", currentLevelID: "L0", offsetMeters: 4,
                                               elapsedSeconds: 1, route: route, configuration: NavigationConfiguration())
        #expect(r.wrongLevel && !r.passingThrough)
        #expect(r.levelID == "L7" && r.currentLevelID == "L0" && r.events.isEmpty)
        #expect(abs(r.offsetMeters - 4) < 1e-12 && abs(r.searchFromOffsetMeters - 4) < 1e-12)
    }

    @Test func aSnapPastTheStopIsHeldThere() throws {
        let route = try Self.tracked()
        let stop = 6.0
        let held = try #require(NavigationSession.heldAtStop(Self.snap(offsetMeters: 9, distanceMeters: 1), stopOffsetMeters: stop, route: route))
        #expect(abs(held.offsetMeters - stop) < 1e-12)
        let stopPoint = try #require(route.location(atOffset: stop)).point
        #expect(held.point.distance(to: stopPoint) < 1e-12)
        // Before the stop, without a stop, or without a snap: unchanged.
        let before = Self.snap(offsetMeters: 5, distanceMeters: 1)
        #expect(NavigationSession.heldAtStop(before, stopOffsetMeters: stop, route: route) == before)
        #expect(NavigationSession.heldAtStop(Self.snap(offsetMeters: 9, distanceMeters: 1), stopOffsetMeters: nil, route: route)?.offsetMeters == 9)
        #expect(NavigationSession.heldAtStop(nil, stopOffsetMeters: stop, route: route) == nil)
    }

    @Test func verdicts() {
        let c = NavigationConfiguration()
        let corridor = 10.0
        let inside = Self.snap(offsetMeters: 3, distanceMeters: c.onRouteEvidenceFraction * corridor - 0.01)
        let edge = Self.snap(offsetMeters: 3, distanceMeters: c.onRouteEvidenceFraction * corridor + 0.01)
        func verdict(_ passing: Bool, _ wrong: Bool, _ snap: RouteSnap?) -> OffRouteDetector.Verdict {
            NavigationSession.offRouteVerdict(passingThrough: passing, wrongLevel: wrong, snap: snap, corridorMeters: corridor, configuration: c)
        }
        #expect(verdict(false, false, inside) == .onRoute)
        #expect(verdict(false, false, edge) == .ambiguous)
        #expect(verdict(false, false, nil) == .outside)
        #expect(verdict(false, true, inside) == .outside)
        #expect(verdict(true, true, nil) == .ambiguous)
    }

    @Test func offRouteEvents() {
        #expect(NavigationSession.offRouteEvent(for: .wentOffRoute, wrongLevel: false, distanceToProgressMeters: 3, routeDistanceMeters: 12)
            == .offRoute(distanceMeters: 12, reason: .distance))
        #expect(NavigationSession.offRouteEvent(for: .wentOffRoute, wrongLevel: true, distanceToProgressMeters: 3, routeDistanceMeters: .infinity)
            == .offRoute(distanceMeters: 3, reason: .wrongLevel))
        #expect(NavigationSession.offRouteEvent(for: .wentOffRoute, wrongLevel: false, distanceToProgressMeters: nil, routeDistanceMeters: .infinity)
            == .offRoute(distanceMeters: 0, reason: .distance))
        #expect(NavigationSession.offRouteEvent(for: .cameBack, wrongLevel: false, distanceToProgressMeters: nil, routeDistanceMeters: 1) == .backOnRoute)
        #expect(NavigationSession.offRouteEvent(for: .none, wrongLevel: true, distanceToProgressMeters: 2, routeDistanceMeters: 1) == nil)
    }
}
