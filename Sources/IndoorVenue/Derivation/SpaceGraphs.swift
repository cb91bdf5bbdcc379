import Foundation
import IndoorGeometry

/// Walkway edges of a level made of spaces and openings: door nodes shared between the spaces an
/// opening touches, and a visibility graph inside each space (see ``GraphDerivation``).
enum SpaceGraphs {
    /// A node taking part in one space's visibility graph.
    struct Member {
        enum Role { case door, point, corner, interior }
        var node: Int32
        var role: Role
        var isAccessible: Bool
        /// Where a door whose midpoint is away from the space meets it (a point of the opening's line).
        var attach: LocalPoint? = nil
        /// How far from the space that point may lie (m); `nil`: the door snap.
        var reachMeters: Double? = nil
    }

    /// Builds the level's space graphs; returns the door nodes that open into one space only (exterior
    /// doors, or doors onto a corridor that is not drawn as a unit).
    @discardableResult
    static func derive(level: Int, work: inout DerivationWork) -> [Int32] {
        let venue = work.venue
        let (doorMembers, dangling) = DoorNodes.place(level: level, work: &work)

        var members = doorMembers
        // Open units whose boundaries run together are crossed without an opening.
        for crossing in TouchingSpaces.crossings(level: level, work: work) {
            let node = work.addNode(crossing.point, level: level, kind: .waypoint)
            for s in [crossing.spaces.0, crossing.spaces.1] {
                members[s, default: []].append(Member(node: node, role: .door, isAccessible: true))
            }
        }

        // Connector entries and POIs join the space that holds them.
        work.addPointNodes(
            level: level, entryOutside: "lies outside every space", poiOutside: "POI lies outside every space; not connected"
        ) { w, node, point, hint in
            guard let s = Self.container(of: point, level: level, hint: hint, members: members, work: w) else { return false }
            members[s, default: []].append(Member(node: node, role: .point, isAccessible: true))
            return true
        }

        let placed = Set(members.keys)
        for s in members.keys.sorted() {
            connect(space: s, members: members[s] ?? [], level: level, work: &work)
        }
        for s in work.spacesByLevel[level] where venue.spaces[s].isWalkable && !placed.contains(s) {
            work.warn(venue.spaces[s].id, "walkable space has no opening, POI or connector entry; not part of the graph")
        }
        return dangling
    }

    /// The space a point joins: the smallest walkable space holding it; else the `hint` space when the
    /// point is in or near it; else the smallest non-walkable space holding it that has an opening; else
    /// the nearest walkable space within `pointSnapMeters`.
    static func container(
        of p: LocalPoint, level: Int, hint: String?, members: [Int: [Member]],
        work: DerivationWork
    ) -> Int? {
        let venue = work.venue, snap = work.options.pointSnapMeters
        guard p.isFinite else { return nil }
        let holding = venue.spatialIndex.spaces(containing: p, levelIndex: level)
        if let s = holding.first(where: { venue.spaces[$0].isWalkable }) { return s }
        if let hint, let s = venue.index.spaceIndex[hint], venue.spaces[s].levelID == venue.levels[level].id,
            venue.spaces[s].polygon.contains(p) || venue.spaces[s].polygon.distanceToBoundary(p) <= snap
        {
            return s
        }
        if let s = holding.first(where: { members[$0]?.contains { $0.role == .door } ?? false }) { return s }
        let box = BoundingBox(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y).expanded(by: snap)
        var best: (space: Int, distance: Double)?
        for s in venue.spatialIndex.spaceIndices(meeting: box, levelIndex: level) where venue.spaces[s].isWalkable {
            let d = venue.spaces[s].polygon.distanceToBoundary(p)
            if d <= snap, d < (best?.distance ?? .infinity) { best = (s, d) }
        }
        return best?.space
    }

