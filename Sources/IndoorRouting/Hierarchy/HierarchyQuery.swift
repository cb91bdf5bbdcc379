import IndoorVenue

/// Shortest-path queries on a customized ``ContractionHierarchy``: elimination-tree search (Dibbelt,
/// Strasser, Wagner 2016, §6.2) from every seed and every target up to the roots, then the cheapest
/// meeting node, then shortcut unpacking into original edges.
///
/// The upward search space of a node is exactly its ancestors in the elimination tree, so no
/// priority queue is needed: ancestors are scanned in rank order. Several seeds or targets (a place
/// matched to several nodes, several candidate destinations) scan the union of their ancestors.
///
/// A workspace: per-node scratch arrays reused across queries (reset by a generation stamp), so one
/// per thread. - Complexity: O(Σ upward degree over the ancestors of the endpoints) per query.
final class HierarchyQuery {
    private var forwardCost: [Double]
    private var backwardCost: [Double]
    private var forwardArc: [Int32]
    private var backwardArc: [Int32]
    private var forwardStamp: [UInt32]
    private var backwardStamp: [UInt32]
    private var generation: UInt32 = 0
    private var forwardList: [Int32] = []
    private var backwardList: [Int32] = []
    /// Arcs scanned by all queries so far (telemetry).
    private(set) var arcsScannedTotal = 0
    /// Tags of the last query's seeds and targets by rank, for paths read after it (``viaPaths``).
    private var lastSeedTags: [Int32: Int] = [:]
    private var lastTargetTags: [Int32: Int] = [:]
    /// The last query's meeting node (rank), -1 when it found none.
    private var lastMeet: Int32 = -1
    /// Arcs still to unpack, reused across queries.
    private var unpackStack: [PendingArc] = []
    /// Steps of the last unpacked path (the next one reserves as many).
    private var lastStepCount = 0

    init(nodeCount: Int) {
        forwardCost = [Double](repeating: .infinity, count: nodeCount)
        backwardCost = forwardCost
        forwardArc = [Int32](repeating: -1, count: nodeCount)
        backwardArc = forwardArc
        forwardStamp = [UInt32](repeating: 0, count: nodeCount)
        backwardStamp = forwardStamp
    }

    /// The cheapest path from any seed to any target under `metric`, as steps in one phase, or `nil`.
    func search(
        hierarchy h: ContractionHierarchy, metric: HierarchyMetric, graph: NavigationGraph,
        seeds: [SearchEndpoint], targets: [SearchEndpoint]
    ) -> SearchPath? {
        guard !seeds.isEmpty, !targets.isEmpty else { return nil }
        generation &+= 1
        if generation == 0 {
            for i in forwardStamp.indices { forwardStamp[i] = 0; backwardStamp[i] = 0 }
            generation = 1
        }
        let g = generation
        var seedTag: [Int32: Int] = [:], targetTag: [Int32: Int] = [:]
        collect(seeds, hierarchy: h, stamp: &forwardStamp, cost: &forwardCost, arc: &forwardArc, list: &forwardList, tags: &seedTag)
        collect(targets, hierarchy: h, stamp: &backwardStamp, cost: &backwardCost, arc: &backwardArc, list: &backwardList, tags: &targetTag)
        arcsScannedTotal += scan(forwardList, hierarchy: h, weights: metric.upCost, cost: &forwardCost, arc: &forwardArc)
        arcsScannedTotal += scan(backwardList, hierarchy: h, weights: metric.downCost, cost: &backwardCost, arc: &backwardArc)

        var best = Double.infinity
        var meet: Int32 = -1
        for r in backwardList where forwardStamp[Int(r)] == g {
            let c = forwardCost[Int(r)] + backwardCost[Int(r)]
            if c < best { best = c; meet = r }
        }
        lastSeedTags = seedTag; lastTargetTags = targetTag; lastMeet = meet
        guard meet >= 0 else { return nil }
        return path(meetingAt: meet, cost: best, hierarchy: h, metric: metric, graph: graph)
    }

