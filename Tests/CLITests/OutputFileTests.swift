import Foundation
import Testing

/// No command destroys a user's file: outputs are written beside and renamed on success, an output that
/// is an input (also through a symbolic link) is refused, a run that fails leaves the previous output.
@Suite struct OutputFileTests {
    static let walk = "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"

    /// A copy of the bundled ILC walk in a fresh folder.
    static func walkCopy() throws -> (folder: URL, walk: URL) {
        let folder = try CLIRunner.temporaryDirectory()
        let copy = folder.appendingPathComponent("walk.txt")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent(walk), to: copy)
        return (folder, copy)
    }

    @Test func anOutputThatIsTheInputIsRefusedAlsoThroughASymlink() throws {
        let (folder, copy) = try Self.walkCopy()
        let before = try Data(contentsOf: copy)
        let same = try CLIRunner.run(["import", "ilc", copy.path, "-o", copy.path])
        #expect(same.status == 64 && same.stderr.contains("is also an input"), "\(same.stderr)")
        let link = folder.appendingPathComponent("link.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: copy)
        let throughLink = try CLIRunner.run(["import", "ilc", copy.path, "-o", link.path])
        #expect(throughLink.status == 64 && throughLink.stderr.contains("is also an input"), "\(throughLink.stderr)")
        #expect(try Data(contentsOf: copy) == before)
    }

    @Test func aFailedImportLeavesThePreviousOutputAndNoTemporaryFile() throws {
        let (folder, copy) = try Self.walkCopy()
        let out = folder.appendingPathComponent("out.jsonl")
        try Data("previous output\n".utf8).write(to: out)
        var text = try String(contentsOf: copy, encoding: .utf8)
        text += "1574141200000\tTYPE_ACCELEROMETER\tnot-a-number\t0\t0\t3\n"
        let bad = folder.appendingPathComponent("bad.txt")
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let strict = try CLIRunner.run(["import", "ilc", bad.path, "-o", out.path, "--strict"])
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous output\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
        // Without --strict the bad line is skipped and counted, and the output replaced.
        let lenient = try CLIRunner.run(["import", "ilc", bad.path, "-o", out.path, "--json"])
        #expect(lenient.status == 0 && lenient.json?["malformedLines"]?.int == 1, "\(lenient.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("{"))
    }

    @Test func carriageReturnFilesImportAndAFileWithoutSamplesFails() throws {
        let (folder, copy) = try Self.walkCopy()
        let lf = try String(contentsOf: copy, encoding: .utf8)
        let cr = folder.appendingPathComponent("cr.txt")
        try lf.replacingOccurrences(of: "\n", with: "\r").write(to: cr, atomically: true, encoding: .utf8)
        let crlf = folder.appendingPathComponent("crlf.txt")
        try lf.replacingOccurrences(of: "\n", with: "\r\n").write(to: crlf, atomically: true, encoding: .utf8)
        var counts: [Int] = []
        for input in [copy, cr, crlf] {
            let r = try CLIRunner.run([
                "import", "ilc", input.path, "-o", folder.appendingPathComponent(input.lastPathComponent + ".jsonl").path, "--json",
            ])
            #expect(r.status == 0, "\(input.lastPathComponent): \(r.stderr)")
            counts.append(r.json?["totalSamples"]?.int ?? 0)
        }
        #expect(counts[0] > 1000 && counts.allSatisfy { $0 == counts[0] }, "\(counts)")

        let headerOnly = folder.appendingPathComponent("header.txt")
        try lf.split(separator: "\n").filter { $0.hasPrefix("#") }.joined(separator: "\n").write(
            to: headerOnly, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("none.jsonl")
        let none = try CLIRunner.run(["import", "ilc", headerOnly.path, "-o", out.path])
        #expect(none.status == 1 && none.stderr.contains("no sample"), "\(none.status) \(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func anOutputThatIsASymbolicLinkIsWrittenThrough() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let target = folder.appendingPathComponent("graph.geojson")
        try Data("old".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.geojson")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let r = try CLIRunner.run(["venue", "graph", "Recordings/venues/campus", "-o", link.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("{"))
    }

    @Test func badOutputPathsAreSentences() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let cases: [([String], String)] = [
            (
                ["venue", "graph", "Recordings/venues/campus", "-o", "/nonexistent-folder/g.geojson"],
                "its folder /nonexistent-folder does not exist"
            ),
            (["survey", Self.walk, "-o", "/nonexistent-folder/m.json"], "does not exist"),
            (["eval", Self.walk, "--plot", "/nonexistent-folder/p.svg"], "does not exist"),
            (
                [
                    "simulate", "Recordings/venues/campus", "--from", "am-info", "--to", "occ-lab", "--seed", "1",
                    "-o", "/nonexistent-folder/s.jsonl",
                ], "does not exist"
            ),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            #expect(r.status == 1, "\(args) → \(r.status): \(r.stderr)")
            #expect(
                r.stderr.contains(fragment) && !r.stderr.contains("Error Domain") && !r.stderr.contains("NSCocoaErrorDomain"),
                "\(args): \(r.stderr)")
        }
    }

    @Test func aFileOfTheVenueIsNeverOverwritten() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let venue = folder.appendingPathComponent("campus")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Recordings/venues/campus"), to: venue)
        let victim = try #require(try FileManager.default.contentsOfDirectory(atPath: venue.path).first { $0.hasSuffix(".geojson") })
        let path = venue.appendingPathComponent(victim).path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for args in [
            ["venue", "graph", venue.path, "-o", path], ["venue", "render", venue.path, "--level", "lvl-a0", "-o", path],
            ["view", venue.path, "-o", path],
        ] {
            let r = try CLIRunner.run(args)
            #expect(r.status == 64 && r.stderr.contains("venue"), "\(args): \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

/// Outputs that exist and are not regular files (a FIFO, a device, a folder) are refused with exit 64
/// before any work: renaming the finished file over them would replace them.
@Suite struct NonRegularOutputTests {
    @Test func importToAFIFOIsRefusedAndTheFIFOStays() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let fifo = folder.appendingPathComponent("out.jsonl")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let r = try CLIRunner.run(["import", "ilc", OutputFileTests.walk, "-o", fifo.path])
        #expect(r.status == 64 && r.stderr.contains("FIFO") && r.stderr.contains(fifo.path), "\(r.status): \(r.stderr)")
        var status = stat()
        #expect(stat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["out.jsonl"], "\(left)")
    }

    @Test func everyDashOOutputRefusesFIFOsDevicesAndFolders() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let commands: [[String]] = [
            ["venue", "graph", "Recordings/venues/campus", "-o"],
            ["venue", "render", "Recordings/venues/campus", "--level", "lvl-a0", "-o"],
            ["view", "Recordings/venues/campus", "-o"], ["survey", OutputFileTests.walk, "-o"],
            ["simulate", "Recordings/venues/campus", "--from", "am-info", "--to", "occ-lab", "--seed", "1", "-o"],
            ["import", "ilc", OutputFileTests.walk, "-o"],
            ["bench", "route", "Recordings/venues/campus", "--queries", "5", "--queries-out"],
        ]
        for command in commands {
            for (target, fragment) in [(fifo.path, "FIFO"), ("/dev/null", "device"), (folder.path, "is a folder")] {
                let r = try CLIRunner.run(command + [target])
                #expect(r.status == 64 && r.stderr.contains(fragment), "\(command) \(target) → \(r.status): \(r.stderr)")
            }
        }
    }
}
