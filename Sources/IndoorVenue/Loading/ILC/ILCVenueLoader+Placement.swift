import IndoorGeometry

extension ILCVenueLoader {
    /// One floor placed in the venue frame.
    struct PlacedFloor {
        var level: Level
        var spaces: [Space]
        var pois: [PointOfInterest]
        var issues: [VenueIssue]
    }

    /// Builds the level, spaces and POIs of a floor, every point going lon/lat → floor metres → venue.
    static func place(
        _ floor: ILCFloorSource, ordinal: Int, floorNumber: Double?, frame: LocalFrame,
        buildingID: String
    ) -> PlacedFloor {
        let mapping = floor.mapping
        let floorFrame = mapping.floorFrame(in: frame)
        func venuePoint(_ p: ILCLonLat) -> LocalPoint {
            let f = mapping.floorCoordinates(lonDegrees: p.lon, latDegrees: p.lat)
            return floorFrame.venuePoint(floorX: f.x, floorY: f.y)
        }
        func polygon(_ rings: ILCLonLatPolygon) -> Polygon {
            Polygon(exterior: rings[0].map(venuePoint), holes: rings.dropFirst().map { $0.map(venuePoint) })
        }
        let levelID = floor.folderName
        let levelName = LocalizedName(floor.folderName, language: nameLanguage)
        let outlines = floor.outlineParts.map(polygon)
        var issues: [VenueIssue] = []
        var outline = outlines.first
        if outlines.count > 1 {
            if let joined = ILCOutlineJoin.join(outlines) {
                outline = joined
            } else {
                issues.append(
                    .warning(
                        SourceLocation(file: floor.mapPath, featureID: "floor outline"),
                        "outline parts overlap; the level outline is the largest part only"))
            }
        }
        let level = Level(
            id: levelID, ordinal: ordinal, name: levelName, shortName: levelName, floorNumber: floorNumber,
            buildingIDs: [buildingID], outline: outline, externalIDs: floor.code.map { [$0] } ?? [],
            floorFrame: floorFrame)
        var spaces = outlines.enumerated().map { k, outline in
            Space(
                id: "\(levelID)-floor-\(k + 1)", category: "walkway", polygon: outline, levelID: levelID,
                isWalkable: true, buildingID: buildingID)
        }
        var pois: [PointOfInterest] = []
        for shop in floor.shops {
            let shape = polygon(shop.polygon)
            let name = shop.name.map { LocalizedName($0, language: nameLanguage) } ?? LocalizedName()
            spaces.append(
                Space(
                    id: shop.id, category: "shop", polygon: shape, levelID: levelID, name: name,
                    isWalkable: false, buildingID: buildingID))
            guard !name.isEmpty else { continue }
            var position = shape.centroid
            if let m = shop.mercatorPoint {
                let geo = ILCWebMercator.coordinate(eastingMeters: m.x, northingMeters: m.y)
                let candidate = venuePoint(ILCLonLat(lon: geo.longitudeDegrees, lat: geo.latitudeDegrees))
                if candidate.isFinite, shape.contains(candidate) {
                    position = candidate
                } else {
                    var location = shop.location
                    location.field = "point"
                    issues.append(.warning(location, "point lies outside the shop polygon; using the polygon centroid"))
                }
            }
            pois.append(
                PointOfInterest(
                    id: shop.id, category: "shop", name: name, position: position, levelID: levelID,
                    spaceID: shop.id, source: .unit))
        }
        return PlacedFloor(level: level, spaces: spaces, pois: pois, issues: issues)
    }
}
