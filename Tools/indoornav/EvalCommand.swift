import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPlot
import IndoorPositioning
import IndoorRecordings
import IndoorVenue
import Synchronization

/// `indoornav eval RECORDING|FOLDER… [--venue V] [--beacons F] [--json] [--plot OUT.svg|OUT_DIR]` — runs
/// each recording through the providers and the fusion engine, started at its first ground-truth point
/// (no later truth used), and scores the fused track against the later truth points.
///
/// Canonical recordings, ILC path files and IPIN logfiles are read directly (format detected); folders
/// are walked recursively. Without a venue, the levels are the floors from the lowest to the highest of
/// the beacons' floors and the start floor, `--storey-height` apart.
enum EvalCommand {
    /// Storey height assumed between the floors of a venue-less recording, metres: a low typical storey
    /// (a barometric change of about half of it already suggests the next floor). Venues give real elevations.
    static let venuelessStoreyHeightMeters = 3.0

    struct Settings {
        var venue: Venue?
        var registry: BeaconRegistry?
        var fusion: FusionConfiguration
        var storeyHeightMeters: Double
        var useBeacons: Bool
        var useGNSS = true
        var fingerprint = FingerprintConfiguration.standard
        var manualFixes: [IndoorLocation]?
        var deadReckoning = DeadReckoningConfiguration.standard
        /// The venue's walkability raster for the map matcher, built once and shared by every file's engine.
        var floorPlan: WalkabilityRaster?
        /// Also smooth each recording offline and score the smoothed track beside the live one.
        var offline = false

        /// Builds ``floorPlan`` from the venue when the fusion uses the map matcher.
        mutating func prepareFloorPlan() {
            guard let venue, let mapMatching = fusion.mapMatching else { return }
            floorPlan = venue.spatialIndex.walkabilityRaster(cellSizeMeters: mapMatching.cellSizeMeters)
        }
    }

    struct FileOutcome {
        var file: String
        var dataset: String
        var replay: FusionReplay
        var fold: Int?
        var navigation: WalkNavigation.Outcome?
    }

