import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPlot
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
        options: [
            SharedOptions.venueOption.required,
            .value(
                "--recording", "FILE", "the recording: canonical .jsonl, an ILC path file or an IPIN logfile",
                example: "--recording Recordings/simulated/campus-info-to-deans-office.jsonl", required: true),
            .value(
                "--to", "DEST", "destination: a feature id, x,y@LEVEL or indoornav://navigate?poiId=…; without it, positioning only",
                example: "--to occ-deans-office"),
            SharedOptions.beacons,
            .value(
                "--manual", "FILE", "fuse the ground-truth lines of FILE as manual fixes (a user tapping their position)",
                example: "--manual fixes.jsonl"),
            .number(
                "--manual-sigma", "M", "one-sigma of the --manual fixes, metres", in: 0.1...1000, default: "2", example: "--manual-sigma 3"),
            .value(
                "--follow", "none|follow|followWithHeading", "camera follow-user mode", default: "follow",
                example: "--follow followWithHeading"),
            .number(
                "--update-interval", "S", "seconds between navigation updates", in: 0...60, default: "1", example: "--update-interval 0.5"),
            SharedOptions.json,
            .value("--plot", "OUT", "write SVG plots of the tracks: OUT.svg, or one per level in the folder OUT", example: "--plot out/"),
            .value(
                "--track-out", "FILE", "write the fused track: .csv, .geojson, .gpx, .kml or .jsonl (fix lines for --manual)",
                example: "--track-out walk.geojson"),
            TrackOutput.allTracksOption,
            .flag(
                "--offline",
                "also smooth the whole recording forwards and backwards (Rauch–Tung–Striebel) and report the smoothed track beside the live one; --track-out then writes the smoothed track"
            ),
        ],
        notes: [
            "The walk starts at the recording's first ground-truth point; later truth is used only to score the result.",
            "Without --to nothing is navigated: the report and --track-out hold the fused and dead-reckoning tracks only.",
        ],
        exitNotes: [2: "the walk did not arrive (or navigation could not start)"],
        examples: [
            "replay --venue Recordings/venues/campus --recording Recordings/simulated/campus-info-to-deans-office.jsonl --to occ-deans-office"
        ],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let venuePath = try args.required("--venue")
        let recordingPath = try args.required("--recording")
        let beaconsPath = try args.option("--beacons")
        let destinationText = try args.option("--to")
        let manualPath = try args.option("--manual")
        let manualSigma = try args.double("--manual-sigma") ?? ManualFixes.defaultSigmaMeters
        let followText = try args.option("--follow") ?? "follow"
        let updateInterval = try args.double("--update-interval") ?? 1
        let json = args.flag("--json")
        let plot = try args.option("--plot")
        let trackOut = try args.option("--track-out")
        let allTracks = args.flag("--all-tracks")
        let offline = args.flag("--offline")
        try args.finish()
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
        guard let followMode = FollowUserMode(rawValue: followText) else {
            throw UsageError("--follow: expected none, follow or followWithHeading, got '\(followText)'")
        }
        let venue = try EvaluationInputs.loadVenue(path: venuePath)
        var destination: NavigationDestination?
        if let destinationText { destination = try Self.destination(destinationText, venue: venue) }
        let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
        let loaded = try EvaluationInputs.readRecording(recordingPath, venue: venue, registry: registry)
        guard let truth = loaded.truth else { throw ToolFailure("\(recordingPath): no ground-truth point to start from") }
        let manualFixes = try manualPath.map { try ManualFixes.load(path: $0, sigmaMeters: manualSigma, venue: venue, registry: registry) }

        let replay = try Replay(
            venue: venue, registry: registry, loaded: loaded, truth: truth, destination: destination,
            followMode: followMode, updateIntervalSeconds: updateInterval, manualFixes: manualFixes, offline: offline)
        let report = replay.report(truth: truth)
        if json {
            print(report.serialized(pretty: true))
        } else {
            for line in replay.timeline { print(String(format: "%7.1f s  ", line.timeSeconds) + line.text) }
            print(ReplayReport.text(report))
        }
        if let plot { try ReplayReport.writePlots(replay, recording: recordingPath, to: plot) }
        if let trackOut, let trackFormat {
            let document = replay.trackDocument(
                name: (recordingPath as NSString).lastPathComponent, truth: allTracks ? truth : nil,
                startEpochSeconds: loaded.startEpochSeconds)
            try TrackOutput.write(document, as: trackFormat, to: trackOut)
        }
        return destination == nil || replay.arrived ? ExitStatus.success : ExitStatus.notFound
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

