import IndoorVenue

/// The metric-independent part of a customizable contraction hierarchy (Dibbelt, Strasser, Wagner,
/// "Customizable Contraction Hierarchies", JEA 2016): a node order and the chordal supergraph it
/// induces, stored as upward arcs in rank space, with the elimination tree.
///
/// Built once per graph; every metric (``HierarchyMetric``) is a pair of weights per arc on it.
/// Immutable and `Sendable`.
/// - Complexity: building is O(order + Σ fill-in merges); memory ≈ 16 bytes per arc + 16 per node.
public struct ContractionHierarchy: Sendable {
    /// Tunables of the hierarchy.
    public struct Options: Sendable, Hashable {
        /// Parts of at most this many nodes are not cut further. Default 4, range 1–64.
        public var leafNodes: Int
        /// Metres one level counts as when cutting along the vertical axis. Default 4, range > 0.
        public var levelHeightMeters: Double
        /// Options with the given part size and level spacing (checked by ``validate()``).
        public init(leafNodes: Int = 4, levelHeightMeters: Double = 4) {
            self.leafNodes = leafNodes; self.levelHeightMeters = levelHeightMeters
        }
        /// Throws `RoutingError.badRequest` naming the setting when a value is outside its range.
        public func validate() throws(RoutingError) {
            try dissectionOptions.validate()
        }
        var dissectionOptions: NestedDissection.Options {
            var o = NestedDissection.Options()
            o.leafNodes = leafNodes
            o.levelHeightMeters = levelHeightMeters
            return o
        }
    }

    /// Number of nodes.
    public let nodeCount: Int
    /// `rankOfNode[v]`: position of graph node `v` in the order.
    let rankOfNode: [Int32]
    /// `nodeOfRank[r]`: the graph node of rank `r`.
    let nodeOfRank: [Int32]
    /// Upward arcs of rank `r`: `arcHead[arcStart[r] ..< arcStart[r + 1]]`, sorted by head rank.
    let arcStart: [Int32]
    let arcHead: [Int32]
    /// The lower end (tail) of every arc.
    let arcTail: [Int32]
    /// Elimination-tree parent of each rank (its lowest upward neighbour), −1 at roots.
    let parent: [Int32]
    /// Downward arcs into rank `r`: `downArc[downStart[r] ..< downStart[r + 1]]` are arc indices whose
    /// head is `r` (their tails are lower), for re-customizing single arcs.
    let downStart: [Int32]
    let downArc: [Int32]
    /// Original edges per arc: `arcEdge[arcEdgeStart[a] ..< arcEdgeStart[a + 1]]`.
    let arcEdgeStart: [Int32]
    let arcEdge: [Int32]
    /// The arc of every original edge (−1 for self-loops).
    let arcOfEdge: [Int32]

    /// Number of arcs (original and shortcut).
    public var arcCount: Int { arcHead.count }

    /// Bytes held by the hierarchy's arrays.
    public var memoryBytes: Int {
        4
            * (rankOfNode.count + nodeOfRank.count + arcStart.count + arcHead.count + arcTail.count + parent.count
                + downStart.count + downArc.count + arcEdgeStart.count + arcEdge.count + arcOfEdge.count)
    }

    /// Elimination-tree height (longest chain of ancestors), for telemetry.
    public var eliminationTreeHeight: Int {
        var depth = [Int32](repeating: 0, count: nodeCount)
        var best: Int32 = 0
        for r in stride(from: nodeCount - 1, through: 0, by: -1) {
            let p = parent[r]
            depth[r] = p >= 0 ? depth[Int(p)] + 1 : 1
            best = max(best, depth[r])
        }
        return Int(best)
    }

