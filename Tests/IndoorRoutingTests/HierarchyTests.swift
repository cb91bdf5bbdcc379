import Foundation
import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// Plain Dijkstra (binary heap, no goal direction) from several seeds to the cheapest of several
/// targets under a cost model in one phase: the reference the hierarchy must match exactly.
func plainDijkstra(
    _ graph: NavigationGraph, seeds: [SearchEndpoint], targets: [SearchEndpoint], cost: CostModel,
    travel: TravelKind = .walking
) -> Double {
    var dist = [Double](repeating: .infinity, count: graph.nodes.count)
    var heap = BinaryHeap()
    for s in seeds where s.cost < dist[Int(s.node)] { dist[Int(s.node)] = s.cost; heap.push(s.node, key: s.cost) }
    var targetCost: [Int32: Double] = [:]
    for t in targets { targetCost[t.node] = min(targetCost[t.node] ?? .infinity, t.cost) }
    var best = Double.infinity
    while let (v, d) = heap.popMin() {
        if d > dist[Int(v)] { continue }
        if d >= best { break }
        if let t = targetCost[v] { best = min(best, d + t) }
        for arc in graph.arcs(from: Int(v)) {
            guard let c = cost.cost(ofEdge: Int(arc.edge), graph.edges[Int(arc.edge)], travel: travel) else { continue }
            if d + c < dist[Int(arc.target)] { dist[Int(arc.target)] = d + c; heap.push(arc.target, key: d + c) }
        }
    }
    return best
}

/// Whether two costs agree within 1e-6 relative (both infinite counts as agreeing).
func sameCost(_ a: Double, _ b: Double) -> Bool {
    if a.isInfinite || b.isInfinite { return a == b }
    return abs(a - b) <= 1e-6 * max(1, abs(b))
}

@Suite struct HierarchyTests {
    /// A generated multi-tower venue small enough for a quick test (towers, stairs, escalators (one
    /// way), elevators, parking with car ramps).
    static func generatedVenue() throws -> Venue {
        try GeneratedVenues.load(.sized(levels: 6, parking: 1, corridors: 2, scale: 0.25, seed: 3))
    }

    /// The metrics the router customizes: optimisations, direction-mode exclusions, avoidances, driving.
    static func metrics(_ venue: Venue) -> [(name: String, cost: CostModel, travel: TravelKind)] {
        func model(_ o: Optimization, excluded: Set<ConnectorKind> = [], accessible: Bool = false, speed: Double = 1.2) -> CostModel {
            CostModel(
                optimization: o, walkingSpeedMetersPerSecond: speed, vehicleSpeedMetersPerSecond: 3, excludedConnectors: excluded,
                accessibleOnly: accessible, venue: venue)
        }
        return [
            ("shortest", model(.shortest), .walking),
            ("fastest", model(.fastest), .walking),
            ("accessible", model(.fastest, excluded: [.stairs, .escalator], accessible: true, speed: 0.8), .walking),
            ("avoid elevators", model(.shortest, excluded: [.elevator, .elevatorBank]), .walking),
            ("driving", model(.fastest), .driving),
        ]
    }

    /// Route costs on the hierarchy equal plain Dijkstra's on many seeded queries per metric
    /// (300 per metric; 3,000 with `INDOORNAV_LONG_TESTS=1`).
    @Test func costsEqualDijkstraOnGeneratedVenue() throws {
        let venue = try Self.generatedVenue()
        let queriesPerMetric = ProcessInfo.processInfo.environment["INDOORNAV_LONG_TESTS"] == "1" ? 3000 : 300
        let cache = HierarchyCache(graph: venue.graph, options: .init())
        let query = HierarchyQuery(nodeCount: venue.graph.nodes.count)
        let n = venue.graph.nodes.count
        #expect(n > 1000)
        // Driving queries between nodes that vehicles reach (parking levels), walking ones between any.
        var vehicleNodes = Set<Int32>()
        for e in venue.graph.edges where e.modes.contains(.vehicle) { vehicleNodes.insert(e.from); vehicleNodes.insert(e.to) }
        let drivable = vehicleNodes.sorted()
        #expect(drivable.count > 10)
        for (name, cost, travel) in Self.metrics(venue) {
            let (h, metric) = cache.metric(cost: cost, travel: travel)
            var rng = SeededGenerator(seed: 17)
            var found = 0
            let pool = travel == .driving ? drivable : Array(0..<Int32(n))
            for _ in 0..<queriesPerMetric {
                let a = pool[Int.random(in: 0..<pool.count, using: &rng)], b = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let seeds = [SearchEndpoint(node: a, cost: 0, tag: 0)], targets = [SearchEndpoint(node: b, cost: 0, tag: 0)]
                let expected = plainDijkstra(venue.graph, seeds: seeds, targets: targets, cost: cost, travel: travel)
                let path = query.search(hierarchy: h, metric: metric, graph: venue.graph, seeds: seeds, targets: targets)
                #expect(sameCost(path?.cost ?? .infinity, expected), "\(name): \(a)→\(b) \(path?.cost ?? .infinity) vs \(expected)")
                if let path {
                    found += 1
                    try expectWalk(path, venue: venue, cost: cost, travel: travel, from: a, to: b)
                }
            }
            #expect(found > queriesPerMetric / 4, "\(name): only \(found) routes")
        }
    }

