import IndoorGeometry

/// Spatial queries over a venue: which spaces and levels contain a point, whether a point is walkable,
/// and the nearest graph node or edge on a level.
///
/// One set of uniform grids per level (see ``UniformGrid``): spaces by bounding box, graph nodes by
/// position and graph edges along their length (only edges whose two ends lie on that level). Each grid's
/// cell size follows the level extent and the number of features in it (about two per cell), so every
/// query visits O(1) cells for evenly spread features; degenerate inputs (everything in one spot) fall
/// back towards a linear scan, never to a wrong answer.
///
/// Building is O(levels + spaces + nodes + edges + cells) and allocation-light (compressed buckets);
/// see the module README for measured build times.
///
/// Answers are exact: the nearest node/edge is the one with the smallest distance, ties broken by the
/// smaller index, exactly as a linear scan would find.
public struct VenueSpatialIndex: Sendable {
    let spaces: [Space]
    private let spaceAreas: [Double]
    let spaceLevel: [Int]
    private let graph: NavigationGraph
    let levels: [LevelGrids]

    /// The grids and flags of one level.
    struct LevelGrids: Sendable {
        var outline: Polygon?
        /// Whether the outline (minus non-walkable spaces) is walkable; see ``outlineIsWalkable(hasOutline:openingCount:walkableSpaceCount:)``.
        var walksOnOutline: Bool
        var spaceGrid: UniformGrid
        var spaceIDs: [Int32]
        var nodeGrid: UniformGrid
        var nodeIDs: [Int32]
        var edgeGrid: UniformGrid
        var edgeIDs: [Int32]
    }

    /// Builds the index.
    /// - Parameters:
    ///   - levels: the venue's levels (outlines are used by ``levelIndices(containing:)`` and ``isWalkable(_:levelIndex:)``).
    ///   - spaces: every space; `levelIndexOfLevelID` places them.
    ///   - openings: every opening (only their count per level matters, see ``isWalkable(_:levelIndex:)``).
    ///   - graph: the navigation graph whose nodes and edges are indexed.
    ///   - levelIndexOfLevelID: index into `levels` of a level id, `nil` when unknown.
    /// - Complexity: O(L + S + V + E + cells).
    public init(
        levels: [Level], spaces: [Space], openings: [Opening], graph: NavigationGraph,
        levelIndexOfLevelID: (String) -> Int?
    ) {
        let levelCount = levels.count
        self.spaces = spaces
        self.spaceAreas = spaces.map(\.polygon.areaSquareMeters)
        self.spaceLevel = spaces.map { levelIndexOfLevelID($0.levelID) ?? -1 }
        self.graph = graph
        var openingCount = [Int](repeating: 0, count: levelCount)
        for o in openings { if let l = levelIndexOfLevelID(o.levelID), l < levelCount { openingCount[l] += 1 } }
        self.levels = Self.buildLevels(
            outlines: levels.map(\.outline), spaces: spaces,
            spaceLevel: spaceLevel, openingCount: openingCount, graph: graph)
    }

    /// Builds the index without level outlines (every level treated as having none).
    public init(levelCount: Int, spaces: [Space], graph: NavigationGraph, levelIndexOfSpace: (Space) -> Int?) {
        self.spaces = spaces
        self.spaceAreas = spaces.map(\.polygon.areaSquareMeters)
        self.spaceLevel = spaces.map { levelIndexOfSpace($0) ?? -1 }
        self.graph = graph
        self.levels = Self.buildLevels(
            outlines: [Polygon?](repeating: nil, count: max(levelCount, 0)),
            spaces: spaces, spaceLevel: spaceLevel,
            openingCount: [Int](repeating: 0, count: levelCount), graph: graph)
    }

    /// Whether a level is walked on its outline: it has one, and either no openings or no walkable spaces
    /// (a floor plan of a hall with shops as obstacles, like the Microsoft ILC maps). Then walkable means
    /// "inside the outline and outside every non-walkable space", and graph derivation lays a grid there.
    public static func outlineIsWalkable(hasOutline: Bool, openingCount: Int, walkableSpaceCount: Int) -> Bool {
        hasOutline && (openingCount == 0 || walkableSpaceCount == 0)
    }

    /// Number of levels indexed.
    public var levelCount: Int { levels.count }

