import IndoorGeometry

/// What a venue holds at a point of a level: the level, the space (smallest unit holding it), the POI
/// there (in that space, else the nearest on the level within `poiSearchMeters`), and the building.
/// `indoornav venue at` and the service's `GET /venues/{id}/at` both answer with it.
public struct VenuePointLookup: Hashable, Sendable {
    /// Index into ``Venue/levels``.
    public var levelIndex: Int
    /// The point looked up, venue frame, metres.
    public var point: LocalPoint
    /// Index into ``Venue/spaces`` of the smallest space holding the point, if any.
    public var spaceIndex: Int?
    /// Index into ``Venue/pois`` of the POI there (see the type's summary), if any.
    public var poiIndex: Int?
    /// Metres from the point to that POI.
    public var poiDistanceMeters: Double?
    /// The building whose footprint holds the point (``Venue/buildingID(at:levelIndex:toleranceMeters:)``);
    /// `nil` outdoors.
    public var buildingID: String?

    /// How far from the point a POI outside every space is still reported, metres.
    public static let poiSearchMeters = 5.0
}

extension Venue {
    /// The space, POI and building at `point` on the level at `levelIndex`.
    /// - Complexity: O(log n) spaces through the spatial index, plus O(p) POIs of the venue.
    public func lookup(at point: LocalPoint, levelIndex: Int) -> VenuePointLookup {
        let spaceIndex = spatialIndex.smallestSpace(containing: point, levelIndex: levelIndex)
        let levelID = levels.indices.contains(levelIndex) ? levels[levelIndex].id : ""
        let spaceID = spaceIndex.map { spaces[$0].id }
        var best: (index: Int, meters: Double)?
        for (i, poi) in pois.enumerated() where poi.levelID == levelID {
            let inSpace = spaceID != nil && poi.spaceID == spaceID
            let meters = poi.position.distance(to: point)
            guard inSpace || meters <= VenuePointLookup.poiSearchMeters else { continue }
            if meters < (best?.meters ?? .infinity) { best = (i, meters) }
        }
        return VenuePointLookup(
            levelIndex: levelIndex, point: point, spaceIndex: spaceIndex, poiIndex: best?.index,
            poiDistanceMeters: best?.meters, buildingID: buildingID(at: point, levelIndex: levelIndex))
    }
}
