import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import Testing
import VenueFixtures

@testable import IndoorNavigation

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
        RouteSnap(
            point: LocalPoint(x: 0, y: 0), levelID: "L0", offsetMeters: offsetMeters, distanceMeters: distanceMeters,
            segmentIndex: 0, bearingRadians: 0, isNearPreviousProgress: true)
    }

    @Test func theRoutesOwnLevelChangesNothing() throws {
        let route = try Self.tracked()
        for trusted in ["L0", nil] {
            let r = NavigationSession.resolveLevel(
                trustedLevelID: trusted, routeLevelID: "L0", currentLevelID: "L0", offsetMeters: 4,
                elapsedSeconds: 1, route: route, configuration: NavigationConfiguration.standard)
            #expect(r == LevelResolution(levelID: "L0", offsetMeters: 4, searchFromOffsetMeters: 4, currentLevelID: "L0"))
        }
    }

    @Test func aLevelTheRouteDoesNotReachIsAWrongLevel() throws {
        let route = try Self.tracked()
        let r = NavigationSession.resolveLevel(
            trustedLevelID: "L7", routeLevelID: "L0", currentLevelID: "L0", offsetMeters: 4,
            elapsedSeconds: 1, route: route, configuration: NavigationConfiguration.standard)
        #expect(r.wrongLevel && !r.passingThrough)
        #expect(r.levelID == "L7" && r.currentLevelID == "L0" && r.events.isEmpty)
        #expect(abs(r.offsetMeters - 4) < 1e-12 && abs(r.searchFromOffsetMeters - 4) < 1e-12)
    }

    @Test func aSnapPastTheStopIsHeldThere() throws {
        let route = try Self.tracked()
        let stop = 6.0
        let held = try #require(
            NavigationSession.heldAtStop(Self.snap(offsetMeters: 9, distanceMeters: 1), stopOffsetMeters: stop, route: route))
        #expect(abs(held.offsetMeters - stop) < 1e-12)
        let stopPoint = try #require(route.location(atOffset: stop)).point
        #expect(held.point.distance(to: stopPoint) < 1e-12)
        // Before the stop, without a stop, or without a snap: unchanged.
        let before = Self.snap(offsetMeters: 5, distanceMeters: 1)
        #expect(NavigationSession.heldAtStop(before, stopOffsetMeters: stop, route: route) == before)
        #expect(
            NavigationSession.heldAtStop(Self.snap(offsetMeters: 9, distanceMeters: 1), stopOffsetMeters: nil, route: route)?.offsetMeters
                == 9)
        #expect(NavigationSession.heldAtStop(nil, stopOffsetMeters: stop, route: route) == nil)
    }

    @Test func verdicts() {
        let c = NavigationConfiguration.standard
        let corridor = 10.0
        let inside = Self.snap(offsetMeters: 3, distanceMeters: c.onRouteEvidenceFraction * corridor - 0.01)
        let edge = Self.snap(offsetMeters: 3, distanceMeters: c.onRouteEvidenceFraction * corridor + 0.01)
        func verdict(_ passing: Bool, _ wrong: Bool, _ snap: RouteSnap?) -> OffRouteDetector.Verdict {
            NavigationSession.offRouteVerdict(
                passingThrough: passing, wrongLevel: wrong, snap: snap, corridorMeters: corridor, configuration: c)
        }
        #expect(verdict(false, false, inside) == .onRoute)
        #expect(verdict(false, false, edge) == .ambiguous)
        #expect(verdict(false, false, nil) == .outside)
        #expect(verdict(false, true, inside) == .outside)
        #expect(verdict(true, true, nil) == .ambiguous)
        // Near the edge and heading away from the route: evidence of leaving it; well inside: still on it.
        #expect(
            NavigationSession.offRouteVerdict(
                passingThrough: false, wrongLevel: false, snap: edge, corridorMeters: corridor,
                movingAway: true, configuration: c) == .outside)
        #expect(
            NavigationSession.offRouteVerdict(
                passingThrough: false, wrongLevel: false, snap: inside, corridorMeters: corridor,
                movingAway: true, configuration: c) == .onRoute)
        #expect(
            NavigationSession.offRouteVerdict(
                passingThrough: true, wrongLevel: false, snap: edge, corridorMeters: corridor,
                movingAway: true, configuration: c) == .ambiguous)
    }

    /// A user 6 m north of an east–west route: heading north (away) within 60°, not east (along) nor
    /// south (back towards it); an unreliable heading or no heading never counts.
    @Test func movingAwayFromTheRoute() {
        let c = NavigationConfiguration.standard
        let nearest = LocalPoint(x: 10, y: 0)
        func fix(_ headingDegrees: Double?, accuracyRadians: Double = 0.2) -> IndoorLocation {
            IndoorLocation(
                point: LocalPoint(x: 10, y: 6), levelID: "L0", accuracyMeters: 3, timeSeconds: 1, source: "test",
                headingRadians: headingDegrees.map { $0 * .pi / 180 }, headingAccuracyRadians: accuracyRadians)
        }
        #expect(NavigationSession.isMovingAway(fix(0), nearestPoint: nearest, configuration: c))
        #expect(NavigationSession.isMovingAway(fix(55), nearestPoint: nearest, configuration: c))
        #expect(NavigationSession.isMovingAway(fix(-55), nearestPoint: nearest, configuration: c))
        #expect(!NavigationSession.isMovingAway(fix(65), nearestPoint: nearest, configuration: c))
        #expect(!NavigationSession.isMovingAway(fix(90), nearestPoint: nearest, configuration: c))
        #expect(!NavigationSession.isMovingAway(fix(180), nearestPoint: nearest, configuration: c))
        #expect(!NavigationSession.isMovingAway(fix(0, accuracyRadians: 0.6), nearestPoint: nearest, configuration: c))
        #expect(!NavigationSession.isMovingAway(fix(nil), nearestPoint: nearest, configuration: c))
        #expect(!NavigationSession.isMovingAway(fix(0), nearestPoint: nil, configuration: c))
        var off = c
        off.offRouteAwayHeadingRadians = 0
        #expect(!NavigationSession.isMovingAway(fix(0), nearestPoint: nearest, configuration: off))
    }

    /// The snapper names the nearest point beside a segment, not a corner or the route's end.
    @Test func nearestPointBesideTheRoute() throws {
        let route = try Self.tracked()
        let snapper = RouteSnapper(configuration: NavigationConfiguration.standard)
        func middle(_ s: TrackedRoute.Segment) -> LocalPoint { LocalPoint(x: (s.start.x + s.end.x) / 2, y: (s.start.y + s.end.y) / 2) }
        func snap(_ p: LocalPoint) -> RouteSnapper.Result {
            snapper.snap(
                point: p, levelID: "L0", accuracyMeters: 3, headingRadians: nil, headingAccuracyRadians: nil,
                route: route, previousOffsetMeters: nil, elapsedSeconds: 0)
        }
        let later = try #require(
            route.segments.first {
                $0.levelID != nil && $0.lengthMeters > 2 && $0.startOffsetMeters + $0.lengthMeters / 2 >= RouteSnapper.besideStartMeters + 1
            })
        #expect(
            (snap(middle(later) + LocalVector(dx: 0.3, dy: 0.4)).nearestBesidePoint?.distance(to: middle(later)) ?? .infinity) < 0.5 + 1e-9)
        // The route's first metres join its start to the paths: no point beside them.
        let early = try #require(
            route.segments.first { $0.levelID != nil && $0.startOffsetMeters + $0.lengthMeters / 2 < RouteSnapper.besideStartMeters - 1 })
        #expect(snap(middle(early) + LocalVector(dx: 0.3, dy: 0.4)).nearestBesidePoint == nil)
        // Beyond the route's end the nearest point is that end: no point beside.
        let end = try #require(route.segments.last { $0.levelID != nil })
        let direction = LocalVector(dx: end.end.x - end.start.x, dy: end.end.y - end.start.y)
        let length = (direction.dx * direction.dx + direction.dy * direction.dy).squareRoot()
        let past = end.end + LocalVector(dx: 4 * direction.dx / length, dy: 4 * direction.dy / length)
        let beyond = snapper.snap(
            point: past, levelID: "L0", accuracyMeters: 3, headingRadians: nil, headingAccuracyRadians: nil,
            route: route, previousOffsetMeters: nil, elapsedSeconds: 0)
        #expect(beyond.nearestBesidePoint == nil)
        #expect(abs(beyond.routeDistanceMeters - 4) < 1e-6)
    }

    /// A configuration encoded before a setting existed still decodes: the missing one keeps its default.
    @Test func configurationDecodesWithoutNewerSettings() throws {
        var c = NavigationConfiguration.standard
        c.minimumCorridorMeters = 7
        c.offRouteMinimumFixes = 4
        let encoded = try JSONEncoder().encode(c)
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object.removeValue(forKey: "offRouteAwayHeadingRadians")
        object.removeValue(forKey: "onRouteRecoveryFixes")
        let decoded = try JSONDecoder().decode(NavigationConfiguration.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(decoded.minimumCorridorMeters == 7 && decoded.offRouteMinimumFixes == 4)
        #expect(decoded.offRouteAwayHeadingRadians == NavigationConfiguration.standard.offRouteAwayHeadingRadians)
        #expect(decoded.onRouteRecoveryFixes == 3)
        #expect(try JSONDecoder().decode(NavigationConfiguration.self, from: encoded) == c)
    }

    @Test func offRouteEvents() {
        #expect(
            NavigationSession.offRouteEvent(for: .wentOffRoute, wrongLevel: false, distanceToProgressMeters: 3, routeDistanceMeters: 12)
                == .offRoute(distanceMeters: 12, reason: .distance))
        #expect(
            NavigationSession.offRouteEvent(
                for: .wentOffRoute, wrongLevel: true, distanceToProgressMeters: 3, routeDistanceMeters: .infinity)
                == .offRoute(distanceMeters: 3, reason: .wrongLevel))
        #expect(
            NavigationSession.offRouteEvent(
                for: .wentOffRoute, wrongLevel: false, distanceToProgressMeters: nil, routeDistanceMeters: .infinity)
                == .offRoute(distanceMeters: 0, reason: .distance))
        #expect(
            NavigationSession.offRouteEvent(for: .cameBack, wrongLevel: false, distanceToProgressMeters: nil, routeDistanceMeters: 1)
                == .backOnRoute)
        #expect(NavigationSession.offRouteEvent(for: .none, wrongLevel: true, distanceToProgressMeters: 2, routeDistanceMeters: 1) == nil)
    }
}