    // MARK: - Spaces and levels

    /// Indices of the spaces on `levelIndex` containing `point` (boundary included), smallest area first,
    /// then by index. - Complexity: O(spaces registered in the point's cell × their vertex count)
    public func spaces(containing point: LocalPoint, levelIndex: Int) -> [Int] {
        guard levels.indices.contains(levelIndex), point.isFinite else { return [] }
        let level = levels[levelIndex]
        var found: [Int] = []
        for slot in level.spaceGrid.items(inCell: level.spaceGrid.cell(of: point)) {
            let s = Int(level.spaceIDs[Int(slot)])
            if spaces[s].polygon.bounds.contains(point), spaces[s].polygon.contains(point) { found.append(s) }
        }
        let areas = spaceAreas  // the comparator captures the areas only, not a copy of the whole index
        return found.sorted { (areas[$0], $0) < (areas[$1], $1) }
    }

    /// The first of ``spaces(containing:levelIndex:)`` (the smallest space holding `point` on `levelIndex`,
    /// ties by index), or `nil`, without building or sorting the list. - Complexity: as that one, no allocation.
    public func smallestSpace(containing point: LocalPoint, levelIndex: Int) -> Int? {
        guard levels.indices.contains(levelIndex), point.isFinite else { return nil }
        let grid = levels[levelIndex].spaceGrid
        var best: Int?
        var bestArea = 0.0
        for slot in grid.items(inCell: grid.cell(of: point)) {
            let s = Int(levels[levelIndex].spaceIDs[Int(slot)])
            if let b = best, (spaceAreas[s], s) >= (bestArea, b) { continue }
            let polygon = spaces[s].polygon
            if polygon.bounds.contains(point), polygon.contains(point) { best = s; bestArea = spaceAreas[s] }
        }
        return best
    }

    /// Indices of the spaces on `levelIndex` whose bounding box meets `box` (unsorted, without duplicates).
    func spaceIndices(meeting box: BoundingBox, levelIndex: Int) -> [Int] {
        guard levels.indices.contains(levelIndex) else { return [] }
        let level = levels[levelIndex]
        var found = Set<Int>()
        level.spaceGrid.forEachCell(overlapping: box) { c in
            for slot in level.spaceGrid.items(inCell: c) {
                let s = Int(level.spaceIDs[Int(slot)])
                if spaces[s].polygon.bounds.intersects(box) { found.insert(s) }
            }
        }
        return found.sorted()
    }

    /// Indices of the levels whose outline or one of whose spaces contains `point`, ascending.
    /// - Complexity: O(levels × spaces in one cell)
    public func levelIndices(containing point: LocalPoint) -> [Int] {
        levels.indices.filter { l in
            if let outline = levels[l].outline, outline.contains(point) { return true }
            return !spaces(containing: point, levelIndex: l).isEmpty
        }
    }

    /// Whether `point` is walkable on `levelIndex`: inside a walkable space; or, on a level walked on its
    /// outline (``outlineIsWalkable(hasOutline:openingCount:walkableSpaceCount:)``), inside the outline and
    /// inside no non-walkable space. A point in both a walkable and a non-walkable space is walkable.
    public func isWalkable(_ point: LocalPoint, levelIndex: Int) -> Bool {
        guard levels.indices.contains(levelIndex) else { return false }
        var inObstacle = false
        for s in spaces(containing: point, levelIndex: levelIndex) {
            if spaces[s].isWalkable { return true }
            inObstacle = true
        }
        let level = levels[levelIndex]
        guard level.walksOnOutline, !inObstacle, let outline = level.outline else { return false }
        return outline.contains(point)
    }

    /// What lies at `point` on `levelIndex` for a walker: open floor (a walkable space, or a level walked
    /// on its outline, and inside no non-walkable space), an obstacle (a non-walkable space, such as a shop
    /// or a column drawn inside a walkable hall), or nothing walkable at all.
    public func walkability(at point: LocalPoint, levelIndex: Int) -> Walkability {
        guard levels.indices.contains(levelIndex) else { return .outside }
        var walkable = false
        for s in spaces(containing: point, levelIndex: levelIndex) {
            if !spaces[s].isWalkable { return .obstacle }
            walkable = true
        }
        if walkable { return .open }
        let level = levels[levelIndex]
        guard level.walksOnOutline, let outline = level.outline, outline.contains(point) else { return .outside }
        return .open
    }

