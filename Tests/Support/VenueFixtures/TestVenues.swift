import IndoorGeometry
import IndoorVenue

/// The seeded generator of the tests.
public typealias SeededGenerator = SplitMix64

/// Venues built in code for tests: a seeded random multi-level grid and a hand-made golden venue.
public enum TestVenues {
    /// The local frame every test venue uses (a point in Berlin).
    public static let frame = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 52.52, longitudeDegrees: 13.40))

    /// A random multi-level grid venue: `levels` levels of `side`×`side` nodes 5 m apart, ~15 % of edges
    /// removed, some one-way; connectors of random kinds between stacked nodes; level 0 also drivable.
    public static func randomGrid(seed: UInt64, levels: Int = 3, side: Int = 8) -> Venue {
        var rng = SeededGenerator(seed: seed)
        let spacing = 5.0
        var builder = NavigationGraph.Builder(source: .authored)
        var levelList: [Level] = []
        var spaces: [Space] = []
        for l in 0..<levels {
            let id = "L\(l)"
            levelList.append(Level(id: id, ordinal: l, name: LocalizedName("Level \(l)", language: "en"), buildingIDs: ["B"]))
            let extent = Double(side - 1) * spacing
            spaces.append(
                Space(
                    id: "hall\(l)", category: "walkway",
                    polygon: Polygon(exterior: [
                        LocalPoint(x: -1, y: -1), LocalPoint(x: extent + 1, y: -1),
                        LocalPoint(x: extent + 1, y: extent + 1), LocalPoint(x: -1, y: extent + 1),
                    ]),
                    levelID: id, buildingID: "B"))
            for y in 0..<side {
                for x in 0..<side {
                    builder.addNode(NavNode(point: LocalPoint(x: Double(x) * spacing, y: Double(y) * spacing), levelIndex: Int32(l)))
                }
            }
        }
        func node(_ l: Int, _ x: Int, _ y: Int) -> Int32 { Int32(l * side * side + y * side + x) }
        for l in 0..<levels {
            for y in 0..<side {
                for x in 0..<side {
                    for (dx, dy) in [(1, 0), (0, 1)] where x + dx < side && y + dy < side {
                        if Double.random(in: 0..<1, using: &rng) < 0.15 { continue }
                        let a = node(l, x, y), b = node(l, x + dx, y + dy)
                        let oneWay = Double.random(in: 0..<1, using: &rng) < 0.05
                        // Lengths at least the straight line; some detours are longer.
                        let length = spacing * (Double.random(in: 0..<1, using: &rng) < 0.2 ? 1.5 : 1.0)
                        builder.addEdge(
                            NavEdge(
                                from: a, to: b, kind: .walkway, lengthMeters: length,
                                modes: l == 0 ? .all : .pedestrian, isOneWay: oneWay))
                    }
                }
            }
        }
        var connectors: [Connector] = []
        let kinds: [ConnectorKind] = [.elevator, .stairs, .escalator, .ramp, .driveRamp]
        for l in 0..<(levels - 1) {
            for k in 0..<4 {
                let x = Int.random(in: 0..<side, using: &rng), y = Int.random(in: 0..<side, using: &rng)
                // Level pairs get different kind mixes: between levels 1 and 2 there is no ramp.
                let kind = kinds[(l * 4 + k) % kinds.count]
                let p = LocalPoint(x: Double(x) * spacing, y: Double(y) * spacing)
                let direction: Connector.Direction = kind == .escalator ? .up : .both
                let c = Connector(
                    id: "c\(l)-\(k)", kind: kind, levelIDs: ["L\(l)", "L\(l + 1)"],
                    entries: [Connector.Entry(levelID: "L\(l)", point: p), Connector.Entry(levelID: "L\(l + 1)", point: p)],
                    direction: direction, transitionTypeID: kind == .ramp ? "bridge" : nil)
                connectors.append(c)
                builder.addEdge(
                    NavEdge(
                        from: node(l, x, y), to: node(l + 1, x, y), kind: .connector(kind), lengthMeters: 6,
                        fixedSeconds: kind == .elevator ? 30 : 0,
                        modes: kind == .driveRamp ? .vehicle : .pedestrian, isOneWay: kind == .escalator,
                        isAccessible: c.isAccessible, connectorIndex: Int32(connectors.count - 1)))
            }
        }
        return Venue(
            id: "grid-\(seed)", name: LocalizedName("Grid", language: "en"), defaultLanguage: "en", frame: frame,
            buildings: [Building(id: "B", name: LocalizedName("Main", language: "en"))], levels: levelList, spaces: spaces,
            openings: [], pois: [], connectors: connectors, graph: builder.build())
    }

    /// A hand-made two-building, two-level venue for golden instructions:
    ///
    /// Level 0 (building A): corridor from (0,0) east to (20,0), then north to (20,15); a door at
    /// (20,15) into a lobby of building B with nodes (20,20) and (35,20). Elevator at (35,20) to level 1
    /// (node (35,20) on L1), then east 12.2 m to the office POI at (47.2,20) on L1.
    /// Stairs at (0,0) between the levels; on L1 a 100 m walkway joins the stairs landing to the lift.
    public static func golden() -> Venue {
        var b = NavigationGraph.Builder(source: .authored)
        let p: [(Double, Double, Int32, NavNode.Kind, String?)] = [
            (0, 0, 0, .waypoint, nil), (20, 0, 0, .waypoint, nil), (20, 15, 0, .door, "door-ab"), (20, 20, 0, .waypoint, nil),
            (35, 20, 0, .connectorEntry, "lift"), (35, 20, 1, .connectorEntry, "lift"), (47.2, 20, 1, .poi, "office"),
            (0, 0, 1, .connectorEntry, "stairs"),
        ]
        for (x, y, l, kind, ref) in p { b.addNode(NavNode(point: LocalPoint(x: x, y: y), levelIndex: l, kind: kind, featureID: ref)) }
        b.addEdge(NavEdge(from: 0, to: 1, kind: .walkway, lengthMeters: 20))
        b.addEdge(NavEdge(from: 1, to: 2, kind: .walkway, lengthMeters: 15))
        b.addEdge(NavEdge(from: 2, to: 3, kind: .door, lengthMeters: 5))
        b.addEdge(NavEdge(from: 3, to: 4, kind: .walkway, lengthMeters: 15))
        b.addEdge(NavEdge(from: 4, to: 5, kind: .connector(.elevator), lengthMeters: 4, fixedSeconds: 30, connectorIndex: 0))
        b.addEdge(NavEdge(from: 5, to: 6, kind: .walkway, lengthMeters: 12.2))
        b.addEdge(NavEdge(from: 0, to: 7, kind: .connector(.stairs), lengthMeters: 8, isAccessible: false, connectorIndex: 1))
        b.addEdge(NavEdge(from: 7, to: 5, kind: .walkway, lengthMeters: 100))
        let rect = { (x0: Double, y0: Double, x1: Double, y1: Double) in
            Polygon(exterior: [LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y0), LocalPoint(x: x1, y: y1), LocalPoint(x: x0, y: y1)])
        }
        let spaces = [
            Space(
                id: "corridor", category: "walkway", polygon: rect(-2, -2, 22, 15), levelID: "L0",
                name: LocalizedName("Corridor", language: "en"), buildingID: "A"),
            Space(
                id: "lobby", category: "lobby", polygon: rect(15, 15, 40, 25), levelID: "L0",
                name: LocalizedName(["en": "Lobby", "de": "Foyer"]), buildingID: "B"),
            Space(id: "hall1", category: "walkway", polygon: rect(-2, -2, 40, 25), levelID: "L1", buildingID: "B"),
            Space(
                id: "office-room", category: "office", polygon: rect(40, 15, 50, 25), levelID: "L1",
                name: LocalizedName("Office", language: "en"), buildingID: "B"),
        ]
        let levels = [
            Level(id: "L0", ordinal: 0, name: LocalizedName(["en": "Ground Floor", "de": "Erdgeschoss"]), buildingIDs: ["A", "B"]),
            Level(id: "L1", ordinal: 1, name: LocalizedName(["en": "Level 1", "de": "1. Obergeschoss"]), buildingIDs: ["B"]),
        ]
        let connectors = [
            Connector(
                id: "lift", kind: .elevator, levelIDs: ["L0", "L1"],
                entries: [
                    Connector.Entry(levelID: "L0", point: LocalPoint(x: 35, y: 20)),
                    Connector.Entry(levelID: "L1", point: LocalPoint(x: 35, y: 20)),
                ]),
            Connector(
                id: "stairs", kind: .stairs, levelIDs: ["L0", "L1"],
                entries: [Connector.Entry(levelID: "L0", point: .zero), Connector.Entry(levelID: "L1", point: .zero)]),
        ]
        let pois = [
            PointOfInterest(
                id: "office", category: "office", name: LocalizedName(["en": "Office 101", "de": "Büro 101"]),
                position: LocalPoint(x: 47.2, y: 20), levelID: "L1", spaceID: "office-room",
                externalIDs: ["ext-office"], source: .occupant),
            PointOfInterest(
                id: "entrance", category: "entrance", name: LocalizedName(["en": "West Entrance", "de": "Westeingang"]),
                position: LocalPoint(x: 0, y: 0), levelID: "L0", spaceID: "corridor", source: .amenity),
        ]
        return Venue(
            id: "golden", name: LocalizedName("Golden", language: "en"), defaultLanguage: "en", frame: frame,
            buildings: [
                Building(id: "A", name: LocalizedName(["en": "Building A", "de": "Gebäude A"])),
                Building(id: "B", name: LocalizedName(["en": "Building B", "de": "Gebäude B"])),
            ],
            levels: levels, spaces: spaces, openings: [], pois: pois, connectors: connectors, graph: b.build())
    }
}

