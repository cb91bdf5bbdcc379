import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

/// Broken archives: each load either throws a typed error that says where, or loads the good
/// features and records an issue per bad one.
@Suite struct IMDFMalformedTests {
    @Test func minimalFixtureLoads() throws {
        let venue = try VenueLoader.load(path: TestPaths.fixture("imdf-minimal"))
        #expect(venue.levels.count == 2 && venue.spaces.count == 4)
        #expect(venue.pois.map(\.id).sorted() == ["am0", "occ0", "u3"])
        // A plain-string name is taken in the manifest language.
        #expect(try venue.level("L1").name.byLanguage == ["en": "First"])
        #expect(try venue.level("L0").name.byLanguage["fr"] == "Rez-de-chaussée")
        // The two stairs units are stacked: one derived connector.
        #expect(venue.connectors.map(\.id) == ["stacked-u1"])
        #expect(venue.connectors.first?.levelIDs == ["L0", "L1"])
        #expect(venue.issues.isEmpty, "\(venue.issues)")
    }

    @Test func truncatedJSONNamesFileAndLine() {
        guard case .failure(let error) = loadResult(TestPaths.fixture("imdf-truncated")) else {
            Issue.record("expected a failure"); return
        }
        guard case .malformedJSON(let path, let line, _, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(path == "unit.geojson")
        #expect(line == 3)
        #expect(reason.contains("end of input"))
        #expect(error.description.hasPrefix("unit.geojson:3:"))
    }

    @Test func trailingCommaIsAWarningWithItsLine() throws {
        let venue = try VenueLoader.load(path: TestPaths.fixture("imdf-trailing-commas"))
        #expect(venue.levels.count == 2)
        let warning = try #require(venue.issues.first)
        #expect(venue.issues.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.location.file == "level.geojson" && warning.location.line == 4)
        #expect(warning.description.hasPrefix("level.geojson:4: trailing comma"))
    }

    @Test func missingLevelFileIsAMissingFileError() {
        guard case .failure(.missingFile(let path)) = loadResult(TestPaths.fixture("imdf-missing-level")) else {
            Issue.record("expected missingFile"); return
        }
        #expect(path.hasSuffix("/level.geojson"))
    }

    @Test func missingManifestIsNotAnIMDFArchive() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["venue.geojson", "level.geojson", "unit.geojson"] {
            try FileManager.default.copyItem(atPath: TestPaths.fixture("imdf-minimal/\(name)"), toPath: folder + "/" + name)
        }
        guard case .failure(.unsupportedFormat(let path, _)) = loadResult(folder) else {
            Issue.record("expected unsupportedFormat"); return
        }
        #expect(path == folder)
        // Loading it as IMDF directly names the missing manifest.
        #expect(throws: VenueError.missingFile(path: folder + "/manifest.json")) { try IMDFLoader.load(folder: folder) }
    }

    @Test func emptyFileIsMalformedAtLineOne() {
        guard case .failure(.malformedJSON(let path, let line, _, _)) = loadResult(TestPaths.fixture("imdf-empty-file")) else {
            Issue.record("expected malformedJSON"); return
        }
        #expect(path == "unit.geojson" && line == 1)
    }

    @Test func badFeaturesAreSkippedOrKeptWithIssues() throws {
        let venue = try VenueLoader.load(path: TestPaths.fixture("imdf-bad-features"))
        let ids = Set(venue.spaces.map(\.id))
        // Kept: the four good units, the unclosed and the self-intersecting ring, the MultiPolygon.
        #expect(ids == ["u0", "u1", "u2", "u3", "unclosed", "bowtie", "multi"])
        let issues = venue.issues

        let point = try #require(issues.about("bad-point").first)
        #expect(point.severity == .error && point.location.file == "unit.geojson" && point.location.field == "geometry")
        #expect(point.message.contains("found Point"))
        #expect(point.description.hasPrefix("unit.geojson: bad-point: geometry: "))

        let level = try #require(issues.about("bad-level").first)
        #expect(level.severity == .error && level.location.field == "level_id" && level.message.contains("'nope'"))

        let unclosed = try #require(issues.about("unclosed").first)
        #expect(unclosed.severity == .error && unclosed.message.contains("not closed"))
        #expect(abs(try venue.space("unclosed").polygon.areaSquareMeters - (try venue.space("u0").polygon.areaSquareMeters)) < 0.01)

        #expect(issues.about("bowtie").first?.message.contains("intersects itself") == true)
        #expect(issues.about("nan-coords").first?.message.contains("non-numeric") == true)
        #expect(issues.about("no-category").first?.location.field == "category")

        let multi = try #require(issues.about("multi").first)
        #expect(multi.severity == .warning)
        // The larger part (the full 0.0001° square) was kept.
        #expect(abs(try venue.space("multi").polygon.areaSquareMeters - (try venue.space("u0").polygon.areaSquareMeters)) < 0.01)

        let occupant = try #require(issues.about("occ-dangling").first)
        #expect(occupant.severity == .error && occupant.location.file == "occupant.geojson" && occupant.location.field == "anchor_id")
        #expect(issues.about("am-dangling").contains { $0.message.contains("unknown unit 'nope'") })
        #expect(issues.about("door-polygon").first?.location.file == "opening.geojson")
        #expect(issues.about("rel-bad").first?.location.field == "destination")
        #expect(issues.contains { $0.location.file == "notes.txt" && $0.severity == .warning })

        #expect(venue.pois.map(\.id).sorted() == ["am0", "occ0", "u3"])
        #expect(venue.openings.map(\.id) == ["door-ok"])
        #expect(venue.connectors.map(\.id) == ["stacked-u1"])
    }

