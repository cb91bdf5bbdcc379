import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `indoornav eval-providers PATH… [--beacons FILE] [--venue V] [--json]` — scores the dead-reckoning,
/// beacon and satellite providers on recordings with ground truth.
///
/// Folders are walked recursively. Recordings (canonical, ILC, IPIN; detected by content) with two or
/// more truth points get a dead-reckoning run started at the first one; with `--beacons` (an IPIN
/// `BLE_Locations.csv` or an `indoornav-beacons` registry) they also get a beacon-only run. Receiver
/// tracks (`*.mbd`, with the `cnf/*.dev` device file found beside their folder) get a beacon-only run
/// with the receivers as beacons. Geographic positions use the venue frame, else a frame at the
/// beacons' centroid, else at the first truth point; ILC floor-frame waypoints are scored in the floor
/// frame unless the venue has a matching level with a floor frame.
enum EvalProvidersCommand {
    struct Settings {
        var registry: BeaconRegistry?
        var venue: Venue?
        var txPowerDbm: Double
        var pathLossExponent: Double?
        var deadReckoning: DeadReckoningConfiguration
        var beacon: BeaconProviderConfiguration
    }

    static let spec = CommandSpec(
        path: ["eval-providers"], summary: "score the dead-reckoning, beacon and satellite providers on recordings with ground truth",
        positionals: [
            PositionalSpec(name: "PATH", help: "recordings, receiver tracks (*.mbd) or folders, walked recursively", isRepeated: true)
        ],
        options: [
            SharedOptions.beacons,
            SharedOptions.venueOption,
            .number(
                "--tx-power", "DBM", "transmit power at 1 m for beacons that do not state it", in: -120...20, default: "-59",
                example: "--tx-power -65"),
            .number("--path-loss", "N", "path-loss exponent", in: 1...6, default: "2", example: "--path-loss 2.5"),
            .number(
                "--weinberg-k", "K", "Weinberg stride constant", in: 0.1...1.5,
                default: "\(StrideConfiguration.standard.weinbergK)", example: "--weinberg-k 0.46"),
            .number(
                "--declination-deg", "D", "magnetic declination, degrees", in: -180...180, default: "0", example: "--declination-deg 2.5"),
            .number("--fix-interval", "S", "seconds between beacon fixes", in: 0...60, default: "1", example: "--fix-interval 2"),
            .number("--max-range", "M", "farthest usable beacon range, metres", in: 1...1000, default: "40", example: "--max-range 25"),
            .integer("--min-fit-beacons", "N", "beacons a fix needs", in: 3...50, default: "3", example: "--min-fit-beacons 4"),
            .flag("--fit-across-levels", "fit beacons of every level, not only the voted one"),
            SharedOptions.json,
            ParallelJobs.option,
        ],
        examples: ["eval-providers ../shared/data/ipin2023-t3 --beacons ../shared/data/ipin2023-t3/BLE_Locations.csv"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let beaconsPath = try args.option("--beacons")
        let venuePath = try args.option("--venue")
        let tx = try args.double("--tx-power") ?? BeaconRegistry.defaultTxPowerDbm
        let exponent = try args.double("--path-loss")
        let k = try args.double("--weinberg-k") ?? StrideConfiguration.standard.weinbergK
        let declinationDegrees = try args.double("--declination-deg") ?? 0
        let fixInterval = try args.double("--fix-interval") ?? BeaconProviderConfiguration.standard.fixIntervalSeconds
        let maximumRange = try args.double("--max-range") ?? BeaconProviderConfiguration.standard.maximumRangeMeters
        let minimumFit = try args.int("--min-fit-beacons") ?? BeaconProviderConfiguration.standard.minimumBeaconsForFit
        let acrossLevels = args.flag("--fit-across-levels")
        let json = args.flag("--json")
        let jobs = ParallelJobs.count(try args.int("--jobs"))
        var paths: [String] = []
        while let path = args.nextPositional() { paths.append(path) }
        try args.finish()
        guard !paths.isEmpty else { throw UsageError("eval-providers: expected PATH…") }

        var settings = Settings(
            registry: nil, venue: nil, txPowerDbm: tx, pathLossExponent: exponent,
            deadReckoning: try DeadReckoningConfiguration(
                stride: StrideConfiguration(weinbergK: k),
                heading: HeadingConfiguration(declinationRadians: declinationDegrees * .pi / 180)),
            beacon: try BeaconProviderConfiguration(
                defaultPathLossExponent: exponent ?? BeaconProviderConfiguration.standard.defaultPathLossExponent,
                maximumRangeMeters: maximumRange, minimumBeaconsForFit: minimumFit,
                fixIntervalSeconds: fixInterval, fitWithinVotedLevel: !acrossLevels))
        do {
            if let beaconsPath {
                settings.registry = try EvaluationInputs.loadRegistry(path: beaconsPath, txPowerDbm: tx, pathLossExponent: exponent)
            }
            if let venuePath {
                // ILC site folders are read directly (no graph is needed for scoring).
                settings.venue = try EvaluationInputs.loadVenue(path: venuePath)
            }
        } catch {
            warn("indoornav eval-providers: \(ErrorText.sentence(error))")
            return 1
        }

        var report = EvaluationReport()
        let files = try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl", "mbd"], command: "eval-providers")
        var progress = ProgressLine("eval-providers", total: files.count)
        defer { progress.finish() }
        // One job per file (--jobs at once), added to the report in file order as one loop would.
        let results = ParallelJobs.map(files, jobs: jobs, progress: { progress.update($0, ($1 as NSString).lastPathComponent) }) {
            _, file -> Result<FileResult?, any Error> in
            Result { file.hasSuffix(".mbd") ? try evaluateReceiverTrack(file, settings) : try evaluateRecording(file, settings) }
        }
        for (file, result) in zip(files, results) {
            do {
                if let result = try result.get() {
                    report.add(result)
                } else {
                    report.skipped.append((file, "no ground truth"))
                }
            } catch {
                report.skipped.append((file, EvaluationInputs.skipReason(for: error)))
            }
        }
        print(json ? report.json.serialized(pretty: true) : report.text)
        return report.files.isEmpty ? 1 : 0
    }

    static func evaluateRecording(_ file: String, _ settings: Settings) throws -> FileResult? {
        let loaded = try EvaluationInputs.readRecording(file, venue: settings.venue, registry: settings.registry)
        let samples = loaded.samples
        let frame = loaded.frame
        guard let truth = loaded.truth else { return nil }
        var result = FileResult(
            file: file, dataset: loaded.format, samples: samples.count,
            durationSeconds: (samples.last?.timeSeconds ?? 0) - (samples.first?.timeSeconds ?? 0),
            frame: loaded.usedFloorFrame ? "floor" : "local")
        result.deadReckoning = ProviderScoring.scoreDeadReckoning(
            samples: samples, truth: truth,
            configuration: settings.deadReckoning)
        if let registry = settings.registry {
            let map =
                settings.venue.map { try? BeaconMap(registry: registry, venue: $0) }
                ?? (try? BeaconMap(registry: registry, frame: frame))
            if let map {
                let provider = BeaconPositionProvider(map: map, configuration: settings.beacon)
                if let score = ProviderScoring.scoreBeacons(samples: samples, truth: truth, provider: provider), score.fixCount > 0 {
                    result.beacon = score
                }
            }
        }
        if let frame = settings.venue?.frame ?? frame {
            // Every fix the provider accepts, below ground too: the fixes' own quality.
            let provider = GNSSPositionProvider(frame: frame, configuration: try GNSSProviderConfiguration(useBelowGround: true))
            result.gnss = ProviderScoring.scoreSatelliteFixes(samples: samples, truth: truth, provider: provider)
        }
        return result
    }

    static func evaluateReceiverTrack(_ file: String, _ settings: Settings) throws -> FileResult {
        guard let devicesPath = findDeviceFile(near: file) else {
            throw ToolFailure("no cnf/*.dev device file found above \(file)")
        }
        let devicesText = try String(contentsOfFile: devicesPath, encoding: .utf8)
        let trackText = try String(contentsOfFile: file, encoding: .utf8)
        let registry = try ReceiverTrackDataset.parseDevices(
            devicesText, file: devicesPath, txPowerDbm: settings.txPowerDbm,
            pathLossExponent: settings.pathLossExponent)
        let track = try ReceiverTrackDataset.parseTrack(trackText, file: file)
        let provider = BeaconPositionProvider(map: try BeaconMap(registry: registry, frame: nil), configuration: settings.beacon)
        let truth = try GroundTruthTrack(track.truth, source: file)
        var result = FileResult(
            file: file, dataset: "receiver-track", samples: track.samples.count,
            durationSeconds: track.samples.last?.timeSeconds ?? 0, frame: "local")
        result.beacon = ProviderScoring.scoreBeacons(samples: track.samples, truth: truth, provider: provider)
        return result
    }

    /// `cnf/*.dev` in the track's folder or up to three folders above it.
    static func findDeviceFile(near file: String) -> String? {
        var folder = (file as NSString).deletingLastPathComponent
        for _ in 0..<4 {
            let cnf = (folder as NSString).appendingPathComponent("cnf")
            if let names = try? FileManager.default.contentsOfDirectory(atPath: cnf),
                let dev = names.sorted().first(where: { $0.hasSuffix(".dev") })
            {
                return (cnf as NSString).appendingPathComponent(dev)
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }
}

/// One scored file.
struct FileResult {
    var file: String
    var dataset: String
    var samples: Int
    var durationSeconds: Double
    /// `floor` when ILC waypoints were scored in the floor plan's own frame.
    var frame: String
    var deadReckoning: DeadReckoningScore?
    var beacon: BeaconScore?
    var gnss: SatelliteScore?
}

/// Per-file results, pooled figures per dataset and provider, and skipped files.
struct EvaluationReport {
    var files: [FileResult] = []
    var skipped: [(file: String, reason: String)] = []

    mutating func add(_ result: FileResult) { files.append(result) }

    private static func statistics(_ s: ErrorStatistics?) -> [String: JSONValue] {
        guard let s else { return ["count": 0] }
        return [
            "count": .number(Double(s.count)), "meanErrorMeters": .finite(s.mean), "medianErrorMeters": .finite(s.median),
            "p75ErrorMeters": .finite(s.p75), "p95ErrorMeters": .finite(s.p95), "maxErrorMeters": .finite(s.max),
        ]
    }

    private static func json(_ score: DeadReckoningScore) -> JSONValue {
        var o = statistics(score.errors)
        o["finalErrorMeters"] = score.finalErrorMeters.map(JSONValue.finite) ?? .null
        o["steps"] = .number(Double(score.stepCount))
        o["detectedDistanceMeters"] = .finite(score.detectedDistanceMeters)
        o["trueDistanceMeters"] = .finite(score.trueDistanceMeters)
        o["distanceRatio"] = score.distanceRatio.map(JSONValue.finite) ?? .null
        return .object(o)
    }

    private static func json(_ score: BeaconScore) -> JSONValue {
        var o = statistics(score.errors)
        o["fixes"] = .number(Double(score.fixCount))
        o["fittedFixes"] = .number(Double(score.fittedFixCount))
        o["fallbackFixes"] = .number(Double(score.fallbackFixCount))
        o["levelHitRate"] = score.levelHitRate.map(JSONValue.finite) ?? .null
        o["errorEvents"] = .number(Double(score.errorEvents))
        return .object(o)
    }

    /// Errors pooled over every file of a dataset, per provider.
    var overall: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for dataset in Set(files.map(\.dataset)).sorted() {
            let group = files.filter { $0.dataset == dataset }
            let pdr = group.compactMap(\.deadReckoning)
            if !pdr.isEmpty {
                var o = Self.statistics(ErrorStatistics(pdr.flatMap(\.errorValuesMeters)))
                let detected = pdr.map(\.detectedDistanceMeters).reduce(0, +)
                let truth = pdr.map(\.trueDistanceMeters).reduce(0, +)
                o["files"] = .number(Double(pdr.count))
                o["meanOfFileMeansMeters"] = .finite(pdr.compactMap(\.errors?.mean).reduce(0, +) / Double(max(1, pdr.count)))
                o["distanceRatio"] = truth > 0 ? .finite(detected / truth) : .null
                result["\(dataset)/pdr"] = .object(o)
            }
            let beacon = group.compactMap(\.beacon)
            if !beacon.isEmpty {
                var o = Self.statistics(ErrorStatistics(beacon.flatMap(\.errorValuesMeters)))
                let checks = beacon.map(\.levelChecks).reduce(0, +)
                o["files"] = .number(Double(beacon.count))
                o["fixes"] = .number(Double(beacon.map(\.fixCount).reduce(0, +)))
                o["levelHitRate"] = checks > 0 ? .finite(Double(beacon.map(\.levelHits).reduce(0, +)) / Double(checks)) : .null
                result["\(dataset)/beacon"] = .object(o)
            }
            let gnss = group.compactMap(\.gnss)
            if !gnss.isEmpty {
                var o = Self.statistics(ErrorStatistics(gnss.flatMap(\.errorValuesMeters)))
                o["files"] = .number(Double(gnss.count))
                o["fixes"] = .number(Double(gnss.map(\.fixCount).reduce(0, +)))
                result["\(dataset)/gnss"] = .object(o)
            }
        }
        return result
    }

    var json: JSONValue {
        let fileValues: [JSONValue] = files.map { f in
            var o: [String: JSONValue] = [
                "file": .string(f.file), "dataset": .string(f.dataset), "samples": .number(Double(f.samples)),
                "durationSeconds": .finite(f.durationSeconds), "frame": .string(f.frame),
            ]
            if let pdr = f.deadReckoning { o["pdr"] = Self.json(pdr) }
            if let beacon = f.beacon { o["beacon"] = Self.json(beacon) }
            if let gnss = f.gnss {
                var g = Self.statistics(gnss.errors)
                g["fixes"] = .number(Double(gnss.fixCount))
                g["repeatedFixes"] = .number(Double(gnss.repeatedFixCount))
                g["poorFixes"] = .number(Double(gnss.poorFixCount))
                o["gnss"] = .object(g)
            }
            return .object(o)
        }
        return [
            "files": .array(fileValues), "overall": .object(overall),
            "skipped": .array(skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] }),
        ]
    }

