import IndoorGeometry

extension Venue {
    /// The building a point on a level is in, for building entry/exit and inside/outside context.
    ///
    /// When any building of kind `.building` has a footprint: the building whose footprint holds the
    /// point or lies within `toleranceMeters` of it (doors sit on the outline), the level's own buildings
    /// first; `nil` when none does (outdoors), so a level shared by a courtyard and a building says
    /// "outside" in the courtyard. Without footprints: the building of the smallest space holding the
    /// point, else the level's single building when a space holds the point, else `nil`.
    /// - Complexity: O(buildings × footprint vertices) with footprints, else one spatial query.
    public func buildingID(at point: LocalPoint, levelIndex: Int, toleranceMeters: Double = 0.5) -> String? {
        guard levels.indices.contains(levelIndex), point.isFinite else { return nil }
        let level = levels[levelIndex]
        let withFootprint = buildings.filter { $0.kind == .building && $0.footprint != nil }
        if !withFootprint.isEmpty {
            let ordered = withFootprint.filter { level.buildingIDs.contains($0.id) } + withFootprint.filter { !level.buildingIDs.contains($0.id) }
            for b in ordered {
                guard let footprint = b.footprint, footprint.bounds.distance(to: point) <= toleranceMeters else { continue }
                if footprint.contains(point) || footprint.distanceToBoundary(point) <= toleranceMeters { return b.id }
            }
            return nil
        }
        let holding = spatialIndex.spaces(containing: point, levelIndex: levelIndex)
        guard !holding.isEmpty else { return nil }
        for i in holding { if let b = spaces[i].buildingID { return b } }
        return level.buildingIDs.count == 1 ? level.buildingIDs[0] : nil
    }
}
