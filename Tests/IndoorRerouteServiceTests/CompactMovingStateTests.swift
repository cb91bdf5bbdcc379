import Foundation
import IndoorGeometry
import IndoorNavigation
import IndoorPositioning
import IndoorRouting
import Testing

@testable import IndoorRerouteService

/// The hand-written moving state of the Redis store writes exactly the bytes of the generic
/// `CompactCoder` for the same value, so the generic decoder reads it back unchanged.
@Suite struct CompactMovingStateTests {
    /// Bytes equal to the generic encoding, and decoded to the moving part of `stored`.
    static func expectSameAsGeneric(_ stored: StoredSession, _ comment: Comment? = nil) throws {
        let moving = CompactMovingState.movingPart(of: stored)
        let bytes = try CompactMovingState.encode(stored)
        #expect(bytes == (try CompactCoder.encode(moving)), comment)
        #expect(try CompactCoder.decode(StoredSession.self, from: bytes) == moving, comment)
    }

    /// A value from JSON (for types whose memberwise initializers are not public).
    static func decoded<T: Decodable>(_ json: String) throws -> T { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }

    /// A session walking its route, deviating and rerouted: the same bytes after every fix.
    @Test func walkedSessionsEncodeLikeTheGenericCoder() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        let fixes =
            ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0)
            + ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -10), level: "L0", t0: 8)
            + (1...8).map { ServiceFixture.fix(10, -10, "L0", t: 16 + Double($0)) }
        for (k, fix) in fixes.enumerated() {
            #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: fix).status == 200)
            let stored = try #require(f.service.storedSessions().first { $0.id == id })
            try Self.expectSameAsGeneric(stored, "fix \(k)")
        }
        // Still waiting for its first location: a pending destination, no route.
        let created = try f.client.request("POST", "/sessions", body: #"{"venue":"golden","destination":"office"}"#)
        let pendingID = try #require(try f.json(created)["id"]?.string)
        let pending = try #require(f.service.storedSessions().first { $0.id == pendingID })
        #expect(pending.pendingDestination != nil)
        try Self.expectSameAsGeneric(pending, "pending")
    }

    /// Every state, place and optional member, set by hand on a stored session.
    @Test func everyStateAndOptionalMemberEncodesLikeTheGenericCoder() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        for fix in ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 4, y: 0), level: "L0", t0: 0) {
            _ = try f.client.request("POST", "/sessions/\(id)/locations", body: fix)
        }
        let base = try #require(f.service.storedSessions().first { $0.id == id })
        let full = IndoorLocation(
            point: LocalPoint(x: 1.25, y: -3), coordinate: GeoCoordinate(latitudeDegrees: 52.5, longitudeDegrees: 13.4),
            levelID: "L1", floorNumber: 1, levelProbability: 0.75, covariance: Covariance2D(xx: 4, xy: 0.5, yy: 2),
            headingRadians: 1.5, headingAccuracyRadians: 0.2, timeSeconds: 12, source: "fusion")
        let bare = IndoorLocation(
            point: LocalPoint(x: 0, y: 0), levelID: nil, covariance: Covariance2D(xx: 1, xy: 0, yy: 1), timeSeconds: 0, source: "")
        let transition: SectionTransition = try Self.decoded(
            #"{"transitionTypeID":"scan","connectorID":"c1","fromLevelID":"L0","toLevelID":"L1"}"#)
        var variants: [StoredSession] = []
        for state: NavigationState in [
            .idle, .navigating, .arrived, .waitingAtStopover(sectionIndex: 1, untilSeconds: 30), .awaitingTransition(transition),
        ] {
            var s = base
            s.navigation.state = state
            variants.append(s)
        }
        for place: Place in [
            .feature(id: "office"), .local(LocalPoint(x: 3, y: -2), level: "L0"),
            .geographic(GeoCoordinate(latitudeDegrees: 1, longitudeDegrees: 2), level: "L1"),
        ] {
            var s = base
            s.navigation.destinationPlace = place
            variants.append(s)
        }
        var everything = base
        everything.owner = "client"
        everything.lastFixSeconds = nil
        everything.pendingDestination = .feature(id: "office")
        everything.pendingWaypoints = [Waypoint(.feature(id: "lobby"), stopDurationSeconds: 10)]
        everything.navigation.venueVersion = "v2"
        everything.navigation.lastLocation = full
        everything.navigation.lastRawLocation = bare
        everything.navigation.recentFixes = [full, bare, full]
        everything.navigation.reroutePolicy.consecutiveReroutes = 2
        everything.navigation.reroutePolicy.failedAttempts = 1
        everything.navigation.reroutePolicy.hasGivenUp = true
        everything.navigation.reroutePolicy.lastAttemptTimeSeconds = 5
        everything.navigation.reroutePolicy.lastRerouteTimeSeconds = 4
        everything.navigation.reroutePolicy.lastReroutePoint = LocalPoint(x: 1, y: 2)
        everything.navigation.reroutePolicy.onRouteSinceSeconds = 3
        everything.navigation.offRoute.isOffRoute = true
        everything.navigation.offRoute.outsideCount = 3
        everything.navigation.offRoute.firstOutsideTimeSeconds = 7
        everything.navigation.offRoute.insideCount = 1
        everything.navigation.arrival.samples = try Self.decoded(
            #"[{"timeSeconds":1,"distanceMeters":2,"accuracyMeters":3},{"timeSeconds":2,"distanceMeters":1,"accuracyMeters":3,"point":{"x":4,"y":-1.5}}]"#
        )
        everything.navigation.arrival.streak = 2
        everything.navigation.arrivingNoticesSent = [-5, 0, 120, 1_000_000]
        everything.navigation.currentSnap = try Self.decoded(
            #"{"point":{"x":2,"y":0},"levelID":"L0","offsetMeters":2,"distanceMeters":0.5,"segmentIndex":0,"bearingRadians":1.57,"isNearPreviousProgress":true}"#
        )
        everything.navigation.routeDistanceMeters = .infinity
        variants.append(everything)
        var nothing = base
        nothing.owner = nil
        nothing.navigation.venueVersion = nil
        nothing.navigation.lastLocation = nil
        nothing.navigation.lastRawLocation = nil
        nothing.navigation.recentFixes = []
        nothing.navigation.destinationPlace = nil
        nothing.navigation.destinationID = nil
        nothing.navigation.destinationName = nil
        nothing.navigation.lastSnapTimeSeconds = nil
        nothing.navigation.currentSnap = nil
        nothing.navigation.currentLevelID = nil
        nothing.navigation.arrivingNoticesSent = []
        nothing.navigation.reroutePolicy.lastAttemptTimeSeconds = nil
        nothing.navigation.reroutePolicy.lastRerouteTimeSeconds = nil
        nothing.navigation.reroutePolicy.lastReroutePoint = nil
        nothing.navigation.reroutePolicy.onRouteSinceSeconds = nil
        nothing.navigation.offRoute.firstOutsideTimeSeconds = nil
        nothing.navigation.arrival.samples = []
        variants.append(nothing)
        for (k, s) in variants.enumerated() { try Self.expectSameAsGeneric(s, "variant \(k)") }
    }
}
