import IndoorRouting

extension NavigationSession {
    /// Sets the closed parts of the venue (edge ids `edge:N`, opening, connector or space ids) that later
    /// plans keep out of. When the route being followed runs through a part closed by this call, a new
    /// route is planned from the last location at once, with reason ``RerouteReason/closure`` and no
    /// cooldown — once: the same closures given again change nothing. Unknown ids are ignored here
    /// (the caller validates them against the venue, e.g. `RoutingIndex.closedEdges(for:)`).
    /// - Returns: the reroute's events, or none.
    @discardableResult
    public func updateClosures(_ closedFeatureIDs: [String]) -> [NavigationEvent] {
        let known = closedFeatureIDs.filter { (try? routers.index.closedEdges(for: $0)) != nil }
        let before = Set(routeOptions.closedFeatureIDs ?? [])
        let after = Set(known)
        routeOptions.closedFeatureIDs = after.isEmpty ? nil : after.sorted()
        let added = after.subtracting(before)
        guard isNavigating, !added.isEmpty, let route, let location = lastLocation,
            (try? routers.index.route(route, crosses: added.sorted())) == true
        else { return [] }
        return reroute(from: location, reason: .closure, bypassPolicy: true)
    }
}