    static let spec = CommandSpec(
        path: ["eval"], summary: "score the providers and the fused track of recordings against their ground truth",
        positionals: [
            PositionalSpec(
                name: "PATH", help: "recordings (canonical .jsonl, ILC path files, IPIN logfiles) or folders, walked recursively",
                isRepeated: true)
        ],
        options: [
            SharedOptions.venueOption,
            SharedOptions.beacons,
            SharedOptions.json,
            .value(
                "--plot", "OUT.svg|OUT_DIR",
                "write SVG plots of the tracks (one file, or one per recording and level in a folder) and the error CDF (…-error-cdf.svg)",
                example: "--plot out/"),
            SharedOptions.radioMap.with(
                help: "fuse fixes matched against this radio map (indoornav survey); without --venue, "
                    + "its walks' directions also align the heading"),
            .integer(
                "--cross-validate", "K",
                "split the recordings into K folds (repetitions of a walk stay together) and score each with a radio map surveyed from the other folds only",
                in: 2...1_000, example: "--cross-validate 5"),
            .flag(
                "--self-survey",
                "with --cross-validate: survey the folds' radio maps on the walks' own offline-smoothed tracks (survey --from-tracks: no radio map, each started at its first ground-truth point) instead of their ground truth"
            ),
            SharedOptions.trackSigma.with(
                help: "with --self-survey: place a scan only where the smoothed track's one-sigma is at most M metres"),
            .number(
                "--exclude-radius", "M",
                "blocked cross-validation: each recording's radio map also loses every fingerprint, walk leg and stride sample within M metres of its truth (needs --cross-validate or --radio-map)",
                in: 0.1...1_000, example: "--exclude-radius 10"),
            SharedOptions.fingerprintOption,
            .flag(
                "--navigate",
                "also navigate each walk along a route through its own truth points and count off-route events, reroutes and arrivals (needs --venue)"
            ),
            .repeated(
                "--navigation-option", "NAME=VALUE", "override one NavigationConfiguration value for --navigate (repeatable; A/B runs)",
                example: "--navigation-option arrivalStationarySeconds=0"),
            .value("--manual", "FILE", "fuse the ground-truth lines of FILE as manual fixes", example: "--manual walk.jsonl"),
            .number(
                "--manual-sigma", "M", "one-sigma of the --manual fixes, metres", in: 0.1...1000, default: "2", example: "--manual-sigma 3"),
            .flag("--no-map", "do not constrain the track to the venue's walkable area (no wall correction, no map matching)"),
            .flag("--no-map-matching", "keep the venue's walls as the Kalman filter's wall correction instead of the particle map matcher"),
            .repeated(
                "--map-matching-option", "NAME=VALUE", "override one MapMatchingConfiguration value (repeatable; A/B runs)",
                example: "--map-matching-option particleCount=200"),
            .repeated(
                "--fusion-option", "NAME=VALUE", "override one FusionConfiguration value (repeatable; A/B runs)",
                example: "--fusion-option initialStrideScaleSigma=0.1"),
            .flag(
                "--offline",
                "also smooth each whole recording forwards and backwards (Rauch–Tung–Striebel) and score the smoothed track beside the live one; --track-out then writes the smoothed track"
            ),
            .flag("--no-heading-alignment", "do not align the heading with the floor plan"),
            .flag("--no-beacons", "ignore beacon fixes"),
            .flag("--no-gnss", "ignore satellite fixes"),
            .number(
                "--storey-height", "M", "storey height between the floors of a venue-less recording, metres", in: 1...20, default: "3",
                example: "--storey-height 4"),
            .number("--beacon-scale", "X", "beacon fix covariance scale", in: 1...10_000, default: "4", example: "--beacon-scale 8"),
            .number(
                "--weinberg-k", "K", "Weinberg stride constant", in: 0.1...1.5,
                default: "\(StrideConfiguration.standard.weinbergK)", example: "--weinberg-k 0.46"),
        ] + EvalOutputs.options,
        notes: [
            "Each recording starts at its first ground-truth point (no later truth is used) and is scored against the later ones. Public data sets: README, \"Data\"."
        ],
        examples: ["eval ../shared/data/ilc-site1 --venue ../shared/data/ilc-site1 --cross-validate 5"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let venuePath = try args.option("--venue")
        let beaconsPath = try args.option("--beacons")
        let plotPath = try args.option("--plot")
        let json = args.flag("--json")
        let noMap = args.flag("--no-map")
        let noMapMatching = args.flag("--no-map-matching")
        let mapMatchingOptions = try args.options("--map-matching-option")
        let fusionOptions = try args.options("--fusion-option")
        let noAlignment = args.flag("--no-heading-alignment")
        let offline = args.flag("--offline")
        let noBeacons = args.flag("--no-beacons")
        let noGNSS = args.flag("--no-gnss")
        let storeyHeight = try args.double("--storey-height") ?? venuelessStoreyHeightMeters
        let beaconScale = try args.double("--beacon-scale") ?? FusionConfiguration.standard.beaconCovarianceScale
        let radioMapPath = try args.option("--radio-map")
        let folds = try args.int("--cross-validate")
        let excludeRadius = try args.double("--exclude-radius")
        let selfSurvey = args.flag("--self-survey")
        let trackSigma = try args.double("--track-sigma")
        let fingerprintOptions = try args.options("--fingerprint-option")
        let navigate = args.flag("--navigate")
        let navigation = try NavigationOptions.configuration(try args.options("--navigation-option"))
        let weinbergK = try args.double("--weinberg-k")
        let manualPath = try args.option("--manual")
        let manualSigma = try args.double("--manual-sigma") ?? ManualFixes.defaultSigmaMeters
        var outputs = try EvalOutputs(&args)
        var paths: [String] = []
        while let path = args.nextPositional() { paths.append(path) }
        try args.finish()
        guard !paths.isEmpty else { throw UsageError("eval: expected RECORDING or FOLDER") }
        if excludeRadius != nil, folds == nil, radioMapPath == nil {
            throw UsageError("eval: --exclude-radius needs --cross-validate or --radio-map (it removes surveyed places from a radio map)")
        }
        if selfSurvey, folds == nil { throw UsageError("eval: --self-survey needs --cross-validate (it builds each fold's radio map)") }
        if selfSurvey, radioMapPath != nil {
            throw UsageError("eval: --self-survey builds the radio map; it cannot be given with --radio-map")
        }
        if trackSigma != nil, !selfSurvey { throw UsageError("eval: --track-sigma needs --self-survey") }
        let trackSurvey: TrackSurveyConfiguration
        do {
            trackSurvey = try trackSigma.map { try TrackSurveyConfiguration(maximumSigmaMeters: $0) } ?? .standard
        } catch {
            throw UsageError("eval: --track-sigma: \(error)")
        }
        if navigate, venuePath == nil { throw UsageError("eval: --navigate needs --venue (routes are planned on its graph)") }
        if !navigate, navigation != NavigationConfiguration() { throw UsageError("eval: --navigation-option needs --navigate") }
        if let plotPath {
            try OutputFile.refuseOverwritingInput(
                plotPath, inputs: paths + [venuePath, beaconsPath, radioMapPath, manualPath].compactMap { $0 }, folderAllowed: true)
        }
        try outputs.check(inputs: paths + [venuePath, beaconsPath, radioMapPath, manualPath].compactMap { $0 })

        var fusion = FusionConfiguration.standard
        fusion.beaconCovarianceScale = beaconScale
        fusion.constrainToWalkableArea = !noMap
        fusion.mapMatching = noMap || noMapMatching ? nil : try MapMatchingOptions.configuration(mapMatchingOptions)
        fusion.alignHeadingToFloorPlan = !noAlignment
        fusion = try FusionOptions.configuration(fusionOptions, base: fusion)
        var settings = Settings(
            venue: nil, registry: nil, fusion: fusion,
            storeyHeightMeters: storeyHeight, useBeacons: !noBeacons)
        settings.useGNSS = !noGNSS
        settings.offline = offline
        settings.fingerprint = try FingerprintOptions.configuration(fingerprintOptions)
        if let weinbergK { settings.deadReckoning.stride = try StrideConfiguration(weinbergK: weinbergK) }

        var radioMap: RadioMap?
        do {
            if let venuePath { settings.venue = try EvaluationInputs.loadVenue(path: venuePath, withGraph: navigate) }
            settings.prepareFloorPlan()
            if let beaconsPath { settings.registry = try EvaluationInputs.loadRegistry(path: beaconsPath) }
            if let radioMapPath { radioMap = try RadioMap.load(path: radioMapPath) }
        } catch {
            warn("indoornav eval: \(ErrorText.sentence(error))")
            return 1
        }
        do {
            settings.manualFixes = try manualPath.map {
                try ManualFixes.load(path: $0, sigmaMeters: manualSigma, venue: settings.venue, registry: settings.registry)
            }
        } catch {
            warn("indoornav eval: \(ErrorText.sentence(error))")
            return 1
        }
        let files = try EvaluationInputs.collectFiles(paths, extensions: ["txt", "jsonl", "log", "csv"], command: "eval")
            .filter { file in beaconsPath.map { (file as NSString).standardizingPath != ($0 as NSString).standardizingPath } ?? true }
        guard !files.isEmpty else {
            warn("indoornav eval: no recordings (.txt, .jsonl, .log) under \(paths.joined(separator: ", "))")
            return 1
        }
        if let folds, radioMap == nil {
            // With --self-survey each walk is placed on its own smoothed track (run without a radio map), so
            // a fold's map holds nothing of the other folds' truth but their start points.
            let survey = RadioMapSurvey.build(
                files: files, venue: settings.venue, registry: settings.registry, configuration: settings.fingerprint,
                deadReckoning: settings.deadReckoning, jobs: outputs.jobs,
                tracks: selfSurvey ? RadioMapSurvey.TrackPlacement(settings: settings, survey: trackSurvey) : nil,
                trackPlaced: selfSurvey ? Set(files) : [])
            if selfSurvey {
                for entry in survey.skipped { warn("indoornav eval: --self-survey left out \(entry.file): \(entry.reason)") }
            }
            radioMap = survey.map
        }
        var radioMaps = RadioMapSelection(map: radioMap, configuration: settings.fingerprint)
        if let folds {
            do {
                radioMaps.folds = try CrossValidationFolds(
                    names: files.map(RadioMapSurvey.walkName) + (radioMap?.walks ?? []), count: folds)
            } catch {
                throw UsageError("eval: --cross-validate \(folds): \(error)")
            }
        }
        var outcomes: [FileOutcome] = []
        var skipped: [(file: String, reason: String)] = []
        var progress = ProgressLine("eval", total: files.count)
        defer { progress.finish() }
        outputs.prepareTrackFiles(for: files)
        // Every walk shares the venue's (or the beacons') frame when there is one: its matchers can be made first.
        if let frame = settings.venue?.frame ?? settings.registry.flatMap(EvaluationInputs.beaconCentroidFrame) {
            radioMaps.prepare(forWalks: files.map(RadioMapSurvey.walkName), frame: frame, jobs: outputs.jobs)
        }
        let selection = Mutex(radioMaps)
        // One job per walk (--jobs at once); the results are merged below in file order, as one loop would.
        let results = ParallelJobs.map(files, jobs: outputs.jobs, progress: { progress.update($0, ($1 as NSString).lastPathComponent) }) {
            _, file -> EvalOutputs.WalkResult in
            do {
                let loaded = try EvaluationInputs.readRecording(file, venue: settings.venue, registry: settings.registry)
                guard let truth = loaded.truth, truth.count >= 2 else {
                    return .skipped(file, loaded.truth == nil ? "no ground truth" : "only one ground-truth point")
                }
                var selected = selection.withLock { $0.matcher(forWalk: RadioMapSurvey.walkName(file), frame: loaded.frame) }
                if let radius = excludeRadius, let matcher = selected.matcher {
                    selected.matcher = RadioMapSelection.blocked(matcher, truth: truth, radiusMeters: radius)
                }
                // With --navigate, navigation follows the same pass through the providers as the score.
                let walk =
                    navigate ? try settings.venue.map { try WalkNavigation(truth: truth, venue: $0, configuration: navigation) } : nil
                let recorder = outputs.trackFolder == nil ? nil : TrackRecorder()
                let observer = EvalOutputs.observer(walk?.follower, recorder)
                guard let replay = try evaluate(loaded, truth: truth, settings, matcher: selected.matcher, observer: observer) else {
                    return .skipped(file, "no usable ground truth")
                }
                if let failure = replay.startFailure {
                    return .skipped(file, "the filter could not start at the first ground-truth point: \(failure)")
                }
                var outcome = FileOutcome(file: file, dataset: loaded.format, replay: replay, fold: selected.fold)
                outcome.navigation = walk?.outcome(lastSampleSeconds: loaded.samples.last?.timeSeconds, file: file)
                let trackFailure = recorder.flatMap {
                    outputs.writeTrack($0, of: file, loaded: loaded, replay: replay, venue: settings.venue)
                }
                return .scored(outcome, trackFailure: trackFailure)
            } catch {
                return .skipped(file, EvaluationInputs.skipReason(for: error))
            }
        }
        var trackFailures: [String] = []
        for result in results {
            switch result {
            case .scored(let outcome, let failure):
                outcomes.append(outcome)
                if let failure { trackFailures.append(failure) }
            case .skipped(let file, let reason): skipped.append((file, reason))
            }
        }
        for entry in skipped { warn("indoornav eval: skipped \(entry.file): \(entry.reason)") }
        if let plotPath {
            do {
                try EvalPlots.write(outcomes, venue: settings.venue, to: plotPath)
                try EvalOutputs.writeErrorCDF(outcomes, beside: plotPath)
            } catch {
                warn("indoornav eval: cannot write plots to \(plotPath): \(ErrorText.sentence(error, path: plotPath))")
                return 1
            }
        }
        let report = EvalReport(outcomes: outcomes, skipped: skipped, offline: offline)
        guard !outcomes.isEmpty else {
            // Nothing scored: no table of dashes, a sentence (JSON readers still get the skipped list).
            if json { print(report.json.serialized(pretty: true)) }
            warn("indoornav eval: none of the \(files.count) recording(s) could be scored (each skipped above with its reason)")
            return ExitStatus.failure
        }
        print(json ? report.json.serialized(pretty: true) : report.text)
        return outputs.finish(outcomes, trackFailures: trackFailures) ? ExitStatus.success : ExitStatus.failure
    }

    /// Builds the pipeline for one recording and replays it from its ground truth's start (`observer`
    /// follows the run).
    static func evaluate(
        _ loaded: EvaluationInputs.LoadedRecording, truth: GroundTruthTrack, _ settings: Settings,
        matcher: FingerprintMatcher? = nil, observer: (any FusionReplayObserver)? = nil
    ) throws -> FusionReplay? {
        FusionReplay.run(
            samples: loaded.samples, truth: truth, pipeline: try pipeline(loaded, settings, matcher: matcher), observer: observer,
            offline: settings.offline)
    }

    /// The providers and the engine for one recording.
    static func pipeline(
        _ loaded: EvaluationInputs.LoadedRecording, _ settings: Settings,
        matcher: FingerprintMatcher?
    ) throws -> FusionPipeline {
        var levels: [LevelCandidate]?
        if settings.venue == nil {
            var floors: [Double] = []
            for beacon in settings.registry?.beacons ?? [] { if case .floorNumber(let n) = beacon.level { floors.append(n) } }
            if case .floorNumber(let n)? = loaded.truth?.start.level { floors.append(n) }
            levels = LevelCandidate.levels(floorNumbers: floors, storeyHeightMeters: settings.storeyHeightMeters)
        }
        var fusion = settings.fusion
        if let scale = matcher?.map.surveyedStrideScale { fusion = try fusion.withInitialStrideScale(scale) }
        // Without a floor plan, the survey walks' directions stand in for its main axes.
        let walked = settings.venue == nil ? levels.flatMap { matcher?.map.walkedDirections(levels: $0) } : nil
        let engine = FusionEngine(
            configuration: fusion, venue: settings.venue, levels: levels, floorPlan: settings.floorPlan, walkedDirections: walked)
        var beacons: BeaconPositionProvider?
        if settings.useBeacons, let registry = settings.registry {
            let map =
                try settings.venue.map { try BeaconMap(registry: registry, venue: $0) }
                ?? BeaconMap(registry: registry, frame: loaded.frame)
            beacons = BeaconPositionProvider(map: map)
        }
        let gnss = settings.useGNSS ? loaded.frame.map { GNSSPositionProvider(frame: $0) } : nil
        let fingerprint = matcher.map { FingerprintPositionProvider(matcher: $0, levels: engine.levelCandidates, venue: settings.venue) }
        let pipeline = FusionPipeline(
            engine: engine, deadReckoning: DeadReckoningProvider(configuration: settings.deadReckoning), beacons: beacons, gnss: gnss,
            fingerprint: fingerprint)
        guard let fixes = settings.manualFixes else { return pipeline }
        return FusionPipeline(
            engine: engine, deadReckoning: pipeline.deadReckoning,
            sources: Array(pipeline.sources.dropFirst()) + [ManualFixes.provider(fixes)])
    }
}

/// Per-file and pooled figures of an `eval` run.
struct EvalReport {
    var outcomes: [EvalCommand.FileOutcome]
    var skipped: [(file: String, reason: String)]
    /// Whether the walks were also smoothed offline (adds the `offline` sections).
    var offline = false

