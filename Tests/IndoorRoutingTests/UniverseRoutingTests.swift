import IndoorGeometry
import IndoorVenue
import Testing

@testable import IndoorRouting

/// A universe that hides a space keeps routes out of it when another way exists.
@Suite struct UniverseRoutingTests {
    /// A hall (y < 8) with a staff room (8–22 × 8–22) above it: from a (5, 5) to b (25, 5) the way
    /// through the staff room is 28.3 m, round it (via (5, 25) and (25, 25)) 60 m.
    func venue(withDetour: Bool) -> Venue {
        var g = NavigationGraph.Builder(source: .authored)
        for (x, y) in [(5.0, 5.0), (15, 15), (25, 5), (5, 25), (25, 25)] {
            g.addNode(NavNode(point: LocalPoint(x: x, y: y), levelIndex: 0, kind: .waypoint))
        }
        let diagonal = (200.0).squareRoot()
        g.addEdge(NavEdge(from: 0, to: 1, kind: .walkway, lengthMeters: diagonal))
        g.addEdge(NavEdge(from: 1, to: 2, kind: .walkway, lengthMeters: diagonal))
        if withDetour {
            g.addEdge(NavEdge(from: 0, to: 3, kind: .walkway, lengthMeters: 20))
            g.addEdge(NavEdge(from: 3, to: 4, kind: .walkway, lengthMeters: 20))
            g.addEdge(NavEdge(from: 4, to: 2, kind: .walkway, lengthMeters: 20))
        }
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polygon {
            Polygon(exterior: [LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y0), LocalPoint(x: x1, y: y1), LocalPoint(x: x0, y: y1)])
        }
        let spaces = [
            Space(id: "hall", category: "walkway", polygon: rect(0, 0, 30, 8), levelID: "L0"),
            Space(id: "staff-room", category: "room", polygon: rect(8, 8, 22, 22), levelID: "L0", universes: ["staff"]),
        ]
        return Venue(
            id: "u", name: LocalizedName(), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)),
            buildings: [], levels: [Level(id: "L0", ordinal: 0)], spaces: spaces, openings: [], pois: [],
            connectors: [], universes: [Universe(id: "public"), Universe(id: "staff")], graph: g.build())
    }

    func request(_ universe: String?) -> RouteRequest {
        var r = RouteRequest(from: .local(LocalPoint(x: 5, y: 5), level: "L0"), to: .local(LocalPoint(x: 25, y: 5), level: "L0"))
        r.options.universe = universe
        r.options.optimization = .shortest
        return r
    }

    @Test func publicRoutesGoRoundTheStaffRoom() throws {
        let router = IndoorRouter(venue: venue(withDetour: true))
        let anyone = try #require(try router.route(request(nil)).route)
        let staff = try #require(try router.route(request("staff")).route)
        let visitors = try router.route(request("public"))
        #expect(abs(anyone.lengthMeters - 2 * (200.0).squareRoot()) < 1e-6)
        #expect(abs(staff.lengthMeters - anyone.lengthMeters) < 1e-6)
        #expect(abs((visitors.route?.lengthMeters ?? 0) - 60) < 1e-6)
        #expect(!visitors.notices.map(\.code).contains(.violatedUniverse))
    }

    @Test func withoutAnotherWayTheRouteSaysItCrossesHiddenSpace() throws {
        let router = IndoorRouter(venue: venue(withDetour: false))
        let response = try router.route(request("public"))
        #expect(response.route != nil)
        #expect(response.notices.contains { $0.code == .violatedUniverse && $0.details == "public" })
        #expect(throws: RoutingError.self) { try router.route(request("martians")) }
    }
}