    /// Orders the graph by nested dissection and builds the chordal supergraph. Options outside their
    /// ranges are replaced by the defaults (``Options/validate()`` reports them as errors).
    public init(graph: NavigationGraph, options requested: Options = Options()) {
        let options = (try? requested.validate()) != nil ? requested : Options()
        let n = graph.nodes.count
        nodeCount = n
        let order = NestedDissection.order(graph: graph, options: options.dissectionOptions)
        var rank = [Int32](repeating: 0, count: n)
        for (r, v) in order.enumerated() { rank[Int(v)] = Int32(r) }
        rankOfNode = rank
        nodeOfRank = order

        // Upward neighbour sets in rank space, then the fill-in: contracting r links all its upward
        // neighbours, which the elimination tree does by merging r's set into its lowest neighbour's.
        var up = [[Int32]](repeating: [], count: n)
        for e in graph.edges where e.from != e.to {
            let a = rank[Int(e.from)], b = rank[Int(e.to)]
            up[Int(min(a, b))].append(max(a, b))
        }
        var par = [Int32](repeating: -1, count: n)
        for r in 0..<n {
            var s = up[r]
            s.sort()
            var w = 0
            for x in s where w == 0 || s[w - 1] != x { s[w] = x; w += 1 }
            s.removeLast(s.count - w)
            up[r] = s
            guard let p = s.first else { continue }
            par[r] = p
            // Merge s[1...] into up[p] (which may still be unsorted: it is sorted when p's turn comes).
            up[Int(p)].append(contentsOf: s.dropFirst())
        }
        parent = par
        var start = [Int32](repeating: 0, count: n + 1)
        for r in 0..<n { start[r + 1] = start[r] + Int32(up[r].count) }
        var head = [Int32](), tail = [Int32]()
        head.reserveCapacity(Int(start[n])); tail.reserveCapacity(Int(start[n]))
        for r in 0..<n { head += up[r]; tail += repeatElement(Int32(r), count: up[r].count) }
        up = []
        arcStart = start
        arcHead = head
        arcTail = tail

        var dcount = [Int32](repeating: 0, count: n + 1)
        for h in head { dcount[Int(h) + 1] += 1 }
        for r in 0..<n { dcount[r + 1] += dcount[r] }
        var dfill = dcount
        var down = [Int32](repeating: 0, count: head.count)
        for (a, h) in head.enumerated() { down[Int(dfill[Int(h)])] = Int32(a); dfill[Int(h)] += 1 }
        downStart = dcount
        downArc = down

        var ofEdge = [Int32](repeating: -1, count: graph.edges.count)
        var ecount = [Int32](repeating: 0, count: head.count + 1)
        for (k, e) in graph.edges.enumerated() where e.from != e.to {
            let a = rank[Int(e.from)], b = rank[Int(e.to)]
            let arc = Self.findArc(start: start, head: head, low: min(a, b), high: max(a, b))
            ofEdge[k] = arc
            ecount[Int(arc) + 1] += 1
        }
        for a in 0..<head.count { ecount[a + 1] += ecount[a] }
        var efill = ecount
        var edgesOfArc = [Int32](repeating: 0, count: Int(ecount[head.count]))
        for (k, arc) in ofEdge.enumerated() where arc >= 0 {
            edgesOfArc[Int(efill[Int(arc)])] = Int32(k); efill[Int(arc)] += 1
        }
        arcOfEdge = ofEdge
        arcEdgeStart = ecount
        arcEdge = edgesOfArc
    }

    /// The arc from `low` up to `high` (binary search in `low`'s sorted upward arcs), or −1.
    @inline(__always)
    static func findArc(start: [Int32], head: [Int32], low: Int32, high: Int32) -> Int32 {
        var lo = Int(start[Int(low)]), hi = Int(start[Int(low) + 1])
        while lo < hi {
            let mid = (lo + hi) >> 1
            if head[mid] < high { lo = mid + 1 } else { hi = mid }
        }
        return lo < Int(start[Int(low) + 1]) && head[lo] == high ? Int32(lo) : -1
    }

    /// The arc between ranks `low` < `high`, or −1. - Complexity: O(log upward degree)
    @inline(__always)
    func arc(low: Int32, high: Int32) -> Int32 { Self.findArc(start: arcStart, head: arcHead, low: low, high: high) }
}
