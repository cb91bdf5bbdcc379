import IndoorGeometry
import Venue

/// A request place resolved onto the navigation graph.
struct MatchedPlace {
    var place: RoutePlace
    var levelIndex: Int
    /// Where the place meets the graph (on a node or inside an edge).
    var graphPoint: LocalPoint
    /// Ways to leave the place into the graph: node, off-graph + partial-edge metres.
    var exits: [(node: Int32, meters: Double)]
    /// Ways to reach the place from the graph.
    var entries: [(node: Int32, meters: Double)]
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

    enum Failure: Error { case unknownFeature(String), unknownLevel(String), tooFar }

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
                    let rp = RoutePlace(point: poi.position, levelID: venue.levels[li].id, featureID: poi.id, name: name,
                                        matchDistanceMeters: venue.graph.nodes[n].point.distance(to: poi.position))
                    return .success(MatchedPlace(place: rp, levelIndex: li, graphPoint: venue.graph.nodes[n].point,
                                                 exits: [(Int32(n), 0)], entries: [(Int32(n), 0)], edge: nil))
                }
            } else if let space = try? venue.space(id), let li = try? venue.levelIndex(space.levelID) {
                let c = space.polygon.centroid
                point = space.polygon.contains(c) ? c : (space.polygon.exterior.first ?? c)
                levelIndex = li; featureID = space.id
                name = venue.displayName(space.name, preferred: languages)
            } else {
                return .failure(.unknownFeature(id))
            }
        case .local(let p, let level):
            guard let li = try? venue.levelIndex(level) else { return .failure(.unknownLevel(level)) }
            point = p; levelIndex = li
        case .geographic(let g, let level):
            guard let li = try? venue.levelIndex(level) else { return .failure(.unknownLevel(level)) }
            point = venue.frame.localPoint(from: g); levelIndex = li
        }
        guard let hit = venue.spatialIndex.nearestEdge(to: point, levelIndex: levelIndex, maxDistanceMeters: maxDistanceMeters) else {
            // A lone node (no edges on the level) can still be a place.
            if let n = venue.spatialIndex.nearestNode(to: point, levelIndex: levelIndex, maxDistanceMeters: maxDistanceMeters) {
                let rp = RoutePlace(point: point, levelID: venue.levels[levelIndex].id, featureID: featureID, name: name,
                                    matchDistanceMeters: n.distanceMeters)
                let node = Int32(n.node)
                return .success(MatchedPlace(place: rp, levelIndex: levelIndex, graphPoint: venue.graph.nodes[n.node].point,
                                             exits: [(node, n.distanceMeters)], entries: [(node, n.distanceMeters)], edge: nil))
            }
            return .failure(.tooFar)
        }
        let edge = venue.graph.edges[hit.edge]
        let length = edge.lengthMeters
        let d = hit.distanceMeters
        var exits: [(Int32, Double)] = [], entries: [(Int32, Double)] = []
        // Leaving towards `to` needs from→to; towards `from` needs the reverse (not one-way).
        exits.append((edge.to, d + (1 - hit.t) * length))
        entries.append((edge.from, d + hit.t * length))
        if !edge.isOneWay {
            exits.append((edge.from, d + hit.t * length))
            entries.append((edge.to, d + (1 - hit.t) * length))
        }
        // At an end of the edge the place is at that node, whatever the edge's direction.
        if hit.t <= 1e-9 { exits.append((edge.from, d)); entries.append((edge.from, d)) }
        if hit.t >= 1 - 1e-9 { exits.append((edge.to, d)); entries.append((edge.to, d)) }
        // The nearest node is also a way in and out (walking straight to it): it matters when the
        // nearest edge merely passes over a node it does not end at.
        if let n = venue.spatialIndex.nearestNode(to: point, levelIndex: levelIndex, maxDistanceMeters: d + 2) {
            exits.append((Int32(n.node), n.distanceMeters))
            entries.append((Int32(n.node), n.distanceMeters))
        }
        let rp = RoutePlace(point: point, levelID: venue.levels[levelIndex].id, featureID: featureID, name: name,
                            matchDistanceMeters: d)
        return .success(MatchedPlace(place: rp, levelIndex: levelIndex, graphPoint: hit.point, exits: exits,
                                     entries: entries, edge: (hit.edge, hit.t)))
    }
}
