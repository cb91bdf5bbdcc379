import IndoorGeometry

/// Ways between buildings outdoors, for archives that draw no outdoor paths: each exterior door (an
/// opening into one unit only, on a building's ground level, on or within `doorSnapMeters` + 0.5 m of
/// the building's footprint — else its level outline) is joined by a straight outdoor walkway to the
/// nearest exterior doors of *other* buildings, up to ``linksPerDoor`` of them within
/// `outdoorLinkMaxMeters`, when the line crosses no building footprint.
///
/// The two doors usually lie on different levels of one ordinal (each building's ground floor); the
/// edge joins them like a walkway (pedestrian, accessible, straight-line length).
enum OutdoorLinks {
    /// Most outdoor links from one door.
    static let linksPerDoor = 3

    static func derive(oneSidedDoors: [Int32], work: inout DerivationWork) {
        let venue = work.venue, options = work.options
        guard options.outdoorLinkMaxMeters > 0 else { return }
        let footprints = Dictionary(venue.buildings.compactMap { b in b.footprint.map { (b.id, $0) } }) { a, _ in a }
        // The ground ordinal of each building: its level ordinal closest to 0 (lower first).
        var ground: [String: Int] = [:]
        for level in venue.levels {
            for b in level.buildingIDs {
                if let g = ground[b], (abs(g), g) <= (abs(level.ordinal), level.ordinal) { continue }
                ground[b] = level.ordinal
            }
        }
        // Each building's outline: its footprint, else the outline of its ground level.
        var outlines = footprints
        for level in venue.levels {
            for b in level.buildingIDs where outlines[b] == nil && ground[b] == level.ordinal {
                if let outline = level.outline { outlines[b] = outline }
            }
        }
        var doors: [(node: Int32, building: String, point: LocalPoint)] = []
        for node in oneSidedDoors {
            let n = work.nodes[Int(node)]
            let level = venue.levels[Int(n.levelIndex)]
            guard let building = level.buildingIDs.first, ground[building] == level.ordinal,
                let outline = outlines[building]
            else { continue }
            guard outline.distanceToBoundary(n.point) <= options.doorSnapMeters + 0.5 else { continue }
            doors.append((node, building, n.point))
        }
        guard Set(doors.map(\.building)).count >= 2 else { return }
        let walls = outlines.keys.sorted().flatMap { outlines[$0]?.edges ?? [] }
        for d in doors {
            let candidates = doors.filter { $0.building != d.building }
                .map { (door: $0, distance: $0.point.distance(to: d.point)) }
                .filter { $0.distance <= options.outdoorLinkMaxMeters }
                .sorted { ($0.distance, $0.door.node) < ($1.distance, $1.door.node) }
            var made = 0
            for c in candidates where made < linksPerDoor {
                let line = Segment(d.point, c.door.point)
                guard !walls.contains(where: { line.properlyCrosses($0) }) else { continue }
                work.addLevelEdge(d.node, c.door.node, kind: .walkway, modes: .pedestrian, isAccessible: true)
                made += 1
            }
        }
    }
}
