import Foundation
import IndoorGeometry

/// The walkway graph of a level walked on its outline (a hall with shops as obstacles): a square
/// lattice of points every `gridSpacingMeters` inside the outline and outside every non-walkable space,
/// joined to their 8 neighbours when the segment between them stays walkable. Connected parts of fewer
/// than `gridMinimumComponentPoints` points (slivers between shop polygons drawn with small gaps) are left out.
///
/// Every non-walkable space whose category is not a structural one (``Space/nonWalkableCategories``) gets
/// an entrance node (kind `.door`, feature id the space's) on its boundary, facing the lattice point nearest
/// to that boundary, with a `.door` edge to it. POIs and connector entries inside such a space join its
/// entrance; those in free space join the nearest lattice point they can see (within `pointSnapMeters` plus
/// one spacing when they lie outside the outline).
///
/// A 240 m × 176 m floor at 2 m spacing has at most about 10,700 lattice points and 42,000 edges.
/// - Complexity: O(cells × outline vertices) for the inside test plus O(cells) for the edges, with
///   obstacles and walls looked up in uniform grids.
struct WalkableGrid {
    let outline: Polygon
    let obstacles: [Int]
    let venue: Venue
    let spacing: Double
    let originX: Double, originY: Double
    let columns: Int, rows: Int
    /// Boundary segments (outline and obstacles) by cell.
    let walls: [Segment]
    let wallGrid: UniformGrid
    let obstacleGrid: UniformGrid
    /// Node index of each lattice point, -1 when it is not walkable.
    var nodeOfCell: [Int32] = []

    static func derive(level: Int, outline: Polygon, work: inout DerivationWork) {
        let venue = work.venue, options = work.options
        let obstacles = work.spacesByLevel[level].filter { !venue.spaces[$0].isWalkable }
        var spacing = options.gridSpacingMeters
        let b = outline.bounds
        func cells(_ s: Double) -> Double { (b.width / s + 1).rounded(.down) * (b.height / s + 1).rounded(.down) }
        guard b.width.isFinite, b.height.isFinite else {
            work.warn(venue.levels[level].id, "level outline is not finite; no walkway graph")
            return
        }
        if cells(spacing) > Double(options.gridMaxNodesPerLevel) {
            while cells(spacing) > Double(options.gridMaxNodesPerLevel) { spacing *= 1.25 }
            work.warn(
                venue.levels[level].id, "walkable grid spacing raised to \(spacing) m to stay within \(options.gridMaxNodesPerLevel) points"
            )
        }
        var grid = WalkableGrid(outline: outline, obstacles: obstacles, venue: venue, spacing: spacing)
        grid.addLattice(level: level, minimumComponentPoints: options.gridMinimumComponentPoints, work: &work)
        let entrances = grid.addEntrances(level: level, work: &work)
        grid.attachPoints(level: level, entrances: entrances, work: &work)
    }

    init(outline: Polygon, obstacles: [Int], venue: Venue, spacing: Double) {
        self.outline = outline; self.obstacles = obstacles; self.venue = venue; self.spacing = spacing
        let b = outline.bounds
        columns = Int((b.width / spacing).rounded(.down)) + 1
        rows = Int((b.height / spacing).rounded(.down)) + 1
        // Centre the lattice in the outline's box.
        originX = b.minX + (b.width - Double(columns - 1) * spacing) / 2
        originY = b.minY + (b.height - Double(rows - 1) * spacing) / 2
        var segments = outline.edges
        for s in obstacles { segments += venue.spaces[s].polygon.edges }
        walls = segments
        let area = b.expanded(by: spacing)
        let wallLayout = GridLayout(bounds: area, cellSizeMeters: 2 * spacing)
        wallGrid = UniformGrid(layout: wallLayout, itemCount: segments.count) { i, visit in
            wallLayout.forEachCell(alongSegmentFrom: segments[i].start, to: segments[i].end, visit)
        }
        let obstacleLayout = GridLayout(bounds: area, cellSizeMeters: 4 * spacing)
        let polygons = obstacles.map { venue.spaces[$0].polygon }
        obstacleGrid = UniformGrid(layout: obstacleLayout, itemCount: polygons.count) { i, visit in
            obstacleLayout.forEachCell(overlapping: polygons[i].bounds, visit)
        }
    }

