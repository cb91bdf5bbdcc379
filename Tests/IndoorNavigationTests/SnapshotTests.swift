import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

/// Snapshots taken in every state restore into sessions that answer the same following input with
/// the same events, state and progress as the original.
@Suite struct SnapshotTests {
    let venue = TestVenues.golden()

    /// Encodes `session`'s snapshot (binary property list), decodes it and restores a new session.
    func restored(_ session: NavigationSession, venue: Venue) throws -> NavigationSession {
        let snapshot = session.snapshot()
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let bytes = try encoder.encode(snapshot)
        let decoded = try PropertyListDecoder().decode(NavigationSession.Snapshot.self, from: bytes)
        #expect(decoded == snapshot)
        let copy = try NavigationSession(venue: venue, routers: RouterPool(index: RoutingIndex(venue: venue)), snapshot: decoded)
        #expect(copy.state == session.state)
        #expect(copy.route == session.route)
        #expect(copy.progress == session.progress)
        #expect(copy.snapshot() == snapshot)
        return copy
    }

    /// Feeds `fixes` to both sessions; the events of every fix, the states and progress must match.
    func expectSameBehaviour(
        _ a: NavigationSession, _ b: NavigationSession, _ fixes: [IndoorLocation],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [NavigationEvent] {
        var all: [NavigationEvent] = []
        for f in fixes {
            let ea = a.handle(f), eb = b.handle(f)
            #expect(ea == eb, "events differ at t=\(f.timeSeconds)", sourceLocation: sourceLocation)
            #expect(a.state == b.state, sourceLocation: sourceLocation)
            #expect(a.progress == b.progress, sourceLocation: sourceLocation)
            all += ea
        }
        return all
    }

    @Test func onRoute() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        _ = feed(session, walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 12, y: 0), level: "L0", t0: 0))
        #expect(session.state == .navigating && (session.progress?.distanceTraveledMeters ?? 0) > 10)
        let copy = try restored(session, venue: venue)
        let rest =
            walk(from: LocalPoint(x: 12, y: 0), to: LocalPoint(x: 20, y: 0), level: "L0", t0: 10)
            + walk(from: LocalPoint(x: 20, y: 0), to: LocalPoint(x: 20, y: 20), level: "L0", t0: 17)
            + walk(from: LocalPoint(x: 20, y: 20), to: LocalPoint(x: 35, y: 20), level: "L0", t0: 33)
            + walk(from: LocalPoint(x: 35, y: 20), to: LocalPoint(x: 47.2, y: 20), level: "L1", t0: 50)
            + (1...8).map { fix(47.2, 20, "L1", t: 60 + Double($0)) }
        let events = expectSameBehaviour(session, copy, rest)
        #expect(events.contains { $0.finalArrival != nil })
    }

    /// Off the route again within the reroute cooldown: off-route, waiting for the policy.
    @Test func offRoute() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        var seen = feed(
            session,
            walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 10, y: 0), level: "L0", t0: 0)
                + walk(from: LocalPoint(x: 10, y: 0), to: LocalPoint(x: 10, y: -14), level: "L0", t0: 8))
        #expect(seen.filter { $0.isRerouted }.count == 1)
        let east = walk(from: LocalPoint(x: 10, y: -14), to: LocalPoint(x: 40, y: -14), level: "L0", t0: 19, speed: 3)
        var i = 0
        while i < east.count, !session.offRoute.isOffRoute { seen += session.handle(east[i]); i += 1 }
        #expect(session.offRoute.isOffRoute && session.state == .navigating)
        #expect(seen.filter { $0.isRerouted }.count == 1)
        let copy = try restored(session, venue: venue)
        let events = expectSameBehaviour(
            session, copy, Array(east[i...]) + walk(from: LocalPoint(x: 40, y: -14), to: LocalPoint(x: 35, y: 20), level: "L0", t0: 40))
        #expect(events.contains { $0.isRerouted })
    }

    /// After one failed reroute the policy is cooling down; the restored one must wait just as long.
    @Test func midBackoff() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        var t = 0.0
        while session.reroutePolicy.failedAttempts == 0, t < 60 { t += 1; _ = session.handle(fix(0, -80, "L0", t: t)) }
        #expect(session.reroutePolicy.failedAttempts == 1 && !session.reroutePolicy.hasGivenUp)
        let copy = try restored(session, venue: venue)
        let events = expectSameBehaviour(session, copy, (1...120).map { fix(0, -80, "L0", t: t + Double($0)) })
        #expect(events.filter { $0.isRerouteRequested }.count == 2)
        #expect(events.contains { if case .rerouteGaveUp = $0 { return true } else { return false } })
    }

    @Test func givenUp() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        _ = feed(session, (1...200).map { fix(0, -80, "L0", t: Double($0)) })
        #expect(session.reroutePolicy.hasGivenUp)
        let copy = try restored(session, venue: venue)
        let events = expectSameBehaviour(session, copy, (1...20).map { fix(0, -12, "L0", t: 200 + Double($0)) })
        #expect(events.contains(NavigationEvent.rerouteRearmed))
        #expect(events.contains { $0.isRerouted })
    }

    @Test func arrived() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .point(LocalPoint(x: 28, y: 20), levelID: "L0"), from: fix(20, 20, "L0", t: 0))
        _ = feed(
            session,
            walk(from: LocalPoint(x: 20, y: 20), to: LocalPoint(x: 28, y: 20), level: "L0", t0: 0)
                + (1...5).map { fix(28, 20, "L0", t: 7 + Double($0)) })
        #expect(session.state == .arrived)
        let copy = try restored(session, venue: venue)
        let events = expectSameBehaviour(session, copy, (1...12).map { fix(28 - Double($0) * 1.5, 20, "L0", t: 12 + Double($0)) })
        #expect(events.contains { if case .leftArrivalArea = $0 { return true } else { return false } })
    }

    @Test func waitingAtStopover() throws {
        let session = try NavigationSession(venue: venue)
        let via = Waypoint(.local(LocalPoint(x: 20, y: 0), level: "L0"), stopDurationSeconds: 10)
        try session.startNavigation(to: .point(LocalPoint(x: 20, y: 15), levelID: "L0"), via: [via], from: fix(0, 0, "L0", t: 0))
        var t = 0.0
        for f in walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 20, y: 0), level: "L0", t0: 0)
            + (1...10).map({ fix(20, 0, "L0", t: 16 + Double($0)) })
        {
            _ = session.handle(f)
            t = f.timeSeconds
            if case .waitingAtStopover = session.state { break }
        }
        guard case .waitingAtStopover = session.state else { Issue.record("never waited at the stopover"); return }
        let copy = try restored(session, venue: venue)
        let waiting: [IndoorLocation] = (1...12).map { fix(20, 0, "L0", t: t + Double($0)) }
        let onwards: [IndoorLocation] = walk(from: LocalPoint(x: 20, y: 0), to: LocalPoint(x: 20, y: 15), level: "L0", t0: t + 12)
        let standing: [IndoorLocation] = (1...6).map { fix(20, 15, "L0", t: t + 30 + Double($0)) }
        let events = expectSameBehaviour(session, copy, waiting + onwards + standing)
        #expect(events.contains { $0.finalArrival != nil })
    }

    @Test func awaitingTransitionConfirmation() throws {
        let (tvenue, route) = try #require(try TransitionAndStopoverTests().transitionRoute())
        let session = try NavigationSession(venue: tvenue)
        let start = try #require(route.sections[0].polyline.first)
        session.startNavigation(along: route, from: fix(start.point.x, start.point.y, start.levelID, t: 0))
        var t = 0.0
        let line = route.sections[0].polyline.filter { $0.levelID == "L0" }
        for (a, b) in zip(line, line.dropFirst()) {
            let fixes = walk(from: a.point, to: b.point, level: "L0", t0: t)
            t += Double(fixes.count)
            _ = feed(session, fixes)
        }
        let transition = try #require(route.sections[0].transition)
        #expect(session.state == .awaitingTransition(transition))
        let copy = try restored(session, venue: tvenue)
        _ = expectSameBehaviour(session, copy, (1...3).map { fix(-40, -40, "L0", t: t + Double($0)) })
        let confirmedA = session.confirmTransition(), confirmedB = copy.confirmTransition()
        #expect(confirmedA == confirmedB)
        #expect(confirmedA.contains { if case .rerouted(_, .sectionTransition, _) = $0 { return true } else { return false } })
        #expect(session.progress == copy.progress)
    }

    @Test func refusesAnotherVersionVenueOrBrokenIndices() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        let pool = RouterPool(index: RoutingIndex(venue: venue))
        var s = session.snapshot()
        s.formatVersion = 99
        #expect(throws: NavigationError.invalidSnapshot(field: "formatVersion", reason: "version 99 is not supported (this build reads 1)"))
        {
            try NavigationSession(venue: venue, routers: pool, snapshot: s)
        }
        s = session.snapshot()
        s.venueID = "elsewhere"
        #expect(throws: NavigationError.self) { try NavigationSession(venue: venue, routers: pool, snapshot: s) }
        s = session.snapshot()
        s.sectionIndex = 7
        #expect(throws: NavigationError.invalidSnapshot(field: "sectionIndex", reason: "7 is outside the route's 1 section(s)")) {
            try NavigationSession(venue: venue, routers: pool, snapshot: s)
        }
        s = session.snapshot()
        s.route = nil
        #expect(throws: NavigationError.self) { try NavigationSession(venue: venue, routers: pool, snapshot: s) }
        s = session.snapshot()
        s.configuration.arrivalRadiusMeters = -1
        #expect(throws: NavigationError.self) { try NavigationSession(venue: venue, routers: pool, snapshot: s) }
        // A truncated encoding does not decode.
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let bytes = try encoder.encode(session.snapshot())
        #expect(throws: (any Error).self) {
            try PropertyListDecoder().decode(NavigationSession.Snapshot.self, from: bytes.prefix(bytes.count / 2))
        }
    }
}