    // MARK: - Graph

    /// The nearest graph node on `levelIndex` within `maxDistanceMeters` (ties: smaller index).
    /// - Complexity: about O(1) for evenly spread nodes.
    public func nearestNode(
        to point: LocalPoint, levelIndex: Int, maxDistanceMeters: Double = .infinity
    )
        -> (node: Int, distanceMeters: Double)?
    {
        guard levels.indices.contains(levelIndex) else { return nil }
        let level = levels[levelIndex]
        let nodes = graph.nodes
        let ids = level.nodeIDs
        guard
            let hit = level.nodeGrid.nearest(
                to: point, maxDistanceMeters: maxDistanceMeters,
                distance: { slot in
                    nodes[Int(ids[Int(slot)])].point.distance(to: point)
                })
        else { return nil }
        return (node: Int(ids[Int(hit.item)]), distanceMeters: hit.distance)
    }

    /// Graph nodes on `levelIndex` within `radiusMeters` of `point`, nearest first (ties: smaller index).
    /// - Complexity: O(cells overlapping the circle's box + nodes in them).
    public func nodes(within radiusMeters: Double, of point: LocalPoint, levelIndex: Int) -> [(node: Int, distanceMeters: Double)] {
        guard levels.indices.contains(levelIndex), point.isFinite, radiusMeters.isFinite, radiusMeters >= 0 else { return [] }
        // The grid and ids only, not a copy of the level's other grids.
        let grid = levels[levelIndex].nodeGrid, ids = levels[levelIndex].nodeIDs
        let nodes = graph.nodes
        var found: [(node: Int, distanceMeters: Double)] = []
        let box = BoundingBox(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y).expanded(by: radiusMeters)
        // Every node is in exactly one cell (the one holding it), so none is seen twice.
        grid.forEachCell(overlapping: box) { c in
            for slot in grid.items(inCell: c) {
                let n = Int(ids[Int(slot)])
                let d = nodes[n].point.distance(to: point)
                if d <= radiusMeters { found.append((n, d)) }
            }
        }
        return found.sorted { ($0.distanceMeters, $0.node) < ($1.distanceMeters, $1.node) }
    }

    /// The nearest graph edge on `levelIndex` within `maxDistanceMeters`, among edges whose two ends lie
    /// on that level (ties: smaller index).
    /// - Returns: the edge index, the closest point on it, its parameter `t` in [0, 1] from the edge's
    ///   `from` node to its `to` node, and the distance in metres.
    /// - Complexity: about O(1) for evenly spread, short edges.
    public func nearestEdge(
        to point: LocalPoint, levelIndex: Int, maxDistanceMeters: Double = .infinity
    )
        -> (edge: Int, point: LocalPoint, t: Double, distanceMeters: Double)?
    {
        guard levels.indices.contains(levelIndex) else { return nil }
        // The grid and ids only, not a copy of the level's other grids.
        let ids = levels[levelIndex].edgeIDs
        guard
            let hit = levels[levelIndex].edgeGrid.nearest(
                to: point, maxDistanceMeters: maxDistanceMeters,
                distance: { slot in
                    projection(ofEdge: Int(ids[Int(slot)]), point).point.distance(to: point)
                })
        else { return nil }
        let e = Int(ids[Int(hit.item)])
        let projected = projection(ofEdge: e, point)
        return (edge: e, point: projected.point, t: projected.t, distanceMeters: hit.distance)
    }

    @inline(__always)
    private func projection(ofEdge e: Int, _ point: LocalPoint) -> (point: LocalPoint, t: Double) {
        let edge = graph.edges[e]
        return Segment(graph.nodes[Int(edge.from)].point, graph.nodes[Int(edge.to)].point).closestPoint(to: point)
    }
}

/// What a point of a level is for a walker (``VenueSpatialIndex/walkability(at:levelIndex:)``).
public enum Walkability: Sendable, Hashable {
    /// Walkable and inside no obstacle.
    case open
    /// Inside a non-walkable space (a shop, a column), even where a walkable space covers it too.
    case obstacle
    /// Outside every walkable place of the level.
    case outside
}
