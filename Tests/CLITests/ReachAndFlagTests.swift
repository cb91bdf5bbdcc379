import Foundation
import IndoorJSON
import Testing

/// `indoornav bench reach` and the route flags that must add up or be given once.
@Suite struct ReachAndFlagTests {
    let campus = "Recordings/venues/campus"

    @Test func benchReachReportsPairsAndUnreachableUnits() throws {
        let r = try CLIRunner.run([
            "bench", "reach", "Tests/IndoorVenueTests/Fixtures/messy-tall-stair", "--pairs", "40", "--seed", "3", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(r.json)
        #expect(json["pairs"]?.double == 40)
        #expect(json["routable"]?.double == 40)
        #expect(json["routableFraction"]?.double == 1)
        #expect(json["unreachableUnits"]?.array?.isEmpty == true)
        // Ground floor and top floor: corridor, rooms and stairs (10 each); mezzanine: gallery, stair, reading room.
        #expect(json["unitsWithOpenings"]?.double == 23)
        let bad = try CLIRunner.run(["bench", "reach", campus, "--scope", "planet"])
        #expect(bad.status == 64 && bad.stderr.contains("--scope"))
    }

    /// `--scope level` draws both units of a pair on one level and reports every level and the venue;
    /// `--check-joins` routes every pair the geometry joins (the fixture's walkways touch without doors).
    @Test func benchReachPerLevelAndTheJoinCheck() throws {
        let r = try CLIRunner.run([
            "bench", "reach", "Tests/IndoorVenueTests/Fixtures/messy-touching-walkways", "--pairs", "60", "--scope", "level",
            "--check-joins", "--json", "--jobs", "2",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(r.json)
        #expect(json["scope"]?.string == "level" && json["graphUsed"]?.string == "derived")
        let levels = try #require(json["byLevel"]?.array)
        #expect(!levels.isEmpty)
        #expect(levels.reduce(0) { $0 + ($1["pairs"]?.int ?? 0) } == 60)
        #expect(levels.allSatisfy { $0["routableFraction"]?.double == 1 })
        let joins = try #require(json["joinCheck"])
        #expect((joins["touchingJoins"]?.int ?? 0) > 0 && (joins["pairs"]?.int ?? 0) > 0)
        #expect(joins["routedFraction"]?.double == 1)
        #expect(joins["levels"]?.array?.allSatisfy { $0["missedPairs"]?.array?.isEmpty == true } == true)
        // The same check with one job gives the same JSON apart from the timings.
        let one = try CLIRunner.run([
            "bench", "reach", "Tests/IndoorVenueTests/Fixtures/messy-touching-walkways", "--pairs", "60", "--scope", "level",
            "--check-joins", "--json", "--jobs", "1",
        ])
        #expect(one.json?["joinCheck"] == joins)
        let text = try CLIRunner.run([
            "bench", "reach", "Tests/IndoorVenueTests/Fixtures/messy-touching-walkways", "--pairs", "20", "--check-joins",
        ])
        #expect(text.status == 0 && text.stdout.contains("per level") && text.stdout.contains("joins from the geometry"), "\(text.stdout)")
        let bad = try CLIRunner.run(["bench", "reach", campus, "--scope", "floor"])
        #expect(bad.status == 64 && bad.stderr.contains("venue, building or level"), "\(bad.stderr)")
        let flagValue = try CLIRunner.run(["bench", "reach", campus, "--check-joins=yes"])
        #expect(flagValue.status == 64, "\(flagValue.stderr)")
    }

    @Test func repeatedAvoidFlagsAddUp() throws {
        let base = ["route", campus, "--from", "am-info", "--to", "occ-deans-office", "--format", "json"]
        let both = try CLIRunner.run(base + ["--avoid", "stairs,escalator"])
        let repeated = try CLIRunner.run(base + ["--avoid", "stairs", "--avoid", "escalator"])
        #expect(both.status == 0 && repeated.status == 0, "\(repeated.stderr)")
        #expect(both.stdout == repeated.stdout)
        let kinds = (repeated.json?["sections"]?.array ?? []).flatMap { $0["maneuvers"]?.array ?? [] }
            .compactMap { $0["levelChange"]?["connector"]?.string }
        #expect(!kinds.isEmpty && !kinds.contains("stairs") && !kinds.contains("escalator"))
    }

    @Test func aRepeatedSingleValueFlagIsAnError() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab", "--mode", "accessible", "--mode", "default"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--mode given 2 times"))
    }

    @Test func coordinateErrorsNameTheProblem() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "nan,1@lvl-a0", "--to", "occ-lab"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--from") && r.stderr.contains("not a finite number"), "\(r.stderr)")
    }
}

