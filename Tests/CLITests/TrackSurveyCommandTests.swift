import Foundation
import IndoorJSON
import Testing

/// `indoornav survey --from-tracks` and `eval --self-survey` on the bundled simulated campus walk (its
/// truth known) and malformed inputs.
@Suite(.serialized) struct TrackSurveyCommandTests {
    static let root = CLIRunner.packageRoot
    static let walk = root.appendingPathComponent("Recordings/simulated/campus-info-to-deans-office.jsonl")
    static let venue = root.appendingPathComponent("Recordings/venues/campus")
    static let beacons = root.appendingPathComponent("Recordings/simulated/campus-beacons.json")
    static let ilcWalk = root.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt")

    @Test func fromTracksWritesAMapAndSaysHowItWasPlaced() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let map = folder.appendingPathComponent("map.json")
        let result = try CLIRunner.run([
            "survey", "--from-tracks", Self.walk.path, "--venue", Self.venue.path, "--beacons", Self.beacons.path, "-o", map.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(result.json)
        let report = try #require(summary["fromTracks"])
        #expect(report["start"]?.string?.contains("first ground-truth point") == true)
        #expect(report["trackWalks"]?.int == 1)
        #expect((report["placementMedianMeters"]?.double ?? 99) <= 1.0)
        #expect((report["placementP90Meters"]?.double ?? 99) <= 2.0)
        // Where the scans are placed is IndoorEvaluationTests'; here the map file and the summary.
        let written = try JSONParser().parse(try Data(contentsOf: map)).value
        #expect((written["fingerprints"]?.array?.count ?? 0) == summary["fingerprints"]?.int)
        // The text summary states the start and the comparison.
        let text = try CLIRunner.run([
            "survey", "--from-tracks", Self.walk.path, "--venue", Self.venue.path, "--beacons", Self.beacons.path,
            "-o", folder.appendingPathComponent("text.json").path,
        ])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("each started at its first ground-truth point"))
        #expect(text.stdout.contains("placed scans against the truth (report only): median"))
    }

    @Test func trackSigmaIsReported() throws {
        // What a tighter sigma leaves out is IndoorEvaluationTests'; here that --track-sigma reaches the survey.
        let folder = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run([
            "survey", "--from-tracks", Self.walk.path, "--venue", Self.venue.path, "-o", folder.appendingPathComponent("m.json").path,
            "--json", "--track-sigma", "2",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["fromTracks"]?["maximumSigmaMeters"]?.double == 2)
        // The smoothed track is wider than 2 m in places (its covariance carries the particles' spread).
        #expect((result.json?["fromTracks"]?["scansTooUncertain"]?.int ?? 0) > 0)
    }

    /// `survey --from-tracks` of a copy of the walk named `name` without the lines of sample type `type`.
    static func surveyWithout(_ type: String, name: String) throws -> (result: CLIRunner.Result, map: URL) {
        let folder = try CLIRunner.temporaryDirectory()
        let text = try String(contentsOf: walk, encoding: .utf8)
        let copy = folder.appendingPathComponent(name)
        try text.split(separator: "\n").filter { !$0.contains("\"type\":\"\(type)\"") }.joined(separator: "\n")
            .write(to: copy, atomically: true, encoding: .utf8)
        let map = folder.appendingPathComponent("map.json")
        return (try CLIRunner.run(["survey", "--from-tracks", copy.path, "--venue", venue.path, "-o", map.path]), map)
    }

    @Test func aWalkWithoutAStartPointIsSkipped() throws {
        let (result, map) = try Self.surveyWithout("truth", name: "no-start.jsonl")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no-start.jsonl: no start point"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: map.path))
    }

    @Test func aWalkWithoutScansWritesNothing() throws {
        let (result, map) = try Self.surveyWithout("ble", name: "no-scans.jsonl")
        #expect(result.status == 1)
        #expect(result.stderr.contains("no walk with a start point, a smoothed track and Wi-Fi or beacon scans"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: map.path))
    }

    @Test func malformedTrackFlagsAreRefused() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let map = folder.appendingPathComponent("map.json").path
        let cases: [([String], String)] = [
            (["survey", "--from-tracks", Self.walk.path, "-o", map, "--track-sigma", "0"], "--track-sigma"),
            (["survey", "--from-tracks", Self.walk.path, "-o", map, "--track-sigma", "abc"], "not a number"),
            (["survey", "--from-tracks", Self.walk.path, "-o", map, "--track-sigma", "nan"], "--track-sigma"),
            (["survey", "--from-tracks", Self.walk.path, "-o", map, "--track-sigma"], "--track-sigma"),
            (["survey", Self.walk.path, "-o", map, "--track-sigma", "3"], "--track-sigma needs --from-tracks"),
            (["survey", Self.walk.path, "-o", map, "--surveyed", Self.ilcWalk.path], "--surveyed needs --from-tracks"),
            (["eval", Self.walk.path, "--self-survey"], "--self-survey needs --cross-validate"),
            (["eval", Self.walk.path, "--cross-validate", "2", "--self-survey", "--radio-map", map], "cannot be given with --radio-map"),
            (["eval", Self.walk.path, "--track-sigma", "3"], "--track-sigma needs --self-survey"),
            (["eval", Self.walk.path, "--cross-validate", "2", "--self-survey", "--track-sigma", "-1"], "--track-sigma"),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: map))
    }

    @Test func trackWalksMergeWithSurveyedWalks() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let map = folder.appendingPathComponent("map.json")
        let deviation = Self.root.appendingPathComponent("Recordings/simulated/campus-deviation.jsonl")
        let result = try CLIRunner.run([
            "survey", "--from-tracks", Self.walk.path, "--surveyed", deviation.path, "--venue", Self.venue.path, "--beacons",
            Self.beacons.path,
            "-o", map.path, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(result.json)
        #expect(summary["walks"]?.int == 2)
        #expect(summary["fromTracks"]?["trackWalks"]?.int == 1)
        let written = try JSONParser().parse(try Data(contentsOf: map)).value
        let walks = try #require(written["walks"]?.array)
        #expect(walks.compactMap(\.string) == ["campus-deviation", "campus-info-to-deans-office"])
    }

    @Test func evalSelfSurveyScoresEachFoldWithATrackSurveyedMap() throws {
        let deviation = Self.root.appendingPathComponent("Recordings/simulated/campus-deviation.jsonl")
        let result = try CLIRunner.run([
            "eval", Self.walk.path, deviation.path, "--venue", Self.venue.path, "--beacons", Self.beacons.path, "--cross-validate", "2",
            "--self-survey", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.json)
        #expect(report["points"]?.int ?? 0 > 0)
        #expect(report["providers"]?["fingerprint"] != nil, "the folds' maps gave fingerprint fixes")
        #expect((report["meanErrorMeters"]?.double ?? 99) < 5)
    }
}
