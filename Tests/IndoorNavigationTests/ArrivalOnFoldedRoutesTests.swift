import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

/// Arrival where the route folds back on itself, and a walker who stands still at the end of a replay.
@Suite struct ArrivalOnFoldedRoutesTests {
    let venue = TestVenues.golden()

    /// From (0, 0) out along the first corridor to a pass-through point at (18, 0) and back to (8, 0): the
    /// return leg runs over the outgoing one.
    func foldedSession() throws -> (NavigationSession, [NavigationEvent]) {
        let session = try NavigationSession(venue: venue)
        let events = try session.startNavigation(
            to: .point(LocalPoint(x: 8, y: 0), levelID: "L0"),
            via: [Waypoint(.local(LocalPoint(x: 18, y: 0), level: "L0"), passThrough: true)], from: fix(0, 0, "L0", t: 0))
        return (session, events)
    }

    @Test func passingNearTheDestinationOnTheWayOutIsNoArrival() throws {
        let (session, _) = try foldedSession()
        // Walking out past (8, 0) towards the turn point: within the radius of the destination but the
        // route still goes on for 20 m; a pause there must not count.
        var fixes = walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 9, y: 0), level: "L0", t0: 0)
        let t = Double(fixes.count)
        fixes += (1...6).map { fix(9, 0, "L0", t: t + Double($0)) }
        let events = feed(session, fixes)
        #expect(!events.contains { $0.finalArrival != nil })
    }
}
