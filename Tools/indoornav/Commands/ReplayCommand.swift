import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorRecordings
import IndoorRouting
import IndoorVenue

/// `indoornav replay --venue V --recording R [--beacons F] [--to DEST] [--manual FILE [--manual-sigma M]]
/// [--follow MODE] [--json] [--plot OUT] [--track-out FILE [--all-tracks]]`: recording → providers →
/// fusion → navigation → follow-user, with an event timeline and a final report; without `--to`,
/// positioning only (providers and fusion, no navigation). `--track-out` writes the fused track. DEST is a feature id, `x,y@LEVEL` or a deep link
/// (`indoornav://navigate?placeId=…&sectionId=…&poiId=…`); `--manual` adds a track of manual fixes (the
/// ground-truth lines of FILE) through the manual provider, as `eval --manual` does.
///
/// The walk starts at the recording's first ground-truth point (a user setting their position); no later
/// ground truth is used except to score the result.
enum ReplayCommand {
    static let spec = CommandSpec(
        path: ["replay"],
        summary: "replay a recording through fusion (and with --to navigation and follow-user), with a report and the track",
        inputs: Inputs.self,
        notes: [
            "The walk starts at the recording's first ground-truth point; later truth is used only to score the result.",
            "Without --to nothing is navigated: the report and --track-out hold the fused and dead-reckoning tracks only.",
        ],
        exitNotes: [2: "the walk did not arrive (or navigation could not start)"],
        examples: [
            "replay --venue Recordings/venues/campus --recording Recordings/simulated/campus-info-to-deans-office.jsonl --to occ-deans-office"
        ])

    struct Inputs: RunnableInputs {
        @Option(SharedOptions.venueOption.required) var venuePath: String
        @Option(
            .value(
                "--recording", "FILE", "the recording: canonical .jsonl, an ILC path file or an IPIN logfile",
                example: "--recording Recordings/simulated/campus-info-to-deans-office.jsonl", required: true)) var recordingPath: String
        @Option(
            .value(
                "--to", "DEST", "destination: a feature id, x,y@LEVEL or indoornav://navigate?poiId=…; without it, positioning only",
                example: "--to occ-deans-office")) var destinationText: String?
        @Option(SharedOptions.beacons) var beaconsPath: String?
        @Option(
            .value(
                "--manual", "FILE", "fuse the ground-truth lines of FILE as manual fixes (a user tapping their position)",
                example: "--manual fixes.jsonl")) var manualPath: String?
        @Option(
            .number(
                "--manual-sigma", "M", "one-sigma of the --manual fixes, metres", in: 0.1...1000, default: ManualFixes.defaultSigmaMeters,
                example: "--manual-sigma 3")) var manualSigma: Double
        @Option(
            .choice(
                "--follow", FollowUserMode.self, "camera follow-user mode", default: .follow,
                example: "--follow followWithHeading")) var followMode: FollowUserMode
        @Option(
            .number(
                "--update-interval", "S", "seconds between navigation updates", in: 0...60, default: 1, example: "--update-interval 0.5"))
        var updateInterval: Double
        @Option(SharedOptions.json) var json: Bool
        @Option(
            .value("--plot", "OUT", "write SVG plots of the tracks: OUT.svg, or one per level in the folder OUT", example: "--plot out/"))
        var plot: String?
        @Option(
            .value(
                "--track-out", "FILE", "write the fused track: .csv, .geojson, .gpx, .kml or .jsonl (fix lines for --manual)",
                example: "--track-out walk.geojson")) var trackOut: String?
        @Option(TrackOutput.allTracksOption) var allTracks: Bool
        @Option(
            .flag(
                "--offline",
                "also smooth the whole recording forwards and backwards (Rauch–Tung–Striebel) and report the smoothed track beside the live one; --track-out then writes the smoothed track"
            )) var offline: Bool

        func run() throws -> Int32 {
            if allTracks, trackOut == nil { throw UsageError("--all-tracks goes with --track-out FILE") }
            var trackFormat: TrackFormat?
            if let trackOut { trackFormat = try TrackOutput.fileFormat(trackOut) }
            if let trackOut {
                try OutputFile.refuseOverwritingInput(
                    trackOut, inputs: [venuePath, recordingPath] + [beaconsPath, manualPath].compactMap { $0 }, folders: [venuePath])
            }
            if let plot {
                try OutputFile.refuseOverwritingInput(
                    plot, inputs: [venuePath, recordingPath] + (beaconsPath.map { [$0] } ?? []), folders: [venuePath], folderAllowed: true)
            }
            let venue = try EvaluationInputs.loadVenue(path: venuePath)
            var destination: NavigationDestination?
            if let destinationText { destination = try ReplayCommand.destination(destinationText, venue: venue) }
            let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
            let loaded = try LoadedRecording.read(recordingPath, venue: venue, registry: registry)
            guard let truth = loaded.truth else { throw ToolFailure("\(recordingPath): no ground-truth point to start from") }
            let manualFixes = try manualPath.map {
                try ManualFixes.load(path: $0, sigmaMeters: manualSigma, venue: venue, registry: registry)
            }

            let replay = try RecordingReplay(
                venue: venue, registry: registry, loaded: loaded, truth: truth, destination: destination,
                followMode: followMode, updateIntervalSeconds: updateInterval, manualFixes: manualFixes, offline: offline)
            let report = replay.report(truth: truth)
            if json {
                print(report.serialized(pretty: true))
            } else {
                for line in replay.timeline { print(String(format: "%7.1f s  ", line.timeSeconds) + line.text) }
                print(ReplayReport.text(report))
            }
            if let plot {
                if !plot.lowercased().hasSuffix(".svg") {
                    try FileManager.default.createDirectory(atPath: plot, withIntermediateDirectories: true)
                }
                for file in ReplayReport.plots(replay, recording: recordingPath, to: plot) { try OutputFile.write(file.svg, to: file.path) }
            }
            if let trackOut, let trackFormat {
                let document = replay.trackDocument(
                    name: (recordingPath as NSString).lastPathComponent, truth: allTracks ? truth : nil,
                    startEpochSeconds: loaded.startEpochSeconds)
                try TrackOutput.write(document, as: trackFormat, to: trackOut)
            }
            return destination == nil || replay.arrived ? ExitStatus.success : ExitStatus.notFound
        }
    }

    /// A `--to` value (a feature id, `x,y@LEVEL` or a deep link naming a POI) as a navigation destination.
    static func destination(_ text: String, venue: Venue) throws(UsageError) -> NavigationDestination {
        if NavigationDeepLink.looksLikeLink(text) {
            do {
                return try NavigationDeepLink(url: text).navigationDestination(in: venue)
            } catch {
                throw UsageError("--to: \(error)")
            }
        }
        guard let place = Place.parse(text) else { throw UsageError("--to: '\(text)' is not an id or x,y@LEVEL") }
        switch place {
        case .feature(let id): return .feature(id: id)
        case .local(let p, let level): return .point(p, levelID: level)
        case .geographic: throw UsageError("--to: use an id or x,y@LEVEL")
        }
    }
}