/// One replay run and what it produced.
struct Replay {
    /// One timeline line; `kind` marks off-route, reroute and arrival events for the viewer.
    struct Line { var timeSeconds: Double; var text: String; var kind: String? = nil }
    typealias Stamped = NavigationReplay.Stamped

    let venue: Venue
    var timeline: [Line] = []
    var fused: [Stamped] = []
    var snapped: [Stamped] = []
    var deadReckoning: [Stamped] = []
    var routes: [Route] = []
    var arrived = false
    var arrivalTime: Double?
    var reroutes = 0
    var offRouteEvents = 0
    var levelChanges = 0
    var followModeChanges = 0
    var finalCamera: CameraState?
    var finalProgress: RouteProgress?
    var durationSeconds = 0.0
    /// Level id of each ground-truth point (when its level resolves in the venue), for plots.
    var truthLevelIDs: [String?] = []
    var truthPoints: [LocalPoint] = []
    /// Whether navigation ran (a destination was given).
    var navigated = false
    /// The fused and dead-reckoning tracks with every figure (covariance, heading, sources).
    var recorded = TrackRecorder()
    /// The level candidates of the engine (for the truth track's levels).
    var levels: [LevelCandidate] = []
    /// Whether the recording was also smoothed offline.
    var offline = false
    /// The offline-smoothed track (with `offline`, unless the backward pass failed).
    var smoothed: [SmoothedFusionPoint] = []
    /// Why the backward pass failed (with `offline`).
    var offlineFailure: String?

