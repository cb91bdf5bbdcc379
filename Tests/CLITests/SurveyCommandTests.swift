import Foundation
import IndoorJSON
import Testing

/// `indoornav survey` and `eval --radio-map / --cross-validate` on the bundled ILC walk and malformed inputs.
@Suite(.serialized) struct SurveyCommandTests {
    static let walk = CLIRunner.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt")

    @Test func surveyWritesAVersionedRadioMap() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let map = folder.appendingPathComponent("map.json")
        let result = try CLIRunner.run(["survey", Self.walk.path, "-o", map.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(result.json)
        #expect(summary["walks"]?.int == 1)
        let written = try JSONParser().parse(try Data(contentsOf: map)).value
        #expect(written["format"]?.string == "indoornav-radio-map")
        #expect(written["version"]?.int == 1)
        let fingerprints = try #require(written["fingerprints"]?.array)
        #expect(fingerprints.count == summary["fingerprints"]?.int)
        // 29.5 s of walking with a Wi-Fi scan about every 2 s.
        #expect((8...30).contains(fingerprints.count), "\(fingerprints.count) fingerprints")
        #expect((written["levels"]?.array ?? []) == [["floorName": "B1"]])
        // The walk's truth legs (for walked directions), one list per walk, counted in the summary.
        let legs = try #require(written["walkLegs"]?.array)
        #expect(legs.count == 1)
        let walkLegs = legs[0].array ?? []
        #expect(!walkLegs.isEmpty)
        #expect(walkLegs.count == summary["walkLegs"]?.int)
        #expect(walkLegs.allSatisfy { $0.array?.count == 3 && $0.array?[0].int == 0 && ($0.array?[2].double ?? 0) >= 2 })
    }

    @Test func surveyWithoutGroundTruthFailsAndWritesNothing() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let text = try String(contentsOf: Self.walk, encoding: .utf8)
        let noTruth = folder.appendingPathComponent("no-truth.txt")
        try text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("TYPE_WAYPOINT") }
            .joined(separator: "\n").write(to: noTruth, atomically: true, encoding: .utf8)
        let map = folder.appendingPathComponent("map.json")
        let result = try CLIRunner.run(["survey", noTruth.path, "-o", map.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no-truth.txt: no ground truth"))
        #expect(result.stderr.contains("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: map.path))
    }

    @Test func surveyRefusesToOverwriteItsInputAndNeedsAnOutput() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let copy = folder.appendingPathComponent("walk.txt")
        try FileManager.default.copyItem(at: Self.walk, to: copy)
        let link = folder.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: copy)
        let before = try Data(contentsOf: copy)
        for output in [copy.path, link.path] {
            let result = try CLIRunner.run(["survey", copy.path, "-o", output])
            #expect(result.status != 0)
            #expect(result.stderr.contains("is also an input"))
        }
        #expect(try Data(contentsOf: copy) == before)
        let noOutput = try CLIRunner.run(["survey", copy.path])
        #expect(noOutput.status != 0)
        #expect(noOutput.stderr.contains("missing -o"))
        let badOption = try CLIRunner.run([
            "survey", copy.path, "-o", folder.appendingPathComponent("m.json").path,
            "--fingerprint-option", "neighbourCount=0",
        ])
        #expect(badOption.status != 0)
        #expect(badOption.stderr.contains("neighbourCount"))
    }

    @Test func evalFusesARadioMapAndReportsItsFixes() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let map = folder.appendingPathComponent("map.json")
        #expect(try CLIRunner.run(["survey", Self.walk.path, "-o", map.path]).status == 0)
        let result = try CLIRunner.run(["eval", Self.walk.path, "--radio-map", map.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json)
        // Scored against a map made from the same walk, the fixes are close (not a result, a wiring check).
        let fixes = try #require(json["providers"]?["fingerprint"])
        #expect((fixes["points"]?.int ?? 0) > 0)
        #expect((fixes["medianErrorMeters"]?.double ?? 99) < 6)
    }

    @Test func crossValidationNeedsTwoGroupsAndBadMapsAreReported() throws {
        let folder = try CLIRunner.temporaryDirectory()
        for name in ["walk_repetition01.txt", "walk_repetition02.txt"] {
            try FileManager.default.copyItem(at: Self.walk, to: folder.appendingPathComponent(name))
        }
        // Two repetitions of one walk are one group: no fold can be scored against the other.
        let oneGroup = try CLIRunner.run(["eval", folder.path, "--cross-validate", "2"])
        #expect(oneGroup.status != 0)
        #expect(oneGroup.stderr.contains("cross-validat"))
        try FileManager.default.copyItem(at: Self.walk, to: folder.appendingPathComponent("other.txt"))
        let twoGroups = try CLIRunner.run(["eval", folder.path, "--cross-validate", "2", "--json"])
        #expect(twoGroups.status == 0, "\(twoGroups.stderr)")
        let folds = try #require(twoGroups.json?["files"]?.array).compactMap { $0["fold"]?.int }
        #expect(Set(folds) == [0, 1])
        let truncated = folder.appendingPathComponent("cut.json")
        try Data("{\"format\": \"indoornav-radio-map\",\n\"version\": 1,\n\"transmitters\": [".utf8).write(to: truncated)
        let bad = try CLIRunner.run(["eval", Self.walk.path, "--radio-map", truncated.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("cut.json:3"))
        let badFlag = try CLIRunner.run(["eval", Self.walk.path, "--fingerprint-option", "noSuchThing=1"])
        #expect(badFlag.status != 0)
        #expect(badFlag.stderr.contains("expected NAME=VALUE"))
    }
}

