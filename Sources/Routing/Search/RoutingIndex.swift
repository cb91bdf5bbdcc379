import Venue

/// Per-venue routing preprocessing, built once and shared (immutable, `Sendable`).
public struct RoutingIndex: Sendable {
    public let venue: Venue
    /// ALT landmarks, or `nil` when disabled.
    public let landmarks: Landmarks?
    /// Whether every edge is at least as long as the horizontal distance between its ends, so the
    /// straight-line distance is an admissible heuristic too.
    public let euclideanIsAdmissible: Bool
    /// Node coordinates as flat arrays (east, north metres) for the heuristic's inner loop.
    let nodeX: [Double]
    let nodeY: [Double]

    /// Tunables of the preprocessing.
    public struct Options: Sendable {
        /// Number of ALT landmarks (0 disables them). Default 16, range 0–64. More landmarks tighten
        /// bounds at 8 bytes × nodes each; each query uses the 4 best for its endpoints.
        public var landmarkCount: Int
        public init(landmarkCount: Int = 16) { self.landmarkCount = max(0, min(64, landmarkCount)) }
    }

    public init(venue: Venue, options: Options = Options()) {
        self.venue = venue
        let graph = venue.graph
        landmarks = options.landmarkCount > 0 && !graph.nodes.isEmpty ? Landmarks(graph: graph, count: options.landmarkCount) : nil
        var admissible = true
        for e in graph.edges {
            let a = graph.nodes[Int(e.from)].point, b = graph.nodes[Int(e.to)].point
            if e.lengthMeters < a.distance(to: b) * (1 - 1e-9) - 1e-6 { admissible = false; break }
        }
        euclideanIsAdmissible = admissible
        nodeX = graph.nodes.map(\.point.x)
        nodeY = graph.nodes.map(\.point.y)
    }
}
