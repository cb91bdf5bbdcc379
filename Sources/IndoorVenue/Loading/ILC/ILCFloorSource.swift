import IndoorGeometry
import IndoorJSON

/// A longitude/latitude pair in degrees as found in GeoJSON.
struct ILCLonLat: Hashable, Sendable {
    var lon: Double
    var lat: Double
}

/// A polygon in longitude/latitude: exterior ring first, then holes.
typealias ILCLonLatPolygon = [[ILCLonLat]]

/// A shop polygon of an ILC floor, as read.
struct ILCShop: Sendable {
    var id: String
    var name: String?
    var polygon: ILCLonLatPolygon
    /// The `point` property: EPSG:3857 easting/northing in metres, when given.
    var mercatorPoint: (x: Double, y: Double)?
    var location: SourceLocation
}

/// One ILC floor folder, read but not yet placed in a venue.
struct ILCFloorSource: Sendable {
    var folderName: String
    /// Path of the floor's `geojson_map.json`, for issue locations.
    var mapPath: String
    var mapping: ILCFloorMapping
    /// Outline parts in lon/lat, largest first.
    var outlineParts: [ILCLonLatPolygon]
    /// `floor_num` of the floor feature, when given (used to cross-check the naming rule).
    var declaredFloorNumber: Int?
    /// `code` of the floor feature, when given.
    var code: String?
    var shops: [ILCShop]
    var issues: [VenueIssue]
}

