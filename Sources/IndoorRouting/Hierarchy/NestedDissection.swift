import IndoorVenue

/// A node order for a customizable contraction hierarchy by geometric nested dissection (Dibbelt,
/// Strasser, Wagner, "Customizable Contraction Hierarchies", JEA 2016, §4: any order of small
/// balanced separators works; indoor graphs have coordinates and levels, so cuts along east, north
/// and level are tried and the one with the smallest vertex separator wins).
///
/// A part of the graph is split in two by a cut along one axis; the endpoints of the cut edges on
/// the side with fewer of them form the separator, which is ranked above both halves; the halves
/// are ordered recursively, components of a part separately.
/// - Complexity: O((V + E) · candidates · depth), depth ≈ log V for balanced cuts.
struct NestedDissection {
    /// Tunables of the order.
    struct Options: Sendable, Hashable {
        /// Parts of at most this many nodes are ranked as they come (no further cut). Default 4, range 1–64.
        var leafNodes: Int = 4
        /// Fractions of a part's nodes (sorted along an axis) at which a cut is tried. Default
        /// 0.33, 0.42, 0.5, 0.58, 0.67; each in (0, 1).
        var cutFractions: [Double] = [0.33, 0.42, 0.5, 0.58, 0.67]
        /// Metres one level counts as on the vertical axis (a cut between levels is tried as between
        /// any two coordinates). Default 4, range > 0.
        var levelHeightMeters: Double = 4

        /// Throws when a value is outside its documented range.
        func validate() throws(RoutingError) {
            guard (1...64).contains(leafNodes) else {
                throw .badRequest(field: "NestedDissection.leafNodes", reason: "\(leafNodes) is outside 1–64")
            }
            guard !cutFractions.isEmpty, cutFractions.allSatisfy({ $0 > 0 && $0 < 1 }) else {
                throw .badRequest(field: "NestedDissection.cutFractions", reason: "need at least one fraction, each in (0, 1)")
            }
            guard levelHeightMeters > 0, levelHeightMeters.isFinite else {
                throw .badRequest(field: "NestedDissection.levelHeightMeters", reason: "\(levelHeightMeters) is not a positive number")
            }
        }
    }

    /// `order[r]` is the node of rank `r` (rank 0 is contracted first).
    static func order(graph: NavigationGraph, options: Options) -> [Int32] {
        let n = graph.nodes.count
        guard n > 0 else { return [] }
        // Undirected neighbour lists (CSR, duplicates and self-loops dropped later by the chordal build).
        var degree = [Int32](repeating: 0, count: n + 1)
        for e in graph.edges where e.from != e.to { degree[Int(e.from) + 1] += 1; degree[Int(e.to) + 1] += 1 }
        for i in 0..<n { degree[i + 1] += degree[i] }
        var fill = degree
        var neighbours = [Int32](repeating: 0, count: Int(degree[n]))
        for e in graph.edges where e.from != e.to {
            neighbours[Int(fill[Int(e.from)])] = e.to; fill[Int(e.from)] += 1
            neighbours[Int(fill[Int(e.to)])] = e.from; fill[Int(e.to)] += 1
        }
        var coords: [[Double]] = [
            graph.nodes.map(\.point.x), graph.nodes.map(\.point.y),
            graph.nodes.map { Double($0.levelIndex) * options.levelHeightMeters },
        ]
        var work = Work(
            start: degree, neighbours: neighbours, part: [Int32](repeating: 0, count: n), nextPart: 1,
            mark: [Int32](repeating: 0, count: n), markStamp: 0, options: options)
        var out: [Int32] = []
        out.reserveCapacity(n)
        // Explicit stack: (nodes, separator to append after the part's own order).
        work.dissect(Array(0..<Int32(n)), partID: 0, coords: &coords, into: &out)
        return out
    }

    private struct Work {
        let start: [Int32]
        let neighbours: [Int32]
        var part: [Int32]
        var nextPart: Int32
        var mark: [Int32]
        var markStamp: Int32
        let options: Options