/// `indoornav venue validate` says which units with openings routes cannot reach, and why.
@Suite struct ValidateReachabilityTests {
    @Test func everyUnitOfTheFixtureIsReachable() throws {
        let r = try CLIRunner.run(["venue", "validate", "Tests/IndoorVenueTests/Fixtures/messy-openings", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(r.json)
        // The corridor and ten rooms, each with a door.
        #expect(json["unitsWithOpenings"]?.double == 11)
        #expect(json["reachableUnits"]?.double == 11)
    }

    @Test func aDoorMovedIntoTheRoomLeavesItUnreachableWithAReason() throws {
        let source = "Tests/IndoorVenueTests/Fixtures/messy-openings"
        let copy = try CLIRunner.temporaryDirectory().appendingPathComponent("venue").path
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        // Move door-s0 3.5 m south, from the corridor into south room 0 (degrees at the equator).
        let file = copy + "/opening.geojson"
        var collection = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var features = try #require(collection["features"] as? [[String: Any]])
        let k = try #require(features.firstIndex { $0["id"] as? String == "door-s0" })
        var geometry = try #require(features[k]["geometry"] as? [String: Any])
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        geometry["coordinates"] = coordinates.map { [$0[0], $0[1] - 3.5 / 111319.49] }
        features[k]["geometry"] = geometry
        collection["features"] = features
        try JSONSerialization.data(withJSONObject: collection).write(to: URL(fileURLWithPath: file))

        let r = try CLIRunner.run(["venue", "validate", copy])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("room-s0: reachability: its 1 opening(s) lead into no other unit"), "\(r.stderr)")
        #expect(r.stderr.contains("10 of 11 units with openings reachable"), "\(r.stderr)")
    }
}

/// Places by name on the command line, through the venue's place search.
@Suite struct RouteByNameTests {
    let campus = "Recordings/venues/campus"

    @Test func namesResolveAndAmbiguousNamesListTheCandidates() throws {
        let byName = try CLIRunner.run(["route", campus, "--from", "information desk", "--to", "Dekanat", "--format", "json"])
        let byID = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-deans-office", "--format", "json"])
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(byName.json?["lengthMeters"] == byID.json?["lengthMeters"])
        // Two amenities are called "Restrooms".
        let ambiguous = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "Restrooms"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("am-restroom-a2") && ambiguous.stderr.contains("am-restroom-b0"), "\(ambiguous.stderr)")
    }
}

/// `--graph derived|authored|FILE|DIR` wherever a venue is loaded.
@Suite struct GraphChoiceTests {
    @Test func anExportedGraphFileRoutesLikeTheGraphItCameFrom() throws {
        let venue = "Tests/IndoorVenueTests/Fixtures/messy-two-buildings"
        let dir = try CLIRunner.temporaryDirectory()
        let file = dir.appendingPathComponent("graph.geojson").path
        let export = try CLIRunner.run(["venue", "graph", venue, "--graph", "derived", "-o", file])
        #expect(export.status == 0, "\(export.stderr)")
        let route = ["route", venue, "--from", "A1-room-n1", "--to", "B0-room-n2", "--format", "json"]
        let derived = try CLIRunner.run(route + ["--graph", "derived"])
        let fromFile = try CLIRunner.run(route + ["--graph", file])
        let fromDir = try CLIRunner.run(route + ["--graph", dir.path])
        #expect(derived.status == 0 && fromFile.status == 0 && fromDir.status == 0, "\(fromFile.stderr) \(fromDir.stderr)")
        let length = try #require(derived.json?["lengthMeters"]?.double)
        // The export rounds coordinates; lengths agree to a centimetre.
        #expect(abs((fromFile.json?["lengthMeters"]?.double ?? 0) - length) < 0.01)
        #expect(abs((fromDir.json?["lengthMeters"]?.double ?? 0) - length) < 0.01)
        let inspect = try CLIRunner.run(["venue", "inspect", venue, "--graph", "derived", "--json"])
        #expect(inspect.status == 0)
    }

    /// `--graph DIR` with a `node.geojson` + `edge.geojson` pair loads the pair and says so; a folder
    /// with half a pair or no graph is an error naming what is missing.
    @Test func aGraphFolderWithANodeEdgePair() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = "Tests/IndoorVenueTests/Fixtures/imdf-node-edge/"
        let venue = "Tests/IndoorVenueTests/Fixtures/imdf-minimal"
        let empty = try CLIRunner.run(["venue", "inspect", venue, "--graph", dir.path])
        #expect(empty.status == 1 && empty.stderr.contains("holds no navPath.geojson"), "\(empty.stderr)")
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent(fixture + "edge.geojson"), to: dir.appendingPathComponent("edge.geojson"))
        let half = try CLIRunner.run(["venue", "inspect", venue, "--graph", dir.path])
        #expect(half.status == 1 && half.stderr.contains("node.geojson: required file is missing"), "\(half.stderr)")
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent(fixture + "node.geojson"), to: dir.appendingPathComponent("node.geojson"))
        let pair = try CLIRunner.run(["venue", "inspect", venue, "--graph", dir.path, "--json"])
        #expect(pair.status == 0, "\(pair.stderr)")
        let graph = try #require(pair.json?["graph"])
        #expect(graph["source"]?.string == "authored" && graph["nodes"]?.int == 4 && graph["edges"]?.int == 3)
        #expect(graph["files"]?.array?.compactMap(\.string).map { ($0 as NSString).lastPathComponent } == ["node.geojson", "edge.geojson"])
        // What was not understood in the pair: the fixture's unread properties.
        let issueValues = try #require(graph["issues"]?.array)
        let issues = issueValues.compactMap(\.string)
        #expect(issues.count == 2 && issues.allSatisfy { $0.contains("property not understood") }, "\(issues)")
        let text = try CLIRunner.run(["venue", "inspect", venue, "--graph", dir.path])
        #expect(text.stdout.contains("graph (authored from ") && text.stdout.contains("edge.geojson): 4 nodes"), "\(text.stdout)")
    }
}