extension ILCFloorSource {
    /// Reads `<folder>/floor_info.json` and `<folder>/geojson_map.json`.
    ///
    /// Throws when the floor cannot be placed (missing or malformed files, bad map size, no usable
    /// outline); records an `.error` issue and skips a shop feature it cannot use.
    static func read(folder: String, name: String) throws(VenueError) -> ILCFloorSource {
        let infoPath = folder + "/floor_info.json"
        let mapPath = folder + "/geojson_map.json"
        let (info, infoIssues) = try ILCJSONFile.read(infoPath)
        let (width, height) = try mapSize(info, path: infoPath)
        let (map, mapIssues) = try ILCJSONFile.read(mapPath)
        var issues = infoIssues + mapIssues

        let top = SourceLocation(file: mapPath)
        guard map["type"]?.string == "FeatureCollection" else {
            throw .invalidFeature(SourceLocation(file: mapPath, field: "type"), problem: "expected \"FeatureCollection\"")
        }
        guard let features = map["features"]?.array else {
            throw .invalidFeature(
                SourceLocation(file: mapPath, field: "features"),
                problem: "expected an array of features, found \(map["features"]?.typeName ?? "nothing")")
        }
        // The floor outline: the feature typed "floor", else (as in every published floor) the first.
        let outlineIndex = features.firstIndex { $0["properties"]?["type"]?.string == "floor" } ?? 0
        guard outlineIndex < features.count else { throw .invalidFeature(top, problem: "no features: the floor outline is missing") }
        let outlineFeature = features[outlineIndex]
        let outlineLocation = SourceLocation(file: mapPath, featureID: "feature \(outlineIndex) (floor outline)", field: "geometry")
        var outlineParts = try ILCGeoJSONPolygons.parse(outlineFeature["geometry"], at: outlineLocation)
        guard !outlineParts.isEmpty else { throw .invalidFeature(outlineLocation, problem: "the floor outline has no polygon") }
        outlineParts.sort { ILCGeoJSONPolygons.planarArea($0) > ILCGeoJSONPolygons.planarArea($1) }

        var box = (lonMin: Double.infinity, latMin: Double.infinity, lonMax: -Double.infinity, latMax: -Double.infinity)
        for part in outlineParts {
            for p in part[0] {
                box = (min(box.lonMin, p.lon), min(box.latMin, p.lat), max(box.lonMax, p.lon), max(box.latMax, p.lat))
            }
        }
        guard box.lonMax > box.lonMin, box.latMax > box.latMin else {
            throw .invalidFeature(outlineLocation, problem: "the floor outline has no extent")
        }
        let mapping = ILCFloorMapping(
            lonMinDegrees: box.lonMin, latMinDegrees: box.latMin, lonMaxDegrees: box.lonMax,
            latMaxDegrees: box.latMax, widthMeters: width, heightMeters: height)

        var shops: [ILCShop] = []
        var seenIDs: Set<String> = []
        for (k, feature) in features.enumerated() where k != outlineIndex {
            let properties = feature["properties"]
            let sourceID = properties?["id"]?.string
            let label = sourceID ?? "feature \(k)"
            let location = SourceLocation(file: mapPath, featureID: label)
            let id = sourceID ?? "\(name)-shop-\(k)"
            guard !seenIDs.contains(id) else {
                issues.append(.error(SourceLocation(file: mapPath, featureID: label, field: "id"), "duplicate shop id; skipped"))
                continue
            }
            let parts: [ILCLonLatPolygon]
            do {
                parts = try ILCGeoJSONPolygons.parse(
                    feature["geometry"], at: SourceLocation(file: mapPath, featureID: label, field: "geometry"))
            } catch {
                issues.append(.error(location, "\(error.description); skipped"))
                continue
            }
            guard let largest = parts.max(by: { ILCGeoJSONPolygons.planarArea($0) < ILCGeoJSONPolygons.planarArea($1) }) else {
                issues.append(.error(location, "shop has no polygon; skipped"))
                continue
            }
            if parts.count > 1 { issues.append(.warning(location, "shop has \(parts.count) polygons; the largest is used")) }
            if sourceID == nil {
                issues.append(.warning(SourceLocation(file: mapPath, featureID: label, field: "id"), "no id; using \(id)"))
            }
            seenIDs.insert(id)
            // The site's names are written for HTML (`CHOW&amp;RAY`): references decoded here, once.
            let name =
                ((properties?["display"]?.string).flatMap { $0.isEmpty ? nil : $0 }
                ?? (properties?["name"]?.string).flatMap { $0.isEmpty ? nil : $0 }).map(XMLText.unescaped)
            var point: (x: Double, y: Double)?
            if let p = properties?["point"]?.array, p.count >= 2, let x = p[0].double, let y = p[1].double {
                point = (x, y)
            } else if let p = properties?["point"], !p.isNull, p.array?.isEmpty != true {
                issues.append(
                    .warning(
                        SourceLocation(file: mapPath, featureID: label, field: "point"),
                        "expected [easting, northing] in metres; using the polygon centroid"))
            }
            shops.append(ILCShop(id: id, name: name, polygon: largest, mercatorPoint: point, location: location))
        }
        return ILCFloorSource(
            folderName: name, mapPath: mapPath, mapping: mapping, outlineParts: outlineParts,
            declaredFloorNumber: outlineFeature["properties"]?["floor_num"]?.int,
            code: outlineFeature["properties"]?["code"]?.string, shops: shops, issues: issues)
    }

    /// `map_info.width` and `map_info.height`: finite positive metres.
    private static func mapSize(_ info: JSONValue, path: String) throws(VenueError) -> (Double, Double) {
        guard let mapInfo = info["map_info"], mapInfo.object != nil else {
            throw .invalidFeature(
                SourceLocation(file: path, field: "map_info"),
                problem: "expected an object with width and height, found \(info["map_info"]?.typeName ?? "nothing")")
        }
        func size(_ key: String) throws(VenueError) -> Double {
            let location = SourceLocation(file: path, field: "map_info.\(key)")
            guard let value = mapInfo[key] else { throw .invalidFeature(location, problem: "missing") }
            guard let d = value.double else {
                throw .invalidFeature(location, problem: "expected a number of metres, found \(value.typeName)")
            }
            guard d.isFinite, d > 0 else { throw .invalidFeature(location, problem: "expected a positive size in metres, found \(d)") }
            return d
        }
        return (try size("width"), try size("height"))
    }
}
