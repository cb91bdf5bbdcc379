import IndoorGeometry
import Testing

@testable import IndoorVenue

typealias SeededGenerator = SplitMix64

@Suite struct SpatialIndexTests {
    /// A random two-level venue: overlapping rectangles and triangles as spaces, random nodes with short
    /// and some long edges, a few edges between levels.
    static func randomVenue(
        seed: UInt64, nodeCount: Int = 600, clustered: Bool = false
    ) -> (levels: [Level], spaces: [Space], graph: NavigationGraph) {
        var rng = SeededGenerator(seed: seed)
        let levels = [Level(id: "L0", ordinal: 0), Level(id: "L1", ordinal: 1)]
        var spaces: [Space] = []
        for i in 0..<80 {
            let x = Double.random(in: -50...150, using: &rng), y = Double.random(in: -20...80, using: &rng)
            let w = Double.random(in: 1...40, using: &rng), h = Double.random(in: 1...30, using: &rng)
            let ring: [LocalPoint] =
                i % 3 == 0
                ? [LocalPoint(x: x, y: y), LocalPoint(x: x + w, y: y), LocalPoint(x: x, y: y + h)]
                : [LocalPoint(x: x, y: y), LocalPoint(x: x + w, y: y), LocalPoint(x: x + w, y: y + h), LocalPoint(x: x, y: y + h)]
            spaces.append(
                Space(
                    id: "s\(i)", category: "room", polygon: Polygon(exterior: ring), levelID: i % 2 == 0 ? "L0" : "L1",
                    isWalkable: i % 5 != 0))
        }
        var b = NavigationGraph.Builder(source: .derived)
        for i in 0..<nodeCount {
            let p =
                clustered && i % 2 == 0
                ? LocalPoint(x: 10 + Double.random(in: 0...0.01, using: &rng), y: 10)
                : LocalPoint(x: Double.random(in: 0...100, using: &rng), y: Double.random(in: 0...60, using: &rng))
            b.addNode(NavNode(point: p, levelIndex: Int32(i % 2)))
        }
        for i in 0..<(nodeCount * 3 / 2) {
            let a = Int32(Int.random(in: 0..<nodeCount, using: &rng))
            var c = Int32(Int.random(in: 0..<nodeCount, using: &rng))
            // Mostly same-level edges; every 20th may join levels.
            if i % 20 != 0, (a % 2) != (c % 2) { c = (c + 1) % Int32(nodeCount) }
            let pa = b.nodes[Int(a)].point, pc = b.nodes[Int(c)].point
            b.addEdge(NavEdge(from: a, to: c, kind: .walkway, lengthMeters: pa.distance(to: pc)))
        }
        return (levels, spaces, b.build())
    }

