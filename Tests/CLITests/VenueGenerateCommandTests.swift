import Foundation
import Testing

@Suite struct VenueGenerateCommandTests {
    static let small = ["--levels", "2", "--size", "0.2", "--corridors", "2", "--seed", "4"]

    @Test func writesCountsAndVerifies() throws {
        let dir = try CLIRunner.temporaryDirectory().appendingPathComponent("out").path
        defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
        let r = try CLIRunner.run(["venue", "generate"] + Self.small + ["-o", dir, "--verify"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("graph nodes") && r.stdout.contains("components 1"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir + "/graph.geojson"))
        // A second run into the same folder needs --force.
        let again = try CLIRunner.run(["venue", "generate"] + Self.small + ["-o", dir])
        #expect(again.status == 1)
        #expect(again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try CLIRunner.run(["venue", "generate"] + Self.small + ["-o", dir, "--force"]).status == 0)
    }

    @Test func badFlagsFailWithAMessage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: file)
        let out = dir.appendingPathComponent("out").path
        let cases: [([String], String)] = [
            (["--levels", "0", "-o", out], "--levels"), (["--size", "-1", "-o", out], "--size"), (["--size", "NaN", "-o", out], "--size"),
            (["--seed", "-3", "-o", out], "--seed"), (["--towers", "1", "-o", out], "--towers"),
            (["--levels", "two", "-o", out], "--levels"),
            (["--levels", "2"], "-o"), (["--levels", "1", "-o", file.path + "/sub"], "cannot write"), (["-o", out, "--bogus"], "--bogus"),
        ]
        for (args, expected) in cases {
            let r = try CLIRunner.run(["venue", "generate"] + args)
            #expect(r.status == (expected == "cannot write" ? 1 : 64), "\(args) → \(r.status)")
            #expect(r.stderr.hasPrefix("indoornav: ") && r.stderr.contains(expected), "\(args): \(r.stderr)")
        }
    }
}
