import Foundation
import IndoorGeometry
import IndoorPlot
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// The files `eval` writes beside its report — `--track-out DIR` (one track file per walk),
/// `--points-out FILE.csv` (every scored point) — and its `--jobs` count.
struct EvalOutputs {
    /// What one walk's job produced: its outcome (and why its track file could not be written), or why
    /// it was skipped.
    enum WalkResult {
        case scored(EvalCommand.FileOutcome, trackFailure: String?)
        case skipped(String, String)
    }

    static let options: [OptionSpec] = [
        .value(
            "--track-out", "DIR", "write each walk's fused track into DIR (created when missing), named after the walk",
            example: "--track-out tracks/"),
        .value(
            "--track-format", "csv|geojson|gpx|kml|jsonl", "the format of the --track-out files", default: "geojson",
            example: "--track-format gpx"),
        TrackOutput.allTracksOption,
        .value(
            "--points-out", "FILE.csv", "write every scored point: its truth, the fused estimate and error, and each provider's fixes",
            example: "--points-out points.csv"),
        ParallelJobs.option,
    ]

    var trackFolder: String?
    var trackFormat = TrackFormat.geojson
    var allTracks = false
    var pointsPath: String?
    var jobs = 1
    /// The track file of each walk, decided before the jobs run (names made unique in file order).
    private(set) var trackFiles: [String: String] = [:]

    /// Reads the options from `args`.
    init(_ args: inout Arguments) throws {
        trackFolder = try args.option("--track-out")
        let formatName = try args.option("--track-format")
        allTracks = args.flag("--all-tracks")
        pointsPath = try args.option("--points-out")
        jobs = ParallelJobs.count(try args.int("--jobs"))
        if let formatName {
            guard trackFolder != nil else { throw UsageError("--track-format goes with --track-out DIR") }
            trackFormat = try TrackOutput.format(named: formatName)
        }
        if allTracks, trackFolder == nil { throw UsageError("--all-tracks goes with --track-out DIR") }
    }

