import IndoorVenue

/// One metric customized on a ``ContractionHierarchy``: for every arc (lower rank `x` → higher rank
/// `y`) the cost of the cheapest `x → y` path (`upCost`) and `y → x` path (`downCost`) through nodes
/// ranked below both, and how to unpack it (an original edge, or the arc from the middle node `v` of a
/// lower triangle up to `x`: `v` is that arc's tail, and `v`'s arc to `y` follows it among `v`'s arcs).
///
/// Basic customization (Dibbelt, Strasser, Wagner 2016, §5): arcs take their original edges' costs,
/// then every lower triangle {v, x, y} (v below x below y) is enumerated in rank order of v and
/// relaxes arc x–y with v's two arcs. A closed edge costs ∞; ``updated(hierarchy:edgeCosts:changedEdges:)``
/// re-customizes only the arcs whose value can change.
///
/// Immutable value (copy-on-write arrays), so queries on one customization may run while another
/// is derived from it.
struct HierarchyMetric: Sendable {
    /// Cost x → y per arc (∞ when none).
    var upCost: [Double]
    /// Cost y → x per arc.
    var downCost: [Double]
    /// How `upCost` is realized: an original edge index (≥ 0) or −(arc v → x + 1) for the lower triangle
    /// {v, x, y} it goes through (``HierarchyQuery`` unpacks it without searching for `v`'s arcs).
    var upVia: [Int32]
    var downVia: [Int32]

    /// Bytes held by the metric's arrays.
    var memoryBytes: Int { 8 * (upCost.count + downCost.count) + 4 * (upVia.count + downVia.count) }

    /// Customizes `hierarchy` for directed edge costs: `edgeCosts(e)` gives edge `e`'s cost from
    /// `from` to `to` and from `to` to `from` (`nil` when that way is not allowed).
    /// - Complexity: O(E + lower triangles).
    init(hierarchy h: ContractionHierarchy, graph: NavigationGraph, edgeCosts: (Int) -> (forward: Double?, backward: Double?)) {
        let m = h.arcCount
        upCost = [Double](repeating: .infinity, count: m)
        downCost = [Double](repeating: .infinity, count: m)
        upVia = [Int32](repeating: -1, count: m)
        downVia = [Int32](repeating: -1, count: m)
        for (k, e) in graph.edges.enumerated() {
            let a = h.arcOfEdge[k]
            guard a >= 0 else { continue }
            let c = edgeCosts(k)
            let fromIsLow = h.rankOfNode[Int(e.from)] < h.rankOfNode[Int(e.to)]
            if let f = c.forward { relaxInput(arc: Int(a), up: fromIsLow, cost: f, edge: Int32(k)) }
            if let b = c.backward { relaxInput(arc: Int(a), up: !fromIsLow, cost: b, edge: Int32(k)) }
        }
        customizeTriangles(h)
    }

    @inline(__always)
    private mutating func relaxInput(arc: Int, up: Bool, cost: Double, edge: Int32) {
        if up {
            if cost < upCost[arc] { upCost[arc] = cost; upVia[arc] = edge }
        } else if cost < downCost[arc] {
            downCost[arc] = cost; downVia[arc] = edge
        }
    }

