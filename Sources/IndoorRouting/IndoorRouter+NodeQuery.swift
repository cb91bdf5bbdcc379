import IndoorVenue

extension IndoorRouter {
    /// The cheapest path between two graph nodes under `cost` (walking, one phase): the bare search
    /// a route request runs, without place matching or route assembly — on the contraction hierarchy
    /// when the index has one, else A*. For benchmarks and cross-checks.
    /// - Returns: the path's cost (seconds for fastest, metres for shortest) and its steps, or `nil`.
    public func nodeQuery(from source: Int32, to target: Int32, cost: CostModel) -> (cost: Double, nodes: [Int32])? {
        let seeds = [SearchEndpoint(node: source, cost: 0, tag: 0)], targets = [SearchEndpoint(node: target, cost: 0, tag: 0)]
        let planner = LegPlanner(venue: venue, search: search, hierarchyQuery: hierarchyQuery, hierarchyCache: index.hierarchyCache)
        guard let path = planner.shortestPath(seeds: seeds, targets: targets, cost: cost, phases: [.walking]) else { return nil }
        return (path.cost, path.steps.map(\.node))
    }

    /// A cost model for `options` as a route request would build it (default direction mode's
    /// walking speed, no avoidances), with `closedFeatureIDs` resolved and closed.
    public func costModel(optimization: Optimization, closedFeatureIDs: [String] = []) throws(RoutingError) -> CostModel {
        let closed = try index.closedEdges(for: closedFeatureIDs)
        let model = CostModel(
            optimization: optimization, walkingSpeedMetersPerSecond: RouteOptions.defaultWalkingSpeedMetersPerSecond,
            vehicleSpeedMetersPerSecond: RouteOptions.defaultVehicleSpeedMetersPerSecond, venue: venue)
        return model.closing(closed, edgeCount: venue.graph.edges.count)
    }
}

extension HierarchyCache {
    /// Customizes (or brings up to date with `cost`'s closures) the metric for walking under `cost` now,
    /// instead of on the first query that needs it.
    public func prepare(_ cost: CostModel) { _ = metric(cost: cost, travel: .walking) }
}
