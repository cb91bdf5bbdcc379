import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `indoornav eval RECORDING|FOLDER… [--venue V] [--beacons F] [--json] [--plot OUT.svg|OUT_DIR]` — runs
/// each recording through the providers and the fusion engine, started at its first ground-truth point
/// (no later truth used), and scores the fused track against the later truth points.
///
/// Canonical recordings, ILC path files and IPIN logfiles are read directly (format detected); folders
/// are walked recursively. Without a venue, the levels are the floors from the lowest to the highest of
/// the beacons' floors and the start floor, `--storey-height` apart.
enum EvalCommand {
    static let spec = CommandSpec(
        path: ["eval"], summary: "score the providers and the fused track of recordings against their ground truth", inputs: Inputs.self,
        notes: [
            "Each recording starts at its first ground-truth point (no later truth is used) and is scored against the later ones. Public data sets: README, \"Data\"."
        ],
        examples: ["eval ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 --cross-validate 5"])

    struct Inputs: RunnableInputs {
        @Positional(
            PositionalSpec(
                name: "PATH", help: "recordings (canonical .jsonl, ILC path files, IPIN logfiles) or folders, walked recursively",
                isRepeated: true)) var paths: [String]
        @Option(SharedOptions.venueOption) var venuePath: String?
        @Option(SharedOptions.beacons) var beaconsPath: String?
        @Option(SharedOptions.json) var json: Bool
        @Option(
            .value(
                "--plot", "OUT.svg|OUT_DIR",
                "write SVG plots of the tracks (one file, or one per recording and level in a folder) and the error CDF (…-error-cdf.svg)",
                example: "--plot out/")) var plotPath: String?
        @Option(
            SharedOptions.radioMap.with(
                help: "fuse fixes matched against this radio map (indoornav survey); without --venue, "
                    + "its walks' directions also align the heading")) var radioMapPath: String?
        @Option(
            .integer(
                "--cross-validate", "K",
                "split the recordings into K folds (repetitions of a walk stay together) and score each with a radio map surveyed from the other folds only",
                in: 2...1_000, example: "--cross-validate 5")) var folds: Int?
        @Option(
            .flag(
                "--self-survey",
                "with --cross-validate: survey the folds' radio maps on the walks' own offline-smoothed tracks (survey --from-tracks: no radio map, each started at its first ground-truth point) instead of their ground truth"
            )) var selfSurvey: Bool
        @Option(
            SharedOptions.trackSigma.with(
                help: "with --self-survey: place a scan only where the smoothed track's one-sigma is at most M metres")) var trackSigma:
            Double?
        @Option(
            .number(
                "--exclude-radius", "M",
                "blocked cross-validation: each recording's radio map also loses every fingerprint, walk leg and stride sample within M metres of its truth (needs --cross-validate or --radio-map)",
                in: 0.1...1_000, example: "--exclude-radius 10")) var excludeRadius: Double?
        @Option(SharedOptions.fingerprintOption) var fingerprintOptions: [String]
        @Option(
            .flag(
                "--navigate",
                "also navigate each walk along a route through its own truth points and count off-route events, reroutes and arrivals (needs --venue)"
            )) var navigate: Bool
        @Option(
            .repeated(
                "--navigation-option", "NAME=VALUE", "override one NavigationConfiguration value for --navigate (repeatable; A/B runs)",
                example: "--navigation-option arrivalStationarySeconds=0")) var navigationOptions: [String]
        @Option(.value("--manual", "FILE", "fuse the ground-truth lines of FILE as manual fixes", example: "--manual walk.jsonl"))
        var manualPath: String?
        @Option(
            .number(
                "--manual-sigma", "M", "one-sigma of the --manual fixes, metres", in: 0.1...1000, default: ManualFixes.defaultSigmaMeters,
                example: "--manual-sigma 3")) var manualSigma: Double
        @Option(.flag("--no-map", "do not constrain the track to the venue's walkable area (no wall correction, no map matching)"))
        var noMap: Bool
        @Option(
            .flag("--no-map-matching", "keep the venue's walls as the Kalman filter's wall correction instead of the particle map matcher"))
        var noMapMatching: Bool
        @Option(
            .repeated(
                "--map-matching-option", "NAME=VALUE", "override one MapMatchingConfiguration value (repeatable; A/B runs)",
                example: "--map-matching-option particleCount=200")) var mapMatchingOptions: [String]
        @Option(
            .repeated(
                "--fusion-option", "NAME=VALUE", "override one FusionConfiguration value (repeatable; A/B runs)",
                example: "--fusion-option initialStrideScaleSigma=0.1")) var fusionOptions: [String]
        @Option(
            .flag(
                "--offline",
                "also smooth each whole recording forwards and backwards (Rauch–Tung–Striebel) and score the smoothed track beside the live one; --track-out then writes the smoothed track"
            )) var offline: Bool
        @Option(
            .repeated(
                "--smoothing-option", "NAME=VALUE",
                "with --offline: override one FusionSmoothingConfiguration value (repeatable; A/B runs)",
                example: "--smoothing-option particleLagSteps=40")) var smoothingOptions: [String]
        @Option(
            .repeated(
                "--heading-option", "NAME=VALUE", "override one HeadingConfiguration value of dead reckoning (repeatable; A/B runs)",
                example: "--heading-option absoluteHeadingTimeConstantSeconds=10")) var headingOptions: [String]
        @Option(.flag("--no-heading-alignment", "do not align the heading with the floor plan")) var noAlignment: Bool
        @Option(.flag("--no-beacons", "ignore beacon fixes")) var noBeacons: Bool
        @Option(.flag("--no-gnss", "ignore satellite fixes")) var noGNSS: Bool
        @Option(
            .number(
                "--storey-height", "M", "storey height between the floors of a venue-less recording, metres", in: 1...20,
                default: EvaluationSettings.venuelessStoreyHeightMeters,
                example: "--storey-height 4")) var storeyHeight: Double
        @Option(
            .tunable(
                \FusionConfiguration.beaconCovarianceScale, "--beacon-scale", "X", "beacon fix covariance scale",
                example: "--beacon-scale 8")) var beaconScale: Double
        @Option(
            .tunable(\StrideConfiguration.weinbergK, "--weinberg-k", "K", "Weinberg stride constant", example: "--weinberg-k 0.46"))
        var weinbergK: Double?
        @Option(
            .value(
                "--track-out", "DIR", "write each walk's fused track into DIR (created when missing), named after the walk",
                example: "--track-out tracks/")) var trackOut: String?
        @Option(
            .choice(
                "--track-format", TrackFormat.self, "the format of the --track-out files", default: .geojson,
                example: "--track-format gpx")) var trackFormat: TrackFormat?
        @Option(TrackOutput.allTracksOption) var allTracks: Bool
        @Option(
            .value(
                "--points-out", "FILE.csv",
                "write every scored point: its truth, the fused (and with --offline the smoothed) estimate and error, and each provider's fixes",
                example: "--points-out points.csv")) var pointsOut: String?
        @Option(ParallelJobs.option) var jobCount: Int?