    func latticePoint(_ column: Int, _ row: Int) -> LocalPoint {
        LocalPoint(x: originX + Double(column) * spacing, y: originY + Double(row) * spacing)
    }

    /// The obstacle (index into `obstacles`) holding `p`, smallest first.
    func obstacle(holding p: LocalPoint) -> Int? {
        var best: (slot: Int, area: Double)?
        for slot in obstacleGrid.items(inCell: obstacleGrid.cell(of: p)) {
            let polygon = venue.spaces[obstacles[Int(slot)]].polygon
            guard polygon.bounds.contains(p), polygon.contains(p) else { continue }
            let area = polygon.areaSquareMeters
            if area < (best?.area ?? .infinity) { best = (Int(slot), area) }
        }
        return best?.slot
    }

    func isFree(_ p: LocalPoint) -> Bool { outline.contains(p) && obstacle(holding: p) == nil }

    /// Whether the segment crosses no wall and its middle is walkable.
    func isClear(_ a: LocalPoint, _ b: LocalPoint) -> Bool {
        let sight = Segment(a, b)
        var blocked = false
        wallGrid.layout.forEachCell(alongSegmentFrom: a, to: b) { c in
            guard !blocked else { return }
            for w in wallGrid.items(inCell: c) where sight.properlyCrosses(walls[Int(w)]) { blocked = true; return }
        }
        return !blocked && isFree(LocalPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2))
    }

    /// Adds the lattice: free points, their clear links to the 8 neighbours, and then only the parts
    /// (connected sets of points) with at least `minimumComponentPoints` points — slivers between
    /// neighbouring shop polygons would otherwise grab shop entrances.
    mutating func addLattice(level: Int, minimumComponentPoints: Int, work: inout DerivationWork) {
        let cellCount = columns * rows
        var free = [Bool](repeating: false, count: cellCount)
        for r in 0..<rows { for c in 0..<columns { free[r * columns + c] = isFree(latticePoint(c, r)) } }
        var links: [(Int, Int)] = []
        var parent = Array(0..<cellCount)
        func find(_ x: Int) -> Int {
            var r = x
            while parent[r] != r { parent[r] = parent[parent[r]]; r = parent[r] }
            return r
        }
        for r in 0..<rows {
            for c in 0..<columns where free[r * columns + c] {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                    let c2 = c + dc, r2 = r + dr
                    guard c2 >= 0, c2 < columns, r2 < rows, free[r2 * columns + c2],
                        isClear(latticePoint(c, r), latticePoint(c2, r2))
                    else { continue }
                    let a = r * columns + c, b = r2 * columns + c2
                    links.append((a, b))
                    let ra = find(a), rb = find(b)
                    if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
                }
            }
        }
        var size = [Int](repeating: 0, count: cellCount)
        for i in 0..<cellCount where free[i] { size[find(i)] += 1 }
        nodeOfCell = [Int32](repeating: -1, count: cellCount)
        for r in 0..<rows {
            for c in 0..<columns where free[r * columns + c] && size[find(r * columns + c)] >= minimumComponentPoints {
                nodeOfCell[r * columns + c] = work.addNode(latticePoint(c, r), level: level, kind: .waypoint)
            }
        }
        for (a, b) in links where nodeOfCell[a] >= 0 && nodeOfCell[b] >= 0 {
            work.addLevelEdge(nodeOfCell[a], nodeOfCell[b], kind: .walkway, modes: .pedestrian, isAccessible: true)
        }
    }

    /// Lattice nodes within `radius` of `p`, nearest first.
    func latticeNodes(near p: LocalPoint, radius: Double) -> [(node: Int32, point: LocalPoint, distance: Double)] {
        let c0 = max(0, Int(((p.x - radius - originX) / spacing).rounded(.down)))
        let c1 = min(columns - 1, Int(((p.x + radius - originX) / spacing).rounded(.up)))
        let r0 = max(0, Int(((p.y - radius - originY) / spacing).rounded(.down)))
        let r1 = min(rows - 1, Int(((p.y + radius - originY) / spacing).rounded(.up)))
        guard c0 <= c1, r0 <= r1 else { return [] }
        var found: [(node: Int32, point: LocalPoint, distance: Double)] = []
        for r in r0...r1 {
            for c in c0...c1 where nodeOfCell[r * columns + c] >= 0 {
                let q = latticePoint(c, r)
                let d = q.distance(to: p)
                if d <= radius { found.append((nodeOfCell[r * columns + c], q, d)) }
            }
        }
        return found.sorted { ($0.distance, $0.node) < ($1.distance, $1.node) }
    }

    /// Adds an entrance node for every enterable obstacle; returns them by obstacle slot.
    func addEntrances(level: Int, work: inout DerivationWork) -> [Int: Int32] {
        var entrances: [Int: Int32] = [:]
        let search = work.options.entranceSearchMeters
        for (slot, s) in obstacles.enumerated() where !Space.nonWalkableCategories.contains(venue.spaces[s].category) {
            let polygon = venue.spaces[s].polygon
            let visibility = PolygonVisibility(polygon)
            let centroid = polygon.centroid
            var candidates: [(node: Int32, point: LocalPoint, boundary: Double, centre: Double)] = []
            for n in latticeNodes(near: polygon.bounds.center, radius: polygon.bounds.width / 2 + polygon.bounds.height / 2 + search) {
                let d = polygon.distanceToBoundary(n.point)
                if d <= search { candidates.append((n.node, n.point, d, n.point.distance(to: centroid))) }
            }
            candidates.sort { ($0.boundary, $0.centre, $0.node) < ($1.boundary, $1.centre, $1.node) }
            var made = false
            for candidate in candidates.prefix(8) {
                guard let (door, _) = visibility.nearestBoundaryPoint(to: candidate.point),
                    isClear(candidate.point, door) || candidate.point.distance(to: door) < 1e-6
                else { continue }
                let node = work.addNode(door, level: level, kind: .door, featureID: venue.spaces[s].id)
                work.addLevelEdge(node, candidate.node, kind: .door, modes: .pedestrian, isAccessible: true)
                entrances[slot] = node
                made = true
                break
            }
            if !made {
                work.warn(venue.spaces[s].id, "no walkable grid point within \(search) m can reach this space; no entrance")
            }
        }
        return entrances
    }

    /// Joins POIs and connector entries of the level to the lattice or to their shop's entrance.
    func attachPoints(level: Int, entrances: [Int: Int32], work: inout DerivationWork) {
        work.addPointNodes(
            level: level, entryOutside: "lies outside every walkable area",
            poiOutside: "POI could not be joined to the walkable grid"
        ) { w, node, point, hint in
            attach(node, at: point, hint: hint, entrances: entrances, work: &w)
        }
    }

    private func attach(
        _ node: Int32, at p: LocalPoint, hint: String?, entrances: [Int: Int32],
        work: inout DerivationWork
    ) -> Bool {
        var slot = obstacle(holding: p)
        if slot == nil, let hint, let s = venue.index.spaceIndex[hint] { slot = obstacles.firstIndex(of: s) }
        if let slot {
            guard let entrance = entrances[slot] else { return false }
            work.addLevelEdge(node, entrance, kind: .walkway, modes: .pedestrian, isAccessible: true)
            return true
        }
        let inside = outline.contains(p)
        let radius = inside ? 1.5 * spacing : work.options.pointSnapMeters + spacing
        for candidate in latticeNodes(near: p, radius: radius).prefix(8) where !inside || isClear(p, candidate.point) {
            work.addLevelEdge(node, candidate.node, kind: .walkway, modes: .pedestrian, isAccessible: true)
            return true
        }
        return false
    }
}
