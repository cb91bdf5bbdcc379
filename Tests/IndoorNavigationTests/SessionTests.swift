import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

/// Golden venue: (0,0)→(20,0)→(20,15)→door→(20,20)→(35,20) on L0, elevator (4 m of height) to L1,
/// then east 12.2 m to the office at (47.2,20): 55 + 4 + 12.2 = 71.2 m along the route.
@Suite struct SessionTests {
    let venue = TestVenues.golden()

    @Test func unknownDestinationAndNoLocationAreTypedErrors() throws {
        let session = try NavigationSession(venue: venue)
        #expect(throws: NavigationError.navigationGraphUnavailable(id: "nope")) {
            try session.startNavigation(to: .feature(id: "nope"), from: fix(0, 0, "L0", t: 0))
        }
        #expect(throws: NavigationError.locationUnknown) { try session.startNavigation(to: .feature(id: "office")) }
        #expect(throws: NavigationError.self) { try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, nil, t: 0)) }
    }

    @Test func unmatchedStartIsOriginUnmatched() throws {
        var options = RouteOptions()
        options.maxMatchDistanceMeters = 5
        let session = try NavigationSession(venue: venue, routeOptions: options)
        // 100 m south of every path on L0: the origin cannot be matched, which is the start's fault, not
        // a missing route to the destination.
        #expect(
            throws: NavigationError.originUnmatched(reason: "no navigation graph edge within 5.0 m of 0.0,-100.0@L0")
        ) {
            try session.startNavigation(to: .feature(id: "office"), from: fix(0, -100, "L0", t: 0))
        }
    }

    @Test func progressFollowsTheRouteAndKeepsLocationsApart() throws {
        let session = try NavigationSession(venue: venue)
        let events = try session.startNavigation(to: .feature(id: "default:office"), from: fix(0, 0, "L0", t: 0))
        #expect(events.first == .started(destinationID: "office", route: try #require(session.route)))
        let total = 20 + 15 + 5 + 15 + 4 + 12.2
        #expect(abs((session.trackedRoute?.lengthMeters ?? 0) - total) < 1e-6)
        // 25 m along: 20 east then 5 north; the fix is 1.5 m west of the corridor.
        session.handle(fix(18.5, 5, "L0", t: 19), raw: fix(17, 6, "L0", t: 19))
        let p = try #require(session.progress)
        #expect(abs(p.distanceTraveledMeters - 25) < 1e-6)
        #expect(abs(p.distanceRemainingMeters - (total - 25)) < 1e-6)
        #expect(abs(p.fractionTraveled - 25 / total) < 1e-9)
        #expect(p.destinationID == "office")
        #expect(p.destinationName == "Office 101")
        #expect(p.fusedLocation?.point == LocalPoint(x: 18.5, y: 5))
        #expect(p.rawLocation?.point == LocalPoint(x: 17, y: 6))
        #expect(p.snappedLocation?.point == LocalPoint(x: 20, y: 5))
        #expect(abs(p.distanceFromRouteMeters - 1.5) < 1e-9)
        // The upcoming maneuver is after the door at 40 m (or the turn at 35 m): a real, positive distance.
        #expect(p.distanceToNextManeuverMeters > 0 && p.distanceToNextManeuverMeters <= 15 + 1e-9)
        #expect(p.currentManeuver != nil && p.upcomingManeuver != nil)
        // Duration remaining scales the section's routing duration (elevator wait included) by distance.
        #expect(p.durationRemainingSeconds > 30)
    }

    @Test func maneuversAdvanceLevelChangesAndArrivalIsReported() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        var events: [NavigationEvent] = []
        events += feed(session, walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 20, y: 0), level: "L0", t0: 0))
        events += feed(session, walk(from: LocalPoint(x: 20, y: 0), to: LocalPoint(x: 20, y: 20), level: "L0", t0: 16))
        events += feed(session, walk(from: LocalPoint(x: 20, y: 20), to: LocalPoint(x: 35, y: 20), level: "L0", t0: 32))
        #expect(events.contains { if case .arriving(.levelChange(toLevelID: "L1"), _) = $0 { return true } else { return false } })
        #expect(events.contains { if case .maneuverAdvanced = $0 { return true } else { return false } })
        events += feed(session, [fix(35, 20, "L1", t: 80)])
        #expect(events.contains(.levelChanged(fromLevelID: "L0", toLevelID: "L1")))
        #expect(!events.contains { $0.finalArrival != nil })
        events += feed(session, walk(from: LocalPoint(x: 35, y: 20), to: LocalPoint(x: 47.2, y: 20), level: "L1", t0: 80))
        events += feed(session, (1...6).map { fix(47.2, 20, "L1", t: 90 + Double($0)) })
        let arrival = try #require(events.compactMap(\.finalArrival).first)
        #expect(arrival.destinationID == "office")
        #expect(session.state == .arrived)
        #expect(session.progress?.currentAction == .arrived)
        #expect(!events.contains { $0.isOffRoute })
        // Leaving again is reported once, after the exit margin.
        let leaving = feed(session, (1...8).map { fix(47.2, 20 + 2 * Double($0), "L1", t: 100 + Double($0)) })
        #expect(leaving.filter { if case .leftArrivalArea = $0 { return true } else { return false } }.count == 1)
    }

    /// The final destination is announced once, 10 m (``NavigationConfiguration/arrivingNoticeMeters``)
    /// before it along the route, with the distance, and before the arrival: the office is 12.2 m east
    /// of the elevator on L1 (35 → 47.2), so the notice comes at x ≥ 37.2.
    @Test func arrivalIsAnnouncedBeforeTheDestination() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(35, 20, "L1", t: 0))
        var events: [NavigationEvent] = []
        var announcedAtX: Double?
        for (k, f) in walk(from: LocalPoint(x: 35, y: 20), to: LocalPoint(x: 47.2, y: 20), level: "L1", t0: 0).enumerated() {
            let new = session.handle(f)
            if announcedAtX == nil, new.contains(where: { if case .arriving(.destination, _) = $0 { true } else { false } }) {
                announcedAtX = f.point.x
                #expect(!events.contains { $0.finalArrival != nil }, "announced after arriving (fix \(k))")
            }
            events += new
        }
        events += feed(session, (1...6).map { fix(47.2, 20, "L1", t: 20 + Double($0)) })
        let notices = events.compactMap { e -> (String?, Double)? in
            if case .arriving(.destination(let id, _), let d) = e { return (id, d) } else { return nil }
        }
        #expect(notices.count == 1)
        #expect(notices.first?.0 == "office")
        let d = try #require(notices.first?.1)
        #expect(d > 0 && d <= 10 + 1e-9)
        let x = try #require(announcedAtX)
        #expect(x >= 47.2 - 10 - 1.5 && abs((47.2 - x) - d) < 1.5, "announced at x \(x), \(d) m before")
        #expect(events.contains { $0.finalArrival != nil })
    }

    @Test func startingAtTheDestinationArrivesImmediately() throws {
        let session = try NavigationSession(venue: venue)
        let events = try session.startNavigation(to: .feature(id: "entrance"), from: fix(1, 1, "L0", t: 0))
        let arrival = try #require(events.compactMap(\.finalArrival).first)
        #expect(arrival.atStart)
        #expect(session.state == .arrived)
    }

    @Test func arrivalAfterAShortFinalStep() throws {
        // From the lobby node (20,20) to a point 3 m further: inside the radius already → immediate.
        let session = try NavigationSession(venue: venue)
        let e1 = try session.startNavigation(to: .point(LocalPoint(x: 23, y: 20), levelID: "L0"), from: fix(20, 20, "L0", t: 0))
        #expect(e1.contains { $0.finalArrival != nil })
        // 8 m away: arrives after walking there, without a maneuver advance being needed.
        try session.startNavigation(to: .point(LocalPoint(x: 28, y: 20), levelID: "L0"), from: fix(20, 20, "L0", t: 10))
        let events = feed(
            session,
            walk(from: LocalPoint(x: 20, y: 20), to: LocalPoint(x: 28, y: 20), level: "L0", t0: 10)
                + (1...5).map { fix(28, 20, "L0", t: 17 + Double($0)) })
        #expect(events.contains { $0.finalArrival != nil })
    }

    @Test func stopEndsNavigation() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        #expect(session.stopNavigation() == [.stopped(.cancelled)])
        #expect(session.state == .idle && session.route == nil)
        #expect(session.handle(fix(5, 0, "L0", t: 1)).isEmpty)
        #expect(session.stopNavigation().isEmpty)
        // Starting again while navigating reports the replaced navigation first.
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 2))
        let again = try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 3))
        #expect(again.first == .stopped(.replaced))
    }

    @Test func invalidAndInaccurateFixesAreIgnored() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        #expect(session.handle(fix(.nan, 0, "L0", t: 1)).isEmpty)
        // 80 m accuracy: beyond the usable limit, no off-route however far.
        let events = feed(session, (1...10).map { fix(0, -200, "L0", t: Double($0), accuracy: 80) })
        #expect(events.isEmpty)
    }
}