    /// Replays `loaded` from its truth's start; `manualFixes` join the providers through a manual provider.
    /// Without `destination`, positioning only: the fused and dead-reckoning tracks, no navigation.
    init(
        venue: Venue, registry: BeaconRegistry?, loaded: EvaluationInputs.LoadedRecording, truth: GroundTruthTrack,
        destination: NavigationDestination?, followMode: FollowUserMode, updateIntervalSeconds: Double,
        manualFixes: [IndoorLocation]? = nil, offline: Bool = false
    ) throws {
        self.venue = venue
        self.offline = offline
        let engine = FusionEngine(venue: venue)
        let smoothing = offline ? FusionSmoothingRecorder() : nil
        engine.smoothingRecorder = smoothing
        // Runs after either path below: the backward pass over what the engine recorded.
        defer {
            if let smoothing {
                engine.smoothingRecorder = nil
                do {
                    smoothed = try smoothing.smoothedTrack(closingWith: engine)
                } catch {
                    offlineFailure = "\(error)"
                }
            }
        }
        let beacons = try registry.map { BeaconPositionProvider(map: try BeaconMap(registry: $0, venue: venue)) }
        var pipeline = FusionPipeline(
            engine: engine, deadReckoning: DeadReckoningProvider(), beacons: beacons,
            gnss: GNSSPositionProvider(frame: venue.frame))
        if let manualFixes {
            pipeline = FusionPipeline(
                engine: engine, deadReckoning: pipeline.deadReckoning,
                sources: Array(pipeline.sources.dropFirst()) + [ManualFixes.provider(manualFixes)])
        }
        levels = engine.levelCandidates
        truthPoints = truth.points.map(\.point)
        truthLevelIDs = truth.points.map { point in
            point.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: venue) }.map {
                engine.levelCandidates[$0].levelID
            }
        }
        guard let destination else {
            recorded = try TrackRecorder.record(samples: loaded.samples, start: truth.start, pipeline: pipeline)
            fused = recorded.fused.map { Stamped(timeSeconds: $0.timeSeconds, point: $0.point, levelID: $0.levelID) }
            deadReckoning = recorded.deadReckoning.map { Stamped(timeSeconds: $0.timeSeconds, point: $0.point, levelID: $0.levelID) }
            durationSeconds = max(0, (loaded.samples.last?.timeSeconds ?? truth.start.timeSeconds) - truth.start.timeSeconds)
            return
        }
        navigated = true
        let run = try NavigationReplay(
            samples: loaded.samples, start: truth.start, venue: venue, pipeline: pipeline,
            options: .init(
                destination: destination, followMode: followMode,
                updateIntervalSeconds: updateIntervalSeconds), observer: recorded)
        for (time, event) in run.events { timeline.append(Self.line(event, at: time, venue: venue)) }
        fused = run.fused
        snapped = run.snapped
        deadReckoning = run.deadReckoning
        routes = run.routes
        arrived = run.arrived
        arrivalTime = run.arrivalTimeSeconds
        reroutes = run.reroutes
        offRouteEvents = run.offRouteEvents
        levelChanges = run.levelChanges
        followModeChanges = run.followModeChanges
        finalCamera = run.finalCamera
        finalProgress = run.finalProgress
        durationSeconds = run.durationSeconds
    }

    /// The tracks for `--track-out`: the fused one, and with `truth` the dead-reckoning, snapped (when
    /// navigated) and truth tracks too.
    func trackDocument(name: String, truth: GroundTruthTrack?, startEpochSeconds: Double?) -> TrackDocument {
        var tracks = [PositionTrack(name: "fused", points: recorded.fused)]
        // Offline, the smoothed track comes first (the live one joins it with --all-tracks).
        if offline { tracks = [OfflineFusion.positionTrack(smoothed, levels: levels)] + (truth == nil ? [] : tracks) }
        if let truth {
            tracks.append(PositionTrack(name: "deadReckoning", points: recorded.deadReckoning))
            if navigated {
                tracks.append(
                    PositionTrack(
                        name: "snapped",
                        points: snapped.map { PositionTrack.Point(timeSeconds: $0.timeSeconds, point: $0.point, levelID: $0.levelID) }))
            }
            tracks.append(TrackOutput.truthTrack(truth, levels: levels, venue: venue))
        }
        return TrackDocument(name: name, tracks: tracks, frame: venue.frame, startEpochSeconds: startEpochSeconds)
    }

    /// One timeline line; off-route, reroute and final arrival are marked for the viewer.
    private static func line(_ event: NavigationReplay.Event, at time: Double, venue: Venue) -> Line {
        switch event {
        case .navigation(let event):
            var kind: String?
            switch event {
            case .offRoute: kind = "offRoute"
            case .rerouted: kind = "reroute"
            case .arrived(let info) where info.isFinal: kind = "arrival"
            default: kind = nil
            }
            return Line(timeSeconds: time, text: ReplayReport.describe(event, venue: venue), kind: kind)
        case .followUser(.modeChanged(let from, let to, let reason)):
            return Line(timeSeconds: time, text: "camera: \(from.rawValue) → \(to.rawValue) (\(reason.rawValue))")
        case .followUser(.displayedLevelChanged(let from, let to)):
            return Line(timeSeconds: time, text: "camera: shows level \(to ?? "-") (was \(from ?? "-"))")
        case .navigationFailed(let error):
            return Line(timeSeconds: time, text: "cannot start navigation: \(error)")
        }
    }

    /// Errors of a track at the truth's scored points (interpolated in time, holding ends).
    func errors(of track: [Stamped], truth: GroundTruthTrack) -> ErrorStatistics? {
        guard track.count >= 1 else { return nil }
        return ErrorStatistics(truth.errors(of: TimedTrajectory(track.map { ($0.timeSeconds, $0.point) })))
    }

    func report(truth: GroundTruthTrack) -> JSONValue {
        func stats(_ s: ErrorStatistics?) -> JSONValue {
            guard let s else { return .null }
            return ["meanErrorMeters": .finite(s.mean), "p75ErrorMeters": .finite(s.p75), "maxErrorMeters": .finite(s.max)]
        }
        let route = routes.first
        var report: [String: JSONValue] = [
            "navigated": .bool(navigated),
            "arrived": .bool(arrived),
            "arrivalTimeSeconds": arrivalTime.map { .finite($0) } ?? .null,
            "durationSeconds": .finite(durationSeconds),
            "routeLengthMeters": route.map { .finite($0.lengthMeters) } ?? .null,
            "reroutes": .number(Double(reroutes)),
            "offRouteEvents": .number(Double(offRouteEvents)),
            "levelChanges": .number(Double(levelChanges)),
            "followModeChanges": .number(Double(followModeChanges)),
            "distanceRemainingMeters": finalProgress.map { .finite($0.distanceRemainingMeters) } ?? .null,
            "fused": stats(errors(of: fused, truth: truth)),
            "snapped": stats(errors(of: snapped, truth: truth)),
            "deadReckoning": stats(errors(of: deadReckoning, truth: truth)),
            "camera": finalCamera.map { c in
                [
                    "x": .finite(c.center.x), "y": .finite(c.center.y), "bearingDegrees": .finite(Angle.degrees(c.bearingRadians)),
                    "zoom": .finite(c.zoom), "level": .optional(c.displayedLevelID),
                ] as JSONValue
            } ?? .null,
            "events": .array(timeline.map { ["t": .finite(($0.timeSeconds * 10).rounded() / 10), "event": .string($0.text)] }),
        ]
        if offline {
            let track = smoothed.map { Stamped(timeSeconds: $0.timeSeconds, point: $0.point, levelID: nil) }
            report["offline"] = [
                "smoothed": stats(smoothed.isEmpty ? nil : errors(of: track, truth: truth)),
                "points": .number(Double(smoothed.count)),
                "failure": .optional(offlineFailure),
            ]
        }
        return .object(report)
    }
}
