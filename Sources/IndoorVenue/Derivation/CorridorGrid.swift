import IndoorGeometry

/// Walkable space between the units of a level whose corridors are not drawn as units: the level
/// outline minus every unit, as a walkable grid (``WalkableGrid``) every `corridorGridSpacingMeters`,
/// with each door that opens into one unit only joined to the nearest grid point it can reach.
///
/// Used on a level with an outline when at least two of its openings, and at least
/// `corridorGridMinimumDoorFraction` of them, open into one unit only: rooms drawn as units with their
/// doors on their walls and nothing drawn outside them. Exterior doors of fully drawn levels are too few
/// to trigger it.
enum CorridorGrid {
    /// Adds the grid and the door links when the level qualifies; returns whether it did.
    @discardableResult
    static func derive(level: Int, outline: Polygon, doors: [Int32], work: inout DerivationWork) -> Bool {
        let options = work.options, venue = work.venue
        let openings = work.openingsByLevel[level].count
        guard doors.count >= 2, Double(doors.count) >= options.corridorGridMinimumDoorFraction * Double(openings) else { return false }
        let b = outline.bounds
        guard b.width.isFinite, b.height.isFinite, b.width > 0, b.height > 0 else { return false }
        var spacing = options.corridorGridSpacingMeters
        while (b.width / spacing + 1) * (b.height / spacing + 1) > Double(options.gridMaxNodesPerLevel) { spacing *= 1.25 }
        if spacing > options.corridorGridSpacingMeters {
            work.warn(
                venue.levels[level].id, "corridor grid spacing raised to \(spacing) m to stay within \(options.gridMaxNodesPerLevel) points"
            )
        }
        var grid = WalkableGrid(outline: outline, obstacles: work.spacesByLevel[level], venue: venue, spacing: spacing)
        grid.addLattice(level: level, minimumComponentPoints: options.gridMinimumComponentPoints, work: &work)
        let radius = 2 * spacing + options.doorSnapMeters
        for door in doors {
            let p = work.nodes[Int(door)].point
            var joined = false
            for candidate in grid.latticeNodes(near: p, radius: radius).prefix(12) where grid.reachesFromWall(p, candidate.point) {
                work.addLevelEdge(door, candidate.node, kind: .door, modes: .pedestrian, isAccessible: true)
                joined = true
                break
            }
            if !joined, let id = work.nodes[Int(door)].featureID {
                work.warn(id, "door opens into one unit only and no corridor grid point within \(radius) m can reach it")
            }
        }
        return true
    }
}

extension WalkableGrid {
    /// Whether a walker at `door` (on, or up to a door snap inside, a unit's wall) can step to the grid
    /// point `q`: the segment crosses at most one wall and its middle is walkable.
    func reachesFromWall(_ door: LocalPoint, _ q: LocalPoint) -> Bool {
        let sight = Segment(door, q)
        var crossings = 0
        var seen = Set<Int32>()
        wallGrid.layout.forEachCell(alongSegmentFrom: door, to: q) { c in
            for w in wallGrid.items(inCell: c) where seen.insert(w).inserted && sight.properlyCrosses(walls[Int(w)]) {
                crossings += 1
            }
        }
        return crossings <= 1 && isFree(LocalPoint(x: (door.x + q.x) / 2, y: (door.y + q.y) / 2))
    }
}
