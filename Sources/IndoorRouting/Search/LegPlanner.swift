import IndoorGeometry
import IndoorVenue

/// Plans one leg (place to place) with a given cost model and phases, and turns the search result
/// into segments.
struct LegPlanner {
    let venue: Venue
    let search: PathSearch
    /// Hierarchy query workspace, when the index has a hierarchy.
    let hierarchyQuery: HierarchyQuery?
    /// Cache of the index's hierarchy.
    let hierarchyCache: HierarchyCache?

    init(venue: Venue, search: PathSearch, hierarchyQuery: HierarchyQuery?, hierarchyCache: HierarchyCache?) {
        self.venue = venue; self.search = search; self.hierarchyQuery = hierarchyQuery; self.hierarchyCache = hierarchyCache
    }

    struct Leg {
        var segments: [RouteSegment]
        var cost: Double
        /// Which of the candidate destinations was reached.
        var targetTag: Int
    }

    /// The cheapest leg from `from` to any of `to`, or `nil` when none exists.
    func plan(from: MatchedPlace, to candidates: [MatchedPlace], cost: CostModel, phases: [TravelKind]) -> Leg? {
        let first = phases[0], last = phases.last ?? phases[0]
        // Same place: a zero-length leg that arrives at once.
        for (k, c) in candidates.enumerated() where c.levelIndex == from.levelIndex && c.place.point.distance(to: from.place.point) < 1e-6 {
            let here = from.place.point
            return Leg(segments: [walk(here, here, level: from.levelIndex, travel: first, cost: cost)], cost: 0, targetTag: k)
        }
        let (seeds, targets) = endpoints(from: from, to: candidates, cost: cost, leaving: first, arriving: last)
        var best: Leg?
        if let path = shortestPath(seeds: seeds, targets: targets, cost: cost, phases: phases) {
            search.settledStatesTotal += path.settledStates
            best = Leg(
                segments: segments(of: path, from: from, to: candidates[path.targetTag], phases: phases, cost: cost),
                cost: path.cost, targetTag: path.targetTag)
        }
        // Both places inside the same edge: walking straight along it may be cheaper.
        for (k, c) in candidates.enumerated() {
            guard let a = from.edge, let b = c.edge, a.index == b.index else { continue }
            let edge = venue.graph.edges[a.index]
            guard cost.cost(ofEdge: a.index, edge, travel: first) != nil, !(edge.isOneWay && b.t < a.t) else { continue }
            let meters = from.place.matchDistanceMeters + abs(b.t - a.t) * edge.lengthMeters + c.place.matchDistanceMeters
            let direct = cost.offGraphCost(meters: meters, travel: first)
            if direct < (best?.cost ?? .infinity) {
                best = Leg(segments: directSegments(from: from, to: c, travel: first, cost: cost), cost: direct, targetTag: k)
            }
        }
        return best
    }

    /// The cheapest path: on the contraction hierarchy for one phase, else A* (several phases change
    /// the metric along the path, which a single customization cannot express).
    func shortestPath(seeds: [SearchEndpoint], targets: [SearchEndpoint], cost: CostModel, phases: [TravelKind]) -> SearchPath? {
        if phases.count == 1, let hierarchyQuery, let hierarchyCache {
            let (h, metric) = hierarchyCache.metric(cost: cost, travel: phases[0])
            return hierarchyQuery.search(hierarchy: h, metric: metric, graph: venue.graph, seeds: seeds, targets: targets)
        }
        return search.search(seeds: seeds, targets: targets, cost: cost, phases: phases)
    }

    /// Where a search from `from` to `candidates` starts and ends: the usable exits of `from`, left
    /// travelling `leaving`, and the usable entries of each candidate, reached travelling `arriving` and
    /// tagged with the candidate's index; each costs its way off the graph.
    func endpoints(
        from: MatchedPlace, to candidates: [MatchedPlace], cost: CostModel, leaving: TravelKind, arriving: TravelKind
    ) -> (seeds: [SearchEndpoint], targets: [SearchEndpoint]) {
        let seeds = usable(from.exits, of: from, travel: leaving, cost: cost).map {
            SearchEndpoint(node: $0.node, cost: cost.offGraphCost(meters: $0.meters, travel: leaving), tag: 0)
        }
        var targets: [SearchEndpoint] = []
        for (k, c) in candidates.enumerated() {
            for e in usable(c.entries, of: c, travel: arriving, cost: cost) {
                targets.append(SearchEndpoint(node: e.node, cost: cost.offGraphCost(meters: e.meters, travel: arriving), tag: k))
            }
        }
        return (seeds, targets)
    }

    /// The ways in or out that the cost model allows: a way along part of the matched edge only when the
    /// edge itself may be used (modes, accessibility, avoided connectors).
    func usable(
        _ ways: [(node: Int32, meters: Double, viaEdge: Bool)], of place: MatchedPlace, travel: TravelKind,
        cost: CostModel
    ) -> [(node: Int32, meters: Double, viaEdge: Bool)] {
        guard let e = place.edge, cost.cost(ofEdge: e.index, venue.graph.edges[e.index], travel: travel) == nil else { return ways }
        return ways.filter { !$0.viaEdge }
    }

    /// Whether the cheapest way between a place and `node` is a straight walk (not along the matched
    /// edge), drawn as such on derived graphs (whose edges are straight walks in sight anyway); on
    /// authored graphs the route is drawn through the matched point on the edge, as the author's paths go.
    private func isStraight(_ ways: [(node: Int32, meters: Double, viaEdge: Bool)], node: Int32) -> Bool {
        guard venue.graph.source == .derived else { return false }
        return ways.filter { $0.node == node }.min { ($0.meters, $0.viaEdge ? 1 : 0) < ($1.meters, $1.viaEdge ? 1 : 0) }.map { !$0.viaEdge }
            ?? false
    }

