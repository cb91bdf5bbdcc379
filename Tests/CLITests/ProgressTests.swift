import Foundation
import Testing

/// Long work shows progress on standard error only when it is a terminal.
@Suite struct ProgressTests {
    static let walk = "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"

    @Test func quietWhenStandardErrorIsNotATerminal() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let runs: [[String]] = [
            ["eval", Self.walk], ["survey", Self.walk, "-o", dir.appendingPathComponent("m.json").path],
            ["bench", "route", "Recordings/venues/campus", "--queries", "50"], ["eval-providers", Self.walk],
            [
                "venue", "generate", "--levels", "1", "--towers", "2", "--corridors", "1", "--size", "0.05", "-o",
                dir.appendingPathComponent("v").path,
            ],
        ]
        for args in runs {
            let r = try CLIRunner.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("\r") && !r.stderr.contains("\u{1B}["), "\(args): \(r.stderr.debugDescription)")
        }
    }

    @Test func shownOnATerminal() throws {
        // `script` runs the tool on a pseudo-terminal (util-linux); without it there is no terminal to test on.
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [
            "-qec", "'\(CLIRunner.binary.path)' bench route Recordings/venues/campus --queries 2000 >/dev/null", "/dev/null",
        ]
        process.currentDirectoryURL = CLIRunner.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("bench route: 0/2000"), "\(text.debugDescription)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "the line is cleared at the end: \(text.suffix(40).debugDescription)")
    }
}
