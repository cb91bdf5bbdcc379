import Foundation
import IndoorJSON
import Testing

@Suite struct VenueCommandTests {
    let campus = "Recordings/venues/campus"

    @Test func inspectJSONHasTheDocumentedKeys() throws {
        let r = try CLIRunner.run(["venue", "inspect", campus, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(r.json)
        for key in ["id", "name", "levels", "spaces", "openings", "pois", "connectors", "graph"] { #expect(json[key] != nil, "\(key)") }
        for key in ["id", "ordinal", "name", "spaces", "openings", "pois"] { #expect(json["levels"]?.array?.first?[key] != nil, "\(key)") }
        for key in ["nodes", "edges", "components", "source"] { #expect(json["graph"]?[key] != nil, "\(key)") }
        // Totals are the sums of the per-level counts.
        let levels = try #require(json["levels"]?.array)
        #expect(levels.reduce(0) { $0 + ($1["spaces"]?.int ?? 0) } == json["spaces"]?.int)
        #expect(levels.reduce(0) { $0 + ($1["openings"]?.int ?? 0) } == json["openings"]?.int)
    }

    @Test func validateExitCodes() throws {
        #expect(try CLIRunner.run(["venue", "validate", campus]).status == 0)
        let dir = try CLIRunner.temporaryDirectory()
        try Data(#"{"version":"1.0.0","language":"en"}"#.utf8).write(to: dir.appendingPathComponent("manifest.json"))
        let missing = try CLIRunner.run(["venue", "validate", dir.path])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("venue.geojson") || missing.stdout.contains("missing"), "\(missing.stdout)")
        let nowhere = try CLIRunner.run(["venue", "validate", "/nonexistent/venue"])
        #expect(nowhere.status == 1)
    }

    @Test func badFlagsAreUsageErrors() throws {
        for args in [
            ["venue", "inspect"], ["venue", "inspect", campus, "--bogus"], ["venue", "at", campus, "--point", "1;2", "--level", "0"],
            ["venue", "at", campus, "--level", "0"], ["venue", "render", campus, "--level", "0", "--labels", "colour"],
            ["venue", "render", campus, "--level", "no-such-level"], ["venue", "frobnicate"], ["teleport"],
        ] {
            let r = try CLIRunner.run(args)
            // An unknown level is a fact about the venue (1); everything else is a usage error (64).
            #expect(r.status == (args.contains("no-such-level") ? 1 : 64), "\(args) → \(r.status)")
            #expect(r.stderr.hasPrefix("indoornav: "), "\(args): \(r.stderr)")
        }
    }

    @Test func renderWritesSVGAndRejectsBadStyles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let svg = dir.appendingPathComponent("level.svg").path
        let r = try CLIRunner.run(["venue", "render", campus, "--level", "lvl-a0", "-o", svg, "--labels", "category"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg") && text.contains("</svg>"))
        #expect(text.contains("\(campus) — level Main building, ground floor (lvl-a0)"), "the title names the file and level")
        #expect(!text.contains("navigation graph"))
        let withGraph = dir.appendingPathComponent("graph.svg").path
        #expect(try CLIRunner.run(["venue", "render", campus, "--level", "lvl-a0", "-o", withGraph, "--draw-graph"]).status == 0)
        #expect(try String(contentsOfFile: withGraph, encoding: .utf8).contains(">navigation graph</text>"))
        let style = dir.appendingPathComponent("style.json").path
        try Data(#"{"space": {"fill": 7}}"#.utf8).write(to: URL(fileURLWithPath: style))
        let bad = try CLIRunner.run(["venue", "render", campus, "--level", "lvl-a0", "-o", svg, "--style", style])
        #expect(bad.status == 1 && bad.stderr.contains("space.fill"))
    }

    @Test func graphExportIsNodeEdgeGeoJSON() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("graph.geojson").path
        let r = try CLIRunner.run(["venue", "graph", campus, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONParser().parse(try Data(contentsOf: URL(fileURLWithPath: out))).value
        let features = try #require(json["features"]?.array)
        let inspect = try #require(try CLIRunner.run(["venue", "inspect", campus, "--json"]).json)
        let points = features.filter { $0["geometry"]?["type"] == "Point" }.count
        let lines = features.filter { $0["geometry"]?["type"] == "LineString" }.count
        #expect(points == inspect["graph"]?["nodes"]?.int)
        #expect(lines == inspect["graph"]?["edges"]?.int)
        // Every edge names its level; edges between levels also the other one. At most 7 decimals.
        let edges = features.filter { $0["geometry"]?["type"] == "LineString" }
        #expect(edges.allSatisfy { $0["properties"]?["level_id"]?.string != nil })
        #expect(edges.contains { $0["properties"]?["to_level_id"]?.string != nil }, "the campus has stairs and lifts")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.range(of: #"\.\d{8,}"#, options: .regularExpression) == nil, "no coordinate with 8 or more decimals")
    }
}
