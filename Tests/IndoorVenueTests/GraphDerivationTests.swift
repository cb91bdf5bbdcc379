import IndoorGeometry
import Testing

@testable import IndoorVenue

/// Builders and an independent shortest-path search for derivation tests.
enum DerivationFixtures {
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polygon {
        Polygon(exterior: [LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y0), LocalPoint(x: x1, y: y1), LocalPoint(x: x0, y: y1)])
    }

    static func door(
        _ id: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, level: String = "L0",
        accessible: Bool = true
    ) -> Opening {
        Opening(
            id: id, category: "pedestrian", line: Polyline([LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y1)]),
            levelID: level, isAccessible: accessible)
    }

    static func poi(_ id: String, _ x: Double, _ y: Double, level: String = "L0", space: String? = nil) -> PointOfInterest {
        PointOfInterest(
            id: id, category: "room", name: LocalizedName(id, language: "en"), position: LocalPoint(x: x, y: y),
            levelID: level, spaceID: space, source: .amenity)
    }

    static func venue(
        levels: [Level], spaces: [Space], openings: [Opening] = [], pois: [PointOfInterest] = [],
        connectors: [Connector] = []
    ) -> Venue {
        Venue(
            id: "v", name: LocalizedName("Test", language: "en"), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 60, longitudeDegrees: 30)), buildings: [],
            levels: levels, spaces: spaces, openings: openings, pois: pois, connectors: connectors, graph: .empty)
    }

    /// The L-shaped corridor: arms y ∈ [0, 2] (x 0…22) and x ∈ [20, 22] (y 0…20), reflex corner (20, 2).
    /// Rooms A (north of the horizontal arm), B (west of the vertical arm), C (east of it) with doors, and
    /// D (south) with no door.
    static func lCorridor() -> Venue {
        let corridor = Polygon(exterior: [
            LocalPoint(x: 0, y: 0), LocalPoint(x: 22, y: 0), LocalPoint(x: 22, y: 20),
            LocalPoint(x: 20, y: 20), LocalPoint(x: 20, y: 2), LocalPoint(x: 0, y: 2),
        ])
        let spaces = [
            Space(id: "corridor", category: "walkway", polygon: corridor, levelID: "L0"),
            Space(id: "A", category: "room", polygon: rect(2, 2, 8, 8), levelID: "L0"),
            Space(id: "B", category: "room", polygon: rect(12, 12, 20, 18), levelID: "L0"),
            Space(id: "C", category: "room", polygon: rect(22, 16, 28, 20), levelID: "L0"),
            Space(id: "D", category: "room", polygon: rect(10, -8, 16, 0), levelID: "L0"),
            Space(id: "wall", category: "structure", polygon: rect(8, 2, 12, 12), levelID: "L0", isWalkable: false),
        ]
        let openings = [
            door("dA", 4, 2, 6, 2), door("dB", 20, 14, 20, 16), door("dC", 22, 17, 22, 19, accessible: false),
            door("entrance", 0, 0.5, 0, 1.5),
        ]
        let pois = [poi("pA", 5, 6), poi("pB", 16, 15), poi("pD", 13, -4)]
        return venue(levels: [Level(id: "L0", ordinal: 0)], spaces: spaces, openings: openings, pois: pois)
    }

    /// Dijkstra over lengths with a binary heap, honouring one-way edges (written independently of any
    /// routing code, from the edge list rather than the graph's adjacency arrays).
    static func distances(_ g: NavigationGraph, from source: Int, allowed: (NavEdge) -> Bool = { _ in true }) -> [Double] {
        var out = [[(to: Int, length: Double)]](repeating: [], count: g.nodes.count)
        for e in g.edges where allowed(e) {
            out[Int(e.from)].append((Int(e.to), e.lengthMeters))
            if !e.isOneWay { out[Int(e.to)].append((Int(e.from), e.lengthMeters)) }
        }
        var dist = [Double](repeating: .infinity, count: g.nodes.count)
        dist[source] = 0
        var heap: [(d: Double, n: Int)] = [(0, source)]
        func less(_ i: Int, _ j: Int) -> Bool { heap[i].d < heap[j].d }
        while let top = heap.first {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, less(l, m) { m = l }
                if r < heap.count, less(r, m) { m = r }
                if m == i { break }
                heap.swapAt(i, m); i = m
            }
            guard top.d <= dist[top.n] else { continue }
            for (v, w) in out[top.n] where top.d + w < dist[v] {
                dist[v] = top.d + w
                heap.append((dist[v], v))
                var c = heap.count - 1
                while c > 0, less(c, (c - 1) / 2) { heap.swapAt(c, (c - 1) / 2); c = (c - 1) / 2 }
            }
        }
        return dist
    }

    static func node(_ g: NavigationGraph, _ featureID: String, kind: NavNode.Kind? = nil) -> Int? {
        g.nodes.firstIndex { $0.featureID == featureID && (kind == nil || $0.kind == kind) }
    }
}