    /// Via-node alternatives of the last ``search`` (Abraham, Delling, Goldberg, Werneck, "Alternative
    /// routes in road networks", JEA 2013, on the hierarchy's search spaces): every other node both
    /// searches reached is the top of a real path (seed up to it, down to the target); the cheapest
    /// `limit` of those within `maximumCost`, unpacked, cheapest first. Call it right after `search`
    /// with the same hierarchy and metric.
    /// - Complexity: O(ancestors) to pick the nodes, plus the unpacked paths' lengths.
    func viaPaths(
        hierarchy h: ContractionHierarchy, metric: HierarchyMetric, graph: NavigationGraph, maximumCost: Double, limit: Int
    ) -> [SearchPath] {
        guard lastMeet >= 0, limit > 0 else { return [] }
        let g = generation
        var candidates: [(cost: Double, rank: Int32)] = []
        for r in backwardList where forwardStamp[Int(r)] == g && r != lastMeet {
            let c = forwardCost[Int(r)] + backwardCost[Int(r)]
            if c <= maximumCost { candidates.append((c, r)) }
        }
        candidates.sort { ($0.cost, $0.rank) < ($1.cost, $1.rank) }
        return candidates.prefix(limit).map { path(meetingAt: $0.rank, cost: $0.cost, hierarchy: h, metric: metric, graph: graph) }
    }

    /// The path of the last query through meeting node (rank) `meet`: up from a seed, down to a target.
    private func path(
        meetingAt meet: Int32, cost best: Double, hierarchy h: ContractionHierarchy, metric: HierarchyMetric, graph: NavigationGraph
    ) -> SearchPath {
        // Ranks and arcs from the seed up to the meeting node, then down to the target.
        var upChain: [(arc: Int32, up: Bool)] = []
        var r = meet
        while forwardArc[Int(r)] >= 0 { let a = forwardArc[Int(r)]; upChain.append((a, true)); r = h.arcTail[Int(a)] }
        let seedRank = r
        upChain.reverse()
        r = meet
        var downChain: [(arc: Int32, up: Bool)] = []
        while backwardArc[Int(r)] >= 0 { let a = backwardArc[Int(r)]; downChain.append((a, false)); r = h.arcTail[Int(a)] }
        let targetRank = r
        let seedNode = h.nodeOfRank[Int(seedRank)]
        var steps: [PathStep] = []
        steps.reserveCapacity(max(16, lastStepCount))
        steps.append(PathStep(node: seedNode, phase: 0, edge: nil))
        unpack(upChain + downChain, from: seedNode, hierarchy: h, metric: metric, graph: graph, into: &steps)
        lastStepCount = steps.count
        return SearchPath(
            steps: steps, cost: best, seedTag: lastSeedTags[seedRank] ?? 0, targetTag: lastTargetTags[targetRank] ?? 0,
            settledStates: forwardList.count + backwardList.count)
    }

    /// Seeds the search from `ends` and lists the union of their ancestors in rank order.
    private func collect(
        _ ends: [SearchEndpoint], hierarchy h: ContractionHierarchy, stamp: inout [UInt32], cost: inout [Double],
        arc: inout [Int32], list: inout [Int32], tags: inout [Int32: Int]
    ) {
        let g = generation
        list.removeAll(keepingCapacity: true)
        var starts: [(Int32, Double)] = []
        for e in ends {
            let r = h.rankOfNode[Int(e.node)]
            if stamp[Int(r)] == g { if e.cost < cost[Int(r)] { cost[Int(r)] = e.cost; tags[r] = e.tag }; continue }
            var x = r
            while x >= 0 && stamp[Int(x)] != g {
                stamp[Int(x)] = g; cost[Int(x)] = .infinity; arc[Int(x)] = -1
                list.append(x)
                x = h.parent[Int(x)]
            }
            cost[Int(r)] = e.cost; tags[r] = e.tag
            starts.append((r, e.cost))
        }
        if starts.count > 1 { list.sort() }
        // A later seed on an earlier one's chain set its cost before the chain was reset: restore.
        for e in ends {
            let r = h.rankOfNode[Int(e.node)]
            if e.cost < cost[Int(r)] { cost[Int(r)] = e.cost; tags[r] = e.tag; arc[Int(r)] = -1 }
        }
    }

