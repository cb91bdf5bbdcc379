import IndoorVenue

/// Alternative legs: materially different paths not much longer than the best.
///
/// | setting | unit | default | meaning |
/// |---|---|---|---|
/// | `maximumStretch` | ratio | 1.7 | an alternative costs at most this × the best leg |
/// | `maximumSharedFraction` | ratio | 0.6 | at most this share of its length on edges of a better route |
/// | `candidatesPerAlternative` | count | 8 | via nodes unpacked per alternative asked for |
/// | `sharedCellMeters` | m | 2 | pieces of a path within one such cell (or the next) of a better route count as shared |
extension LegPlanner {
    /// An alternative costs at most this × the best leg.
    static let maximumStretch = 1.7
    /// An alternative runs at most this share of its length on edges of a route ranked before it.
    static let maximumSharedFraction = 0.6
    /// Via nodes unpacked per alternative asked for (bounds the work: each is one path unpacking).
    static let candidatesPerAlternative = 8
    /// Side of the grid cells that say where a route runs, metres: a piece of a path in a cell next to
    /// (or in) one a better route crosses runs beside it (two parallel edges across one bridge).
    static let sharedCellMeters = 2.0

    /// The grid cells (level, x, y; ``sharedCellMeters``) a path's edges cross, sampled every metre, with
    /// the length of each sample piece.
    private func cells(of steps: [PathStep]) -> [(cell: SIMD3<Int32>, meters: Double)] {
        let graph = venue.graph
        var out: [(cell: SIMD3<Int32>, meters: Double)] = []
        for step in steps {
            guard let e = step.edge else { continue }
            let edge = graph.edges[Int(e)]
            let a = graph.nodes[Int(edge.from)], b = graph.nodes[Int(edge.to)]
            let pieces = max(1, Int(edge.lengthMeters.rounded(.up)))
            let meters = edge.lengthMeters / Double(pieces)
            for k in 0..<pieces {
                let f = (Double(k) + 0.5) / Double(pieces)
                let x = a.point.x + (b.point.x - a.point.x) * f, y = a.point.y + (b.point.y - a.point.y) * f
                let level = f < 0.5 ? a.levelIndex : b.levelIndex
                out.append(
                    (
                        SIMD3(level, Int32((x / Self.sharedCellMeters).rounded(.down)), Int32((y / Self.sharedCellMeters).rounded(.down))),
                        meters
                    ))
            }
        }
        return out
    }