    @Test func extensionFileMistakesAreReported() throws {
        let venue = try VenueLoader.load(path: TestPaths.fixture("imdf-extension"))
        let issues = venue.issues
        #expect(issues.contains { $0.severity == .warning && $0.location.field == "colour" })
        #expect(issues.contains { $0.severity == .error && $0.message.contains("unknown POI 'nobody'") })
        #expect(issues.contains { $0.severity == .error && $0.location.featureID == "L9" })
        #expect(issues.contains { $0.severity == .error && $0.location.featureID == "L0" && $0.location.field == "levels.elevation_m" })
        #expect(issues.contains { $0.severity == .error && $0.location.featureID == "ghost" })
        #expect(issues.contains { $0.severity == .error && $0.location.featureID == "nothing" })
        #expect(issues.contains { $0.location.field == "universes[1].id" })
        // What was right still applies.
        #expect(try venue.level("L1").elevationMeters == 5.5)
        #expect(try venue.level("L0").elevationMeters == 0)
        #expect(try venue.poi("SHOP-1").id == "occ0")
        #expect(try venue.space("LIB").id == "u3")
        #expect(try venue.poi("occ0").universes == ["staff"])
        #expect(venue.connectors.first?.transitionTypeID == "staircase")
        #expect(venue.connectors.first?.isAccessible == true)
    }

    @Test func nestedArchiveAndUnsupportedPaths() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: TestPaths.fixture("imdf-minimal"), toPath: folder + "/IMDFData")
        #expect(try VenueLoader.load(path: folder).spaces.count == 4)

        let empty = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        guard case .failure(.unsupportedFormat) = loadResult(empty) else { Issue.record("expected unsupportedFormat"); return }
        guard case .failure(.unsupportedFormat) = loadResult(TestPaths.fixture("imdf-minimal/unit.geojson")) else {
            Issue.record("expected unsupportedFormat for a file"); return
        }
        // Nothing at the path: said as such, not as a file missing from a venue.
        guard case .failure(.noSuchPath(let missing)) = loadResult(folder + "/nothing-here") else {
            Issue.record("expected noSuchPath"); return
        }
        #expect(missing == folder + "/nothing-here")
        #expect(VenueError.noSuchPath(path: "/x").description == "/x: no such folder or archive")
    }

    @Test func wrongTopLevelShapes() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("imdf-minimal"), toPath: folder)
        let cases: [(String, String)] = [
            ("[1, 2, 3]", "expected a GeoJSON FeatureCollection object"),
            (#"{"type": "Feature", "features": []}"#, "expected \"FeatureCollection\""),
            (#"{"type": "FeatureCollection", "features": {"a": 1}}"#, "missing or not an array"),
            (
                #"{"type": "FeatureCollection", "features": [1, null, {"id": 5, "geometry": null, "properties": {"category": "room", "level_id": "L0"}}]}"#,
                ""
            ),
            ("{\"type\": \"FeatureCollection\", \"features\": [NaN]}", "unexpected"),
        ]
        for (text, expected) in cases {
            try text.write(toFile: folder + "/unit.geojson", atomically: true, encoding: .utf8)
            switch loadResult(folder) {
            case .failure(let error):
                #expect(!expected.isEmpty && error.description.contains(expected), "\(text): \(error)")
                #expect(error.description.hasPrefix("unit.geojson"))
            case .success(let venue):
                // Non-object entries and a feature without geometry are skipped with errors.
                #expect(expected.isEmpty, "\(text) loaded")
                #expect(venue.spaces.isEmpty)
                #expect(venue.issues.errors.filter { $0.location.file == "unit.geojson" }.count == 3, "\(venue.issues)")
                #expect(venue.issues.about("5").first?.location.field == "geometry")
            }
        }
    }
}
