import IndoorGeometry

/// Door nodes of one level: one node at the midpoint of every opening, shared by every space the
/// opening opens into (see ``GraphDerivation``).
///
/// An opening opens into a space when its midpoint is inside it or within `doorSnapMeters` of its
/// boundary, or when some point of its line is (a line drawn across the wall). An opening that reaches
/// only one space that way also opens into the nearest other space within `openingSecondSideMeters`
/// (doors drawn half a metre into a room or the corridor): a door joins two sides.
enum DoorNodes {
    /// Members (door nodes) by space index, and the door nodes that open into one space only.
    static func place(level: Int, work: inout DerivationWork) -> (members: [Int: [SpaceGraphs.Member]], dangling: [Int32]) {
        let venue = work.venue, options = work.options
        let index = venue.spatialIndex
        var members: [Int: [SpaceGraphs.Member]] = [:]
        var dangling: [Int32] = []
        for o in work.openingsByLevel[level] {
            let opening = venue.openings[o]
            let mid = opening.midpoint
            guard mid.isFinite, !opening.line.points.isEmpty else {
                work.warn(opening.id, "opening has no usable geometry; left out of the graph")
                continue
            }
            let node = work.addNode(mid, level: level, kind: .door, featureID: opening.id)
            let lineBox = BoundingBox(points: opening.line.points) ?? BoundingBox(minX: mid.x, minY: mid.y, maxX: mid.x, maxY: mid.y)
            let reach = max(options.doorSnapMeters, options.openingSecondSideMeters)
            var near: [(space: Int, attach: LocalPoint?, distance: Double)] = []
            for s in index.spaceIndices(meeting: lineBox.expanded(by: reach), levelIndex: level) {
                let polygon = venue.spaces[s].polygon
                let midDistance = polygon.contains(mid) ? 0 : polygon.distanceToBoundary(mid)
                if midDistance <= options.doorSnapMeters {
                    near.append((s, nil, 0))
                } else if let q = openingPoint(opening.line, nearestTo: mid, touching: polygon, within: reach) {
                    let d = polygon.contains(q) ? 0 : polygon.distanceToBoundary(q)
                    near.append((s, q, d))
                }
            }
            var sides = near.filter { $0.distance <= options.doorSnapMeters }
            if sides.count == 1,
                let second = near.filter({ $0.distance > options.doorSnapMeters })
                    .min(by: { ($0.distance, $0.space) < ($1.distance, $1.space) })
            {
                sides.append(second)
            }
            for side in sides {
                members[side.space, default: []].append(
                    SpaceGraphs.Member(
                        node: node, role: .door, isAccessible: opening.isAccessible, attach: side.attach,
                        reachMeters: side.distance > options.doorSnapMeters ? reach : nil))
            }
            if sides.count == 1 { dangling.append(node) }
            if !sides.contains(where: { venue.spaces[$0.space].isWalkable }) {
                work.warn(opening.id, "opening touches no walkable space within \(options.doorSnapMeters) m")
            }
        }
        return (members, dangling)
    }

    /// The point of an opening's line, sampled every 0.1 m, nearest its midpoint among those inside the
    /// polygon or within `snap` of its boundary; `nil` when the line never comes that close.
    static func openingPoint(_ line: Polyline, nearestTo mid: LocalPoint, touching polygon: Polygon, within snap: Double) -> LocalPoint? {
        let length = line.length
        guard length.isFinite, length > 0 else { return nil }
        let steps = min(1000, max(2, Int((length / 0.1).rounded(.up))))
        var best: (point: LocalPoint, distance: Double)?
        for k in 0...steps {
            guard let p = line.point(atOffset: length * Double(k) / Double(steps)), p.isFinite else { continue }
            guard polygon.bounds.distance(to: p) <= snap, polygon.contains(p) || polygon.distanceToBoundary(p) <= snap else { continue }
            let d = p.distance(to: mid)
            if d < (best?.distance ?? .infinity) { best = (p, d) }
        }
        return best?.point
    }
}