        func run() throws -> Int32 {
            let navigation = try TunableOptions.navigation(navigationOptions)
            var outputs = try EvalOutputs(
                trackFolder: trackOut, format: trackFormat, allTracks: allTracks, pointsPath: pointsOut, jobCount: jobCount)
            guard !paths.isEmpty else { throw UsageError("eval: expected RECORDING or FOLDER") }
            if excludeRadius != nil, folds == nil, radioMapPath == nil {
                throw UsageError(
                    "eval: --exclude-radius needs --cross-validate or --radio-map (it removes surveyed places from a radio map)")
            }
            if selfSurvey, folds == nil { throw UsageError("eval: --self-survey needs --cross-validate (it builds each fold's radio map)") }
            if selfSurvey, radioMapPath != nil {
                throw UsageError("eval: --self-survey builds the radio map; it cannot be given with --radio-map")
            }
            if trackSigma != nil, !selfSurvey { throw UsageError("eval: --track-sigma needs --self-survey") }
            let trackSurvey: TrackSurveyConfiguration
            do {
                trackSurvey = try trackSigma.map { sigma in try TrackSurveyConfiguration { $0.maximumSigmaMeters = sigma } } ?? .standard
            } catch {
                throw UsageError("eval: --track-sigma: \(error)")
            }
            if navigate, venuePath == nil { throw UsageError("eval: --navigate needs --venue (routes are planned on its graph)") }
            if !navigate, navigation != NavigationConfiguration.standard { throw UsageError("eval: --navigation-option needs --navigate") }
            if let plotPath {
                try OutputFile.refuseOverwritingInput(
                    plotPath, inputs: paths + [venuePath, beaconsPath, radioMapPath, manualPath].compactMap { $0 }, folderAllowed: true)
            }
            try outputs.check(inputs: paths + [venuePath, beaconsPath, radioMapPath, manualPath].compactMap { $0 })

            var fusion: FusionConfiguration
            do {
                fusion = try FusionConfiguration {
                    $0.beaconCovarianceScale = beaconScale
                    $0.constrainToWalkableArea = !noMap
                    $0.alignHeadingToFloorPlan = !noAlignment
                }
            } catch { throw UsageError("eval: --beacon-scale: \(error)") }
            fusion.mapMatching = noMap || noMapMatching ? nil : try TunableOptions.mapMatching(mapMatchingOptions)
            fusion = try TunableOptions.fusion(fusionOptions, base: fusion)
            var settings = EvaluationSettings(
                venue: nil, registry: nil, fusion: fusion,
                storeyHeightMeters: storeyHeight, useBeacons: !noBeacons)
            settings.useGNSS = !noGNSS
            if !smoothingOptions.isEmpty, !offline { throw UsageError("eval: --smoothing-option needs --offline") }
            settings.offline = offline ? try TunableOptions.smoothing(smoothingOptions) : nil
            settings.fingerprint = try TunableOptions.fingerprint(fingerprintOptions)
            if let weinbergK { settings.deadReckoning.stride = try StrideConfiguration { $0.weinbergK = weinbergK } }
            settings.deadReckoning.heading = try TunableOptions.heading(headingOptions)

            var radioMap: RadioMap?
            do {
                if let venuePath { settings.venue = try EvaluationInputs.loadVenue(path: venuePath, withGraph: navigate) }
                settings.prepareFloorPlan()
                if let beaconsPath { settings.registry = try EvaluationInputs.loadRegistry(path: beaconsPath) }
                if let radioMapPath { radioMap = try RadioMap.load(path: radioMapPath) }
                settings.manualFixes = try manualPath.map {
                    try ManualFixes.load(path: $0, sigmaMeters: manualSigma, venue: settings.venue, registry: settings.registry)
                }
            } catch {
                warn("indoornav eval: \(IOErrorText.sentence(error))")
                return 1
            }
            let files = try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl", "log", "csv"], command: "eval")
                .filter { file in beaconsPath.map { (file as NSString).standardizingPath != ($0 as NSString).standardizingPath } ?? true }
            guard !files.isEmpty else {
                warn("indoornav eval: no recordings (.txt, .jsonl, .log) under \(paths.joined(separator: ", "))")
                return 1
            }
            var radioMaps = RadioMapSelection(map: radioMap, configuration: settings.fingerprint)
            if let folds {
                var survey = ProgressLine("survey", total: files.count)
                defer { survey.finish() }
                let crossValidated: (selection: RadioMapSelection, surveySkipped: [(file: String, reason: String)])
                do {
                    crossValidated = try RadioMapSelection.crossValidated(
                        files: files, map: radioMap, foldCount: folds, settings: settings, selfSurvey: selfSurvey ? trackSurvey : nil,
                        jobs: outputs.jobs, progress: { survey.update($0, ($1 as NSString).lastPathComponent) })
                } catch {
                    throw UsageError("eval: --cross-validate \(folds): \(error)")
                }
                for entry in crossValidated.surveySkipped { warn("indoornav eval: --self-survey left out \(entry.file): \(entry.reason)") }
                radioMaps = crossValidated.selection
            }
            var progress = ProgressLine("eval", total: files.count)
            defer { progress.finish() }
            outputs.prepareTrackFiles(for: files)
            let evaluator = WalkEvaluator(
                settings: settings, radioMaps: radioMaps, files: files, jobs: outputs.jobs, excludeRadiusMeters: excludeRadius,
                navigation: navigate ? navigation : nil)
            let (report, trackFailures) = evaluator.report(
                files: files, jobs: outputs.jobs, progress: { progress.update($0, ($1 as NSString).lastPathComponent) },
                trackWriter: outputs.trackFolder == nil
                    ? nil
                    : { file, loaded, replay, recorder in
                        outputs.writeTrack(recorder, of: file, loaded: loaded, replay: replay, venue: settings.venue)
                    })
            for entry in report.skipped { warn("indoornav eval: skipped \(entry.file): \(entry.reason)") }
            if let plotPath {
                do {
                    if !plotPath.lowercased().hasSuffix(".svg") {
                        try FileManager.default.createDirectory(atPath: plotPath, withIntermediateDirectories: true)
                    }
                    for plot in EvaluationPlots.plots(report, venue: settings.venue, to: plotPath) {
                        try OutputFile.write(plot.svg, to: plot.path)
                    }
                    try OutputFile.write(EvaluationPlots.errorCDF(report), to: EvaluationPlots.errorCDFPath(beside: plotPath))
                } catch {
                    warn("indoornav eval: cannot write plots to \(plotPath): \(IOErrorText.sentence(error, path: plotPath))")
                    return 1
                }
            }
            guard !report.outcomes.isEmpty else {
                // Nothing scored: no table of dashes, a sentence (JSON readers still get the skipped list).
                if json { print(report.json.serialized(pretty: true)) }
                warn("indoornav eval: none of the \(files.count) recording(s) could be scored (each skipped above with its reason)")
                return ExitStatus.failure
            }
            print(json ? report.json.serialized(pretty: true) : report.text)
            return outputs.finish(report, trackFailures: trackFailures) ? ExitStatus.success : ExitStatus.failure
        }
    }

}
