import IndoorGeometry
import IndoorVenue

/// Where a search may start or end: a graph node, an extra cost to reach it (off-graph walk, part of
/// the matched edge) and a tag saying which request place it stands for.
struct SearchEndpoint: Hashable, Sendable {
    /// The graph node index.
    var node: Int32
    /// Cost of getting from the request place to the node (or back), in the search's cost unit.
    var cost: Double
    /// Which request place the endpoint stands for.
    var tag: Int
    /// An endpoint at `node` reached at `cost`, standing for place `tag`.
    init(node: Int32, cost: Double, tag: Int) { self.node = node; self.cost = cost; self.tag = tag }
}

/// One step of a found path: the node reached, the phase (index into the search's phases) and the
/// edge used to get there (`nil` for the first step and for a change of phase at the same node).
struct PathStep: Hashable, Sendable {
    /// The node reached.
    var node: Int32
    /// Index into the search's phases (transport modes).
    var phase: Int
    /// The edge taken to reach the node; `nil` at the start and at a phase change.
    var edge: Int32?
}

/// A found path.
struct SearchPath: Sendable {
    /// The path from the seed to the target.
    var steps: [PathStep]
    /// Total cost including the endpoint costs.
    var cost: Double
    /// Tag of the seed endpoint the path starts from.
    var seedTag: Int
    /// Tag of the target endpoint it reaches.
    var targetTag: Int
    /// States taken off the queue (for benchmarks).
    var settledStates: Int
}

/// Goal-directed search (A* with ALT and straight-line bounds) over the navigation graph, with phases
/// for transport-mode changes: state = (node, phase); a path may move from phase p to p+1 at no cost
/// at a node where phase p+1's travel can go on, after at least one edge in phase p (e.g. park the car
/// in an aisle and walk on).
///
/// A workspace: it owns per-node scratch arrays reused across queries (reset in O(1) with a
/// generation stamp), so keep one per thread. - Complexity: O((E + V) log V) worst case per query.
final class PathSearch {
    /// The graph, costs and landmarks searched.
    let index: RoutingIndex
    /// Per-state scratch arrays, reused across queries. Taken out of `self` for the length of a
    /// search so the hot loop works on local storage (no dynamic exclusivity checks on class fields).
    private struct Scratch {
        var distance: [Double] = []
        var parentState: [Int32] = []
        var parentEdge: [Int32] = []
        var stamp: [UInt32] = []
        /// Heuristic value cached per state for the current query, and whether the state is settled.
        var heuristicCache: [Double] = []
        var settledStamp: [UInt32] = []
        /// Marks target nodes for the current query (a dictionary lookup only for those).
        var targetStamp: [UInt32] = []
        var generation: UInt32 = 0
        var heap = BinaryHeap(capacity: 4096)
    }
    private var scratch = Scratch()
    private let phaseCapacity = 2
    /// States settled by successful searches since creation (benchmark telemetry).
    var settledStatesTotal = 0

    /// A workspace for `index`, with scratch arrays sized to its graph. - Complexity: O(V) memory.
    init(index: RoutingIndex) {
        self.index = index
        let states = index.venue.graph.nodes.count * phaseCapacity
        scratch.distance = [Double](repeating: .infinity, count: states)
        scratch.parentState = [Int32](repeating: -1, count: states)
        scratch.parentEdge = [Int32](repeating: -1, count: states)
        scratch.stamp = [UInt32](repeating: 0, count: states)
        scratch.heuristicCache = [Double](repeating: 0, count: states)
        scratch.settledStamp = [UInt32](repeating: 0, count: states)
        scratch.targetStamp = [UInt32](repeating: 0, count: index.venue.graph.nodes.count)
    }