    /// Enumerates every lower triangle once, in rank order of its lowest node.
    private mutating func customizeTriangles(_ h: ContractionHierarchy) {
        h.arcStart.withUnsafeBufferPointer { start in
            h.arcHead.withUnsafeBufferPointer { head in
                upCost.withUnsafeMutableBufferPointer { up in
                    downCost.withUnsafeMutableBufferPointer { down in
                        upVia.withUnsafeMutableBufferPointer { upVia in
                            downVia.withUnsafeMutableBufferPointer { downVia in
                                for v in 0..<h.nodeCount {
                                    let b = Int(start[v]), e = Int(start[v + 1])
                                    guard e - b >= 2 else { continue }
                                    for i in b..<(e - 1) {
                                        let via = -Int32(i) - 1  // the arc v → x
                                        let x = Int(head[i])
                                        let vxDown = down[i], vxUp = up[i]  // x → v and v → x
                                        if vxDown == .infinity && vxUp == .infinity { continue }
                                        // Walk x's upward arcs alongside v's remaining ones (both sorted; x's hold them all).
                                        var k = Int(start[x])
                                        let kEnd = Int(start[x + 1])
                                        for j in (i + 1)..<e {
                                            let y = head[j]
                                            while k < kEnd && head[k] < y { k += 1 }
                                            guard k < kEnd else { break }
                                            // x → y through v: x → v → y; y → x through v: y → v → x.
                                            let xy = vxDown + up[j]
                                            if xy < up[k] { up[k] = xy; upVia[k] = via }
                                            let yx = down[j] + vxUp
                                            if yx < down[k] { down[k] = yx; downVia[k] = via }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// This metric with edge costs changed on `changedEdges` (closed or reopened): the arcs of those
    /// edges are recomputed from their edges and lower triangles, and changes propagate to the arcs
    /// they are a lower side of, in rank order (each arc's value is final once all lower ones are).
    /// - Complexity: O(Σ over affected arcs of (edges on the arc + lower triangles · log degree)).
    func updated(
        hierarchy h: ContractionHierarchy, graph: NavigationGraph, changedEdges: [Int32],
        edgeCosts: (Int) -> (forward: Double?, backward: Double?)
    ) -> HierarchyMetric {
        var out = self
        // Pending arcs keyed by their tail rank (processed lowest first).
        var heap = BinaryHeap(capacity: 64)
        var queued = Set<Int32>()
        for e in changedEdges {
            let a = h.arcOfEdge[Int(e)]
            if a >= 0, queued.insert(a).inserted { heap.push(a, key: Double(h.arcTail[Int(a)])) }
        }
        while let (a32, _) = heap.popMin() {
            let a = Int(a32)
            queued.remove(a32)
            let x = h.arcTail[a], y = h.arcHead[a]
            var up = Double.infinity, down = Double.infinity
            var upVia: Int32 = -1, downVia: Int32 = -1
            for j in Int(h.arcEdgeStart[a])..<Int(h.arcEdgeStart[a + 1]) {
                let k = Int(h.arcEdge[j])
                let e = graph.edges[k]
                let c = edgeCosts(k)
                let fromIsLow = h.rankOfNode[Int(e.from)] == x
                let (u, d) = fromIsLow ? (c.forward, c.backward) : (c.backward, c.forward)
                if let u, u < up { up = u; upVia = Int32(k) }
                if let d, d < down { down = d; downVia = Int32(k) }
            }
            // Lower triangles {v, x, y}: v's arcs to x and to y.
            for j in Int(h.downStart[Int(x)])..<Int(h.downStart[Int(x) + 1]) {
                let vx = Int(h.downArc[j])
                let v = h.arcTail[vx]
                let vy = h.arc(low: v, high: y)
                guard vy >= 0 else { continue }
                let xy = out.downCost[vx] + out.upCost[Int(vy)]
                if xy < up { up = xy; upVia = -Int32(vx) - 1 }
                let yx = out.downCost[Int(vy)] + out.upCost[vx]
                if yx < down { down = yx; downVia = -Int32(vx) - 1 }
            }
            let changed = up != out.upCost[a] || down != out.downCost[a]
            out.upCost[a] = up; out.downCost[a] = down
            out.upVia[a] = upVia; out.downVia[a] = downVia
            guard changed else { continue }
            // Arc x–y is a lower side of triangles {x, y, z} for every other upward neighbour z of x.
            for k in Int(h.arcStart[Int(x)])..<Int(h.arcStart[Int(x) + 1]) where k != a {
                let z = h.arcHead[k]
                let t = h.arc(low: min(y, z), high: max(y, z))
                if t >= 0, queued.insert(t).inserted { heap.push(t, key: Double(h.arcTail[Int(t)])) }
            }
        }
        return out
    }
}
