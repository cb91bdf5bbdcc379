import IndoorGeometry

extension DerivationWork {
    /// Adds a node for every connector entry and every POI on `level` and hands each to `join` (with
    /// the POI's space id as a hint); a point `join` cannot place is reported with the given wording.
    /// Points that are not finite are left out with a warning. Both graph builders (spaces and doors,
    /// walkable grids) place points this way and differ only in `join`.
    mutating func addPointNodes(
        level: Int, entryOutside: String, poiOutside: String,
        join: (inout DerivationWork, Int32, LocalPoint, String?) -> Bool
    ) {
        for (c, e) in entriesByLevel[level] {
            let connector = venue.connectors[c]
            let point = connector.entries[e].point
            guard point.isFinite else {
                warn(connector.id, "connector entry position is not finite; left out of the graph")
                continue
            }
            let node = addNode(point, level: level, kind: .connectorEntry, featureID: connector.id)
            connectorEntryNodes[c].append((level, node))
            if !join(&self, node, point, nil) {
                warn(connector.id, "connector entry on level '\(venue.levels[level].id)' at \(point) \(entryOutside)")
            }
        }
        for p in poisByLevel[level] {
            let poi = venue.pois[p]
            guard poi.position.isFinite else {
                warn(poi.id, "POI position is not finite; left out of the graph")
                continue
            }
            let node = addNode(poi.position, level: level, kind: .poi, featureID: poi.id)
            if !join(&self, node, poi.position, poi.spaceID) { warn(poi.id, poiOutside) }
        }
    }
}