    /// The cheapest path from any seed (in phase 0) to any target in the last phase, or `nil`. The path
    /// moves to the next phase only at a node it reached along an edge of the current phase and from
    /// which an edge of the next phase leaves (a parking aisle where the car is left), so every phase
    /// of a found path travels at least one edge (the last phase may be empty when the target is there).
    func search(
        seeds: [SearchEndpoint], targets: [SearchEndpoint], cost: CostModel,
        phases: [TravelKind] = [.walking]
    ) -> SearchPath? {
        var w = Scratch()
        swap(&w, &scratch)
        defer { swap(&w, &scratch) }
        precondition(!phases.isEmpty && phases.count <= phaseCapacity, "1 or 2 phases")
        guard !seeds.isEmpty, !targets.isEmpty else { return nil }
        let graph = index.venue.graph
        let nodes = graph.nodes
        let edges = graph.edges
        let phaseCount = phases.count
        let lastPhase = phaseCount - 1
        w.generation &+= 1
        if w.generation == 0 {  // wrapped: clear stamps once every 4 billion queries
            for i in w.stamp.indices { w.stamp[i] = 0; w.settledStamp[i] = 0 }
            for i in w.targetStamp.indices { w.targetStamp[i] = 0 }
            w.generation = 1
        }
        w.heap.removeAll()

        var targetCost: [Int32: (cost: Double, tag: Int)] = [:]
        for t in targets where t.cost < (targetCost[t.node]?.cost ?? .infinity) { targetCost[t.node] = (t.cost, t.tag) }
        let targetNodes = Array(targetCost.keys)
        for t in targetNodes { w.targetStamp[Int(t)] = w.generation }
        let perMeter = cost.lowerBoundCostPerMeter(phases: phases)
        let landmarks = index.landmarks
        let useEuclid = index.euclideanIsAdmissible
        let targetPoints = targetNodes.map { nodes[Int($0)].point }
        let nodeX = index.nodeX, nodeY = index.nodeY

        // Active landmarks: the few that bound this query best (all of them with several targets).
        let active: [Int]
        if let landmarks, targetNodes.count == 1, let s0 = seeds.first {
            active = landmarks.activeLandmarks(from: Int(s0.node), to: Int(targetNodes[0]), count: 4)
        } else {
            active = Array(0..<(landmarks?.landmarkNodes.count ?? 0))
        }
        @inline(__always) func heuristic(_ v: Int32) -> Double {
            var h = Double.infinity
            for (k, t) in targetNodes.enumerated() {
                var lb = 0.0
                if useEuclid {
                    let dx = nodeX[Int(v)] - targetPoints[k].x, dy = nodeY[Int(v)] - targetPoints[k].y
                    lb = (dx * dx + dy * dy).squareRoot()
                }
                if let landmarks { lb = max(lb, landmarks.lowerBound(from: Int(v), to: Int(t), using: active)) }
                h = min(h, lb)
            }
            return h * perMeter
        }
        /// Resets a state on first touch in this query and caches its heuristic.
        @inline(__always) func touch(_ state: Int) {
            if w.stamp[state] != w.generation {
                w.stamp[state] = w.generation
                w.distance[state] = .infinity
                w.heuristicCache[state] = heuristic(Int32(state / phaseCount))
            }
        }
        @inline(__always) func relax(_ state: Int, _ d: Double, from parent: Int, edge: Int32) {
            touch(state)
            if d < w.distance[state] {
                w.distance[state] = d
                w.parentState[state] = Int32(parent)
                w.parentEdge[state] = edge
                w.heap.push(Int32(state), key: d + w.heuristicCache[state])
            }
        }

        var seedTagOfState: [Int: Int] = [:]
        for s in seeds {
            let state = Int(s.node) * phaseCount
            touch(state)
            if s.cost < w.distance[state] {
                w.distance[state] = s.cost
                w.parentState[state] = -1
                w.parentEdge[state] = -1
                seedTagOfState[state] = s.tag
                w.heap.push(Int32(state), key: s.cost + w.heuristicCache[state])
            }
        }

        var bestTotal = Double.infinity
        var bestState = -1
        var settled = 0
        while let (s32, key) = w.heap.popMin() {
            let state = Int(s32)
            if key >= bestTotal { break }
            // With a consistent heuristic a state is final when first popped; later copies are stale.
            if w.settledStamp[state] == w.generation { continue }
            w.settledStamp[state] = w.generation
            let g = w.distance[state]
            settled += 1
            let node = state / phaseCount, phase = state % phaseCount
            if phase == lastPhase, w.targetStamp[node] == w.generation, let t = targetCost[Int32(node)],
                g + t.cost < bestTotal
            {
                bestTotal = g + t.cost
                bestState = state
            }
            // A change of travel kind only where the next kind can go on, after moving in this one.
            if phase < lastPhase, w.parentEdge[state] >= 0, w.parentState[state] >= 0,
                graph.arcs(from: node).contains(where: {
                    cost.cost(ofEdge: Int($0.edge), edges[Int($0.edge)], travel: phases[phase + 1]) != nil
                })
            {
                relax(state + 1, g, from: state, edge: -1)
            }
            let travel = phases[phase]
            for arc in graph.arcs(from: node) {
                guard let c = cost.cost(ofEdge: Int(arc.edge), edges[Int(arc.edge)], travel: travel) else { continue }
                relax(Int(arc.target) * phaseCount + phase, g + c, from: state, edge: arc.edge)
            }
        }
        guard bestState >= 0 else { return nil }

        var steps: [PathStep] = []
        var s = bestState
        while s >= 0 {
            let e = w.parentEdge[s]
            steps.append(PathStep(node: Int32(s / phaseCount), phase: s % phaseCount, edge: e >= 0 ? e : nil))
            let p = Int(w.parentState[s])
            if p < 0 { break }
            s = p
        }
        steps.reverse()
        let firstState = Int(steps[0].node) * phaseCount + steps[0].phase
        return SearchPath(
            steps: steps, cost: bestTotal, seedTag: seedTagOfState[firstState] ?? 0,
            targetTag: targetCost[Int32(bestState / phaseCount)]?.tag ?? 0, settledStates: settled)
    }
}