/// Plain Dijkstra over node pairs with an independent cost rule (fastest, pedestrian, 1.2 m/s,
/// connector fixed time, optional excluded kinds), for checking the goal-directed search.
public func referenceDijkstra(
    _ venue: Venue, from source: Int, to target: Int, excluded: Set<ConnectorKind> = [], speed: Double = 1.2
) -> Double {
    let g = venue.graph
    var dist = [Double](repeating: .infinity, count: g.nodes.count)
    var done = [Bool](repeating: false, count: g.nodes.count)
    dist[source] = 0
    for _ in 0..<g.nodes.count {
        var u = -1
        var best = Double.infinity
        for v in 0..<g.nodes.count where !done[v] && dist[v] < best { best = dist[v]; u = v }
        if u < 0 { break }
        if u == target { return best }
        done[u] = true
        for e in g.edges {
            guard e.modes.contains(.pedestrian) else { continue }
            if let k = e.kind.connectorKind, excluded.contains(k) { continue }
            let c = e.lengthMeters / speed + e.fixedSeconds
            if Int(e.from) == u, dist[u] + c < dist[Int(e.to)] { dist[Int(e.to)] = dist[u] + c }
            if !e.isOneWay, Int(e.to) == u, dist[u] + c < dist[Int(e.from)] { dist[Int(e.from)] = dist[u] + c }
        }
    }
    return dist[target]
}
