import IndoorGeometry
import Testing

@testable import IndoorVenue

@Suite struct GraphDerivationGridTests {
    typealias F = DerivationFixtures

    /// An ILC-sized floor (240 m × 176 m): an outline, 6 × 4 shops of 24 m × 24 m (not walkable) with
    /// 12 m aisles between them, a column, a POI in a shop and one in an aisle, and an elevator.
    static func mallFloor() -> Venue {
        let outline = F.rect(0, 0, 240, 176)
        var spaces: [Space] = []
        for i in 0..<6 {
            for j in 0..<4 {
                let x = 12 + Double(i) * 38, y = 12 + Double(j) * 40
                spaces.append(
                    Space(
                        id: "shop-\(i)-\(j)", category: "shop", polygon: F.rect(x, y, x + 24, y + 24),
                        levelID: "F1", isWalkable: false))
            }
        }
        spaces.append(Space(id: "column", category: "column", polygon: F.rect(100, 4, 101.5, 5.5), levelID: "F1", isWalkable: false))
        let levels = [Level(id: "F1", ordinal: 1, outline: outline), Level(id: "F2", ordinal: 2, outline: outline)]
        let pois = [
            F.poi("in-shop", 24, 24, level: "F1"), F.poi("aisle", 43.3, 100.7, level: "F1"),
            F.poi("outside", 400, 400, level: "F1"),
        ]
        let lift = Connector(
            id: "lift", kind: .elevator, levelIDs: ["F1", "F2"],
            entries: levels.map { .init(levelID: $0.id, point: LocalPoint(x: 5, y: 5)) })
        return F.venue(levels: levels, spaces: spaces, pois: pois, connectors: [lift])
    }

    /// The floor and its derived graph, computed once for the suite.
    static let mall: (venue: Venue, graph: NavigationGraph, issues: [VenueIssue]) = {
        let venue = mallFloor()
        let (graph, issues) = GraphDerivation.derive(venue)
        return (venue, graph, issues)
    }()

    @Test func gridAvoidsShopsAndIsConnected() throws {
        let (venue, g, issues) = Self.mall
        let shops = venue.spaces.filter { !$0.isWalkable }
        let lattice = g.nodes.filter { $0.kind == .waypoint && $0.featureID == nil && $0.levelIndex == 0 }
        // Free area: 240 × 176 − 24 shops × 576 − column; one point per 4 m² (±10 % for the edges).
        let freeArea = 240.0 * 176 - 24 * 576 - 2.25
        #expect(Double(lattice.count) > 0.9 * freeArea / 4 && Double(lattice.count) < 1.1 * freeArea / 4)
        for n in lattice {
            for s in shops { #expect(!s.polygon.contains(n.point), "grid point \(n.point) inside \(s.id)") }
        }
        // Walkway edges between grid points never cut through a shop or the column.
        for e in g.edges where e.kind == .walkway {
            let a = g.nodes[Int(e.from)], b = g.nodes[Int(e.to)]
            guard a.featureID == nil, b.featureID == nil, a.levelIndex == 0 else { continue }
            let box = BoundingBox(points: [a.point, b.point])
            for s in shops where box.map({ s.polygon.bounds.intersects($0) }) ?? true {
                for wall in s.polygon.edges { #expect(!Segment(a.point, b.point).properlyCrosses(wall)) }
            }
        }
        // One connected graph, apart from the POI far outside the floor.
        let (component, _) = g.components()
        let outside = try #require(F.node(g, "outside"))
        let reference = component[try #require(F.node(g, "aisle"))]
        for i in g.nodes.indices where i != outside { #expect(component[i] == reference, "node \(i) \(g.nodes[i])") }
        #expect(issues.contains { $0.location.featureID == "outside" })
        #expect(!issues.contains { $0.location.featureID == "in-shop" || $0.location.featureID == "aisle" })
    }

    @Test func everyShopHasAnEntranceOnItsBoundary() throws {
        let (venue, g, _) = Self.mall
        for shop in venue.spaces where shop.category == "shop" && shop.levelID == "F1" {
            let entrance = try #require(F.node(g, shop.id, kind: .door), "\(shop.id)")
            #expect(shop.polygon.distanceToBoundary(g.nodes[entrance].point) < 1e-9)
            #expect(g.arcs(from: entrance).contains { g.edges[Int($0.edge)].kind == .door })
        }
        #expect(F.node(g, "column") == nil)
        // The POI in shop (12…36, 12…36) at (24, 24) goes to its entrance: at least 12 m to the boundary.
        let inShop = try #require(F.node(g, "in-shop"))
        let arc = try #require(g.arcs(from: inShop).first)
        #expect(g.nodes[Int(arc.target)].featureID == "shop-0-0")
        #expect(g.edges[Int(arc.edge)].lengthMeters >= 12 - 1e-9)
    }

    @Test func gridPathLengthIsCloseToStraightLine() throws {
        let (venue, g, _) = Self.mall
        // Along the free aisle y ∈ [0, 12] from near (2, 6) to near (230, 6): an 8-connected grid is exact
        // along an axis, so the path is the straight distance between the nearest grid points.
        let final = venue.replacingGraph(g)
        let a = try #require(final.spatialIndex.nearestNode(to: LocalPoint(x: 2, y: 8), levelIndex: 0))
        let b = try #require(final.spatialIndex.nearestNode(to: LocalPoint(x: 230, y: 8), levelIndex: 0))
        let straight = g.nodes[a.node].point.distance(to: g.nodes[b.node].point)
        let d = F.distances(g, from: a.node)[b.node]
        #expect(d >= straight - 1e-9 && d <= straight * 1.01)
    }
}

@Suite struct GraphDerivationGridSliverTests {
    typealias F = DerivationFixtures

    /// A 40 m × 20 m floor with one shop whose polygon has a 4 m × 4 m hole: a free pocket nobody can reach.
    static func floorWithPocket() -> Venue {
        let shop = Polygon(exterior: F.rect(10, 4, 30, 16).exterior, holes: [F.rect(18, 8, 22, 12).exterior])
        return F.venue(
            levels: [Level(id: "G", ordinal: 0, outline: F.rect(0, 0, 40, 20))],
            spaces: [Space(id: "shop", category: "shop", polygon: shop, levelID: "G", isWalkable: false)])
    }

    @Test func smallPocketsAreLeftOut() throws {
        let hole = F.rect(18, 8, 22, 12)
        let (kept, _) = GraphDerivation.derive(Self.floorWithPocket())
        #expect(!kept.nodes.contains { hole.contains($0.point) })
        #expect(kept.components().count == 1)
        // With the threshold at one point the pocket's grid points (at most 3 × 3) come back, cut off.
        let (all, _) = GraphDerivation.derive(Self.floorWithPocket(), options: try GraphDerivationOptions(gridMinimumComponentPoints: 1))
        let inHole = all.nodes.filter { hole.contains($0.point) }.count
        #expect(inHole > 0 && inHole <= 9)
        #expect(all.components().count == 2)
    }
}
