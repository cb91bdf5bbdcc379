import IndoorGeometry
import IndoorVenue

/// A request place resolved onto the navigation graph.
struct MatchedPlace {
    var place: RoutePlace
    var levelIndex: Int
    /// Where the place meets the graph (on a node or inside an edge).
    var graphPoint: LocalPoint
    /// Ways to leave the place into the graph: node, off-graph + partial-edge metres, and whether the
    /// way runs along part of the matched edge (then the edge's modes, accessibility and connector
    /// exclusions apply to it).
    var exits: [(node: Int32, meters: Double, viaEdge: Bool)]
    /// Ways to reach the place from the graph (same fields).
    var entries: [(node: Int32, meters: Double, viaEdge: Bool)]
    /// The edge the place was matched inside, for same-edge trips.
    var edge: (index: Int, t: Double)?
}

/// Resolves places (ids, local points, coordinates) and matches them to the nearest node or edge on
/// their level within a bounded distance.
struct PlaceMatcher {
    let venue: Venue
    /// POI graph nodes by POI id (``RoutingIndex/nodesByFeatureID``).
    let nodesByFeatureID: [String: [Int32]]
    let maxDistanceMeters: Double
    let languages: [String]

    /// Why a place did not match; `unknownLevel` carries what is wrong with the level reference.
    enum Failure: Error { case unknownFeature(String), unknownLevel(String), tooFar }

    /// The level index of a reference, or a failure saying why there is none (unknown, ambiguous).
    func level(_ reference: String) -> Result<Int, Failure> {
        do { return .success(try venue.levelIndex(reference)) } catch { return .failure(.unknownLevel("\(error)")) }
    }

    /// How much farther than the nearest edge a node in plain sight may be and still be a way in or out.
    static let visibleNodeSlackMeters = 8.0
    /// At most this many nodes in plain sight are used.
    static let visibleNodeLimit = 12

    /// Graph nodes within `beyondMeters` + ``visibleNodeSlackMeters`` of `point` that can be walked to in
    /// a straight line inside the smallest walkable space holding the point (the line is checked every
    /// 0.2 m; its last 0.6 m may leave the space, for door nodes in the wall's gap), on derived graphs
    /// only. The nearest node counts when it is within 2 m of the nearest edge's distance, in sight or not.
    func visibleNodes(from point: LocalPoint, levelIndex: Int, beyondMeters: Double) -> [(node: Int, distanceMeters: Double)] {
        let index = venue.spatialIndex
        let radius = beyondMeters + Self.visibleNodeSlackMeters
        // Authored graphs are the author's word on where one may walk; derived ones join every pair of
        // nodes in sight within a space anyway, so a straight walk there takes no way the graph lacks.
        // Without such a space only the nearest node can count: one nearest-node query (the same node and
        // ties as the first of `nodes(within:)`), not a sorted list of every node in range.
        guard venue.graph.source == .derived,
            let s = index.spaces(containing: point, levelIndex: levelIndex).first(where: { venue.spaces[$0].isWalkable })
        else {
            guard let first = index.nearestNode(to: point, levelIndex: levelIndex, maxDistanceMeters: radius),
                first.distanceMeters <= beyondMeters + 2
            else { return [] }
            return [first]
        }
        let near = index.nodes(within: radius, of: point, levelIndex: levelIndex)
        var out: [(node: Int, distanceMeters: Double)] = []
        var rest = near[...]
        if let first = near.first, first.distanceMeters <= beyondMeters + 2 { out.append(first); rest = near.dropFirst() }
        let polygon = venue.spaces[s].polygon
        for n in rest where out.count < Self.visibleNodeLimit {
            let target = venue.graph.nodes[n.node].point
            let steps = Int((n.distanceMeters / 0.2).rounded(.up))
            var clear = true
            var k = 1
            while k < steps, clear {
                let f = Double(k) / Double(steps)
                if n.distanceMeters * (1 - f) > 0.6, !polygon.contains(point + (target - point) * f) { clear = false }
                k += 1
            }
            if clear { out.append(n) }
        }
        return out
    }

