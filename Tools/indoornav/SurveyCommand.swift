import Foundation
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
        positionals: [
            PositionalSpec(
                name: "WALK", help: "walks with ground truth (ILC waypoints, IPIN POSI, canonical truth) or folders of them",
                isRepeated: true)
        ],
        options: [
            SharedOptions.output("MAP.json", "the radio map to write", required: true),
            SharedOptions.venueOption.with(help: "venue whose frame and levels the truth is put in (an ILC site folder or an IMDF venue)"),
            SharedOptions.beacons.with(help: "beacon registry (its centroid sets the frame when there is no venue)"),
            SharedOptions.json.with(help: "print the summary as JSON"),
            ParallelJobs.option,
            SharedOptions.fingerprintOption,
            .flag(
                "--from-tracks",
                "place the WALKs' scans on their own offline-smoothed fused tracks (no radio map; started at each walk's first ground-truth point, no later truth used) instead of their ground truth"
            ),
            .repeated(
                "--surveyed", "WALK|FOLDER", "with --from-tracks: also add these walks placed on their ground truth (repeatable)",
                example: "--surveyed survey-walks/"),
            SharedOptions.trackSigma,
        ],
        notes: [
            "Each Wi-Fi scan (with the beacons of the last 2 s) is placed at the truth interpolated at its time.",
            "With --from-tracks each walk is run through the eval pipeline (map matching on the venue, beacons when given, no radio map) and smoothed forwards and backwards; its first ground-truth point is the known start, later truth points are used only to report how far the placed scans are from them.",
        ],
        examples: [
            "survey ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 -o ilc-map.json",
            "survey --from-tracks ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 -o ilc-track-map.json",
        ],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let output = try args.option("-o") ?? args.option("--output")
        let venuePath = try args.option("--venue")
        let beaconsPath = try args.option("--beacons")
        let json = args.flag("--json")
        let jobs = ParallelJobs.count(try args.int("--jobs"))
        let configuration = try FingerprintOptions.configuration(try args.options("--fingerprint-option"))
        let fromTracks = args.flag("--from-tracks")
        let surveyedPaths = try args.options("--surveyed")
        let trackSigma = try args.double("--track-sigma")
        var paths: [String] = []
        while let path = args.nextPositional() { paths.append(path) }
        try args.finish()
        guard !paths.isEmpty else { throw UsageError("survey: expected WALK or FOLDER") }
        guard let output else { throw UsageError("survey: missing -o RADIO_MAP.json") }
        if !fromTracks, !surveyedPaths.isEmpty {
            throw UsageError("survey: --surveyed needs --from-tracks (the WALKs are surveyed on truth already)")
        }
        if !fromTracks, trackSigma != nil { throw UsageError("survey: --track-sigma needs --from-tracks") }
        let survey: TrackSurveyConfiguration
        do {
            survey = try trackSigma.map { try TrackSurveyConfiguration(maximumSigmaMeters: $0) } ?? .standard
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
        var tracks: RadioMapSurvey.TrackPlacement?
        if fromTracks {
            var settings = EvaluationSettings(venue: loadedVenue, registry: loadedRegistry)
            settings.fingerprint = configuration
            settings.prepareFloorPlan()
            tracks = RadioMapSurvey.TrackPlacement(settings: settings, survey: survey)
        }
        var progress = ProgressLine("survey", total: files.count)
        let result = RadioMapSurvey.build(
            files: files, venue: loadedVenue, registry: loadedRegistry, configuration: configuration, jobs: jobs,
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
        let scans = result.outcomes.reduce(0) { $0 + $1.scans }
        let outside = result.outcomes.reduce(0) { $0 + $1.outsideTruth }
        let stale = result.outcomes.reduce(0) { $0 + $1.staleEntries }
        let summary = result.map.summary
        let uncertain = result.outcomes.reduce(0) { $0 + $1.tooUncertain }
        let errors = result.trackPlacementErrorsMeters.sorted()
        let placementMedian = errors.isEmpty ? nil : ErrorStatistics.percentile(errors, 0.5)
        let placementP90 = errors.isEmpty ? nil : ErrorStatistics.percentile(errors, 0.9)
        if json {
            let value: JSONValue = [
                "output": .string(output), "walks": .number(Double(summary.walks)), "fingerprints": .number(Double(summary.fingerprints)),
                "wifiTransmitters": .number(Double(summary.wifiTransmitters)),
                "beaconTransmitters": .number(Double(summary.beaconTransmitters)),
                "levels": .number(Double(summary.levels)), "scans": .number(Double(scans)), "scansOutsideTruth": .number(Double(outside)),
                "staleEntries": .number(Double(stale)),
                "strideWalks": .number(Double(result.map.strideRatios.compactMap { $0 }.count)),
                "surveyedStrideScale": result.map.surveyedStrideScale.map { .finite($0) } ?? .null,
                "walkLegs": .number(Double(result.map.walkLegs.joined().count)),
                "skipped": .array(result.skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] }),
            ]
            if fromTracks, case .object(var o) = value {
                o["fromTracks"] = [
                    "start": "each walk's first ground-truth point (no later truth used to place)",
                    "trackWalks": .number(Double(result.outcomes.count - surveyedOutcomes(result, surveyedFiles))),
                    "maximumSigmaMeters": .finite(survey.maximumSigmaMeters),
                    "scansTooUncertain": .number(Double(uncertain)),
                    "scansComparedWithTruth": .number(Double(errors.count)),
                    "placementMedianMeters": placementMedian.map { .finite($0) } ?? .null,
                    "placementP90Meters": placementP90.map { .finite($0) } ?? .null,
                ]
                print(JSONValue.object(o).serialized(pretty: true))
            } else {
                print(value.serialized(pretty: true))
            }
        } else {
            print(
                "wrote \(output): \(summary); \(scans) scans, \(outside) outside the ground truth's (or track's) time span, \(stale) stale Wi-Fi entries dropped"
                    + "; stride scale "
                    + (result.map.surveyedStrideScale.map { String(format: "%.3f", $0) } ?? "not measured")
                    + " (\(result.map.strideRatios.compactMap { $0 }.count) walks)"
                    + "; \(result.map.walkLegs.joined().count) walk legs"
                    + (result.skipped.isEmpty ? "" : "; skipped \(result.skipped.count) file(s)"))
            if fromTracks {
                print(
                    "placed on the walks' offline-smoothed tracks, each started at its first ground-truth point (no later truth used to place); "
                        + "\(uncertain) scans left out where the track's sigma exceeded "
                        + String(format: "%.1f m", survey.maximumSigmaMeters)
                        + (placementMedian.map { median in
                            String(
                                format: "; placed scans against the truth (report only): median %.2f m, p90 %.2f m over %d scans", median,
                                placementP90 ?? median, errors.count)
                        } ?? "; no truth to compare the placed scans with"))
            }
        }
        return 0
    }

    /// How many of the result's walks were placed on truth (the `--surveyed` ones).
    private static func surveyedOutcomes(_ result: RadioMapSurvey.Result, _ surveyedFiles: [String]) -> Int {
        let names = Set(surveyedFiles.map(RadioMapSurvey.walkName))
        return result.outcomes.filter { names.contains($0.walk) }.count
    }
}