    /// The unpacked path is a walk from seed to target over allowed edges whose costs add up.
    func expectWalk(_ path: SearchPath, venue: Venue, cost: CostModel, travel: TravelKind, from a: Int32, to b: Int32) throws {
        #expect(path.steps.first?.node == a && path.steps.last?.node == b)
        var total = 0.0
        for (prev, step) in zip(path.steps, path.steps.dropFirst()) {
            let k = Int(try #require(step.edge))
            let e = venue.graph.edges[k]
            let forward = e.from == prev.node && e.to == step.node
            let backward = e.to == prev.node && e.from == step.node && !e.isOneWay
            #expect(forward || backward, "edge \(k) does not lead from \(prev.node) to \(step.node)")
            total += try #require(cost.cost(ofEdge: k, e, travel: travel))
        }
        #expect(sameCost(total, path.cost))
    }

    /// Random graphs with one-way edges and connectors, both optimisations.
    @Test(arguments: [Optimization.fastest, .shortest])
    func costsEqualDijkstraOnRandomGrids(optimization: Optimization) throws {
        for seed in UInt64(1)...8 {
            let venue = TestVenues.randomGrid(seed: seed)
            let cost = CostModel(optimization: optimization, walkingSpeedMetersPerSecond: 1.2, vehicleSpeedMetersPerSecond: 3, venue: venue)
            let cache = HierarchyCache(graph: venue.graph, options: .init())
            let (h, metric) = cache.metric(cost: cost, travel: .walking)
            let query = HierarchyQuery(nodeCount: venue.graph.nodes.count)
            var rng = SeededGenerator(seed: seed)
            for _ in 0..<100 {
                let a = Int32.random(in: 0..<Int32(venue.graph.nodes.count), using: &rng)
                let b = Int32.random(in: 0..<Int32(venue.graph.nodes.count), using: &rng)
                let seeds = [SearchEndpoint(node: a, cost: 0, tag: 0)], targets = [SearchEndpoint(node: b, cost: 0, tag: 0)]
                let expected = plainDijkstra(venue.graph, seeds: seeds, targets: targets, cost: cost)
                let path = query.search(hierarchy: h, metric: metric, graph: venue.graph, seeds: seeds, targets: targets)
                #expect(sameCost(path?.cost ?? .infinity, expected), "seed \(seed): \(a)→\(b)")
                if let path { try expectWalk(path, venue: venue, cost: cost, travel: .walking, from: a, to: b) }
            }
        }
    }

    /// Several seeds and targets with their own start costs: the cheapest combination and its tags.
    @Test func severalSeedsAndTargets() throws {
        let venue = try Self.generatedVenue()
        let cost = CostModel(optimization: .shortest, walkingSpeedMetersPerSecond: 1.2, vehicleSpeedMetersPerSecond: 3, venue: venue)
        let (h, metric) = HierarchyCache(graph: venue.graph, options: .init()).metric(cost: cost, travel: .walking)
        let query = HierarchyQuery(nodeCount: venue.graph.nodes.count)
        var rng = SeededGenerator(seed: 5)
        let n = Int32(venue.graph.nodes.count)
        for _ in 0..<100 {
            let seeds = (0..<3).map {
                SearchEndpoint(node: Int32.random(in: 0..<n, using: &rng), cost: Double.random(in: 0..<20, using: &rng), tag: $0)
            }
            let targets = (0..<4).map {
                SearchEndpoint(node: Int32.random(in: 0..<n, using: &rng), cost: Double.random(in: 0..<20, using: &rng), tag: $0)
            }
            let expected = plainDijkstra(venue.graph, seeds: seeds, targets: targets, cost: cost)
            let path = query.search(hierarchy: h, metric: metric, graph: venue.graph, seeds: seeds, targets: targets)
            #expect(sameCost(path?.cost ?? .infinity, expected))
            guard let path else { continue }
            let s = try #require(seeds.first { $0.tag == path.seedTag }), t = try #require(targets.first { $0.tag == path.targetTag })
            #expect(path.steps.first?.node == s.node && path.steps.last?.node == t.node)
            // The path's cost is its seed's and target's costs plus its edges.
            var edges = 0.0
            for step in path.steps.dropFirst() {
                let k = Int(try #require(step.edge))
                edges += try #require(cost.cost(ofEdge: k, venue.graph.edges[k], travel: .walking))
            }
            #expect(sameCost(s.cost + edges + t.cost, path.cost))
        }
    }

    /// Closing edges re-customizes only what changes and gives what a fresh customization gives;
    /// reopening restores the original costs.
    @Test func closuresUpdateTheCustomization() throws {
        let venue = try Self.generatedVenue()
        let base = CostModel(optimization: .fastest, walkingSpeedMetersPerSecond: 1.2, vehicleSpeedMetersPerSecond: 3, venue: venue)
        let cache = HierarchyCache(graph: venue.graph, options: .init())
        let query = HierarchyQuery(nodeCount: venue.graph.nodes.count)
        let n = Int32(venue.graph.nodes.count), m = Int32(venue.graph.edges.count)
        var rng = SeededGenerator(seed: 11)
        _ = cache.metric(cost: base, travel: .walking)
        for round in 0..<6 {
            let closed = (0..<(round * 40)).map { _ in Int32.random(in: 0..<m, using: &rng) }
            let cost = base.closing(closed, edgeCount: Int(m))
            let (h, updated) = cache.metric(cost: cost, travel: .walking)
            let fresh = HierarchyCache(graph: venue.graph, options: .init()).metric(cost: cost, travel: .walking).1
            #expect(
                updated.upCost == fresh.upCost && updated.downCost == fresh.downCost,
                "round \(round): update differs from a fresh customization")
            for _ in 0..<60 {
                let a = Int32.random(in: 0..<n, using: &rng), b = Int32.random(in: 0..<n, using: &rng)
                let seeds = [SearchEndpoint(node: a, cost: 0, tag: 0)], targets = [SearchEndpoint(node: b, cost: 0, tag: 0)]
                let expected = plainDijkstra(venue.graph, seeds: seeds, targets: targets, cost: cost)
                let path = query.search(hierarchy: h, metric: updated, graph: venue.graph, seeds: seeds, targets: targets)
                #expect(sameCost(path?.cost ?? .infinity, expected), "round \(round): \(a)→\(b)")
                if let path { try expectWalk(path, venue: venue, cost: cost, travel: .walking, from: a, to: b) }
            }
        }
        #expect(cache.currentTimings.updates == 5)
    }

    /// Full routes with and without the hierarchy have the same length and duration.
    @Test func routerMatchesAStar() throws {
        let venue = try Self.generatedVenue()
        let withHierarchy = IndoorRouter(index: RoutingIndex(venue: venue))
        let withoutHierarchy = IndoorRouter(index: RoutingIndex(venue: venue, options: .init(hierarchy: .init(enabled: false))))
        #expect(withHierarchy.index.hierarchyCache != nil && withoutHierarchy.index.hierarchyCache == nil)
        var rng = SeededGenerator(seed: 23)
        let nodes = venue.graph.nodes
        for k in 0..<120 {
            let a = nodes[Int.random(in: 0..<nodes.count, using: &rng)], b = nodes[Int.random(in: 0..<nodes.count, using: &rng)]
            var request = RouteRequest(
                from: .local(a.point, level: venue.levels[Int(a.levelIndex)].id),
                to: .local(b.point, level: venue.levels[Int(b.levelIndex)].id))
            request.options.optimization = k % 2 == 0 ? .fastest : .shortest
            if k % 3 == 0 { request.options.avoid = [.elevator] }
            if k % 5 == 0 { request.options.directionMode = "accessible" }
            let x = try withHierarchy.route(request), y = try withoutHierarchy.route(request)
            #expect((x.route == nil) == (y.route == nil))
            if let rx = x.route, let ry = y.route {
                let same =
                    request.options.optimization == .fastest
                    ? sameCost(rx.durationSeconds, ry.durationSeconds) : sameCost(rx.lengthMeters, ry.lengthMeters)
                #expect(
                    same,
                    "\(k): \(rx.lengthMeters) m / \(rx.durationSeconds) s vs \(ry.lengthMeters) m / \(ry.durationSeconds) s")
                #expect(x.notices.map(\.code) == y.notices.map(\.code))
            }
        }
    }

    @Test func rejectsBadOptions() {
        #expect(throws: RoutingError.self) { try HierarchyCache.Options(maximumMetrics: 0).validate() }
        #expect(throws: RoutingError.self) { try ContractionHierarchy.Options(leafNodes: 0).validate() }
        #expect(throws: RoutingError.self) { try ContractionHierarchy.Options(levelHeightMeters: .nan).validate() }
    }
}