/// `indoornav eval --navigate`: navigation along a route through the walk's own ground truth.
@Suite(.serialized) struct EvalNavigateTests {
    @Test func simulatedCampusWalkIsNavigatedToItsEnd() throws {
        let result = try CLIRunner.run([
            "eval", "Recordings/simulated/campus-info-to-deans-office.jsonl", "--venue", "Recordings/venues/campus",
            "--beacons", "Recordings/simulated/campus-beacons.json", "--navigate", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let navigation = try #require(result.json?["navigation"])
        #expect(navigation["walks"]?.int == 1)
        #expect(navigation["notPlanned"]?.int == 0)
        #expect(navigation["arrived"]?.int == 1)
        // Every off-route verdict is false here (the walker followed the route); each is followed by one reroute.
        #expect(navigation["falseOffRouteEvents"]?.int == navigation["reroutes"]?.int)
        #expect(result.json?["files"]?.array?.first?["navigation"]?["walks"]?.int == 1)
    }

    @Test func navigateNeedsAVenue() throws {
        let result = try CLIRunner.run(["eval", "Recordings/samples/ilc-site1-B1-5ddb8a08.txt", "--navigate"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--navigate needs --venue"))
    }
}

/// `indoornav eval --manual FILE`: manual fixes through the manual provider.
@Suite(.serialized) struct EvalManualTests {
    static let walk = "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"

    @Test func fixesAtTheTruthPullTheTrackOntoIt() throws {
        let without = try CLIRunner.run(["eval", Self.walk, "--json"])
        let with = try CLIRunner.run(["eval", Self.walk, "--manual", Self.walk, "--manual-sigma", "1", "--json"])
        #expect(without.status == 0 && with.status == 0, "\(without.stderr)\(with.stderr)")
        let before = try #require(without.json?["meanErrorMeters"]?.double)
        let after = try #require(with.json?["meanErrorMeters"]?.double)
        // Fixes at the very points that are scored, 1 m one-sigma: the track is pulled to within about it.
        #expect(after < 1.5, "with manual fixes \(after) m")
        #expect(after < before)
        #expect(with.json?["files"]?.array?.first?["fusion"]?["acceptedFixesBySource"]?["manual"]?.int == 9)
    }

    @Test func badManualFilesAreReportedAsSuch() throws {
        let notRecording = try CLIRunner.run(["eval", Self.walk, "--manual", "Recordings/simulated/campus-beacons.json"])
        #expect(notRecording.status == 1)
        #expect(notRecording.stderr.contains("--manual Recordings/simulated/campus-beacons.json: not a recording"))
        let folder = try CLIRunner.temporaryDirectory()
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(Self.walk), encoding: .utf8)
        let noTruth = folder.appendingPathComponent("no-truth.txt")
        try text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("TYPE_WAYPOINT") }
            .joined(separator: "\n").write(to: noTruth, atomically: true, encoding: .utf8)
        let empty = try CLIRunner.run(["eval", Self.walk, "--manual", noTruth.path])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no fix lines"))
        #expect(try CLIRunner.run(["eval", Self.walk, "--manual", Self.walk, "--manual-sigma", "0"]).status != 0)
    }
}

/// `CMD --help` and `indoornav help CMD` for every command.
@Suite struct HelpTests {
    static let commands = [
        "venue", "import", "bench", "route", "scenarios", "eval-providers", "eval", "beacons", "simulate",
        "replay", "serve", "survey", "view",
    ]

    @Test(arguments: commands) func everyCommandExplainsItself(_ name: String) throws {
        let flag = try CLIRunner.run([name, "--help"])
        #expect(flag.status == 0, "\(name): \(flag.stderr)")
        #expect(
            flag.stdout.hasPrefix("usage: indoornav \(name)") || flag.stdout.contains("usage: indoornav \(name) "),
            "\(name): \(flag.stdout)")
        let viaHelp = try CLIRunner.run(["help", name])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == flag.stdout)
    }

    @Test func helpForAnUnknownCommandIsAnError() throws {
        let r = try CLIRunner.run(["help", "frobnicate"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("unknown command 'frobnicate'"))
    }
}

/// `indoornav bench fusion --radio-map`: the map is read once, a bad one is named.
@Suite struct FusionBenchRadioMapTests {
    @Test func aRadioMapIsMatchedAndABadOneIsAnError() throws {
        let walk = "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"
        let folder = try CLIRunner.temporaryDirectory()
        let map = folder.appendingPathComponent("map.json").path
        #expect(try CLIRunner.run(["survey", walk, "-o", map]).status == 0)
        let ok = try CLIRunner.run(["bench", "fusion", walk, "--radio-map", map, "--repeat", "1", "--filter-steps", "1000", "--json"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect((ok.json?["acceptedFixesBySource"]?["fingerprint"]?.int ?? 0) > 0)
        let badOption = try CLIRunner.run(["bench", "fusion", walk, "--radio-map", map, "--fingerprint-option", "priorCandidateCount=-3"])
        #expect(badOption.status == 64, "\(badOption.stderr)")
        #expect(badOption.stderr.contains("--fingerprint-option") && badOption.stderr.contains("priorCandidateCount"))
        let missing = try CLIRunner.run(["bench", "fusion", walk, "--radio-map", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.json: cannot read the radio map"))
    }
}
