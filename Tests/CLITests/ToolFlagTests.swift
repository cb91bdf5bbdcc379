import Foundation
import IndoorJSON
import Testing

/// Malformed flags and inputs of the remaining commands: each is a clear error naming the flag or file on
/// standard error, never a crash: usage errors exit 64, unreadable or unusable files 1, places not found 2.
@Suite struct ToolFlagTests {
    @Test func badInputIsAUsageError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let empty = dir.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let cases: [([String], String, Int32)] = [
            (["import", "ilc"], "FILE", 64),
            (["import", "teleport", empty, "-o", dir.appendingPathComponent("x.jsonl").path], "teleport", 64),
            (["import", "ilc", "/nonexistent/path.txt", "-o", dir.appendingPathComponent("x.jsonl").path], "nonexistent", 1),
            (["import", "ilc", empty, "-o", dir.appendingPathComponent("x.jsonl").path], "empty", 1),
            (["eval-providers"], "", 64),
            (["eval-providers", "/nonexistent"], "nonexistent", 1),
            (["scenarios", "--seeds", "0"], "--seeds", 64),
            (["scenarios", "--seeds", "many"], "--seeds", 64),
            (
                [
                    "simulate", "Recordings/venues/campus", "--from", "am-info", "--to", "occ-deans-office", "--seed", "1",
                    "-o", dir.appendingPathComponent("s.jsonl").path, "--duration-seconds", "-5",
                ], "duration", 64
            ),
            (
                [
                    "simulate", "Recordings/venues/campus", "--from", "am-info", "--to", "occ-deans-office", "--seed", "1",
                    "-o", dir.appendingPathComponent("s.jsonl").path, "--ble-rate-hz", "50",
                ], "--ble-rate-hz: 50 is outside 0.1...20", 64
            ),
            (
                [
                    "simulate", "Recordings/venues/campus", "--from", "nowhere", "--to", "occ-deans-office", "--seed", "1",
                    "-o", dir.appendingPathComponent("s.jsonl").path,
                ], "nowhere", 2
            ),
            (["eval", "Recordings/simulated", "--smoothing-option", "particleLagSteps=5"], "--smoothing-option needs --offline", 64),
            (["eval", "Recordings/simulated", "--offline", "--smoothing-option", "particleLag=5"], "no setting 'particleLag'", 64),
            (["eval", "Recordings/simulated", "--offline", "--smoothing-option", "particleWeight=2"], "particleWeight = 2 is outside", 64),
            (
                ["eval", "Recordings/simulated", "--offline", "--smoothing-option", "particleBackwardPass=maybe"], "particleBackwardPass",
                64
            ),
            (
                ["eval", "Recordings/simulated", "--offline", "--smoothing-option", "particlesWithoutFloorPlan=2"],
                "particlesWithoutFloorPlan", 64
            ),
            (["bench"], "bench", 64),
            (["bench", "route", "Recordings/venues/campus", "--queries", "0"], "--queries", 64),
            (["bench", "filter", "--state-dim", "0"], "--state-dim", 64),
            (["bench", "read"], "FILE", 64),
            (["serve"], "--venues", 64),
            (["serve", "--venues", "Recordings/venues", "--port", "70000"], "--port", 64),
            (["serve", "--venues", "Recordings/venues", "--cors-origin", "ftp://maps.example"], "corsAllowedOrigins[0]", 64),
            (
                ["serve", "--venues", "Recordings/venues", "--cors-origin", "http://ok.example", "--cors-origin", "http://x/path"],
                "corsAllowedOrigins[1]", 64
            ),
            (["serve", "--venues", "Recordings/venues", "--cors-origin"], "--cors-origin", 64),
            ([], "missing command", 64),
        ]
        for (args, fragment, status) in cases {
            let r = try CLIRunner.run(args)
            #expect(r.status == status, "\(args) → \(r.status): \(r.stderr)")
            #expect(r.stderr.hasPrefix("indoornav"), "\(args): \(r.stderr)")
            if !fragment.isEmpty { #expect(r.stderr.localizedCaseInsensitiveContains(fragment), "\(args): \(r.stderr)") }
        }
    }

    @Test func importConvertsTheBundledILCWalk() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let raw = try FileManager.default.contentsOfDirectory(
            atPath: CLIRunner.packageRoot.appendingPathComponent("Recordings/samples").path
        )
        .first { $0.hasSuffix(".txt") }
        let input = "Recordings/samples/" + (try #require(raw))
        let out = dir.appendingPathComponent("walk.jsonl").path
        let r = try CLIRunner.run(["import", "ilc", input, "-o", out, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 1000)
        #expect(try JSONParser().parse(String(lines[0])).value["format"] == "indoornav-recording")
    }
}