    var text: String {
        var lines: [String] = []
        func f(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "-" }
        for r in files {
            let name = (r.file as NSString).lastPathComponent
            if let p = r.deadReckoning {
                lines.append(
                    "\(r.dataset) \(name) pdr: mean \(f(p.errors?.mean)) m, p75 \(f(p.errors?.p75)) m, max \(f(p.errors?.max)) m over \(p.scoredPoints) points; \(p.stepCount) steps, distance \(f(p.detectedDistanceMeters)) / \(f(p.trueDistanceMeters)) m = \(f(p.distanceRatio))"
                )
            }
            if let b = r.beacon {
                lines.append(
                    "\(r.dataset) \(name) beacon: mean \(f(b.errors?.mean)) m, p75 \(f(b.errors?.p75)) m over \(b.scoredFixes) fixes (\(b.fittedFixCount) fitted, \(b.fallbackFixCount) fallback); level hit \(f(b.levelHitRate))"
                )
            }
            if let g = r.gnss {
                lines.append(
                    "\(r.dataset) \(name) gnss: mean \(f(g.errors?.mean)) m, median \(f(g.errors?.median)) m, p75 \(f(g.errors?.p75)) m over \(g.errors?.count ?? 0) fixes (\(g.repeatedFixCount) repeats, \(g.poorFixCount) poor skipped)"
                )
            }
        }
        lines.append("overall:")
        for (key, value) in overall.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(key): \(value.serialized(pretty: false))")
        }
        if !skipped.isEmpty {
            lines.append(
                "skipped \(skipped.count) file(s): "
                    + skipped.map { "\(($0.file as NSString).lastPathComponent) (\($0.reason))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