    /// Builds the visibility graph of one space over its members.
    static func connect(space s: Int, members given: [Member], level: Int, work: inout DerivationWork) {
        let space = work.venue.spaces[s], options = work.options
        let visibility = PolygonVisibility(space.polygon)
        var members = given
        let doors = members.filter { $0.role == .door }.count
        if space.isWalkable {
            if doors < 2, members.count == doors, let inside = visibility.interiorPoint() {
                let node = work.addNode(inside, level: level, kind: .waypoint, featureID: space.id)
                members.append(Member(node: node, role: .interior, isAccessible: true))
            }
            if members.count >= 2 {
                for corner in visibility.reflexCorners(
                    insetMeters: options.reflexInsetMeters,
                    minimumTurnRadians: options.minimumReflexTurnDegrees * .pi / 180)
                {
                    let node = work.addNode(corner, level: level, kind: .waypoint)
                    members.append(Member(node: node, role: .corner, isAccessible: true))
                }
            }
        } else {
            // Only POIs and connector entries join a non-walkable space, straight to its doors.
            members.removeAll { $0.role == .corner || $0.role == .interior }
        }

        let walkable = space.isWalkable
        let modes: TransportModes = options.allowsVehicles(spaceCategory: space.category) ? .all : .pedestrian
        var proxies: [LocalPoint] = [], points: [LocalPoint] = [], usable: [Member] = []
        for var m in members {
            let p = m.attach ?? work.nodes[Int(m.node)].point
            let reach = (m.reachMeters ?? (m.role == .door ? options.doorSnapMeters : options.pointSnapMeters)) + 0.1
            guard let proxy = visibility.interiorProxy(for: p, maxDistanceMeters: reach) else { continue }
            if m.role == .door, m.attach != nil || !space.polygon.contains(p) {
                // A door in the gap between two spaces (wall thickness): a door side node just inside
                // this space and a `.door` hop across, so walkway edges stay inside the space.
                let side = work.addNode(proxy, level: level, kind: .waypoint)
                work.addLevelEdge(m.node, side, kind: .door, modes: modes, isAccessible: m.isAccessible)
                m.node = side
                proxies.append(proxy); points.append(proxy); usable.append(m)
            } else {
                proxies.append(proxy); points.append(p); usable.append(m)
            }
        }
        let pairs = VisibilityGraph.pairs(
            proxies: proxies, points: points, strict: usable.map { $0.role == .door },
            visibility: visibility, options: options
        ) { i, j in
            walkable || usable[i].role == .point || usable[j].role == .point
        }
        for (i, j) in pairs {
            work.addLevelEdge(
                usable[i].node, usable[j].node, kind: .walkway, modes: modes,
                isAccessible: usable[i].isAccessible && usable[j].isAccessible)
        }
        // A route naming the space ends at its interior point (``Space/interiorPoint``), matched onto the
        // level's nearest edge. When the space's own edges lie farther from that point than its boundary
        // does, an edge of the space next door can be nearer (a long wardrobe with its door and POI at one
        // end): the point gets a node of its own, joined to the members in sight.
        if walkable, !pairs.isEmpty, !usable.contains(where: { $0.role == .interior }), let inside = visibility.interiorPoint() {
            let ownMeters = pairs.map { Segment(points[$0.0], points[$0.1]).distance(to: inside) }.min() ?? .infinity
            if ownMeters > space.polygon.distanceToBoundary(inside) + 1e-9 {
                let node = work.addNode(inside, level: level, kind: .waypoint, featureID: space.id)
                let all = usable + [Member(node: node, role: .interior, isAccessible: true)]
                let added = VisibilityGraph.pairs(
                    proxies: proxies + [inside], points: points + [inside], strict: all.map { $0.role == .door },
                    visibility: visibility, options: options
                ) { _, _ in true }
                for (i, j) in added where i == usable.count || j == usable.count {
                    work.addLevelEdge(
                        all[i].node, all[j].node, kind: .walkway, modes: modes, isAccessible: all[i].isAccessible && all[j].isAccessible)
                }
            }
        }
        if walkable, doors > 0, pairs.isEmpty {
            work.warn(space.id, "space has \(doors) opening(s) but no walkway edge could be built inside it")
        }
    }
}
