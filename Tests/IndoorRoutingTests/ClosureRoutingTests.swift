import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// Golden venue: entrance → lobby → lift → office (fastest), or entrance → stairs → 100 m hall → office.
@Suite struct ClosureRoutingTests {
    let venue = TestVenues.golden()

    func route(closed: [String], hierarchy: Bool = true) throws -> RouteResponse {
        let router = IndoorRouter(index: RoutingIndex(venue: venue, options: .init(hierarchy: .init(enabled: hierarchy))))
        var request = RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "office"))
        request.options.closedFeatureIDs = closed
        return try router.route(request)
    }

    func connectors(_ r: RouteResponse) -> Set<String> {
        Set(r.route?.sections.flatMap { $0.maneuvers.compactMap { $0.levelChange?.connectorID } } ?? [])
    }

    @Test(arguments: [true, false])
    func closedConnectorIsAvoided(hierarchy: Bool) throws {
        let open = try route(closed: [], hierarchy: hierarchy)
        #expect(connectors(open) == ["lift"])
        let closed = try route(closed: ["lift"], hierarchy: hierarchy)
        #expect(connectors(closed) == ["stairs"])
        #expect(!closed.notices.contains { $0.code == .violatedClosure })
        #expect((closed.route?.lengthMeters ?? 0) > (open.route?.lengthMeters ?? .infinity))
    }

    @Test(arguments: [true, false])
    func noOtherWayPassesWithANotice(hierarchy: Bool) throws {
        let r = try route(closed: ["lift", "stairs"], hierarchy: hierarchy)
        #expect(r.route != nil)
        #expect(r.notices.contains { $0.code == .violatedClosure && $0.details == "lift, stairs" })
        #expect(RouteNotice.Code.violatedClosure.severity == .info)
    }

    @Test func closedSpaceAndEdgeAreAvoided() throws {
        // The lobby holds the door and the way to the lift: closing it sends the route up the stairs.
        #expect(connectors(try route(closed: ["lobby"])) == ["stairs"])
        // Edge 4 is the lift's edge.
        #expect(connectors(try route(closed: ["edge:4"])) == ["stairs"])
        let index = RoutingIndex(venue: venue)
        #expect(try index.closedEdges(for: "lift") == [4])
        #expect(try index.closedEdges(for: "edge:0") == [0])
        #expect(Set(try index.closedEdges(for: "lobby")).isSuperset(of: [1, 2, 3]))
    }

    @Test func unknownIDsAreBadRequests() throws {
        for id in ["nope", "edge:99", "edge:-1", "edge:x", ""] {
            #expect(throws: RoutingError.self) { try route(closed: [id]) }
            do { _ = try route(closed: [id]) } catch {
                guard case .badRequest(let field, let reason) = error as? RoutingError else {
                    Issue.record("wrong error \(error)"); continue
                }
                #expect(field == "closed")
                #expect(reason.contains("'\(id)'"))
            }
        }
    }

    @Test func routeCrossingIsDetected() throws {
        let index = RoutingIndex(venue: venue)
        let r = try #require(try route(closed: []).route)
        #expect(try index.route(r, crosses: ["lift"]))
        #expect(try index.route(r, crosses: ["lobby"]))
        #expect(try !index.route(r, crosses: ["stairs"]))
        #expect(try !index.route(r, crosses: []))
    }

    /// Closing and reopening on one router: each answer equals a fresh router's (the cached
    /// customization is updated both ways).
    @Test func closingAndReopeningKeepsTheCacheRight() throws {
        let router = IndoorRouter(index: RoutingIndex(venue: venue))
        for closed in [[], ["lift"], [], ["lift", "stairs"], ["stairs"], []] as [[String]] {
            var request = RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "office"))
            request.options.closedFeatureIDs = closed
            let shared = try router.route(request)
            let fresh = try route(closed: closed)
            #expect(shared.route?.lengthMeters == fresh.route?.lengthMeters, "\(closed)")
            #expect(shared.notices.map(\.code) == fresh.notices.map(\.code), "\(closed)")
        }
        #expect((router.index.hierarchyCache?.currentTimings.updates ?? 0) >= 4)
    }
}
