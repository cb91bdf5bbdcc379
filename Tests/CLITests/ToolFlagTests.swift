import Foundation
import Testing
import IndoorJSON

/// Malformed flags and inputs of the remaining commands: each is a clear usage error (exit 1, message
/// on standard error naming the flag or file), never a crash.
@Suite struct ToolFlagTests {
    @Test func badInputIsAUsageError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let empty = dir.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let cases: [([String], String)] = [
            (["import", "ilc"], "FILE"),
            (["import", "teleport", empty, "-o", dir.appendingPathComponent("x.jsonl").path], "teleport"),
            (["import", "ilc", "/nonexistent/path.txt", "-o", dir.appendingPathComponent("x.jsonl").path], "nonexistent"),
            (["import", "ilc", empty, "-o", dir.appendingPathComponent("x.jsonl").path], "empty"),
            (["eval-providers"], ""),
            (["eval-providers", "/nonexistent"], "nonexistent"),
            (["scenarios", "--seeds", "0"], "--seeds"),
            (["scenarios", "--seeds", "many"], "--seeds"),
            (["simulate", "Recordings/venues/campus", "--from", "am-info", "--to", "occ-deans-office", "--seed", "1",
              "-o", dir.appendingPathComponent("s.jsonl").path, "--duration-seconds", "-5"], "duration"),
            (["simulate", "Recordings/venues/campus", "--from", "nowhere", "--to", "occ-deans-office", "--seed", "1",
              "-o", dir.appendingPathComponent("s.jsonl").path], "nowhere"),
            (["bench"], "bench"),
            (["bench", "route", "Recordings/venues/campus", "--queries", "0"], "--queries"),
            (["bench", "filter", "--state-dim", "0"], "--state-dim"),
            (["bench", "read"], "FILE"),
            (["serve"], "--venues"),
            (["serve", "--venues", "Recordings/venues", "--port", "70000"], "--port"),
            (["serve", "--venues", "Recordings/venues", "--cors-origin", "ftp://maps.example"], "corsAllowedOrigins[0]"),
            (["serve", "--venues", "Recordings/venues", "--cors-origin", "http://ok.example", "--cors-origin", "http://x/path"],
             "corsAllowedOrigins[1]"),
            (["serve", "--venues", "Recordings/venues", "--cors-origin"], "--cors-origin"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            #expect(r.status == 1, "\(args) → \(r.status): \(r.stderr)")
            #expect(r.stderr.hasPrefix("indoornav"), "\(args): \(r.stderr)")
            if !fragment.isEmpty { #expect(r.stderr.localizedCaseInsensitiveContains(fragment), "\(args): \(r.stderr)") }
        }
    }

    @Test func importConvertsTheBundledILCWalk() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let raw = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot.appendingPathComponent("Recordings/samples").path)
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
