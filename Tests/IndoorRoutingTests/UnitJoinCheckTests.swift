import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// Hand-built levels for the join check (`bench reach --check-joins`): what the geometry joins, and
/// whether a graph routes every joined pair.
@Suite struct UnitJoinCheckTests {
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polygon {
        Polygon(exterior: [LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y0), LocalPoint(x: x1, y: y1), LocalPoint(x: x0, y: y1)])
    }

    static func door(_ id: String, x: Double, y: Double, level: String = "L0") -> Opening {
        Opening(
            id: id, category: "pedestrian", line: Polyline([LocalPoint(x: x - 0.5, y: y), LocalPoint(x: x + 0.5, y: y)]),
            levelID: level)
    }

    /// Level L0: a corridor (x 0–30, y 0–4) with rooms A, B, C north of it (x 0–10, 10–20, 20–30, y 4–10);
    /// A and B have doors onto the corridor, C has none (it only shares walls with B and the corridor);
    /// a lobby (x 30–40, y 0–10) touches the corridor along x = 30 for 4 m without an opening; a shaft
    /// (not walkable) with a door at the corridor's west end; a second walkway (x 0–10, y −3.5 to −0.5)
    /// 0.5 m south of the corridor, too far to touch. Level L1: a hall and one room with a door.
    static func venue(withoutOpenings dropped: Set<String> = []) -> Venue {
        let spaces = [
            Space(id: "corridor", category: "walkway", polygon: rect(0, 0, 30, 4), levelID: "L0"),
            Space(id: "room-a", category: "room", polygon: rect(0, 4, 10, 10), levelID: "L0"),
            Space(id: "room-b", category: "room", polygon: rect(10, 4, 20, 10), levelID: "L0"),
            Space(id: "room-c", category: "room", polygon: rect(20, 4, 30, 10), levelID: "L0"),
            Space(id: "lobby", category: "lobby", polygon: rect(30, 0, 40, 10), levelID: "L0"),
            Space(id: "shaft", category: "shaft", polygon: rect(-3, 0, 0, 4), levelID: "L0", isWalkable: false),
            Space(id: "apart", category: "walkway", polygon: rect(0, -3.5, 10, -0.5), levelID: "L0"),
            Space(id: "hall-1", category: "walkway", polygon: rect(0, 0, 30, 4), levelID: "L1"),
            Space(id: "room-1", category: "office", polygon: rect(0, 4, 10, 10), levelID: "L1"),
        ]
        let openings = [
            door("door-a", x: 5, y: 4), door("door-b", x: 15, y: 4),
            Opening(
                id: "door-shaft", category: "service", line: Polyline([LocalPoint(x: 0, y: 1.5), LocalPoint(x: 0, y: 2.5)]),
                levelID: "L0"),
            door("door-1", x: 5, y: 4, level: "L1"),
        ].filter { !dropped.contains($0.id) }
        return Venue(
            id: "joins", name: LocalizedName("Joins", language: "en"), defaultLanguage: "en", frame: TestVenues.frame,
            buildings: [Building(id: "B")],
            levels: [Level(id: "L0", ordinal: 0, buildingIDs: ["B"]), Level(id: "L1", ordinal: 1, buildingIDs: ["B"])],
            spaces: spaces, openings: openings, pois: [], connectors: [], graph: .empty)
    }

    static func ids(_ venue: Venue, _ part: UnitJoins.Component) -> [String] { part.spaceIndices.map { venue.spaces[$0].id } }

    @Test func openingsAndTouchingOpenUnitsMakeTheParts() throws {
        let venue = Self.venue()
        let joins = UnitJoins(venue: venue)
        #expect(joins.components.map(\.levelID) == ["L0", "L1"])
        // Room C (walls only), the shaft (not walkable) and the walkway 0.5 m away join nothing.
        #expect(Self.ids(venue, joins.components[0]) == ["corridor", "room-a", "room-b", "lobby"])
        #expect(Self.ids(venue, joins.components[1]) == ["hall-1", "room-1"])
        let touching = joins.links.compactMap { link -> Double? in
            if case .touching(let meters) = link.join { return meters }
            return nil
        }
        // The corridor's east end (4 m) runs along the lobby's west wall.
        try #require(touching.count == 1)
        // Samples run on past each end of the stretch by up to the 0.3 m tolerance (0.25 m samples).
        #expect(touching[0] >= 4 - 0.25 && touching[0] <= 4 + 2 * (0.3 + 0.25), "\(touching)")
        let openings = joins.links.compactMap { link -> String? in
            if case .opening(let id) = link.join { return id }
            return nil
        }
        #expect(openings == ["door-a", "door-b", "door-1"])
    }

    @Test func touchingNeedsTheToleranceAndTheLength() throws {
        let venue = Self.venue()
        // Within 0.6 m the walkway south of the corridor touches it along 10 m.
        let wide = UnitJoins(venue: venue, options: try UnitJoins.Options(touchToleranceMeters: 0.6))
        #expect(Self.ids(venue, wide.components[0]) == ["corridor", "room-a", "room-b", "lobby", "apart"])
        // The corridor and the lobby share 4 m: a 5 m minimum parts them.
        let long = UnitJoins(venue: venue, options: try UnitJoins.Options(minimumSharedBoundaryMeters: 5))
        #expect(Self.ids(venue, long.components[0]) == ["corridor", "room-a", "room-b"])
        #expect(throws: UnitJoins.Options.InvalidOption.self) { try UnitJoins.Options(openingReachMeters: 0) }
        #expect(throws: UnitJoins.Options.InvalidOption.self) { try UnitJoins.Options(touchToleranceMeters: 2.5) }
        #expect(throws: UnitJoins.Options.InvalidOption.self) { try UnitJoins.Options(minimumSharedBoundaryMeters: .nan) }
    }

    @Test func anOpeningJoinsOnlyUnitsItReaches() throws {
        // Room B's door moved 0.8 m into the room: it no longer reaches the corridor (0.5 m).
        var venue = Self.venue(withoutOpenings: ["door-b"])
        venue = Venue(
            id: venue.id, name: venue.name, defaultLanguage: "en", frame: venue.frame, buildings: venue.buildings,
            levels: venue.levels, spaces: venue.spaces, openings: venue.openings + [Self.door("door-b", x: 15, y: 4.8)],
            pois: [], connectors: [], graph: .empty)
        let joins = UnitJoins(venue: venue)
        #expect(Self.ids(venue, joins.components[0]) == ["corridor", "room-a", "lobby"])
    }

    @Test func theDerivedGraphRoutesEveryJoinedPair() throws {
        let venue = Self.venue()
        let derived = GraphDerivation.derive(venue)
        let check = try UnitJoinCheck(index: RoutingIndex(venue: venue.replacingGraph(derived.graph)))
        // L0: four units, six pairs; L1: one pair.
        #expect(check.pairCount == 7)
        #expect(check.levels.map(\.pairs) == [6, 1])
        #expect(check.misses.isEmpty, "\(check.misses)")
        #expect(check.levels.allSatisfy { $0.routedFraction == 1 })
    }

    /// A graph derived without room B's door, checked against the archive that has it: every pair with
    /// room B is missed, named by unit ids.
    @Test func aGraphMissingADoorMissesItsPairs() throws {
        let venue = Self.venue()
        let derived = GraphDerivation.derive(Self.venue(withoutOpenings: ["door-b"]))
        let check = try UnitJoinCheck(index: RoutingIndex(venue: venue.replacingGraph(derived.graph)))
        let missed = check.misses.map { [venue.spaces[$0.pair.from].id, venue.spaces[$0.pair.to].id] }
        #expect(missed == [["corridor", "room-b"], ["room-a", "room-b"], ["room-b", "lobby"]])
        #expect(check.misses.allSatisfy { $0.pair.levelID == "L0" && $0.notice.contains("the graph does not enter room-b") })
        #expect(abs(check.levels[0].routedFraction - 0.5) < 1e-12)
        #expect(check.levels[1].misses.isEmpty)
    }

    /// polymap's wardrobes: a long room (x 0–4, y 0–14) with its door and its POI at the south end, a
    /// shop beside it (x 4–8) with its POI in the middle. A route naming the wardrobe ends at its middle,
    /// 4 m from the shop's door–POI edge and 5.5 m from its own: the derived graph gives the wardrobe a
    /// node of its own there, so routes enter it instead of starting in the shop.
    @Test func aLongRoomWithItsDoorAndPOIAtOneEndIsEntered() throws {
        let spaces = [
            Space(id: "corridor", category: "walkway", polygon: Self.rect(-4, -4, 12, 0), levelID: "L0"),
            Space(id: "wardrobe", category: "wardrobe", polygon: Self.rect(0, 0, 4, 14), levelID: "L0"),
            Space(id: "shop", category: "shop", polygon: Self.rect(4, 0, 8, 14), levelID: "L0"),
        ]
        let pois = [
            PointOfInterest(
                id: "coats", category: "wardrobe", name: LocalizedName("Coats", language: "en"), position: LocalPoint(x: 2, y: 1.5),
                levelID: "L0", spaceID: "wardrobe", source: .amenity),
            PointOfInterest(
                id: "till", category: "shop", name: LocalizedName("Till", language: "en"), position: LocalPoint(x: 6, y: 7),
                levelID: "L0", spaceID: "shop", source: .amenity),
        ]
        let geometry = Venue(
            id: "wardrobe", name: LocalizedName("Wardrobe", language: "en"), defaultLanguage: "en", frame: TestVenues.frame,
            buildings: [Building(id: "B")], levels: [Level(id: "L0", ordinal: 0, buildingIDs: ["B"])], spaces: spaces,
            openings: [Self.door("door-w", x: 2, y: 0), Self.door("door-s", x: 6, y: 0)], pois: pois, connectors: [],
            graph: .empty)
        let derived = GraphDerivation.derive(geometry)
        let venue = geometry.replacingGraph(derived.graph)
        let middle = LocalPoint(x: 2, y: 7)
        #expect(venue.graph.nodes.contains { $0.featureID == "wardrobe" && $0.point.distance(to: middle) < 1e-9 })
        let router = IndoorRouter(venue: venue)
        #expect(UnitJoinCheck.notEntered(1, router: router) == nil)
        let check = try UnitJoinCheck(index: router.index)
        #expect(check.pairCount == 3 && check.misses.isEmpty, "\(check.misses)")
        // The route from the corridor ends in the wardrobe, not in the shop.
        let route = try #require(try router.route(RouteRequest(from: .feature(id: "corridor"), to: .feature(id: "wardrobe"))).route)
        let last = try #require(route.sections.last?.polyline.last?.point)
        #expect(spaces[1].polygon.contains(last), "\(last)")
        // No vertex of the route lies inside the shop (its walls aside).
        let shop = spaces[2].polygon
        let inShop = route.sections.flatMap(\.polyline).map(\.point).filter { p in
            shop.contains(p) && shop.distanceToBoundary(p) > 1e-6
        }
        #expect(inShop.isEmpty, "\(inShop)")
    }
}
