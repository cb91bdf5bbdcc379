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
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/walk.txt does not exist"))
    }

    @Test func emptyFolderIsAClearError() throws {
        let folder = try Self.temporaryFolder()
        let result = try CLIRunner.run(["eval", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no recordings"))
    }

    @Test func missingArgumentsAndBadFlags() throws {
        #expect(try CLIRunner.run(["eval"]).status == 64)
        #expect(try CLIRunner.run(["eval", "Recordings/samples", "--storey-height", "nan"]).status == 64)
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
        let result = try CLIRunner.run([
            "eval", "Recordings/samples/ilc-site1-B1-5ddb8a08.txt", "--plot", folder.appendingPathComponent("plots").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The walk's plot and the error CDF.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("plots").path)
            .filter { $0 != "error-cdf.svg" }
        #expect(names.count == 1)
        let svg = try String(contentsOf: folder.appendingPathComponent("plots").appendingPathComponent(names[0]), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("fused") && svg.contains("ground truth"))
    }

    @Test func headingAlignmentCanBeSwitchedOff() throws {
        let common = [
            "eval", "Recordings/simulated/campus-info-to-deans-office.jsonl", "--venue", "Recordings/venues/campus",
            "--beacons", "Recordings/simulated/campus-beacons.json", "--json",
        ]
        let on = try CLIRunner.run(common)
        let off = try CLIRunner.run(common + ["--no-heading-alignment"])
        #expect(on.status == 0 && off.status == 0, "\(on.stderr)\(off.stderr)")
        let onCount = try #require(on.json?["files"]?.array?.first?["fusion"]?["headingAlignments"]?.double)
        let offCount = try #require(off.json?["files"]?.array?.first?["fusion"]?["headingAlignments"]?.double)
        // The campus corridors run along the frame's axes and the simulated walk follows them.
        #expect(onCount > 0)
        #expect(offCount == 0)
    }

    /// An IPIN logfile of a 64 m walk due east at 0.8 m/s: truth every 10 s; the phone flat, pointing
    /// east (AHRS quaternion: −90° about up), bouncing 1.8 times a second (±2.5 m/s², which the step
    /// model turns into ≈ 1.1 m/s, so dead reckoning overshoots); the satellite fix every second 1 m
    /// north of the truth, each delivered twice as location APIs do.
    static func satelliteWalk() -> String {
        let latitude = 49.4611, longitude = 11.1110
        let degreesPerMeterEast = 1 / (111_320 * cos(latitude * .pi / 180))
        var lines = ["% generated walk with satellite fixes"]
        for i in 0...4000 {
            let t = Double(i) / 50
            let bounce = 9.81 + 2.5 * sin(2 * .pi * 1.8 * t)
            lines.append(String(format: "ACCE;%.3f;%.3f;0;0;%.5f;3", t, t, bounce))
            lines.append(String(format: "AHRS;%.3f;%.3f;0;0;90;0;0;-0.70710678;3", t, t))
            guard i % 50 == 0 else { continue }
            let second = i / 50
            if second % 10 == 0 {
                lines.append(
                    String(format: "POSI;%.3f;%d;%.9f;%.9f;0;100", t, second / 10 + 1, latitude, longitude + 0.8 * t * degreesPerMeterEast))
            }
            let fix = { (at: Double) in
                String(
                    format: "GNSS;%.3f;%.1f;%.9f;%.9f;350.0;90.0;3.0;1.0;24;20", at, 1_000_000 + t,
                    latitude + 1 / 111_200, longitude + 0.8 * t * degreesPerMeterEast)
            }
            lines.append(fix(t + 0.2))
            lines.append(fix(t + 0.7))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func satelliteFixesAreFusedUnlessSwitchedOff() throws {
        let folder = try Self.temporaryFolder()
        let walk = folder.appendingPathComponent("walk.txt")
        try Self.satelliteWalk().write(to: walk, atomically: true, encoding: .utf8)
        let with = try CLIRunner.run(["eval", walk.path, "--json"])
        let without = try CLIRunner.run(["eval", walk.path, "--json", "--no-gnss"])
        #expect(with.status == 0 && without.status == 0, "\(with.stderr)\(without.stderr)")
        let fused = try #require(with.json?["files"]?.array?.first?["fusion"]?["acceptedFixesBySource"]?["gnss"]?.double)
        // 81 fixes, each delivered twice: the repeats are not fused again.
        #expect(fused > 60 && fused <= 81)
        #expect(without.json?["files"]?.array?.first?["fusion"]?["acceptedFixesBySource"]?["gnss"] == nil)
        let withMean = try #require(with.json?["meanErrorMeters"]?.double)
        let withoutMean = try #require(without.json?["meanErrorMeters"]?.double)
        #expect(withoutMean > 3, "dead reckoning alone overshoots: \(withoutMean) m")
        #expect(withMean < 2.5 && withMean < withoutMean / 2, "with satellite fixes: \(withMean) m, without: \(withoutMean) m")
    }
}
