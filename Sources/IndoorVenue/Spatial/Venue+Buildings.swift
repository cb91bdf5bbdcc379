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
        if !levelBuildingFootprints.isEmpty {
            // The level's own buildings first (order computed once per venue), no string comparisons here.
            return footprintOrderByLevel[levelIndex].withUnsafeBufferPointer { order in
                levelBuildingFootprints.withUnsafeBufferPointer { footprints in
                    for i in order where footprints[i].footprint.bounds.distance(to: point) <= toleranceMeters {
                        if footprints[i].footprint.contains(point) || footprints[i].footprint.distanceToBoundary(point) <= toleranceMeters {
                            return footprints[i].id
                        }
                    }
                    return nil
                }
            }
        }
        let levelBuildings = levels[levelIndex].buildingIDs  // not the whole level: no copy of its names
        let holding = spatialIndex.spaces(containing: point, levelIndex: levelIndex)
        guard !holding.isEmpty else { return nil }
        for i in holding { if let b = spaces[i].buildingID { return b } }
        return levelBuildings.count == 1 ? levelBuildings[0] : nil
    }
}