    func match(_ place: Place) -> Result<MatchedPlace, Failure> {
        let point: LocalPoint
        let levelIndex: Int
        var featureID: String?
        var name: String?
        switch place {
        case .feature(let id):
            if let poi = try? venue.poi(id), let li = try? venue.levelIndex(poi.levelID) {
                point = poi.position; levelIndex = li; featureID = poi.id
                name = venue.displayName(poi.name, preferred: languages)
                // A graph node authored for the POI is the exact place.
                if let n = nodesByFeatureID[poi.id]?.first(where: { Int(venue.graph.nodes[Int($0)].levelIndex) == li }).map(Int.init) {
                    let rp = RoutePlace(
                        point: poi.position, levelID: venue.levels[li].id, featureID: poi.id, name: name,
                        matchDistanceMeters: venue.graph.nodes[n].point.distance(to: poi.position))
                    return .success(
                        MatchedPlace(
                            place: rp, levelIndex: li, graphPoint: venue.graph.nodes[n].point,
                            exits: [(Int32(n), 0, false)], entries: [(Int32(n), 0, false)], edge: nil))
                }
            } else if let space = try? venue.space(id), let li = try? venue.levelIndex(space.levelID) {
                point = space.interiorPoint
                levelIndex = li; featureID = space.id
                name = venue.displayName(space.name, preferred: languages)
            } else {
                return .failure(.unknownFeature(id))
            }
        case .local(let p, let level):
            switch self.level(level) {
            case .success(let li): point = p; levelIndex = li
            case .failure(let f): return .failure(f)
            }
        case .geographic(let g, let level):
            switch self.level(level) {
            case .success(let li): point = venue.frame.localPoint(from: g); levelIndex = li
            case .failure(let f): return .failure(f)
            }
        }
        guard let hit = venue.spatialIndex.nearestEdge(to: point, levelIndex: levelIndex, maxDistanceMeters: maxDistanceMeters) else {
            // A lone node (no edges on the level) can still be a place.
            if let n = venue.spatialIndex.nearestNode(to: point, levelIndex: levelIndex, maxDistanceMeters: maxDistanceMeters) {
                let rp = RoutePlace(
                    point: point, levelID: venue.levels[levelIndex].id, featureID: featureID, name: name,
                    matchDistanceMeters: n.distanceMeters)
                let node = Int32(n.node)
                return .success(
                    MatchedPlace(
                        place: rp, levelIndex: levelIndex, graphPoint: venue.graph.nodes[n.node].point,
                        exits: [(node, n.distanceMeters, false)], entries: [(node, n.distanceMeters, false)], edge: nil))
            }
            return .failure(.tooFar)
        }
        let edge = venue.graph.edges[hit.edge]
        let length = edge.lengthMeters
        let d = hit.distanceMeters
        var exits: [(node: Int32, meters: Double, viaEdge: Bool)] = [], entries: [(node: Int32, meters: Double, viaEdge: Bool)] = []
        // Leaving towards `to` needs from→to; towards `from` needs the reverse (not one-way).
        exits.append((edge.to, d + (1 - hit.t) * length, true))
        entries.append((edge.from, d + hit.t * length, true))
        if !edge.isOneWay {
            exits.append((edge.from, d + hit.t * length, true))
            entries.append((edge.to, d + (1 - hit.t) * length, true))
        }
        // At an end of the edge the place is at that node, whatever the edge's direction.
        if hit.t <= 1e-9 { exits.append((edge.from, d, false)); entries.append((edge.from, d, false)) }
        if hit.t >= 1 - 1e-9 { exits.append((edge.to, d, false)); entries.append((edge.to, d, false)) }
        // Nodes in plain sight within the place's own space are ways in and out too (walking straight to
        // them), in every direction: a point beside a long diagonal edge would otherwise walk to one of
        // its ends and turn back.
        for n in visibleNodes(from: point, levelIndex: levelIndex, beyondMeters: d) {
            exits.append((Int32(n.node), n.distanceMeters, false))
            entries.append((Int32(n.node), n.distanceMeters, false))
        }
        let rp = RoutePlace(
            point: point, levelID: venue.levels[levelIndex].id, featureID: featureID, name: name,
            matchDistanceMeters: d)
        return .success(
            MatchedPlace(
                place: rp, levelIndex: levelIndex, graphPoint: hit.point, exits: exits,
                entries: entries, edge: (hit.edge, hit.t)))
    }
}