        /// Appends the order of `nodes` (all carrying `partID`) to `out`.
        mutating func dissect(_ nodes: [Int32], partID: Int32, coords: inout [[Double]], into out: inout [Int32]) {
            if nodes.count <= options.leafNodes { out += nodes; return }
            // Components of the part: each is ordered on its own.
            let comps = components(nodes, partID: partID)
            if comps.count > 1 {
                for c in comps {
                    let id = nextPart; nextPart += 1
                    for v in c { part[Int(v)] = id }
                    dissect(c, partID: id, coords: &coords, into: &out)
                }
                return
            }
            // Best cut over axes and fractions: fewest separator nodes, ties to the more balanced.
            var best: (separator: [Int32], left: [Int32], right: [Int32], score: Double)?
            for axis in 0..<3 {
                let c = coords[axis]
                let sorted = nodes.sorted { c[Int($0)] < c[Int($1)] }
                guard let lo = sorted.first.map({ c[Int($0)] }), let hi = sorted.last.map({ c[Int($0)] }), hi > lo else { continue }
                var tried = Set<Int>()
                for f in options.cutFractions {
                    // Move the cut to the nearest place where the coordinate changes.
                    var k = max(1, min(sorted.count - 1, Int(Double(sorted.count) * f)))
                    var d = 0
                    while true {
                        if k + d < sorted.count, c[Int(sorted[k + d - 1])] < c[Int(sorted[k + d])] { k += d; break }
                        if k - d >= 1, c[Int(sorted[k - d - 1])] < c[Int(sorted[k - d])] { k -= d; break }
                        d += 1
                        if k + d >= sorted.count && k - d < 1 { k = -1; break }
                    }
                    guard k > 0, tried.insert(k).inserted else { continue }
                    let cand = cut(sorted, at: k, partID: partID)
                    let smaller = Double(min(cand.left.count, cand.right.count))
                    guard smaller > 0 else { continue }
                    let score = Double(cand.separator.count) / smaller
                    if best == nil || score < best?.score ?? .infinity {
                        best = (cand.separator, cand.left, cand.right, score)
                    }
                }
            }
            guard let best else { out += nodes; return }
            let leftID = nextPart, rightID = nextPart + 1, sepID = nextPart + 2
            nextPart += 3
            for v in best.left { part[Int(v)] = leftID }
            for v in best.right { part[Int(v)] = rightID }
            for v in best.separator { part[Int(v)] = sepID }
            dissect(best.left, partID: leftID, coords: &coords, into: &out)
            dissect(best.right, partID: rightID, coords: &coords, into: &out)
            out += best.separator
        }

        /// Splits `sorted` at `k`; the separator is the side's cut-edge endpoints, whichever side has fewer.
        mutating func cut(_ sorted: [Int32], at k: Int, partID: Int32) -> (separator: [Int32], left: [Int32], right: [Int32]) {
            markStamp += 2
            let leftMark = markStamp - 1, rightMark = markStamp
            for (i, v) in sorted.enumerated() { mark[Int(v)] = i < k ? leftMark : rightMark }
            var leftBoundary: [Int32] = [], rightBoundary: [Int32] = []
            for (i, v) in sorted.enumerated() {
                let mine = i < k ? leftMark : rightMark
                for j in Int(start[Int(v)])..<Int(start[Int(v) + 1]) {
                    let w = neighbours[j]
                    if part[Int(w)] == partID, mark[Int(w)] != mine {
                        if i < k { leftBoundary.append(v) } else { rightBoundary.append(v) }
                        break
                    }
                }
            }
            let useLeft = leftBoundary.count <= rightBoundary.count
            let separator = useLeft ? leftBoundary : rightBoundary
            markStamp += 1
            for v in separator { mark[Int(v)] = markStamp }
            let left = sorted[0..<k].filter { mark[Int($0)] != markStamp }
            let right = sorted[k...].filter { mark[Int($0)] != markStamp }
            return (separator, left, right)
        }

        /// Connected components of the part (edge directions ignored).
        mutating func components(_ nodes: [Int32], partID: Int32) -> [[Int32]] {
            markStamp += 1
            let seen = markStamp
            var out: [[Int32]] = []
            var stack: [Int32] = []
            for s in nodes where mark[Int(s)] != seen {
                var comp: [Int32] = [s]
                mark[Int(s)] = seen
                stack.append(s)
                while let v = stack.popLast() {
                    for j in Int(start[Int(v)])..<Int(start[Int(v) + 1]) {
                        let w = neighbours[j]
                        if part[Int(w)] == partID, mark[Int(w)] != seen { mark[Int(w)] = seen; comp.append(w); stack.append(w) }
                    }
                }
                out.append(comp)
            }
            return out
        }
    }
}
