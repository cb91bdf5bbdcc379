import IndoorGeometry

/// Spatial queries over a venue: "which space contains this point" and "nearest graph node/edge on
/// this level".
///
/// Placeholder linear implementation; replaced by a grid index.
public struct VenueSpatialIndex: Sendable {
    private let spaces: [Space]
    private let spaceLevel: [Int]
    private let graph: NavigationGraph
    var graphNodes: [NavNode] { graph.nodes }
    var graphEdges: [NavEdge] { graph.edges }

    public init(levelCount: Int, spaces: [Space], graph: NavigationGraph, levelIndexOfSpace: (Space) -> Int?) {
        self.spaces = spaces
        self.spaceLevel = spaces.map { levelIndexOfSpace($0) ?? -1 }
        self.graph = graph
    }

    /// Indices of the spaces on `levelIndex` containing `point`, smallest area first.
    public func spaces(containing point: LocalPoint, levelIndex: Int) -> [Int] {
        spaces.indices.filter { spaceLevel[$0] == levelIndex && spaces[$0].polygon.contains(point) }
            .sorted { spaces[$0].polygon.areaSquareMeters < spaces[$1].polygon.areaSquareMeters }
    }

    /// The nearest graph node on `levelIndex` within `maxDistanceMeters`.
    public func nearestNode(to point: LocalPoint, levelIndex: Int, maxDistanceMeters: Double = .infinity)
        -> (node: Int, distanceMeters: Double)?
    {
        var best: (Int, Double)?
        for (i, n) in graph.nodes.enumerated() where Int(n.levelIndex) == levelIndex {
            let d = n.point.distance(to: point)
            if d <= maxDistanceMeters, d < (best?.1 ?? .infinity) { best = (i, d) }
        }
        return best.map { (node: $0.0, distanceMeters: $0.1) }
    }
}

extension VenueSpatialIndex {
    /// The nearest graph edge with both ends on `levelIndex` within `maxDistanceMeters`: the edge
    /// index, the closest point on it, its parameter `t` from the edge's `from` node and the distance.
    public func nearestEdge(to point: LocalPoint, levelIndex: Int, maxDistanceMeters: Double = .infinity)
        -> (edge: Int, point: LocalPoint, t: Double, distanceMeters: Double)?
    {
        var best: (edge: Int, point: LocalPoint, t: Double, distanceMeters: Double)?
        for (k, e) in graphEdges.enumerated() {
            let a = graphNodes[Int(e.from)], b = graphNodes[Int(e.to)]
            guard Int(a.levelIndex) == levelIndex, Int(b.levelIndex) == levelIndex else { continue }
            let (q, t) = Segment(a.point, b.point).closestPoint(to: point)
            let d = q.distance(to: point)
            if d <= maxDistanceMeters, d < (best?.distanceMeters ?? .infinity) { best = (k, q, t, d) }
        }
        return best
    }
}