    /// Up to `count` legs from `from` to the candidates besides the best one (not repeated), ranked by
    /// cost. Candidates: via-node paths of the hierarchy query (``HierarchyQuery/viaPaths``), and for
    /// each connector kind the best path changes level with, the best path without that kind (another
    /// connector: the elevator instead of the stairs). Kept, cheapest first: simple paths (no edge or
    /// node twice) costing at most ``maximumStretch`` × the best that share at most
    /// ``maximumSharedFraction`` of their length with the best and every alternative kept before them:
    /// of their edges, and of the ground they cover (``sharedCellMeters``) unless they change level
    /// through other connectors.
    /// Empty without a hierarchy or with several phases (vehicle head/tail searches run A*).
    func alternatives(from: MatchedPlace, to candidates: [MatchedPlace], cost: CostModel, phases: [TravelKind], count: Int) -> [Leg] {
        guard count > 0, phases.count == 1, let hierarchyQuery, let hierarchyCache else { return [] }
        let graph = venue.graph
        let travel = phases[0]
        let (seeds, targets) = endpoints(from: from, to: candidates, cost: cost, leaving: travel, arriving: travel)
        let (h, metric) = hierarchyCache.metric(cost: cost, travel: travel)
        guard let first = hierarchyQuery.search(hierarchy: h, metric: metric, graph: graph, seeds: seeds, targets: targets) else {
            return []
        }
        let maximumCost = first.cost * Self.maximumStretch
        var paths = hierarchyQuery.viaPaths(
            hierarchy: h, metric: metric, graph: graph, maximumCost: maximumCost, limit: count * Self.candidatesPerAlternative)
        // Another connector: the best path with each level-changing connector kind it uses left out.
        var kinds: [ConnectorKind] = []
        for step in first.steps {
            guard let e = step.edge else { continue }
            let edge = graph.edges[Int(e)]
            if let kind = edge.kind.connectorKind, graph.nodes[Int(edge.from)].levelIndex != graph.nodes[Int(edge.to)].levelIndex,
                !kinds.contains(kind)
            {
                kinds.append(kind)
            }
        }
        for kind in kinds {
            var without = cost
            without.excludedConnectors.insert(kind)
            let (hw, mw) = hierarchyCache.metric(cost: without, travel: travel)
            if let p = hierarchyQuery.search(hierarchy: hw, metric: mw, graph: graph, seeds: seeds, targets: targets), p.cost <= maximumCost
            {
                paths.append(p)
            }
        }
        paths.sort { $0.cost < $1.cost }
        // A path's edges, sorted, and its length; `nil` for a path through a node or an edge twice (a loop:
        // up to the via node and back). Sorted arrays, not sets: a path has hundreds of edges and the
        // hashing was most of the alternatives' cost.
        func edges(_ p: SearchPath) -> (sorted: [Int32], meters: Double)? {
            var nodes = p.steps.map(\.node)
            nodes.sort()
            for i in nodes.indices.dropFirst() where nodes[i] == nodes[i - 1] { return nil }
            var list: [Int32] = []
            list.reserveCapacity(p.steps.count)
            var meters = 0.0
            for step in p.steps {
                guard let e = step.edge else { continue }
                list.append(e)
                meters += graph.edges[Int(e)].lengthMeters
            }
            list.sort()
            for i in list.indices.dropFirst() where list[i] == list[i - 1] { return nil }
            return (list, meters)
        }
        // Length of the edges two sorted edge lists share (one merge pass).
        func sharedMeters(_ a: [Int32], _ b: [Int32]) -> Double {
            var i = 0, j = 0, total = 0.0
            while i < a.count, j < b.count {
                if a[i] < b[j] {
                    i += 1
                } else if a[i] > b[j] {
                    j += 1
                } else {
                    total += graph.edges[Int(a[i])].lengthMeters
                    i += 1; j += 1
                }
            }
            return total
        }
        // The level-changing connectors a path takes: another connector is a material difference even
        // where the floors around it are walked alike (the elevator beside the stairs).
        func connectors(_ p: SearchPath) -> Set<Int32> {
            var out = Set<Int32>()
            for step in p.steps {
                guard let e = step.edge, let c = graph.edges[Int(e)].connectorIndex else { continue }
                let edge = graph.edges[Int(e)]
                if graph.nodes[Int(edge.from)].levelIndex != graph.nodes[Int(edge.to)].levelIndex { out.insert(c) }
            }
            return out
        }
        guard let bestEdges = edges(first) else { return [] }
        // Per kept route: its edges, the ground it covers (parallel edges count as shared) and its connectors.
        var kept: [(edges: [Int32], cells: [SIMD3<Int32>], connectors: Set<Int32>)] = [
            (bestEdges.sorted, Self.sortedCells(cells(of: first.steps)), connectors(first))
        ]
        var out: [Leg] = []
        for p in paths where out.count < count {
            guard let (set, meters) = edges(p), meters > 0 else { continue }
            let pieces = cells(of: p.steps)
            let through = connectors(p)
            let tooClose = kept.contains { other in
                // Cheap first: shared edges; then shared ground, unless it takes other connectors.
                let shared = sharedMeters(set, other.edges)
                if shared > Self.maximumSharedFraction * meters { return true }
                guard through == other.connectors else { return false }
                var beside = 0.0
                for (cell, m) in pieces where Self.hasNeighbour(of: cell, in: other.cells) { beside += m }
                return beside > Self.maximumSharedFraction * meters
            }
            guard !tooClose else { continue }
            kept.append((set, Self.sortedCells(pieces), through))
            out.append(
                Leg(
                    segments: segments(of: p, from: from, to: candidates[p.targetTag], phases: phases, cost: cost), cost: p.cost,
                    targetTag: p.targetTag))
        }
        return out
    }

    /// The distinct cells of `pieces`, sorted by level, then x, then y.
    private static func sortedCells(_ pieces: [(cell: SIMD3<Int32>, meters: Double)]) -> [SIMD3<Int32>] {
        var cells = pieces.map(\.cell)
        cells.sort { ($0.x, $0.y, $0.z) < ($1.x, $1.y, $1.z) }
        var out: [SIMD3<Int32>] = []
        out.reserveCapacity(cells.count)
        for c in cells where out.last != c { out.append(c) }
        return out
    }

    /// Whether `sorted` (``sortedCells(_:)``) holds `cell` or one of its eight neighbours on its level:
    /// for each of the three columns one binary search for the lowest cell at or above the one below.
    private static func hasNeighbour(of cell: SIMD3<Int32>, in sorted: [SIMD3<Int32>]) -> Bool {
        for dx in Int32(-1)...1 {
            let column = cell.y &+ dx, low = cell.z &- 1, high = cell.z &+ 1
            var lo = 0, hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let c = sorted[mid]
                if (c.x, c.y, c.z) < (cell.x, column, low) { lo = mid + 1 } else { hi = mid }
            }
            if lo < sorted.count, sorted[lo].x == cell.x, sorted[lo].y == column, sorted[lo].z <= high { return true }
        }
        return false
    }
}
