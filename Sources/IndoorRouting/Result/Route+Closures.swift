import IndoorGeometry
import IndoorVenue

extension RoutingIndex {
    /// Whether `route` runs along any edge that `closedFeatureIDs` close: an edge whose two ends both lie
    /// on one step of a section's polyline (within `toleranceMeters`), each on that step's level.
    /// Throws for an unknown id, as ``closedEdges(for:)``.
    /// - Complexity: O(polyline points × closed edges).
    public func route(_ route: Route, crosses closedFeatureIDs: [String], toleranceMeters: Double = 0.05) throws(RoutingError) -> Bool {
        let closed = try closedEdges(for: closedFeatureIDs)
        guard !closed.isEmpty else { return false }
        let graph = venue.graph
        let ends: [(a: LocalPoint, aLevel: String, b: LocalPoint, bLevel: String)] = closed.map { k in
            let e = graph.edges[Int(k)]
            let a = graph.nodes[Int(e.from)], b = graph.nodes[Int(e.to)]
            return (a.point, venue.levels[Int(a.levelIndex)].id, b.point, venue.levels[Int(b.levelIndex)].id)
        }
        func near(_ p: LocalPoint, _ level: String, _ s: RoutePoint, _ t: RoutePoint) -> Bool {
            guard level == s.levelID || level == t.levelID else { return false }
            return Segment(s.point, t.point).distance(to: p) <= toleranceMeters
        }
        for section in route.sections {
            for (s, t) in zip(section.polyline, section.polyline.dropFirst()) {
                for e in ends where near(e.a, e.aLevel, s, t) && near(e.b, e.bLevel, s, t) { return true }
            }
        }
        return false
    }
}