    /// Relaxes the upward arcs of every listed rank, in rank order. Returns the arcs scanned.
    private func scan(
        _ list: [Int32], hierarchy h: ContractionHierarchy, weights: [Double], cost: inout [Double], arc: inout [Int32]
    ) -> Int {
        var scanned = 0
        h.arcStart.withUnsafeBufferPointer { start in
            h.arcHead.withUnsafeBufferPointer { head in
                weights.withUnsafeBufferPointer { w in
                    cost.withUnsafeMutableBufferPointer { d in
                        arc.withUnsafeMutableBufferPointer { pred in
                            for r in list {
                                let dr = d[Int(r)]
                                guard dr < .infinity else { continue }
                                let b = Int(start[Int(r)]), e = Int(start[Int(r) + 1])
                                scanned &+= e - b
                                for i in b..<e {
                                    let c = dr + w[i]
                                    let y = Int(head[i])
                                    if c < d[y] { d[y] = c; pred[y] = Int32(i) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return scanned
    }

    /// An arc still to walk, with what walking it takes already read: for an original edge its ends,
    /// for a shortcut its two lower arcs (so the loads for both halves of a shortcut are issued together).
    struct PendingArc {
        /// The original edge, or −1 for a shortcut.
        var edge: Int32
        /// The edge's `from` and `to` nodes, or the shortcut's arcs v → x and v → y (lower triangle {v, x, y}).
        var first: Int32
        var second: Int32
        /// Walked from tail to head.
        var up: Bool
    }

    /// Appends the original edges of `chain`'s arcs, in order, each walked upwards (`up`: tail → head)
    /// or downwards, starting at graph node `start`.
    private func unpack(
        _ chain: [(arc: Int32, up: Bool)], from start: Int32, hierarchy h: ContractionHierarchy, metric: HierarchyMetric,
        graph: NavigationGraph, into steps: inout [PathStep]
    ) {
        // Explicit stack of arcs still to walk, last on top (its storage is reused across queries).
        var stack = unpackStack
        unpackStack = []
        stack.removeAll(keepingCapacity: true)
        var node = start
        let nearbyArcs = Self.nearbyArcScan
        h.arcHead.withUnsafeBufferPointer { head in
            metric.upVia.withUnsafeBufferPointer { upVia in
                metric.downVia.withUnsafeBufferPointer { downVia in
                    graph.edges.withUnsafeBufferPointer { edges in
                        /// Reads how to walk `arc`.
                        func pending(_ arc: Int32, up: Bool) -> PendingArc {
                            let via = up ? upVia[Int(arc)] : downVia[Int(arc)]
                            if via >= 0 {
                                let e = edges[Int(via)]
                                return PendingArc(edge: via, first: e.from, second: e.to, up: up)
                            }
                            // Lower triangle {v, x, y}: `via` names the arc v → x; v's arc to y comes after
                            // it among v's arcs (sorted by head, x below y), mostly within a few places.
                            let vx = -via - 1
                            let y = head[Int(arc)]
                            var k = Int(vx) + 1
                            let scanEnd = min(head.count, k + nearbyArcs)
                            while k < scanEnd, head[k] != y { k += 1 }
                            let vy = k < scanEnd ? Int32(k) : h.arc(low: h.arcTail[Int(vx)], high: y)
                            return PendingArc(edge: -1, first: vx, second: vy, up: up)
                        }
                        for link in chain.reversed() { stack.append(pending(link.arc, up: link.up)) }
                        while let top = stack.popLast() {
                            if top.edge >= 0 {
                                node = top.first == node ? top.second : top.first
                                steps.append(PathStep(node: node, phase: 0, edge: top.edge))
                                continue
                            }
                            // x → y = (x → v: vx down) then (v → y: vy up); y → x = (y → v: vy down) then (v → x: vx up).
                            if top.up {
                                let later = pending(top.second, up: true), next = pending(top.first, up: false)
                                stack.append(later); stack.append(next)
                            } else {
                                let later = pending(top.first, up: true), next = pending(top.second, up: false)
                                stack.append(later); stack.append(next)
                            }
                        }
                    }
                }
            }
        }
        unpackStack = stack
    }

    /// Arcs after v → x read in place for v → y before searching v's arcs (they share cache lines).
    private static let nearbyArcScan = 16
}
