import Foundation
import Testing

/// Messages are sentences about the user's input: no Foundation error dumps, no Swift literals.
@Suite struct MessageTests {
    /// Patterns that give away a Swift value or a Foundation error printed as is.
    static let leaks = [
        "Error Domain=", "NSCocoaErrorDomain", "The operation could not be completed", "[:]", "Optional(",
        "LocalPoint(", "Swift.", "[\"",
    ]

    static func leaked(_ text: String) -> [String] { leaks.filter { text.contains($0) } }

    @Test func evalWithNothingToScoreSaysSo() throws {
        let r = try CLIRunner.run(["eval", "README.md"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("none of the 1 recording(s) could be scored") && r.stdout.isEmpty, "\(r.stdout)\(r.stderr)")
    }

    @Test func failuresAndReportsLeakNoSwiftOrFoundationText() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let walk = "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"
        let runs: [[String]] = [
            ["eval", walk], ["eval", walk, "--radio-map", folder.path], ["eval", walk, "--manual", folder.path],
            ["eval", "README.md"], ["eval-providers", walk], ["survey", "README.md", "-o", folder.appendingPathComponent("m.json").path],
            ["beacons", "audit", walk, "--beacons", folder.path],
            [
                "venue", "render", "Recordings/venues/campus", "--level", "lvl-a0",
                "--style", folder.path, "-o", folder.appendingPathComponent("l.svg").path,
            ],
            ["venue", "generate", "--levels", "1", "-o", "/proc/indoornav-cannot-write-here"],
            ["venue", "inspect", "README.md"], ["venue", "at", "Recordings/venues/campus", "--point", "900,900", "--level", "lvl-a0"],
            ["route", "Recordings/venues/campus", "--from", "am-info", "--to", "nowhere"],
            ["import", "ilc", "README.md", "-o", folder.appendingPathComponent("x.jsonl").path],
            ["import", "beacons-ipin", "README.md", "-o", folder.appendingPathComponent("b.json").path],
            ["venue", "store", "install", "/nonexistent", "--store", folder.path],
        ]
        for args in runs {
            let r = try CLIRunner.run(args)
            #expect(
                Self.leaked(r.stderr + r.stdout).isEmpty,
                "\(args): \(Self.leaked(r.stderr + r.stdout)) in \(r.stderr)\(r.stdout.prefix(400))")
        }
    }
}