    static func bruteNearestNode(_ g: NavigationGraph, _ p: LocalPoint, _ level: Int, _ maxD: Double) -> (Int, Double)? {
        var best: (Int, Double)?
        for (i, n) in g.nodes.enumerated() where Int(n.levelIndex) == level {
            let d = n.point.distance(to: p)
            if d <= maxD, d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        return best
    }

    static func bruteNearestEdge(_ g: NavigationGraph, _ p: LocalPoint, _ level: Int, _ maxD: Double) -> (Int, Double)? {
        var best: (Int, Double)?
        for (i, e) in g.edges.enumerated() {
            let a = g.nodes[Int(e.from)], b = g.nodes[Int(e.to)]
            guard Int(a.levelIndex) == level, Int(b.levelIndex) == level else { continue }
            // Closest point on the segment by clamped projection, written out independently.
            let dx = b.point.x - a.point.x, dy = b.point.y - a.point.y
            let len2 = dx * dx + dy * dy
            let t = len2 > 0 ? min(1, max(0, ((p.x - a.point.x) * dx + (p.y - a.point.y) * dy) / len2)) : 0
            let q = LocalPoint(x: a.point.x + t * dx, y: a.point.y + t * dy)
            let d = q.distance(to: p)
            if d <= maxD, d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        return best
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func nearestNodeAndEdgeMatchBruteForce(seed: UInt64) {
        let v = Self.randomVenue(seed: seed, clustered: seed == 3)
        let index = VenueSpatialIndex(
            levels: v.levels, spaces: v.spaces, openings: [], graph: v.graph,
            levelIndexOfLevelID: { $0 == "L0" ? 0 : ($0 == "L1" ? 1 : nil) })
        var rng = SeededGenerator(seed: seed &* 7919)
        for q in 0..<3000 {
            // Some queries far outside the extent.
            let p = LocalPoint(x: Double.random(in: -60...160, using: &rng), y: Double.random(in: -40...100, using: &rng))
            let level = q % 2
            let maxD = q % 3 == 0 ? Double.random(in: 0...8, using: &rng) : .infinity
            let node = index.nearestNode(to: p, levelIndex: level, maxDistanceMeters: maxD)
            let bruteNode = Self.bruteNearestNode(v.graph, p, level, maxD)
            #expect(node?.node == bruteNode?.0, "query \(q) at \(p)")
            if let node, let bruteNode { #expect(abs(node.distanceMeters - bruteNode.1) < 1e-9) }

            let edge = index.nearestEdge(to: p, levelIndex: level, maxDistanceMeters: maxD)
            let bruteEdge = Self.bruteNearestEdge(v.graph, p, level, maxD)
            if let edge, let bruteEdge {
                #expect(abs(edge.distanceMeters - bruteEdge.1) < 1e-9, "query \(q) at \(p)")
                let e = v.graph.edges[edge.edge]
                let a = v.graph.nodes[Int(e.from)].point, b = v.graph.nodes[Int(e.to)].point
                let onEdge = LocalPoint(x: a.x + edge.t * (b.x - a.x), y: a.y + edge.t * (b.y - a.y))
                #expect(onEdge.distance(to: edge.point) < 1e-9)
                #expect(abs(edge.point.distance(to: p) - edge.distanceMeters) < 1e-9)
                // Same edge, unless two edges tie to rounding.
                #expect(edge.edge == bruteEdge.0 || abs(edge.distanceMeters - bruteEdge.1) < 1e-12)
            } else {
                #expect(edge == nil && bruteEdge == nil, "query \(q) at \(p)")
            }
        }
    }

    @Test func spacesContainingMatchBruteForce() {
        let v = Self.randomVenue(seed: 11)
        let index = VenueSpatialIndex(
            levels: v.levels, spaces: v.spaces, openings: [], graph: v.graph,
            levelIndexOfLevelID: { $0 == "L0" ? 0 : ($0 == "L1" ? 1 : nil) })
        var rng = SeededGenerator(seed: 99)
        var nonEmpty = 0
        for q in 0..<4000 {
            let p = LocalPoint(x: Double.random(in: -60...200, using: &rng), y: Double.random(in: -30...120, using: &rng))
            let level = q % 2
            let levelID = level == 0 ? "L0" : "L1"
            let brute = v.spaces.indices.filter { v.spaces[$0].levelID == levelID && v.spaces[$0].polygon.contains(p) }
                .sorted { (v.spaces[$0].polygon.areaSquareMeters, $0) < (v.spaces[$1].polygon.areaSquareMeters, $1) }
            let got = index.spaces(containing: p, levelIndex: level)
            #expect(got == brute, "query \(q) at \(p)")
            if !brute.isEmpty { nonEmpty += 1 }
            let walkable = brute.contains { v.spaces[$0].isWalkable }
            #expect(index.isWalkable(p, levelIndex: level) == walkable)
            let levels = [0, 1].filter { l in v.spaces.contains { $0.levelID == (l == 0 ? "L0" : "L1") && $0.polygon.contains(p) } }
            #expect(index.levelIndices(containing: p) == levels)
        }
        // The queries must exercise the interesting case.
        #expect(nonEmpty > 500)
    }

    @Test func outlineLevelWalkableOutsideObstacles() {
        let outline = Polygon(exterior: [
            LocalPoint(x: 0, y: 0), LocalPoint(x: 20, y: 0), LocalPoint(x: 20, y: 10), LocalPoint(x: 0, y: 10),
        ])
        let shop = Space(
            id: "shop", category: "shop",
            polygon: Polygon(exterior: [LocalPoint(x: 2, y: 2), LocalPoint(x: 6, y: 2), LocalPoint(x: 6, y: 6), LocalPoint(x: 2, y: 6)]),
            levelID: "F1", isWalkable: false)
        let levels = [Level(id: "F1", ordinal: 0, outline: outline)]
        let index = VenueSpatialIndex(
            levels: levels, spaces: [shop], openings: [], graph: .empty,
            levelIndexOfLevelID: { $0 == "F1" ? 0 : nil })
        #expect(index.isWalkable(LocalPoint(x: 10, y: 5), levelIndex: 0))
        #expect(!index.isWalkable(LocalPoint(x: 4, y: 4), levelIndex: 0))
        #expect(!index.isWalkable(LocalPoint(x: 25, y: 5), levelIndex: 0))
        #expect(!index.isWalkable(LocalPoint(x: 10, y: 5), levelIndex: 1))
        #expect(index.levelIndices(containing: LocalPoint(x: 10, y: 5)) == [0])
        #expect(index.levelIndices(containing: LocalPoint(x: 30, y: 5)) == [])
        #expect(index.nearestNode(to: .zero, levelIndex: 0) == nil)
        #expect(index.nearestEdge(to: .zero, levelIndex: 0) == nil)
    }

    @Test func outlineIsNotWalkableWhereSpacesAndOpeningsDescribeTheFloor() {
        let outline = Polygon(exterior: [
            LocalPoint(x: 0, y: 0), LocalPoint(x: 20, y: 0), LocalPoint(x: 20, y: 10), LocalPoint(x: 0, y: 10),
        ])
        let hall = Space(
            id: "hall", category: "walkway",
            polygon: Polygon(exterior: [LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 10), LocalPoint(x: 0, y: 10)]
            ),
            levelID: "F1")
        let door = Opening(
            id: "d", category: "pedestrian", line: Polyline([LocalPoint(x: 10, y: 4), LocalPoint(x: 10, y: 6)]), levelID: "F1")
        let levels = [Level(id: "F1", ordinal: 0, outline: outline)]
        let withDoor = VenueSpatialIndex(
            levels: levels, spaces: [hall], openings: [door], graph: .empty,
            levelIndexOfLevelID: { $0 == "F1" ? 0 : nil })
        #expect(withDoor.isWalkable(LocalPoint(x: 5, y: 5), levelIndex: 0))
        #expect(!withDoor.isWalkable(LocalPoint(x: 15, y: 5), levelIndex: 0))
        // Without openings the outline is the floor (as graph derivation lays its grid there).
        let noDoor = VenueSpatialIndex(
            levels: levels, spaces: [hall], openings: [], graph: .empty,
            levelIndexOfLevelID: { $0 == "F1" ? 0 : nil })
        #expect(noDoor.isWalkable(LocalPoint(x: 15, y: 5), levelIndex: 0))
        #expect(VenueSpatialIndex.outlineIsWalkable(hasOutline: true, openingCount: 3, walkableSpaceCount: 0))
        #expect(!VenueSpatialIndex.outlineIsWalkable(hasOutline: false, openingCount: 0, walkableSpaceCount: 0))
    }

    @Test func nonFiniteQueriesAndEmptyVenue() {
        let index = VenueSpatialIndex(levels: [], spaces: [], openings: [], graph: .empty, levelIndexOfLevelID: { _ in nil })
        #expect(index.spaces(containing: .zero, levelIndex: 0).isEmpty)
        #expect(index.levelIndices(containing: .zero).isEmpty)
        let v = Self.randomVenue(seed: 5, nodeCount: 50)
        let full = VenueSpatialIndex(
            levels: v.levels, spaces: v.spaces, openings: [], graph: v.graph,
            levelIndexOfLevelID: { $0 == "L0" ? 0 : 1 })
        let nan = LocalPoint(x: .nan, y: 3)
        #expect(full.nearestNode(to: nan, levelIndex: 0) == nil)
        #expect(full.nearestEdge(to: nan, levelIndex: 0) == nil)
        #expect(full.spaces(containing: nan, levelIndex: 0).isEmpty)
        #expect(full.nearestNode(to: .zero, levelIndex: 7) == nil)
    }
}
