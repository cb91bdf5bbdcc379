import IndoorGeometry
import IndoorJSON

/// Turns GeoJSON geometry (WGS84 longitude/latitude degrees) into the venue's local frame.
///
/// Every geometry of one venue goes through the same ``LocalFrame``, so all local coordinates share
/// one origin. Problems come back as ``FeatureProblem``s naming the `geometry` field.
struct GeoJSONGeometryReader {
    let frame: LocalFrame

    /// A polygon read from GeoJSON, with what was wrong but repairable.
    struct PolygonReading {
        var polygon: Polygon
        /// Indices of rings (0 = exterior) whose last position did not repeat the first.
        var unclosedRings: [Int] = []
        /// Indices of rings that cross themselves.
        var selfIntersectingRings: [Int] = []
        /// For a MultiPolygon: how many smaller parts were dropped in favour of the largest.
        var droppedParts = 0
    }

    /// One `[lon, lat, …]` position.
    func coordinate(_ value: JSONValue, field: String = "geometry") throws(FeatureProblem) -> GeoCoordinate {
        guard case .array(let items) = value, items.count >= 2 else {
            throw FeatureProblem(field, "a position must be an array of at least two numbers, found \(value.typeName)")
        }
        guard let lon = items[0].double, let lat = items[1].double else {
            throw FeatureProblem(field, "position has non-numeric coordinates (\(items[0].typeName), \(items[1].typeName))")
        }
        let c = GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon)
        guard c.isValid else { throw FeatureProblem(field, "position (\(lon), \(lat)) is not a longitude/latitude in degrees") }
        return c
    }

    /// One position in the local frame.
    func localPoint(_ value: JSONValue, field: String = "geometry") throws(FeatureProblem) -> LocalPoint {
        frame.localPoint(from: try coordinate(value, field: field))
    }

    /// The geometry's `type` and `coordinates`.
    private func parts(_ geometry: JSONValue?, field: String) throws(FeatureProblem) -> (type: String, coordinates: JSONValue) {
        guard let geometry else { throw FeatureProblem(field, "geometry is missing") }
        guard let type = geometry["type"]?.string else { throw FeatureProblem(field, "geometry has no \"type\"") }
        guard let coordinates = geometry["coordinates"] else { throw FeatureProblem(field, "\(type) geometry has no \"coordinates\"") }
        return (type, coordinates)
    }

    /// A `Point` geometry.
    func point(_ geometry: JSONValue?, field: String = "geometry") throws(FeatureProblem) -> LocalPoint {
        let (type, coordinates) = try parts(geometry, field: field)
        guard type == "Point" else { throw FeatureProblem(field, "expected Point geometry, found \(type)") }
        return try localPoint(coordinates, field: field)
    }

    /// A `LineString` geometry with at least two positions.
    func lineString(_ geometry: JSONValue?, field: String = "geometry") throws(FeatureProblem) -> Polyline {
        let (type, coordinates) = try parts(geometry, field: field)
        guard type == "LineString" else { throw FeatureProblem(field, "expected LineString geometry, found \(type)") }
        let points = try positions(coordinates, field: field)
        guard points.count >= 2 else { throw FeatureProblem(field, "a LineString needs at least two positions, found \(points.count)") }
        return Polyline(points)
    }

    /// A `Polygon`, or the largest polygon of a `MultiPolygon`.
    func area(_ geometry: JSONValue?, field: String = "geometry") throws(FeatureProblem) -> PolygonReading {
        let (type, coordinates) = try parts(geometry, field: field)
        switch type {
        case "Polygon":
            return try polygon(coordinates, field: field)
        case "MultiPolygon":
            guard case .array(let polygons) = coordinates, !polygons.isEmpty else {
                throw FeatureProblem(field, "MultiPolygon coordinates must be a non-empty array")
            }
            var best: PolygonReading?
            for p in polygons {
                let reading = try polygon(p, field: field)
                if reading.polygon.areaSquareMeters > (best?.polygon.areaSquareMeters ?? -1) { best = reading }
            }
            guard var best else { throw FeatureProblem(field, "MultiPolygon has no polygons") }
            best.droppedParts = polygons.count - 1
            return best
        default:
            throw FeatureProblem(field, "expected Polygon or MultiPolygon geometry, found \(type)")
        }
    }

    /// Polygon coordinates: an array of rings, exterior first.
    private func polygon(_ coordinates: JSONValue, field: String) throws(FeatureProblem) -> PolygonReading {
        guard case .array(let ringValues) = coordinates, !ringValues.isEmpty else {
            throw FeatureProblem(field, "polygon coordinates must be a non-empty array of rings")
        }
        var rings: [[LocalPoint]] = []
        var unclosed: [Int] = []
        var crossing: [Int] = []
        for (k, ringValue) in ringValues.enumerated() {
            var ring = try positions(ringValue, field: field)
            if ring.count >= 2, ring.first == ring.last { ring.removeLast() } else { unclosed.append(k) }
            guard ring.count >= 3 else {
                throw FeatureProblem(field, "ring \(k) has \(ring.count) distinct positions; a polygon ring needs at least 3")
            }
            if Polygon.ringSelfIntersects(ring) {
                crossing.append(k)
                ring = Polygon.repairedRing(ring)
            }
            rings.append(ring)
        }
        let polygon = Polygon(exterior: rings[0], holes: Array(rings.dropFirst()))
        return PolygonReading(polygon: polygon, unclosedRings: unclosed, selfIntersectingRings: crossing)
    }

    /// An array of positions.
    private func positions(_ value: JSONValue, field: String) throws(FeatureProblem) -> [LocalPoint] {
        guard case .array(let items) = value else {
            throw FeatureProblem(field, "expected an array of positions, found \(value.typeName)")
        }
        var out: [LocalPoint] = []
        out.reserveCapacity(items.count)
        for item in items { out.append(try localPoint(item, field: field)) }
        return out
    }

    /// The reference for a venue frame: the `display_point` if given, else the area centroid of the
    /// geometry (computed in a provisional frame at its first position).
    static func referenceCoordinate(displayPoint: JSONValue?, geometry: JSONValue?) throws(FeatureProblem) -> GeoCoordinate {
        let provisional = GeoJSONGeometryReader(frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)))
        if let displayPoint, !displayPoint.isNull {
            if let coordinates = displayPoint["coordinates"] {
                return try provisional.coordinate(coordinates, field: "display_point")
            }
            throw FeatureProblem("display_point", "expected a Point geometry, found \(displayPoint.typeName)")
        }
        guard let first = firstPosition(geometry?["coordinates"]) else {
            throw FeatureProblem("geometry", "the venue has neither a display_point nor a geometry to place its frame")
        }
        let start = try provisional.coordinate(first)
        let local = GeoJSONGeometryReader(frame: LocalFrame(reference: start))
        let center: LocalPoint
        if let reading = try? local.area(geometry) {
            center = reading.polygon.centroid
        } else {
            center = try local.point(geometry)
        }
        return local.frame.geoCoordinate(from: center)
    }

    /// The first position nested anywhere in a coordinates array.
    private static func firstPosition(_ value: JSONValue?) -> JSONValue? {
        var current = value
        while case .array(let items)? = current, let first = items.first {
            if first.double != nil { return current }
            current = first
        }
        return nil
    }
}
