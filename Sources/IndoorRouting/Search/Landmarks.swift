import Dispatch
import IndoorVenue
import Synchronization

/// ALT lower bounds (A*, Landmarks, Triangle inequality — Goldberg & Harrelson, SODA 2005) on
/// path length in metres.
///
/// For each landmark L, distances from L to every node and from every node to L are stored; for any
/// path v → t, `d(v,t) ≥ max(d(L,t) − d(L,v), d(v,L) − d(t,L))`. Bounds are computed on the
/// unrestricted graph (every edge, every mode), so they stay valid under any exclusion.
/// Landmarks are picked by farthest-point selection. Memory: 2 × landmarks × nodes Float32.
package struct Landmarks: Sendable {
    /// The landmarks' graph node indices, in selection order.
    package let landmarkNodes: [Int32]
    /// `fromLandmark[k * nodeCount + v]` = d(L_k, v), `toLandmark[k * nodeCount + v]` = d(v, L_k);
    /// `.infinity` when unreachable. Flat arrays: one lookup costs no reference counting.
    let fromLandmark: [Float]
    let toLandmark: [Float]
    let nodeCount: Int

    /// Chooses `count` landmarks and runs two Dijkstra searches from each. - Complexity: O(k (E + V log V))
    package init(graph: NavigationGraph, count: Int) {
        let n = graph.nodes.count
        var chosen: [Int32] = []
        var from: [[Float]] = [], to: [[Float]] = []
        nodeCount = n
        guard n > 0, count > 0 else { landmarkNodes = []; fromLandmark = []; toLandmark = []; return }
        let reverse = ReverseAdjacency(graph: graph)
        // Start from the node farthest from node 0, then repeatedly the node farthest from all chosen.
        var minDistance = [Float](repeating: .infinity, count: n)
        var next = Int32(Landmarks.farthest(Landmarks.dijkstra(graph: graph, reverse: nil, source: 0)))
        for _ in 0..<min(count, n) {
            chosen.append(next)
            let f = Landmarks.dijkstra(graph: graph, reverse: nil, source: next)
            from.append(f)
            var best: Int = -1
            var bestDistance: Float = -1
            for v in 0..<n {
                let d = f[v]
                if d < minDistance[v] { minDistance[v] = d }
                let m = minDistance[v]
                if m.isFinite && m > bestDistance { bestDistance = m; best = v }
            }
            // Unreached components get a landmark of their own.
            if let unreached = minDistance.firstIndex(where: { !$0.isFinite }) { best = unreached }
            guard best >= 0, !chosen.contains(Int32(best)) else { break }
            next = Int32(best)
        }
        // Distances *to* each landmark do not steer the selection: compute them on every core at once.
        let results = ConcurrentResults<[Float]>(count: chosen.count)
        let landmarksChosen = chosen
        DispatchQueue.concurrentPerform(iterations: chosen.count) { k in
            results.set(k, Landmarks.dijkstra(graph: graph, reverse: reverse, source: landmarksChosen[k]))
        }
        to = results.values
        landmarkNodes = chosen
        fromLandmark = from.flatMap { $0 }
        toLandmark = to.flatMap { $0 }
    }

    /// A lower bound in metres on the length of any path from `v` to `t`.
    package func lowerBound(from v: Int, to t: Int) -> Double {
        lowerBound(from: v, to: t, using: 0..<landmarkNodes.count)
    }

    /// The bound using only some landmarks (the "active" ones for a query).
    func lowerBound<C: Collection>(from v: Int, to t: Int, using landmarks: C) -> Double where C.Element == Int {
        var best: Float = 0
        let n = nodeCount
        for k in landmarks {
            let base = k &* n
            let a = fromLandmark[base &+ t] - fromLandmark[base &+ v], b = toLandmark[base &+ v] - toLandmark[base &+ t]
            if a.isFinite && a > best { best = a }
            if b.isFinite && b > best { best = b }
        }
        // Float rounding could overshoot a true distance by a few ulps: shave a millimetre.
        return max(0, Double(best) * (1 - 1e-6) - 1e-3)
    }

    /// The `count` landmarks that give the largest bound for one (source, target) pair: searching with
    /// only these costs less per node and loses little (Goldberg & Harrelson's active landmarks).
    func activeLandmarks(from v: Int, to t: Int, count: Int) -> [Int] {
        let scored = (0..<landmarkNodes.count).map { k -> (Int, Double) in (k, lowerBound(from: v, to: t, using: CollectionOfOne(k))) }
        return scored.sorted { $0.1 > $1.1 }.prefix(count).map(\.0)
    }

    private static func farthest(_ d: [Float]) -> Int {
        var best = 0
        var bestDistance: Float = -1
        for (i, x) in d.enumerated() where x.isFinite && x > bestDistance { bestDistance = x; best = i }
        return best
    }

    /// Dijkstra on edge length over every edge; with `reverse`, distances *to* the source.
    static func dijkstra(graph: NavigationGraph, reverse: ReverseAdjacency?, source: Int32) -> [Float] {
        var dist = [Double](repeating: .infinity, count: graph.nodes.count)
        var heap = BinaryHeap(capacity: 1024)
        dist[Int(source)] = 0
        heap.push(source, key: 0)
        while let (u, d) = heap.popMin() {
            guard d <= dist[Int(u)] else { continue }
            if let reverse {
                for arc in reverse.arcs(into: Int(u)) {
                    let nd = d + graph.edges[Int(arc.edge)].lengthMeters
                    if nd < dist[Int(arc.target)] { dist[Int(arc.target)] = nd; heap.push(arc.target, key: nd) }
                }
            } else {
                for arc in graph.arcs(from: Int(u)) {
                    let nd = d + graph.edges[Int(arc.edge)].lengthMeters
                    if nd < dist[Int(arc.target)] { dist[Int(arc.target)] = nd; heap.push(arc.target, key: nd) }
                }
            }
        }
        return dist.map { Float($0) }
    }
}

/// Incoming arcs per node (the transpose of the graph's adjacency), for backward searches.
struct ReverseAdjacency {
    let start: [Int32]
    /// `target` here is the node the arc comes *from*.
    let arcs: [NavigationGraph.Arc]

    init(graph: NavigationGraph) {
        let n = graph.nodes.count
        var counts = [Int32](repeating: 0, count: n + 1)
        for u in 0..<n { for arc in graph.arcs(from: u) { counts[Int(arc.target) + 1] += 1 } }
        for i in 0..<n { counts[i + 1] += counts[i] }
        var fill = counts
        var out = [NavigationGraph.Arc](repeating: NavigationGraph.Arc(edge: 0, target: 0), count: Int(counts[n]))
        for u in 0..<n {
            for arc in graph.arcs(from: u) {
                out[Int(fill[Int(arc.target)])] = NavigationGraph.Arc(edge: arc.edge, target: Int32(u))
                fill[Int(arc.target)] += 1
            }
        }
        start = counts
        arcs = out
    }

    func arcs(into node: Int) -> ArraySlice<NavigationGraph.Arc> { arcs[Int(start[node])..<Int(start[node + 1])] }
}

/// Fixed-size results filled from concurrent work, one slot per task.
final class ConcurrentResults<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>
    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
    func set(_ index: Int, _ value: Value) { slots.withLock { $0[index] = value } }
    /// Every slot's value, in order (all slots must be set).
    var values: [Value] { slots.withLock { $0.compactMap { $0 } } }
}