    /// Refuses, before any work, outputs that cannot be written: a `--track-out` that is an existing file
    /// (it names a folder), a `--points-out` that is not a `.csv` file or is a folder, FIFO or device, or
    /// any output that is an input.
    func check(inputs: [String]) throws {
        if let trackFolder {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: trackFolder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw UsageError("--track-out \(trackFolder): it is a file; eval writes one track per walk into a folder")
            }
        }
        if let pointsPath {
            guard (pointsPath as NSString).pathExtension.lowercased() == "csv" else {
                throw UsageError("--points-out \(pointsPath): expected a .csv file name")
            }
            try OutputFile.refuseOverwritingInput(pointsPath, inputs: inputs)
        }
    }

    /// Names each walk's track file `<walk>.<ext>` in the track folder (`<walk>-2.<ext>`… when two walks
    /// share a name) and creates the folder.
    mutating func prepareTrackFiles(for files: [String]) {
        guard let trackFolder else { return }
        var used: Set<String> = []
        for file in files {
            let stem = RadioMapSurvey.walkName(file)
            var name = "\(stem).\(trackFormat.rawValue)"
            var k = 2
            while used.contains(name) {
                name = "\(stem)-\(k).\(trackFormat.rawValue)"
                k += 1
            }
            used.insert(name)
            trackFiles[file] = (trackFolder as NSString).appendingPathComponent(name)
        }
        try? FileManager.default.createDirectory(atPath: trackFolder, withIntermediateDirectories: true)
    }

    /// The observers of one walk's run: the navigation follower and the track recorder, when present.
    static func observer(_ follower: (any FusionReplayObserver)?, _ recorder: TrackRecorder?) -> (any FusionReplayObserver)? {
        switch (follower, recorder) {
        case (let f?, let r?): ChainedReplayObserver([f, r])
        case (let f?, nil): f
        case (nil, let r?): r
        case (nil, nil): nil
        }
    }

    /// Writes one walk's track file; returns why it could not be written (nil when it was).
    func writeTrack(
        _ recorder: TrackRecorder, of file: String, loaded: EvaluationInputs.LoadedRecording, replay: FusionReplay, venue: Venue?
    ) -> String? {
        guard let path = trackFiles[file] else { return nil }
        // Offline, the smoothed track comes first (the live one joins it with --all-tracks).
        var tracks = [PositionTrack(name: "fused", points: recorder.fused)]
        if let smoothed = replay.offline {
            tracks = [smoothed.positionTrack(levels: replay.levels)] + (allTracks ? tracks : [])
        }
        if allTracks {
            tracks.append(PositionTrack(name: "deadReckoning", points: recorder.deadReckoning))
            tracks.append(TrackOutput.truthTrack(replay.truth, levels: replay.levels, venue: venue))
        }
        let document = TrackDocument(
            name: (file as NSString).lastPathComponent, tracks: tracks, frame: loaded.frame, startEpochSeconds: loaded.startEpochSeconds)
        do {
            try TrackOutput.write(document, as: trackFormat, to: path)
            return nil
        } catch {
            return "\(file): \(ErrorText.sentence(error))"
        }
    }

    /// Writes `--points-out` and reports the track files that could not be written; false when anything failed.
    func finish(_ outcomes: [EvalCommand.FileOutcome], trackFailures: [String]) -> Bool {
        for failure in trackFailures { warn("indoornav eval: no track written for \(failure)") }
        guard let pointsPath else { return trackFailures.isEmpty }
        do {
            try OutputFile.write(Self.pointsCSV(outcomes), to: pointsPath)
        } catch {
            warn("indoornav eval: \(ErrorText.sentence(error, path: pointsPath))")
            return false
        }
        return trackFailures.isEmpty
    }

    /// The `--points-out` header.
    static let pointColumns = [
        "file", "track", "time_s", "truth_x_m", "truth_y_m", "truth_level", "estimate_x_m", "estimate_y_m", "error_m", "floor_error",
        "accuracy_m",
    ]

    /// One row per scored point: the fused estimate and the dead reckoning at each truth point, then every
    /// provider fix inside the truth's time span against the truth interpolated at its time.
    static func pointsCSV(_ outcomes: [EvalCommand.FileOutcome]) -> String {
        func f(_ v: Double?, _ digits: Int = 3) -> String { v.map { $0.isFinite ? String(format: "%.\(digits)f", $0) : "" } ?? "" }
        var out = pointColumns.joined(separator: ",") + "\n"
        for outcome in outcomes {
            let replay = outcome.replay
            let file = TrackWriter.csvField(outcome.file)
            func row(
                _ track: String, _ t: Double, _ truth: LocalPoint, _ level: String?, _ estimate: LocalPoint, _ point: ScoredPoint,
                _ sigma: Double?
            ) {
                let fields = [
                    file, TrackWriter.csvField(track), f(t), f(truth.x), f(truth.y), TrackWriter.csvField(level ?? ""), f(estimate.x),
                    f(estimate.y), f(point.errorMeters), f(point.floorError, 0), f(sigma),
                ]
                out += fields.joined(separator: ",") + "\n"
            }
            let truthPoints = Array(replay.truth.scoredPoints)
            for (k, point) in replay.score.points.enumerated() where k < truthPoints.count && k < replay.estimatesAtTruth.count {
                let truth = truthPoints[k]
                row(
                    "fused", point.timeSeconds, truth.point, truth.level.map(levelText), replay.estimatesAtTruth[k], point,
                    k < replay.accuraciesAtTruth.count ? replay.accuraciesAtTruth[k] : nil)
            }
            let open = TimedTrajectory(replay.deadReckoning.map { ($0.timeSeconds, $0.point) })
            for (k, point) in replay.deadReckoningScore.points.enumerated() where k < truthPoints.count {
                let truth = truthPoints[k]
                guard let estimate = open.position(atSeconds: truth.timeSeconds, extrapolation: .holdEnds) else { continue }
                row("deadReckoning", point.timeSeconds, truth.point, truth.level.map(levelText), estimate, point, nil)
            }
            for source in replay.fixesBySource.keys.sorted() {
                let scored = replay.providerScores[source]?.points ?? []
                var next = 0
                for fix in replay.fixesBySource[source] ?? [] {
                    guard let truth = replay.truth.position(atSeconds: fix.timeSeconds, extrapolation: .none), next < scored.count,
                        scored[next].timeSeconds == fix.timeSeconds
                    else { continue }
                    let level = replay.truth.level(atSeconds: fix.timeSeconds).map(levelText)
                    row(source, fix.timeSeconds, truth, level, fix.point, scored[next], nil)
                    next += 1
                }
            }
        }
        return out
    }

    /// The error CDF of the fused track, the dead reckoning and each provider's fixes, pooled over the
    /// walks: `error-cdf.svg` in the `--plot` folder, or `<OUT>-error-cdf.svg` beside `--plot OUT.svg`.
    static func writeErrorCDF(_ outcomes: [EvalCommand.FileOutcome], beside plotPath: String) throws {
        let path =
            plotPath.lowercased().hasSuffix(".svg")
            ? (plotPath as NSString).deletingPathExtension + "-error-cdf.svg"
            : (plotPath as NSString).appendingPathComponent("error-cdf.svg")
        try OutputFile.write(errorCDF(outcomes), to: path)
    }

    /// The CDF figure's SVG (see ``writeErrorCDF(_:beside:)``).
    static func errorCDF(_ outcomes: [EvalCommand.FileOutcome]) -> String {
        let report = EvalReport(outcomes: outcomes, skipped: [])
        let colors = ["beacon": "#9467bd", "gnss": "#8c564b", "fingerprint": "#2ca02c", "manual": "#e377c2"]
        var curves = [
            ErrorCDFPlot.Curve(name: "fused", color: "#1f77b4", errorsMeters: report.overall.points.map(\.errorMeters)),
            ErrorCDFPlot.Curve(
                name: "dead reckoning", color: "#ff7f0e", errorsMeters: report.overallDeadReckoning.points.map(\.errorMeters), dashed: true),
        ]
        for (source, score) in report.overallProviders.sorted(by: { $0.key < $1.key }) {
            curves.append(
                ErrorCDFPlot.Curve(
                    name: "\(source) fixes", color: colors[source] ?? "#7f7f7f", errorsMeters: score.points.map(\.errorMeters), dashed: true
                ))
        }
        let walks = outcomes.count == 1 ? (outcomes[0].file as NSString).lastPathComponent : "\(outcomes.count) walks"
        return ErrorCDFPlot(curves: curves).rendered(title: "Position error CDF — \(walks)")
    }

    /// A truth level as written in the points file (`F1`, `lvl-a0`, `2`).
    static func levelText(_ level: LevelReference) -> String {
        switch level {
        case .levelId(let id): id
        case .floorName(let name): name
        case .floorNumber(let n): n == n.rounded() ? String(Int(n)) : String(n)
        }
    }
}
