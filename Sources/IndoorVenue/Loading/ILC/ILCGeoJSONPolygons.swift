import IndoorJSON

/// Reads GeoJSON `Polygon` and `MultiPolygon` geometries of ILC maps as lon/lat polygons.
enum ILCGeoJSONPolygons {
    /// The polygons of a geometry; throws naming `location` for a missing geometry, another type, or a
    /// position that is not two finite numbers within longitude/latitude range.
    static func parse(_ geometry: JSONValue?, at location: SourceLocation) throws(VenueError) -> [ILCLonLatPolygon] {
        guard let geometry, !geometry.isNull else { throw .invalidFeature(location, problem: "missing geometry") }
        guard let coordinates = geometry["coordinates"]?.array else {
            throw .invalidFeature(location, problem: "expected coordinates, found \(geometry["coordinates"]?.typeName ?? "nothing")")
        }
        switch geometry["type"]?.string {
        case "Polygon":
            return [try polygon(coordinates, at: location)]
        case "MultiPolygon":
            var out: [ILCLonLatPolygon] = []
            for part in coordinates {
                guard let rings = part.array else { throw .invalidFeature(location, problem: "a MultiPolygon part is not an array") }
                out.append(try polygon(rings, at: location))
            }
            return out
        case let other:
            throw .invalidFeature(location, problem: "expected a Polygon or MultiPolygon, found \(other ?? "no type")")
        }
    }

    private static func polygon(_ rings: [JSONValue], at location: SourceLocation) throws(VenueError) -> ILCLonLatPolygon {
        guard !rings.isEmpty else { throw .invalidFeature(location, problem: "polygon has no rings") }
        var out: ILCLonLatPolygon = []
        for ring in rings {
            guard let positions = ring.array else { throw .invalidFeature(location, problem: "a ring is not an array of positions") }
            var points: [ILCLonLat] = []
            points.reserveCapacity(positions.count)
            for position in positions {
                guard let pair = position.array, pair.count >= 2, let lon = pair[0].double, let lat = pair[1].double else {
                    throw .invalidFeature(location, problem: "a position is not [longitude, latitude]")
                }
                guard lon.isFinite, lat.isFinite, abs(lon) <= 180, abs(lat) <= 90 else {
                    throw .invalidFeature(location, problem: "position [\(lon), \(lat)] is outside longitude/latitude range")
                }
                points.append(ILCLonLat(lon: lon, lat: lat))
            }
            if points.count > 1, points.first == points.last { points.removeLast() }
            guard points.count >= 3 else { throw .invalidFeature(location, problem: "a ring has fewer than 3 distinct positions") }
            out.append(points)
        }
        return out
    }

    /// Shoelace area of the exterior ring in square degrees, for ranking parts only.
    static func planarArea(_ polygon: ILCLonLatPolygon) -> Double {
        guard let ring = polygon.first, ring.count >= 3 else { return 0 }
        var sum = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            sum += ring[j].lon * ring[i].lat - ring[i].lon * ring[j].lat
            j = i
        }
        return abs(sum) / 2
    }
}