@Suite struct GraphDerivationTests {
    typealias F = DerivationFixtures

    @Test func lCorridorPathLengthsMatchHandComputedValues() throws {
        let venue = F.lCorridor()
        let (graph, _) = GraphDerivation.derive(venue)
        #expect(graph.source == .derived)
        let dA = try #require(F.node(graph, "dA", kind: .door)), dB = try #require(F.node(graph, "dB", kind: .door))
        let dC = try #require(F.node(graph, "dC", kind: .door)), entrance = try #require(F.node(graph, "entrance"))
        let pA = try #require(F.node(graph, "pA", kind: .poi)), pB = try #require(F.node(graph, "pB", kind: .poi))
        let fromA = F.distances(graph, from: dA)
        // Round the reflex corner (20, 2): geodesic 15 + 13 = 28 m; corner nodes sit 0.3 m inside.
        #expect(fromA[dB] >= 28 - 1e-9 && fromA[dB] <= 28.6)
        let fromPA = F.distances(graph, from: pA)
        // 4 m to the door, 28 m round the corner, 4 m to the POI.
        #expect(fromPA[pB] >= 36 - 1e-9 && fromPA[pB] <= 36.6)
        // Straight across the vertical arm: √(2² + 3²).
        #expect(abs(F.distances(graph, from: dC)[dB] - 13.0.squareRoot()) < 1e-6)
        // Straight along the horizontal arm: √(5² + 1²).
        #expect(abs(F.distances(graph, from: entrance)[dA] - 26.0.squareRoot()) < 1e-6)
        // Every room with a door is reachable from the entrance.
        let fromEntrance = F.distances(graph, from: entrance)
        for id in ["dA", "dB", "dC", "pA", "pB"] {
            #expect(fromEntrance[try #require(F.node(graph, id))] < .infinity, "\(id) unreachable")
        }
    }

    @Test func doorlessRoomIsUnreachableAndReported() throws {
        let venue = F.lCorridor()
        let (graph, issues) = GraphDerivation.derive(venue)
        let pD = try #require(F.node(graph, "pD", kind: .poi))
        let entrance = try #require(F.node(graph, "entrance"))
        #expect(F.distances(graph, from: entrance)[pD] == .infinity)
        #expect(issues.contains { $0.location.featureID == "pD" && $0.severity == .warning })
        #expect(!issues.contains { $0.location.featureID == "pA" || $0.location.featureID == "pB" })
    }

