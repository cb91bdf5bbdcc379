import Foundation
import IndoorJSON
import Testing

/// `indoornav eval` on bundled and malformed inputs.
@Suite(.serialized) struct EvalCommandTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func unknownFileIsAClearError() throws {
        let result = try CLIRunner.run(["eval", "/nonexistent/walk.txt"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent/walk.txt does not exist"))
    }

    @Test func emptyFolderIsAClearError() throws {
        let folder = try Self.temporaryFolder()
        let result = try CLIRunner.run(["eval", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no recordings"))
    }

    @Test func missingArgumentsAndBadFlags() throws {
        #expect(try CLIRunner.run(["eval"]).status != 0)
        #expect(try CLIRunner.run(["eval", "Recordings/samples", "--storey-height", "nan"]).status != 0)
        let badVenue = try CLIRunner.run(["eval", "Recordings/samples", "--venue", "/nonexistent/venue"])
        #expect(badVenue.status == 1)
        #expect(badVenue.stderr.contains("indoornav eval:"))
    }

    @Test func recordingWithoutTruthIsSkippedAndOthersAreScored() throws {
        let folder = try Self.temporaryFolder()
        let walk = CLIRunner.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt")
        try FileManager.default.copyItem(at: walk, to: folder.appendingPathComponent("a-walk.txt"))
        // The same walk without its waypoints.
        let text = try String(contentsOf: walk, encoding: .utf8)
        let noTruth = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("TYPE_WAYPOINT") }
        try noTruth.joined(separator: "\n").write(to: folder.appendingPathComponent("b-no-truth.txt"), atomically: true, encoding: .utf8)
        try "garbage\n{not a recording".write(to: folder.appendingPathComponent("c-garbage.txt"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["eval", folder.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("b-no-truth.txt: no ground truth"))
        #expect(result.stderr.contains("c-garbage.txt"))
        let json = try #require(result.json)
        let files = try #require(json["files"]?.array)
        #expect(files.count == 1)
        #expect(files.first?["file"]?.string?.hasSuffix("a-walk.txt") == true)
        for key in ["meanErrorMeters", "medianErrorMeters", "p75ErrorMeters", "p95ErrorMeters", "levelHitRate", "ipinScore", "ilcScore"] {
            #expect(json[key]?.double != nil, "missing \(key)")
        }
        // One walk with open-loop dead reckoning: a few metres, as the provider figures say.
        #expect((json["meanErrorMeters"]?.double ?? 99) < 5)
        #expect(json["skipped"]?.array?.count == 2)
    }

    @Test func plotsAreWritten() throws {
        let folder = try Self.temporaryFolder()
        let result = try CLIRunner.run(["eval", "Recordings/samples/ilc-site1-B1-5ddb8a08.txt", "--plot", folder.appendingPathComponent("plots").path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("plots").path)
        #expect(names.count == 1)
        let svg = try String(contentsOf: folder.appendingPathComponent("plots").appendingPathComponent(names[0]), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("fused") && svg.contains("ground truth"))
    }

    @Test func headingAlignmentCanBeSwitchedOff() throws {
        let common = ["eval", "Recordings/simulated/campus-info-to-deans-office.jsonl", "--venue", "Recordings/venues/campus",
                      "--beacons", "Recordings/simulated/campus-beacons.json", "--json"]
        let on = try CLIRunner.run(common)
        let off = try CLIRunner.run(common + ["--no-heading-alignment"])
        #expect(on.status == 0 && off.status == 0, "\(on.stderr)\(off.stderr)")
        let onCount = try #require(on.json?["files"]?.array?.first?["fusion"]?["headingAlignments"]?.double)
        let offCount = try #require(off.json?["files"]?.array?.first?["fusion"]?["headingAlignments"]?.double)
        // The campus corridors run along the frame's axes and the simulated walk follows them.
        #expect(onCount > 0)
        #expect(offCount == 0)
    }
}