    /// How many reported sigmas an error may reach before it leaves the navigation corridor
    /// (``NavigationConfiguration/corridorAccuracyFactor``'s default).
    static let corridorSigmas = NavigationConfiguration().corridorAccuracyFactor

    /// Share of the scored points whose error exceeds ``corridorSigmas`` × the reported accuracy (its
    /// covariance's largest one-sigma): how often the fused covariance claims more than the position
    /// holds (a Gaussian would give 4.4 % in 2-D at 2.5 σ of its largest axis or less); nil without points.
    var shareBeyondCorridorSigmas: Double? { consistency.shareBeyondLargestSigma(Self.corridorSigmas) }

    static func metrics(_ score: FusionScore) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["points": .number(Double(score.points.count))]
        o["meanErrorMeters"] = score.errors.map { .finite($0.mean) } ?? .null
        o["medianErrorMeters"] = score.errors.map { .finite($0.median) } ?? .null
        o["p75ErrorMeters"] = score.errors.map { .finite($0.p75) } ?? .null
        o["p95ErrorMeters"] = score.errors.map { .finite($0.p95) } ?? .null
        o["maxErrorMeters"] = score.errors.map { .finite($0.max) } ?? .null
        o["levelHitRate"] = score.levelHitRate.map(JSONValue.finite) ?? .null
        o["ipinScore"] = score.ipinScore.map(JSONValue.finite) ?? .null
        o["ilcScore"] = score.ilcScore.map(JSONValue.finite) ?? .null
        return o
    }

