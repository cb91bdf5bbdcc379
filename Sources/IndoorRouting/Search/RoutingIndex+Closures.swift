import Foundation
import IndoorGeometry
import IndoorVenue

/// Resolved closure ids, remembered per index (resolving an opening or space scans the graph).
///
/// `@unchecked Sendable`: the memo is only touched under `lock`.
public final class ClosureResolver: @unchecked Sendable {
    private let lock = NSLock()
    private var memo: [String: [Int32]] = [:]
    init() {}

    func resolved(_ id: String, _ make: () throws(RoutingError) -> [Int32]) throws(RoutingError) -> [Int32] {
        if let hit = lock.withLock({ memo[id] }) { return hit }
        let edges = try make()
        lock.withLock { memo[id] = edges }
        return edges
    }
}

extension RoutingIndex {
    /// The graph edges a closure of `id` closes:
    /// - `edge:N`: edge N (its index in the graph);
    /// - an opening id: every edge at the opening's door node(s);
    /// - a connector id: the connector's edges;
    /// - a space id: every edge with an end or its middle inside the space's polygon (boundary
    ///   included, so its doors close too), on the space's level.
    ///
    /// Throws `RoutingError.badRequest(field: "closed", …)` naming an id that is none of these.
    /// - Complexity: O(V + E) the first time per id, then O(1) (remembered).
    public func closedEdges(for id: String) throws(RoutingError) -> [Int32] {
        let venue = self.venue
        return try closureResolver.resolved(id) { () throws(RoutingError) -> [Int32] in
            let graph = venue.graph
            if id.hasPrefix("edge:") {
                guard let k = Int(id.dropFirst(5)), graph.edges.indices.contains(k) else {
                    throw .badRequest(
                        field: "closed",
                        reason: "'\(id)': no such edge (the graph has \(graph.edges.count) edges, edge:0–edge:\(graph.edges.count - 1))")
                }
                return [Int32(k)]
            }
            if let c = venue.connectors.firstIndex(where: { $0.id == id }) {
                return graph.edges.indices.filter { graph.edges[$0].connectorIndex == Int32(c) }.map { Int32($0) }
            }
            if venue.openings.contains(where: { $0.id == id }) {
                var atDoor = [Bool](repeating: false, count: graph.nodes.count)
                for (i, n) in graph.nodes.enumerated() where n.featureID == id { atDoor[i] = true }
                return graph.edges.indices.filter { atDoor[Int(graph.edges[$0].from)] || atDoor[Int(graph.edges[$0].to)] }.map { Int32($0) }
            }
            if let space = venue.spaces.first(where: { $0.id == id }) {
                guard let level = venue.levels.firstIndex(where: { $0.id == space.levelID }) else { return [] }
                let polygon = space.polygon
                var inside = [Bool](repeating: false, count: graph.nodes.count)
                for (i, n) in graph.nodes.enumerated() where Int(n.levelIndex) == level && polygon.contains(n.point) { inside[i] = true }
                return graph.edges.indices.filter { k in
                    let e = graph.edges[k]
                    if inside[Int(e.from)] || inside[Int(e.to)] { return true }
                    let a = graph.nodes[Int(e.from)], b = graph.nodes[Int(e.to)]
                    guard Int(a.levelIndex) == level, Int(b.levelIndex) == level else { return false }
                    return polygon.contains(LocalPoint(x: (a.point.x + b.point.x) / 2, y: (a.point.y + b.point.y) / 2))
                }.map { Int32($0) }
            }
            throw .badRequest(field: "closed", reason: "'\(id)' is no edge (edge:N), opening, connector or space of venue '\(venue.id)'")
        }
    }

    /// The edges closed by all of `ids` (see ``closedEdges(for:)``).
    public func closedEdges(for ids: [String]) throws(RoutingError) -> [Int32] {
        var out: [Int32] = []
        for id in ids { out += try closedEdges(for: id) }
        return out
    }
}