    @Test func noEdgeLeavesWalkableSpace() throws {
        let venue = F.lCorridor()
        let (graph, _) = GraphDerivation.derive(venue)
        let final = venue.replacingGraph(graph)
        // Walls: every space edge, minus the stretches where a door opens.
        let doorLines = venue.openings.map { Segment($0.line.points[0], $0.line.points[1]) }
        var walls: [Segment] = []
        for s in venue.spaces {
            for e in s.polygon.edges {
                let isDoorWall = doorLines.contains { d in
                    e.distance(to: d.start) < 1e-9 && e.distance(to: d.end) < 1e-9
                }
                if isDoorWall {
                    // Split the wall around the door.
                    for d in doorLines where e.distance(to: d.start) < 1e-9 && e.distance(to: d.end) < 1e-9 {
                        let near = e.start.distance(to: d.start) < e.start.distance(to: d.end) ? d.start : d.end
                        let far = near == d.start ? d.end : d.start
                        walls.append(Segment(e.start, near)); walls.append(Segment(far, e.end))
                    }
                } else {
                    walls.append(e)
                }
            }
        }
        let walkway = graph.edges.filter { $0.kind == .walkway }
        #expect(walkway.count >= 8)
        for e in walkway {
            let a = graph.nodes[Int(e.from)].point, b = graph.nodes[Int(e.to)].point
            #expect(abs(e.lengthMeters - a.distance(to: b)) < 1e-9)
            for w in walls { #expect(!Segment(a, b).properlyCrosses(w), "edge \(a)–\(b) crosses wall \(w)") }
            for k in 1..<10 {
                let t = Double(k) / 10
                let p = LocalPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                #expect(final.spatialIndex.isWalkable(p, levelIndex: 0), "edge \(a)–\(b) leaves walkable space at \(p)")
            }
        }
    }

    @Test func inaccessibleDoorMakesItsEdgesInaccessible() throws {
        let (graph, _) = GraphDerivation.derive(F.lCorridor())
        let dC = try #require(F.node(graph, "dC"))
        let touching = graph.edges.filter { Int($0.from) == dC || Int($0.to) == dC }
        #expect(!touching.isEmpty)
        #expect(touching.allSatisfy { !$0.isAccessible })
        let dA = try #require(F.node(graph, "dA"))
        #expect(graph.edges.filter { Int($0.from) == dA || Int($0.to) == dA }.allSatisfy { $0.isAccessible })
    }

    @Test func hallWithPillarRoutesAroundTheHole() throws {
        let hall = Polygon(exterior: F.rect(0, 0, 10, 10).exterior, holes: [F.rect(4, 4, 6, 6).exterior])
        let venue = F.venue(
            levels: [Level(id: "L0", ordinal: 0)],
            spaces: [Space(id: "hall", category: "walkway", polygon: hall, levelID: "L0")],
            openings: [F.door("w", 0, 4.5, 0, 5.5), F.door("e", 10, 4.5, 10, 5.5)])
        let (graph, _) = GraphDerivation.derive(venue)
        let w = try #require(F.node(graph, "w")), e = try #require(F.node(graph, "e"))
        // Geodesic: (0,5) → (4,4) → (6,4) → (10,5) = 2·√17 + 2.
        let geodesic = 2 * 17.0.squareRoot() + 2
        let d = F.distances(graph, from: w)[e]
        #expect(d >= geodesic - 1e-9 && d <= geodesic + 0.6)
    }

    @Test func longCorridorWithManyDoorsStaysSmallAndConnected() throws {
        var spaces = [Space(id: "corridor", category: "walkway", polygon: F.rect(0, 0, 300, 3), levelID: "L0")]
        var openings: [Opening] = []
        for i in 0..<150 {
            let x = Double(i) * 2
            spaces.append(Space(id: "r\(i)", category: "room", polygon: F.rect(x, 3, x + 2, 8), levelID: "L0"))
            openings.append(F.door("d\(i)", x + 0.5, 3, x + 1.5, 3))
        }
        let venue = F.venue(levels: [Level(id: "L0", ordinal: 0)], spaces: spaces, openings: openings)
        let (graph, issues) = GraphDerivation.derive(venue)
        #expect(graph.components().count == 1)
        // Doors in a row become a chain (149 edges), plus a door–interior edge per room.
        #expect(graph.edges.count < 600)
        #expect(!issues.contains { $0.message.contains("no walkway edge") })
        let first = try #require(F.node(graph, "d0")), last = try #require(F.node(graph, "d149"))
        #expect(abs(F.distances(graph, from: first)[last] - 298) < 0.2)
    }

    @Test func optionsAreValidated() {
        #expect(throws: GraphDerivationOptions.InvalidOption.self) { try GraphDerivationOptions(doorSnapMeters: 0) }
        #expect(throws: GraphDerivationOptions.InvalidOption.self) { try GraphDerivationOptions(gridSpacingMeters: .nan) }
        #expect(throws: GraphDerivationOptions.InvalidOption.self) { try GraphDerivationOptions(fullVisibilityNodeLimit: 1) }
        #expect(throws: GraphDerivationOptions.InvalidOption.self) {
            try GraphDerivationOptions(connectorFixedSeconds: [.elevator: -1])
        }
        do {
            _ = try GraphDerivationOptions(entranceSearchMeters: 500)
            Issue.record("out-of-range value accepted")
        } catch {
            #expect(error.name == "entranceSearchMeters")
            #expect(error.description.contains("[0.0, 200.0]"))
        }
        let defaults = GraphDerivationOptions()
        #expect(throws: Never.self) { #expect(try GraphDerivationOptions() == defaults) }
        #expect(defaults.allowsVehicles(spaceCategory: "parking.longterm"))
        #expect(!defaults.allowsVehicles(spaceCategory: "parkingmeter"))
    }

    @Test func parkingSpacesAllowVehicles() throws {
        let spaces = [
            Space(id: "deck", category: "parking", polygon: F.rect(0, 0, 20, 10), levelID: "L0"),
            Space(id: "lobby", category: "walkway", polygon: F.rect(20, 0, 30, 10), levelID: "L0"),
        ]
        let venue = F.venue(
            levels: [Level(id: "L0", ordinal: 0)], spaces: spaces,
            openings: [F.door("gate", 20, 4, 20, 6), F.door("ramp", 0, 4, 0, 6), F.door("exit", 30, 4, 30, 6)])
        let (graph, _) = GraphDerivation.derive(venue)
        let ramp = try #require(F.node(graph, "ramp")), gate = try #require(F.node(graph, "gate"))
        let exit = try #require(F.node(graph, "exit"))
        let between = { (a: Int, b: Int) in graph.edges.first { Set([Int($0.from), Int($0.to)]) == Set([a, b]) } }
        #expect(try #require(between(ramp, gate)).modes == .all)
        #expect(try #require(between(gate, exit)).modes == .pedestrian)
    }
}