/// Live closures: a session whose route runs through a newly closed part is rerouted once.
@Suite struct SessionClosureTests {
    let venue = TestVenues.golden()

    @Test func closureOnTheRouteReroutesExactlyOnce() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        session.handle(fix(5, 0, "L0", t: 4))
        #expect(session.route?.sections.contains { $0.maneuvers.contains { $0.levelChange?.connectorID == "lift" } } == true)
        let events = session.updateClosures(["lift"])
        let reroutes = events.filter { if case .rerouted(_, .closure, _) = $0 { true } else { false } }
        #expect(reroutes.count == 1)
        #expect(session.route?.sections.contains { $0.maneuvers.contains { $0.levelChange?.connectorID == "stairs" } } == true)
        #expect(session.routeOptions.closedFeatureIDs == ["lift"])
        // The same closures again, or one the new route does not use: no further reroute.
        #expect(session.updateClosures(["lift"]).isEmpty)
        #expect(session.updateClosures(["lift", "edge:1"]).isEmpty)
        // Reopening changes nothing for the current route and clears the options.
        #expect(session.updateClosures([]).isEmpty)
        #expect(session.routeOptions.closedFeatureIDs == nil)
    }

    @Test func closureOffTheRouteOrUnknownDoesNothing() throws {
        let session = try NavigationSession(venue: venue)
        try session.startNavigation(to: .feature(id: "office"), from: fix(0, 0, "L0", t: 0))
        #expect(session.updateClosures(["stairs"]).isEmpty)
        #expect(session.updateClosures(["stairs", "no-such-thing"]).isEmpty)
        #expect(session.routeOptions.closedFeatureIDs == ["stairs"])
    }
}
