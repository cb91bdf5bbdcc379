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
        // [level, heading°, length, middle x, middle y]: the middle is finite.
        #expect(
            walkLegs.allSatisfy {
                $0.array?.count == 5 && $0.array?[0].int == 0 && ($0.array?[2].double ?? 0) >= 2 && ($0.array?[3].double?.isFinite ?? false)
                    && ($0.array?[4].double?.isFinite ?? false)
            })
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

    @Test func blockedCrossValidationFlagsAndReport() throws {
        // Two copies of one walk in two groups (what blocking removes is IndoorEvaluationTests'; here the flags).
        let folder = try CLIRunner.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.walk, to: folder.appendingPathComponent("walk.txt"))
        try FileManager.default.copyItem(at: Self.walk, to: folder.appendingPathComponent("other.txt"))
        let ordinary = try CLIRunner.run(["eval", folder.path, "--cross-validate", "2", "--json"])
        #expect(ordinary.status == 0, "\(ordinary.stderr)")
        #expect((ordinary.json?["providers"]?["fingerprint"]?["points"]?.int ?? 0) > 0)
        let blocked = try CLIRunner.run(["eval", folder.path, "--cross-validate", "2", "--exclude-radius", "10", "--json"])
        #expect(blocked.status == 0, "\(blocked.stderr)")
        let json = try #require(blocked.json)
        #expect(json["providers"]?["fingerprint"] == nil)
        for file in json["files"]?.array ?? [] {
            #expect(file["fusion"]?["acceptedFixesBySource"]?["fingerprint"] == nil)
        }
        #expect(json["consistency"] != nil && json["againstDeadReckoning"] != nil)
        let text = try CLIRunner.run(["eval", folder.path, "--cross-validate", "2", "--exclude-radius", "10"])
        #expect(text.stdout.contains("overall fusion consistency: within 1σ"))
        #expect(text.stdout.contains("(Gaussian 39.3 %)"))
        #expect(text.stdout.contains("against dead reckoning: fused mean ≤ pdr mean on"))
        // The radius needs a map to remove places from, and a positive number.
        let noMap = try CLIRunner.run(["eval", folder.path, "--exclude-radius", "10"])
        #expect(noMap.status == 64)
        #expect(noMap.stderr.contains("--exclude-radius needs --cross-validate or --radio-map"))
        for bad in ["0", "-3", "nan", "ten"] {
            #expect(try CLIRunner.run(["eval", folder.path, "--cross-validate", "2", "--exclude-radius", bad]).status == 64, "\(bad)")
        }
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
        #expect(badFlag.stderr.contains("--fingerprint-option: fingerprint configuration: no setting 'noSuchThing'; known: "))
        // The signal model: accepted and scored; its tunables validated by name.
        let modelled = try CLIRunner.run([
            "eval", folder.path, "--cross-validate", "2", "--fingerprint-option", "signalModel=1", "--json",
        ])
        #expect(modelled.status == 0, "\(modelled.stderr)")
        #expect(modelled.json?["meanErrorMeters"]?.double != nil)
        let evenGrid = try CLIRunner.run([
            "eval", folder.path, "--cross-validate", "2", "--fingerprint-option", "signalModel=1",
            "--fingerprint-option", "neighbourhoodCells=4",
        ])
        #expect(evenGrid.status != 0)
        #expect(evenGrid.stderr.contains("neighbourhoodCells"))
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
        // The figures are IndoorEvaluationTests'; here the shape: pooled and per file.
        #expect(navigation["walks"]?.int == 1)
        for key in ["falseOffRouteEvents", "reroutes", "arrived", "earlyArrivals", "stoodAtEnd", "notPlanned", "notArrived"] {
            #expect(navigation[key] != nil, "missing \(key)")
        }
        #expect(result.json?["files"]?.array?.first?["navigation"]?["walks"]?.int == 1)
        let text = try CLIRunner.run([
            "eval", "Recordings/simulated/campus-info-to-deans-office.jsonl", "--venue", "Recordings/venues/campus", "--navigate",
        ])
        #expect(text.stdout.contains("navigation: 1 walk(s): "))
    }

    @Test func navigationOptionsAreCheckedAndUsed() throws {
        let walk = "Recordings/simulated/campus-info-to-deans-office.jsonl"
        let base = ["eval", walk, "--venue", "Recordings/venues/campus", "--navigate"]
        let unknown = try CLIRunner.run(base + ["--navigation-option", "radius=3"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("--navigation-option: navigation configuration: no setting 'radius'; known: "))
        #expect(unknown.stderr.contains("arrivalStationarySeconds"))
        let notANumber = try CLIRunner.run(base + ["--navigation-option", "arrivalRadiusMeters=near"])
        #expect(notANumber.status == 64)
        #expect(notANumber.stderr.contains("'near' is not a number"))
        let outOfRange = try CLIRunner.run(base + ["--navigation-option", "arrivalRadiusMeters=0.5"])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.stderr.contains("arrivalRadiusMeters"))
        let fractional = try CLIRunner.run(base + ["--navigation-option", "arrivalMinimumFixes=1.5"])
        #expect(fractional.status == 64)
        #expect(fractional.stderr.contains("arrivalMinimumFixes") && fractional.stderr.contains("whole number"))
        let withoutNavigate = try CLIRunner.run([
            "eval", walk, "--venue", "Recordings/venues/campus", "--navigation-option", "arrivalRadiusMeters=8",
        ])
        #expect(withoutNavigate.status == 64)
        #expect(withoutNavigate.stderr.contains("--navigation-option needs --navigate"))
        // The walk arrives with the defaults, on time; no fix is accurate to 1 m, so with that limit it cannot.
        let standard = try CLIRunner.run(base + ["--json"])
        let strict = try CLIRunner.run(base + ["--navigation-option", "arrivalMaximumAccuracyMeters=1", "--json"])
        #expect(standard.status == 0 && strict.status == 0, "\(strict.stderr)")
        #expect(standard.json?["navigation"]?["arrived"]?.int == 1)
        #expect(standard.json?["navigation"]?["earlyArrivals"]?.int == 0)
        #expect(strict.json?["navigation"]?["arrived"]?.int == 0)
        #expect(strict.json?["navigation"]?["notArrived"]?.array?.count == 1)
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

    @Test func manualFixesReachTheFusion() throws {
        let without = try CLIRunner.run(["eval", Self.walk, "--json"])
        let with = try CLIRunner.run(["eval", Self.walk, "--manual", Self.walk, "--manual-sigma", "1", "--json"])
        #expect(without.status == 0 && with.status == 0, "\(without.stderr)\(with.stderr)")
        // What the fixes do to the track is IndoorEvaluationTests'; here that --manual reaches the fusion.
        #expect(without.json?["files"]?.array?.first?["fusion"]?["acceptedFixesBySource"]?["manual"] == nil)
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
