import IndoorGeometry

extension Venue {
    /// The building a point on a level is in, for building entry/exit and inside/outside context.
    ///
    /// When any building that owns a level has a footprint: the building whose footprint holds the point
    /// or lies within `toleranceMeters` of it (doors sit on the outline), the level's own buildings
    /// first; `nil` when none does (outdoors), so a level shared by a courtyard and a building says
    /// "outside" in the courtyard. Buildings drawn only as footprints (no level of theirs) are never
    /// entered. Without footprints: the building of the smallest space holding the point, else the
    /// level's single building when a space holds the point, else `nil`.
    /// - Complexity: O(buildings) bounding-box tests plus O(footprint vertices) for the few that hold
    ///   the point; no allocation.
    public func buildingID(at point: LocalPoint, levelIndex: Int, toleranceMeters: Double = 0.5) -> String? {
        guard levels.indices.contains(levelIndex), point.isFinite else { return nil }
        let levelBuildings = levels[levelIndex].buildingIDs  // not the whole level: no copy of its names
        if !levelBuildingFootprints.isEmpty {
            func holds(_ footprint: Polygon) -> Bool {
                footprint.bounds.distance(to: point) <= toleranceMeters
                    && (footprint.contains(point) || footprint.distanceToBoundary(point) <= toleranceMeters)
            }
            for pass in 0..<2 {
                for entry in levelBuildingFootprints where levelBuildings.contains(entry.id) == (pass == 0) {
                    if holds(entry.footprint) { return entry.id }
                }
            }
            return nil
        }
        let holding = spatialIndex.spaces(containing: point, levelIndex: levelIndex)
        guard !holding.isEmpty else { return nil }
        for i in holding { if let b = spaces[i].buildingID { return b } }
        return levelBuildings.count == 1 ? levelBuildings[0] : nil
    }
}
