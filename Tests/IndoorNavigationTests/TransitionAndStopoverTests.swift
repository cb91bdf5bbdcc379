import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

@Suite struct TransitionAndStopoverTests {
    /// A randomGrid route through a "bridge" ramp has a section with an authored transition.
    func transitionRoute() throws -> (Venue, Route)? {
        for seed in UInt64(20)...40 {
            let venue = TestVenues.randomGrid(seed: seed)
            let router = IndoorRouter(venue: venue)
            for a in stride(from: 0, to: 64, by: 7) {
                for b in stride(from: 64, to: 128, by: 9) {
                    let na = venue.graph.nodes[a], nb = venue.graph.nodes[b]
                    var request = RouteRequest(from: .local(na.point, level: "L0"), to: .local(nb.point, level: "L1"))
                    request.options.preferredTransitionTypeID = "bridge"
                    if let route = try router.route(request).route, route.sections.count == 2, route.sections[0].transition != nil {
                        return (venue, route)
                    }
                }
            }
        }
        return nil
    }

    @Test func guidancePausesAtTransitionUntilConfirmed() throws {
        let (venue, route) = try #require(try transitionRoute())
        let session = try NavigationSession(venue: venue)
        let start = try #require(route.sections[0].polyline.first)
        session.startNavigation(along: route, from: fix(start.point.x, start.point.y, start.levelID, t: 0))
        // Walk the first section's same-level vertices.
        var t = 0.0
        var events: [NavigationEvent] = []
        let line = route.sections[0].polyline.filter { $0.levelID == "L0" }
        for (a, b) in zip(line, line.dropFirst()) {
            let fixes = walk(from: a.point, to: b.point, level: "L0", t0: t)
            t += Double(fixes.count)
            events += feed(session, fixes)
        }
        let transition = try #require(route.sections[0].transition)
        #expect(events.contains(.awaitingTransition(transition)))
        #expect(session.state == .awaitingTransition(transition))
        // While paused, being far away is not off-route.
        let paused = feed(session, (1...6).map { fix(-40, -40, "L0", t: t + Double($0)) })
        #expect(paused.isEmpty)
        let confirmed = session.confirmTransition()
        #expect(confirmed.first == .transitionCompleted(transition, confirmed: true))
        #expect(confirmed.contains { if case .rerouted(_, .sectionTransition, _) = $0 { return true } else { return false } })
        #expect(session.state == .navigating)
        #expect(session.route?.sections.first?.polyline.first?.levelID == "L1")
    }

    @Test func stopoverArrivalWaitsThenContinues() throws {
        let venue = TestVenues.golden()
        let session = try NavigationSession(venue: venue)
        let via = Waypoint(.local(LocalPoint(x: 20, y: 0), level: "L0"), stopDurationSeconds: 10)
        try session.startNavigation(to: .point(LocalPoint(x: 20, y: 15), levelID: "L0"), via: [via], from: fix(0, 0, "L0", t: 0))
        #expect(session.route?.sections.count == 2)
        var events = feed(session, walk(from: .zero, to: LocalPoint(x: 20, y: 0), level: "L0", t0: 0))
        events += feed(session, (1...6).map { fix(20, 0, "L0", t: 16 + Double($0)) })
        let stop = try #require(
            events.compactMap { e -> ArrivalInfo? in if case .arrived(let a) = e { return a } else { return nil } }.first)
        #expect(!stop.isFinal && stop.waitSeconds == 10 && stop.sectionIndex == 0)
        guard case .waitingAtStopover(0, let until) = session.state else { Issue.record("not waiting: \(session.state)"); return }
        events = feed(session, (1...12).map { fix(20, 0, "L0", t: 22 + Double($0)) })
        #expect(until <= 34 && session.state == .navigating)
        events += feed(
            session,
            walk(from: LocalPoint(x: 20, y: 0), to: LocalPoint(x: 20, y: 15), level: "L0", t0: 34)
                + (1...6).map { fix(20, 15, "L0", t: 46 + Double($0)) })
        #expect(events.contains { $0.finalArrival != nil })
    }
}
