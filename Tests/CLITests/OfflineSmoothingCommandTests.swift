import Foundation
import IndoorJSON
import Testing

/// `eval --offline` and `replay --offline`: the smoothed track beside the live one, and nothing offline
/// in the live figures.
@Suite(.serialized) struct OfflineSmoothingCommandTests {
    static let campus = [
        "--venue", "Recordings/venues/campus", "--beacons", "Recordings/simulated/campus-beacons.json",
    ]
    static let walk = "Recordings/simulated/campus-info-to-deans-office.jsonl"
    static let ilcWalk = "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"

    /// `value` without its `offline` members (top level and per file).
    static func withoutOffline(_ value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        members["offline"] = nil
        if case .array(let files)? = members["files"] { members["files"] = .array(files.map(withoutOffline)) }
        return .object(members)
    }

    @Test func evalOfflineAddsItsSections() throws {
        // That the live figures stay the same is IndoorEvaluationTests'; here the sections --offline adds.
        let live = try CLIRunner.run(["eval", Self.ilcWalk, "--json"])
        let both = try CLIRunner.run(["eval", Self.ilcWalk, "--json", "--offline"])
        #expect(live.status == 0 && both.status == 0, "\(live.stderr)\(both.stderr)")
        #expect(live.json?["offline"] == nil)
        let offline = try #require(both.json?["offline"])
        for key in ["meanErrorMeters", "points", "consistency", "againstLive", "failures", "shareBeyondCorridorSigmas"] {
            #expect(offline[key] != nil, "missing \(key)")
        }
        #expect(both.json?["files"]?.array?.first?["offline"]?["meanErrorMeters"]?.double != nil)
    }

    @Test func evalTextReportsOfflineBesideLive() throws {
        let result = try CLIRunner.run(["eval", Self.walk, "--offline"] + Self.campus)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("overall fusion: mean"))
        #expect(result.stdout.contains("overall offline (smoothed): mean"))
        #expect(result.stdout.contains("offline against live: offline mean worse than live on"))
        let live = try CLIRunner.run(["eval", Self.walk] + Self.campus)
        #expect(!live.stdout.contains("offline"))
    }

    @Test func evalTrackOutWritesTheSmoothedTrackOffline() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(
            ["eval", Self.walk, "--offline", "--track-out", folder.path, "--track-format", "csv", "--all-tracks"] + Self.campus)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        let csv = try String(contentsOf: folder.appendingPathComponent(try #require(names.first)), encoding: .utf8)
        let lines = csv.split(separator: "\n")
        let smoothedRows = lines.filter { $0.hasPrefix("smoothed,") }.count
        let fusedRows = lines.filter { $0.hasPrefix("fused,") }.count
        #expect(smoothedRows > 10, "\(lines.prefix(3))")
        #expect(fusedRows > 10)
        // The smoothed track has one point per epoch (the start and one per step), the first track in the file.
        #expect(lines.dropFirst().first?.hasPrefix("smoothed,") == true)
    }

    @Test func replayReportsTheSmoothedTrackBesideTheLiveOne() throws {
        let common = ["replay", "--recording", Self.walk, "--json"] + Self.campus
        let live = try CLIRunner.run(common)
        let both = try CLIRunner.run(common + ["--offline"])
        #expect(live.status == 0 && both.status == 0, "\(live.stderr)\(both.stderr)")
        let liveJSON = try #require(live.json)
        let bothJSON = try #require(both.json)
        #expect(liveJSON["offline"] == nil)
        #expect(Self.withoutOffline(bothJSON) == liveJSON)
        let smoothed = try #require(bothJSON["offline"]?["smoothed"])
        #expect((smoothed["meanErrorMeters"]?.double ?? -1) > 0)
        #expect((bothJSON["offline"]?["points"]?.int ?? 0) > 10)
        #expect(bothJSON["offline"]?["failure"] == .null)
        let text = try CLIRunner.run(["replay", "--recording", Self.walk, "--offline"] + Self.campus)
        #expect(text.stdout.contains("offline (smoothed) error vs ground truth: mean"))
        #expect(text.stdout.contains("fused error vs ground truth: mean"))
    }

    @Test func malformedOfflineFlagsAreUsageErrors() throws {
        // A flag takes no value.
        let valued = try CLIRunner.run(["eval", Self.ilcWalk, "--offline=yes"])
        #expect(valued.status == 64, "\(valued.stderr)")
        let replayValued = try CLIRunner.run(["replay", "--recording", Self.walk, "--offline", "extra"] + Self.campus)
        #expect(replayValued.status == 64, "\(replayValued.stderr)")
        let typo = try CLIRunner.run(["eval", Self.ilcWalk, "--ofline"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("--ofline"))
    }
}
