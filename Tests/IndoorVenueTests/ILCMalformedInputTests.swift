import Foundation
import Testing

@testable import IndoorVenue

@Suite struct ILCMalformedInputTests {
    func loadError(_ setUp: (ILCSiteFixture) throws -> Void) throws -> VenueError? {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        try setUp(site)
        do {
            _ = try ILCVenueLoader.load(path: site.path)
            return nil
        } catch {
            return error
        }
    }

    /// A floor without its floor_info.json or its geojson_map.json names the missing file.
    @Test(arguments: [("F1", "floor_info.json"), ("B1", "geojson_map.json")])
    func missingFloorFile(floor: String, file: String) throws {
        let error = try loadError { site in
            try site.write(ILCSiteFixture.Floor(name: floor))
            try FileManager.default.removeItem(atPath: site.path + "/\(floor)/\(file)")
        }
        guard case .missingFile(let path) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path.hasSuffix("/\(floor)/\(file)"))
    }

    @Test(arguments: [("\"wide\"", "string"), ("null", "null"), ("[1]", "array"), ("-3", "positive"), ("0", "positive")])
    func badWidth(text: String, expected: String) throws {
        let error = try loadError { site in try site.write(ILCSiteFixture.Floor(name: "F1", widthText: text)) }
        guard case .invalidFeature(let location, let problem) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(location.file.hasSuffix("/F1/floor_info.json"))
        #expect(location.field == "map_info.width")
        #expect(problem.contains(expected))
    }

    @Test func missingHeightAndMapInfo() throws {
        let noHeight = try loadError { site in
            try site.write(ILCSiteFixture.Floor(name: "F1"), info: "{\"map_info\": {\"width\": 10}}")
        }
        guard case .invalidFeature(let location, _) = noHeight else { Issue.record("got \(String(describing: noHeight))"); return }
        #expect(location.field == "map_info.height")
        let noInfo = try loadError { site in try site.write(ILCSiteFixture.Floor(name: "F1"), info: "[]") }
        guard case .invalidFeature(let location2, _) = noInfo else { Issue.record("got \(String(describing: noInfo))"); return }
        #expect(location2.field == "map_info")
    }

    @Test func malformedJSONNamesFileAndLine() throws {
        let error = try loadError { site in
            try site.write(ILCSiteFixture.Floor(name: "F1"), info: "{\n  \"map_info\": {\n    \"height\": 12,,\n  }\n}")
        }
        guard case .malformedJSON(let path, let line, _, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path.hasSuffix("/F1/floor_info.json"))
        #expect(line == 3)
    }

    @Test func truncatedGeoJSON() throws {
        let error = try loadError { site in
            let floor = ILCSiteFixture.Floor(name: "F3")
            let text = site.mapText(floor)
            try site.write(floor, map: String(text.prefix(text.count / 2)))
        }
        guard case .malformedJSON(let path, let line, _, let reason) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(path.hasSuffix("/F3/geojson_map.json"))
        #expect(line >= 1)
        #expect(reason.contains("end of input"))
    }

    @Test func nanIsMalformed() throws {
        let error = try loadError { site in
            try site.write(ILCSiteFixture.Floor(name: "F1"), info: "{\"map_info\": {\"width\": NaN, \"height\": 3}}")
        }
        guard case .malformedJSON = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func trailingCommaIsAWarning() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        try site.write(ILCSiteFixture.Floor(name: "F1"), info: "{\"map_info\": {\"width\": 10, \"height\": 3,}}")
        let venue = try ILCVenueLoader.load(path: site.path)
        #expect(venue.issues.contains { $0.severity == .warning && $0.location.file.hasSuffix("floor_info.json") && $0.location.line == 1 })
    }

    @Test(arguments: [
        ("{\"type\":\"Feature\"}", "FeatureCollection"),
        ("{\"type\":\"FeatureCollection\",\"features\":{}}", "features"),
        ("{\"type\":\"FeatureCollection\",\"features\":[]}", "no features"),
        ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":null}]}", "missing geometry"),
        (
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}]}",
            "Polygon"
        ),
        (
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[1,2],[3,\"x\"],[5,6]]]}}]}",
            "position"
        ),
        (
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[1,2],[3,4],[1,2]]]}}]}",
            "fewer than 3"
        ),
        (
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[1,2],[200,4],[5,6]]]}}]}",
            "range"
        ),
        (
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[1,2],[1,2.5],[1,3]]]}}]}",
            "extent"
        ),
    ])
    func badOutline(map: String, expected: String) throws {
        let error = try loadError { site in try site.write(ILCSiteFixture.Floor(name: "F1"), map: map) }
        guard case .invalidFeature(let location, let problem) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(location.file.hasSuffix("/F1/geojson_map.json"))
        #expect(problem.contains(expected) || location.field?.contains(expected) == true, "\(problem)")
    }

    @Test func badShopIsSkippedWithAnError() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        let bad =
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[120.075,30.293],[120.0751,30.293]]},"
            + "\"properties\":{\"id\":\"broken\",\"name\":\"X\"}}"
        let good = ILCSiteFixture.shop(id: "ok", name: "Tea", lon: 120.0750, lat: 30.2930)
        let duplicate = ILCSiteFixture.shop(id: "ok", name: "Tea again", lon: 120.0752, lat: 30.2930)
        try site.write(ILCSiteFixture.Floor(name: "F1", shops: [bad, good, duplicate, "{\"type\":\"Feature\"}"]))
        let venue = try ILCVenueLoader.load(path: site.path)
        #expect(venue.spaces.filter { $0.category == "shop" }.map(\.id) == ["ok"])
        let errors = venue.issues.filter { $0.severity == .error }
        #expect(errors.contains { $0.location.featureID == "broken" })
        #expect(errors.contains { $0.location.featureID == "ok" && $0.location.field == "id" })
        #expect(errors.contains { $0.location.featureID == "feature 4" })
        #expect(errors.count == 3)
    }

    @Test func notAnILCFolder() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        try site.writeRaw("docs/readme.txt", "hello")
        #expect(!ILCVenueLoader.isILCFolder(site.path))
        #expect(throws: VenueError.unsupportedFormat(path: site.path, reason: "no floor folder with floor_info.json or geojson_map.json")) {
            _ = try ILCVenueLoader.load(path: site.path)
        }
        #expect(throws: VenueError.missingFile(path: site.path + "/nope")) { _ = try ILCVenueLoader.load(path: site.path + "/nope") }
    }

    @Test func floorInfoThatIsADirectory() throws {
        let error = try loadError { site in
            try site.writeRaw("F1/geojson_map.json", site.mapText(ILCSiteFixture.Floor(name: "F1")))
            try site.writeRaw("F1/floor_info.json/inner.txt", "x")
        }
        guard case .unreadable(let path, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path.hasSuffix("floor_info.json"))
    }
}