    /// The edge a place was matched inside, when `node` is one of its ends.
    private func matchedEdge(_ place: MatchedPlace, endingAt node: Int32) -> NavEdge? {
        guard let e = place.edge else { return nil }
        let edge = venue.graph.edges[e.index]
        return edge.from == node || edge.to == node ? edge : nil
    }

    /// A straight piece off or along part of the graph; `along` is the matched edge when the piece runs
    /// on it (it then has the edge's kind and connector, so notices about avoided connectors see it).
    private func walk(
        _ a: LocalPoint, _ b: LocalPoint, level: Int, travel: TravelKind, cost: CostModel,
        endKind: NavNode.Kind? = nil, endNode: Int32 = -1, along edge: NavEdge? = nil
    ) -> RouteSegment {
        let meters = a.distance(to: b)
        let speed = travel == .walking ? cost.walkingSpeedMetersPerSecond : cost.vehicleSpeedMetersPerSecond
        return RouteSegment(
            start: a, end: b, startLevelIndex: level, endLevelIndex: level, kind: edge?.kind ?? .walkway,
            connectorIndex: edge?.connectorIndex,
            travel: travel, lengthMeters: meters, durationSeconds: meters / speed,
            endNodeKind: endKind, endNode: endNode)
    }

    func segments(
        of path: SearchPath, from: MatchedPlace, to: MatchedPlace, phases: [TravelKind], cost: CostModel
    ) -> [RouteSegment] {
        let graph = venue.graph
        var out: [RouteSegment] = []
        out.reserveCapacity(path.steps.count + 4)
        let firstTravel = phases[0]
        // Off-graph approach: place → matched point → first node.
        let startPoint = from.place.point
        let firstNodeIndex = path.steps[0].node
        let firstNode = graph.nodes[Int(firstNodeIndex)]
        let startsStraight = isStraight(usable(from.exits, of: from, travel: firstTravel, cost: cost), node: firstNodeIndex)
        let onGraph = startsStraight ? startPoint : from.graphPoint
        if startPoint.distance(to: onGraph) > 1e-6 {
            out.append(walk(startPoint, onGraph, level: from.levelIndex, travel: firstTravel, cost: cost))
        }
        if onGraph.distance(to: firstNode.point) > 1e-6 {
            out.append(
                walk(
                    onGraph, firstNode.point, level: from.levelIndex, travel: firstTravel, cost: cost,
                    endKind: firstNode.kind, endNode: firstNodeIndex,
                    along: startsStraight ? nil : matchedEdge(from, endingAt: firstNodeIndex)))
        }
        graph.nodes.withUnsafeBufferPointer { nodes in
            graph.edges.withUnsafeBufferPointer { edges in
                for step in path.steps.dropFirst() {
                    guard let e = step.edge else { continue }  // phase change at a node
                    let edge = edges[Int(e)]
                    let travel = phases[step.phase]
                    let forward = step.node == edge.to
                    let fromIndex = forward ? edge.from : edge.to
                    let speed = travel == .walking ? cost.walkingSpeedMetersPerSecond : cost.vehicleSpeedMetersPerSecond
                    out.append(
                        RouteSegment(
                            start: nodes[Int(fromIndex)].point, end: nodes[Int(step.node)].point,
                            startLevelIndex: Int(nodes[Int(fromIndex)].levelIndex),
                            endLevelIndex: Int(nodes[Int(step.node)].levelIndex), kind: edge.kind,
                            connectorIndex: edge.connectorIndex, travel: travel, lengthMeters: edge.lengthMeters,
                            durationSeconds: edge.lengthMeters / speed + edge.fixedSeconds,
                            endNodeKind: nodes[Int(step.node)].kind, directedEdge: 2 * e + (forward ? 0 : 1),
                            endNode: step.node))
                }
            }
        }
        let lastTravel = phases[path.steps.last?.phase ?? 0]
        let lastNodeIndex = path.steps[path.steps.count - 1].node
        let lastNode = graph.nodes[Int(lastNodeIndex)]
        let end = to.place.point
        let endsStraight = isStraight(usable(to.entries, of: to, travel: lastTravel, cost: cost), node: lastNodeIndex)
        let arrivalOnGraph = endsStraight ? end : to.graphPoint
        if lastNode.point.distance(to: arrivalOnGraph) > 1e-6 {
            out.append(
                walk(
                    lastNode.point, arrivalOnGraph, level: to.levelIndex, travel: lastTravel, cost: cost,
                    along: endsStraight ? nil : matchedEdge(to, endingAt: lastNodeIndex)))
        }
        if arrivalOnGraph.distance(to: end) > 1e-6 {
            out.append(walk(arrivalOnGraph, end, level: to.levelIndex, travel: lastTravel, cost: cost))
        }
        if out.isEmpty {  // origin and destination are the same point
            out.append(walk(startPoint, end, level: from.levelIndex, travel: firstTravel, cost: cost))
        }
        return out
    }

    private func directSegments(from: MatchedPlace, to: MatchedPlace, travel: TravelKind, cost: CostModel) -> [RouteSegment] {
        let level = from.levelIndex
        let pts = [from.place.point, from.graphPoint, to.graphPoint, to.place.point]
        var out: [RouteSegment] = []
        let shared = from.edge.map { venue.graph.edges[$0.index] }
        for i in 0..<3 where pts[i].distance(to: pts[i + 1]) > 1e-6 {
            out.append(walk(pts[i], pts[i + 1], level: level, travel: travel, cost: cost, along: i == 1 ? shared : nil))
        }
        if out.isEmpty { out.append(walk(pts[0], pts[3], level: level, travel: travel, cost: cost)) }
        return out
    }
}
