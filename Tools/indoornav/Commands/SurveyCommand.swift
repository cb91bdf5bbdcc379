import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorJSON
import IndoorPositioning
import IndoorRecordings

/// `indoornav survey WALK|FOLDER… [--venue V] [--beacons F] -o RADIO_MAP.json [--json]` — builds a radio
/// map (Wi-Fi and beacon fingerprints per level) from recordings with ground truth; with `--from-tracks`,
/// from the walks' offline-smoothed tracks (only each walk's first truth point used), merged with the
/// truth-placed `--surveyed` walks when given.
enum SurveyCommand {
    static let spec = CommandSpec(
        path: ["survey"], summary: "build a radio map (Wi-Fi and BLE fingerprints per level) from walks with ground truth",
        inputs: Inputs.self,
        notes: [
            "Each Wi-Fi scan (with the beacons of the last 2 s) is placed at the truth interpolated at its time.",
            "With --from-tracks each walk is run through the eval pipeline (map matching on the venue, beacons when given, no radio map) and smoothed forwards and backwards; its first ground-truth point is the known start, later truth points are used only to report how far the placed scans are from them.",
        ],
        examples: [
            "survey ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 -o ilc-map.json",
            "survey --from-tracks ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 -o ilc-track-map.json",
        ])

    struct Inputs: RunnableInputs {
        @Positional(
            PositionalSpec(
                name: "WALK", help: "walks with ground truth (ILC waypoints, IPIN POSI, canonical truth) or folders of them",
                isRepeated: true)) var paths: [String]
        @Option(SharedOptions.output("MAP.json", "the radio map to write", required: true)) var output: String
        @Option(
            SharedOptions.venueOption.with(help: "venue whose frame and levels the truth is put in (an ILC site folder or an IMDF venue)"))
        var venuePath: String?
        @Option(SharedOptions.beacons.with(help: "beacon registry (its centroid sets the frame when there is no venue)")) var beaconsPath:
            String?
        @Option(SharedOptions.json.with(help: "print the summary as JSON")) var json: Bool
        @Option(ParallelJobs.option) var jobCount: Int?
        @Option(SharedOptions.fingerprintOption) var fingerprintOptions: [String]
        @Option(
            .flag(
                "--from-tracks",
                "place the WALKs' scans on their own offline-smoothed fused tracks (no radio map; started at each walk's first ground-truth point, no later truth used) instead of their ground truth"
            )) var fromTracks: Bool
        @Option(
            .repeated(
                "--surveyed", "WALK|FOLDER", "with --from-tracks: also add these walks placed on their ground truth (repeatable)",
                example: "--surveyed survey-walks/")) var surveyedPaths: [String]
        @Option(SharedOptions.trackSigma) var trackSigma: Double?
        func run() throws -> Int32 {
            guard !paths.isEmpty else { throw UsageError("survey: expected WALK or FOLDER") }
            let configuration = try TunableOptions.fingerprint(fingerprintOptions)
            if !fromTracks, !surveyedPaths.isEmpty {
                throw UsageError("survey: --surveyed needs --from-tracks (the WALKs are surveyed on truth already)")
            }
            if !fromTracks, trackSigma != nil { throw UsageError("survey: --track-sigma needs --from-tracks") }
            let survey: TrackSurveyConfiguration
            do {
                survey = try trackSigma.map { sigma in try TrackSurveyConfiguration { $0.maximumSigmaMeters = sigma } } ?? .standard
            } catch {
                throw UsageError("survey: --track-sigma: \(error)")
            }
            let trackFiles = try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl", "log"], command: "survey")
            let surveyedFiles =
                surveyedPaths.isEmpty
                ? [] : try EvaluationInputs.collectFiles(surveyedPaths, extensions: ["txt", "jsonl", "log"], command: "survey")
            let files = surveyedFiles + trackFiles.filter { !surveyedFiles.contains($0) }
            try OutputFile.refuseOverwritingInput(output, inputs: files + [venuePath, beaconsPath].compactMap { $0 })
            let loadedVenue = try venuePath.map { path in try EvaluationInputs.loadVenue(path: path) }
            let loadedRegistry = try beaconsPath.map { path in try EvaluationInputs.loadRegistry(path: path) }
            let tracks =
                fromTracks
                ? RadioMapSurvey.TrackPlacement(venue: loadedVenue, registry: loadedRegistry, fingerprint: configuration, survey: survey)
                : nil
            var progress = ProgressLine("survey", total: files.count)
            let result = RadioMapSurvey.build(
                files: files, venue: loadedVenue, registry: loadedRegistry, configuration: configuration,
                jobs: ParallelJobs.count(jobCount),
                tracks: tracks, trackPlaced: fromTracks ? Set(trackFiles).subtracting(surveyedFiles) : [],
                progress: { progress.update($0, ($1 as NSString).lastPathComponent) })
            progress.finish()
            for entry in result.skipped { warn("indoornav survey: skipped \(entry.file): \(entry.reason)") }
            guard !result.map.fingerprints.isEmpty else {
                let which =
                    fromTracks
                    ? "no walk with a start point, a smoothed track and Wi-Fi or beacon scans"
                    : "no walk with ground truth and Wi-Fi or beacon scans"
                warn("indoornav survey: no fingerprint could be placed (\(which)); nothing written")
                return 1
            }
            try OutputFile.write(result.map.json.serialized(), to: output)
            let trackSurvey = fromTracks ? survey : nil
            print(
                json
                    ? result.summaryJSON(output: output, trackSurvey: trackSurvey, surveyedFiles: surveyedFiles).serialized(pretty: true)
                    : result.summaryText(output: output, trackSurvey: trackSurvey))
            return 0
        }
    }

}