    var overall: FusionScore { FusionScore(points: outcomes.flatMap(\.replay.score.points)) }
    var overallDeadReckoning: FusionScore { FusionScore(points: outcomes.flatMap(\.replay.deadReckoningScore.points)) }
    /// Every provider's fixes pooled over the files, by source.
    var overallProviders: [String: FusionScore] {
        var pooled: [String: [ScoredPoint]] = [:]
        for outcome in outcomes { for (source, score) in outcome.replay.providerScores { pooled[source, default: []] += score.points } }
        return pooled.mapValues { FusionScore(points: $0) }
    }

    var json: JSONValue {
        let files: [JSONValue] = outcomes.map { outcome in
            var o = Self.metrics(outcome.replay.score)
            o["file"] = .string(outcome.file)
            o["dataset"] = .string(outcome.dataset)
            o["pdr"] = .object(Self.metrics(outcome.replay.deadReckoningScore))
            o["providers"] = .object(outcome.replay.providerScores.mapValues { .object(Self.metrics($0)) })
            o["fold"] = outcome.fold.map { .number(Double($0)) } ?? .null
            o["consistency"] = Self.consistencyJSON(outcome.replay.consistency)
            if let navigation = outcome.navigation { o["navigation"] = navigation.json }
            if offline { o["offline"] = Self.offlineJSON(outcome) }
            let scored = zip(
                zip(outcome.replay.score.points, outcome.replay.accuraciesAtTruth),
                zip(outcome.replay.truth.scoredPoints, outcome.replay.estimatesAtTruth))
            o["pointErrors"] = .array(
                scored.map { pointAndSigma, pair in
                    let (point, sigma) = pointAndSigma
                    return [
                        "t": .finite(point.timeSeconds), "errorMeters": .finite(point.errorMeters),
                        "floorError": point.floorError.map(JSONValue.finite) ?? .null,
                        "truth": [.finite(pair.0.point.x), .finite(pair.0.point.y)], "estimate": [.finite(pair.1.x), .finite(pair.1.y)],
                        "accuracyMeters": sigma.isFinite ? .finite(sigma) : .null,
                    ]
                })
            let s = outcome.replay.statistics
            o["fusion"] = .object([
                "steps": .number(Double(s.steps)), "acceptedFixes": .number(Double(s.acceptedFixes)),
                "acceptedFixesBySource": .object(s.acceptedFixesBySource.mapValues { .number(Double($0)) }),
                "lateFixes": .number(Double(s.lateFixes)),
                "rejectedFixes": .object(s.rejectedFixes.mapValues { .number(Double($0)) }),
                "wallCorrections": .number(Double(s.wallCorrections)),
                "mapMatchedSteps": .number(Double(s.mapMatchedSteps)),
                "particleResamplings": .number(Double(s.particleResamplings)),
                "particleRecoveries": .number(Double(s.particleRecoveries)),
                "headingAlignments": .number(Double(s.headingAlignments)), "levelChanges": .number(Double(s.levelChanges)),
                "climbingSteps": .number(Double(s.climbingSteps)), "connectorSnaps": .number(Double(s.connectorSnaps)),
                "strideScaleClamps": .number(Double(s.strideScaleClamps)),
                "failedCorrections": .object(s.failedCorrections.mapValues { .number(Double($0)) }),
                "lastCorrectionFailure": .optional(s.lastCorrectionFailure.map { "\($0)" }),
            ])
            return .object(o)
        }
        var top = Self.metrics(overall)
        top["shareBeyondCorridorSigmas"] = shareBeyondCorridorSigmas.map(JSONValue.finite) ?? .null
        top["consistency"] = Self.consistencyJSON(consistency)
        top["againstDeadReckoning"] = againstDeadReckoningJSON
        top["files"] = .array(files)
        top["pdr"] = .object(Self.metrics(overallDeadReckoning))
        let providerConsistency = self.providerConsistency
        top["providers"] = .object(
            overallProviders.reduce(into: [:]) { result, entry in
                var o = Self.metrics(entry.value)
                if let consistency = providerConsistency[entry.key] { o["consistency"] = Self.consistencyJSON(consistency) }
                result[entry.key] = .object(o)
            })
        let navigated = outcomes.compactMap(\.navigation)
        if !navigated.isEmpty { top["navigation"] = WalkNavigation.Outcome.pooled(navigated).json }
        top["skipped"] = .array(skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] })
        if offline { top["offline"] = offlineJSON }
        return .object(top)
    }

    var text: String {
        func f(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "-" }
        func line(_ name: String, _ s: FusionScore) -> String {
            "\(name): mean \(f(s.errors?.mean)) m, median \(f(s.errors?.median)) m, p75 \(f(s.errors?.p75)) m, p95 \(f(s.errors?.p95)) m, max \(f(s.errors?.max)) m over \(s.points.count) points; level hit \(f(s.levelHitRate)); IPIN score \(f(s.ipinScore)) m, ILC score \(f(s.ilcScore)) m"
        }
        var lines: [String] = []
        for outcome in outcomes {
            let s = outcome.replay.statistics
            lines.append(
                line((outcome.file as NSString).lastPathComponent, outcome.replay.score)
                    + " (pdr mean \(f(outcome.replay.deadReckoningScore.errors?.mean)) m; \(s.steps) steps, \(s.acceptedFixes) fixes fused\(s.acceptedFixesBySource.isEmpty ? "" : " (" + s.acceptedFixesBySource.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"), \(s.rejectedFixCount) rejected\(s.rejectedFixes.isEmpty ? "" : " (" + s.rejectedFixes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"), \(s.mapMatchedSteps > 0 ? "\(s.mapMatchedSteps) map-matched steps" : "\(s.wallCorrections) wall corrections"), \(s.headingAlignments) heading alignments\(s.failedCorrectionCount > 0 ? ", \(s.failedCorrectionCount) failed corrections" : ""))"
            )
        }
        lines.append(line("overall fusion", overall))
        if let share = shareBeyondCorridorSigmas {
            lines.append(
                String(
                    format: "overall fusion accuracy: the error exceeds %.1f × the reported accuracy at %.1f %% of the points",
                    Self.corridorSigmas, 100 * share))
        }
        lines += consistencyLines
        lines.append(line("overall pdr", overallDeadReckoning))
        lines += againstDeadReckoningLines
        if offline { lines += offlineLines(line: line) }
        for (source, score) in overallProviders.sorted(by: { $0.key < $1.key }) { lines.append(line("overall \(source) fixes", score)) }
        let navigated = outcomes.compactMap(\.navigation)
        if !navigated.isEmpty { lines.append("navigation: " + WalkNavigation.Outcome.pooled(navigated).text) }
        if !skipped.isEmpty {
            lines.append(
                "skipped \(skipped.count) file(s): "
                    + skipped.map { "\(($0.file as NSString).lastPathComponent) (\($0.reason))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

/// SVG plots of `eval`: one per recording and level, the floor map under the tracks.
enum EvalPlots {
    /// Writes the plots: into `path` when it is a folder (created when missing, `<recording>-<level>.svg`),
    /// or to `path` itself when it ends in `.svg` and there is one plot (else `-<recording>-<level>` is
    /// inserted before the extension).
    static func write(_ outcomes: [EvalCommand.FileOutcome], venue: Venue?, to path: String) throws {
        var plots: [(name: String, svg: String)] = []
        for outcome in outcomes {
            let stem = ((outcome.file as NSString).lastPathComponent as NSString).deletingPathExtension
            for (levelIndex, svg) in render(outcome.replay, venue: venue, file: (outcome.file as NSString).lastPathComponent) {
                let levelName =
                    levelIndex.map { outcome.replay.levels.indices.contains($0) ? outcome.replay.levels[$0].levelID : String($0) } ?? "all"
                plots.append(("\(stem)-\(levelName)", svg))
            }
        }
        let manager = FileManager.default
        if path.lowercased().hasSuffix(".svg") {
            if plots.count == 1 {
                try OutputFile.write(plots[0].svg, to: path)
                return
            }
            let base = (path as NSString).deletingPathExtension
            for plot in plots { try OutputFile.write(plot.svg, to: "\(base)-\(plot.name).svg") }
            return
        }
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        for plot in plots {
            let safe = plot.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
            try OutputFile.write(plot.svg, to: (path as NSString).appendingPathComponent(String(safe) + ".svg"))
        }
    }

    /// One SVG per level the truth or the fused track visits (`nil` level: no levels known), cropped to the
    /// truth and the fused track with a margin (scattered fixes do not widen it), titled with the file and level.
    static func render(_ replay: FusionReplay, venue: Venue?, file: String) -> [(Int?, String)] {
        let truthLevels = replay.truth.points.map { point in
            point.level.flatMap { LevelCandidate.index(of: $0, in: replay.levels, venue: venue) }
        }
        var visited = Set<Int?>(truthLevels)
        for point in replay.fused { visited.insert(point.levelIndex) }
        if !replay.levels.isEmpty { visited.remove(nil) }
        if visited.isEmpty { visited.insert(nil) }
        var result: [(Int?, String)] = []
        for level in visited.sorted(by: { ($0 ?? -1) < ($1 ?? -1) }) {
            let truth = zip(replay.truth.points, truthLevels).filter { level == nil || $0.1 == level }.map(\.0.point)
            let fused = replay.fused.filter { level == nil || $0.levelIndex == level }.map(\.point)
            var errorLines: [(truth: LocalPoint, estimate: LocalPoint)] = []
            for (offset, (point, estimate)) in zip(replay.truth.scoredPoints, replay.estimatesAtTruth).enumerated() {
                let index = truthLevels[offset + 1]
                if level == nil || index == level { errorLines.append((point.point, estimate)) }
            }
            let plot = TrackPlot(
                tracks: [
                    TrackPlot.Track(
                        name: "beacon fixes", points: replay.beaconFixes.map(\.point), color: "#9467bd", widthPixels: 1, markers: true,
                        joined: false, setsExtent: false),
                    TrackPlot.Track(
                        name: "satellite fixes", points: replay.satelliteFixes.map(\.point), color: "#8c564b", widthPixels: 1,
                        markers: true,
                        joined: false, setsExtent: false),
                    TrackPlot.Track(
                        name: "dead reckoning", points: replay.deadReckoning.map(\.point), color: "#ff7f0e", widthPixels: 1.5,
                        setsExtent: false),
                    TrackPlot.Track(
                        name: "ground truth", points: truth, color: "#222222", widthPixels: 2, markers: true,
                        marksStart: level == nil || truthLevels.first == level, marksEnd: level == nil || truthLevels.last == level,
                        dashed: true),
                    TrackPlot.Track(name: "fused estimate", points: fused, color: "#1f77b4", widthPixels: 2),
                ], errorLines: errorLines)
            let bounds = (plot.bounds ?? BoundingBox(minX: -10, minY: -10, maxX: 10, maxY: 10)).expanded(by: 5)
            var document = SVGDocument(bounds: bounds, marginMeters: 0)
            if let venue, let level, venue.levels.indices.contains(level) {
                LevelRenderer(labels: [], drawGraph: false).draw(venue, levelIndex: level, into: &document)
            }
            plot.draw(into: &document)
            let levelName =
                level.map { "level \(replay.levels.indices.contains($0) ? replay.levels[$0].levelID : String($0))" } ?? "all levels"
            result.append((level, document.rendered(title: "\(file) — \(levelName)")))
        }
        return result
    }
}
