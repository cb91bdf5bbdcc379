import Foundation
import IndoorGeometry

/// Builds small ILC site folders on disk for loader tests.
struct ILCSiteFixture {
    /// A floor's outline box in degrees, its stated map size, and its shops.
    struct Floor {
        var name: String
        var lonMin = 120.0740, latMin = 30.2924, lonMax = 120.0766, latMax = 30.2940
        var widthText = "240.5"
        var heightText = "176.25"
        var shops: [String] = []
    }

    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ilc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    var path: String { root.path }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Writes a floor folder; `info`/`map` replace the generated files' text when given.
    func write(_ floor: Floor, info: String? = nil, map: String? = nil) throws {
        let folder = root.appendingPathComponent(floor.name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let infoText = info ?? "{\n  \"map_info\": {\n    \"height\": \(floor.heightText),\n    \"width\": \(floor.widthText)\n  }\n}"
        try Data(infoText.utf8).write(to: folder.appendingPathComponent("floor_info.json"))
        try Data((map ?? mapText(floor)).utf8).write(to: folder.appendingPathComponent("geojson_map.json"))
    }

    func writeRaw(_ relativePath: String, _ text: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func mapText(_ floor: Floor) -> String {
        let outline =
            "[[[\(floor.lonMin),\(floor.latMin)],[\(floor.lonMax),\(floor.latMin)],[\(floor.lonMax),\(floor.latMax)],"
            + "[\(floor.lonMin),\(floor.latMax)],[\(floor.lonMin),\(floor.latMin)]]]"
        let first =
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"MultiPolygon\",\"coordinates\":[\(outline)]},"
            + "\"properties\":{\"category\":\"floor\",\"name\":\"\(floor.name)\",\"type\":\"floor\",\"code\":\"CODE-\(floor.name)\"}}"
        return "{\"type\":\"FeatureCollection\",\"features\":[\n" + ([first] + floor.shops).joined(separator: ",\n") + "\n]}"
    }

    /// A square shop feature of side `sizeDegrees` with its south-west corner at (lon, lat).
    static func shop(
        id: String, name: String, lon: Double, lat: Double, sizeDegrees: Double = 0.0001,
        pointText: String = "[]"
    ) -> String {
        let l2 = lon + sizeDegrees, t2 = lat + sizeDegrees
        return "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[\(lon),\(lat)],[\(l2),\(lat)],"
            + "[\(l2),\(t2)],[\(lon),\(t2)],[\(lon),\(lat)]]]},\"properties\":{\"id\":\"\(id)\",\"name\":\"\(name)\","
            + "\"display\":\"\(name)\",\"category\":[\"c1\"],\"point\":\(pointText),\"points\":[]}}"
    }

    /// EPSG:3857 easting/northing of a coordinate (forward formula, independent of the loader's inverse).
    static func mercator(lon: Double, lat: Double) -> (x: Double, y: Double) {
        let r = 6_378_137.0
        return (r * lon * Double.pi / 180, r * log(tan(Double.pi / 4 + lat * Double.pi / 360)))
    }
}
