import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorPlot
import Navigation
import Positioning
import Recordings
import Routing
import Venue

/// `indoornav replay --venue V --recording R [--beacons F] --to DEST [--follow MODE] [--json] [--plot OUT]`:
/// recording → providers → fusion → navigation → follow-user, with an event timeline and a final report.
///
/// The walk starts at the recording's first ground-truth point (a user setting their position); no later
/// ground truth is used except to score the result.
enum ReplayCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        let venuePath = try args.required("--venue")
        let recordingPath = try args.required("--recording")
        let beaconsPath = try args.option("--beacons")
        let destinationText = try args.required("--to")
        let followText = try args.option("--follow") ?? "follow"
        let updateInterval = try args.double("--update-interval", in: 0...60) ?? 1
        let json = args.flag("--json")
        let plot = try args.option("--plot")
        try args.finish()
        guard let followMode = FollowUserMode(rawValue: followText) else {
            throw UsageError("--follow: expected none, follow or followWithHeading, got '\(followText)'")
        }
        let destination = try destination(destinationText)

        let venue = try EvaluationInputs.loadVenue(path: venuePath)
        let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
        let loaded = try EvaluationInputs.readRecording(recordingPath, venue: venue, registry: registry)
        let truth = loaded.truth.filter { $0.timeSeconds.isFinite && $0.point.isFinite }.sorted { $0.timeSeconds < $1.timeSeconds }
        guard let first = truth.first else { throw UsageError("\(recordingPath): no ground-truth point to start from") }

        let replay = try Replay(venue: venue, registry: registry, loaded: loaded, start: first, destination: destination,
                                followMode: followMode, updateIntervalSeconds: updateInterval)
        let report = replay.report(truth: truth)
        if json {
            print(report.serialized(pretty: true))
        } else {
            for line in replay.timeline { print(String(format: "%7.1f s  ", line.timeSeconds) + line.text) }
            print(ReplayReport.text(report))
        }
        if let plot { try ReplayReport.writePlots(replay, recording: recordingPath, to: plot) }
        return replay.arrived ? 0 : 2
    }

    /// A `--to` value (a feature id or `x,y@LEVEL`) as a navigation destination.
    static func destination(_ text: String) throws(UsageError) -> NavigationDestination {
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

    init(venue: Venue, registry: BeaconRegistry?, loaded: EvaluationInputs.LoadedRecording, start first: TruthPoint,
         destination: NavigationDestination, followMode: FollowUserMode, updateIntervalSeconds: Double) throws {
        self.venue = venue
        let engine = FusionEngine(venue: venue)
        let beacons = try registry.map { BeaconPositionProvider(map: try BeaconMap(registry: $0, venue: venue)) }
        let pipeline = FusionPipeline(engine: engine, deadReckoning: DeadReckoningProvider(), beacons: beacons,
                                      gnss: GNSSPositionProvider(frame: venue.frame))
        let run = try NavigationReplay(samples: loaded.samples, start: first, venue: venue, pipeline: pipeline,
                                       options: .init(destination: destination, followMode: followMode,
                                                      updateIntervalSeconds: updateIntervalSeconds))
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
        truthPoints = loaded.truth.map(\.point)
        truthLevelIDs = loaded.truth.map { point in
            point.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: venue) }.map { engine.levelCandidates[$0].levelID }
        }
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

    /// Errors of a track against the truth points after the start (interpolated in time, holding ends).
    func errors(of track: [Stamped], truth: [TruthPoint]) -> ErrorStatistics? {
        guard track.count >= 1 else { return nil }
        let trajectory = TimedTrajectory(track.map { ($0.timeSeconds, $0.point) })
        let errors = truth.dropFirst().compactMap { t in
            trajectory.position(atSeconds: t.timeSeconds, extrapolation: .holdEnds).map { $0.distance(to: t.point) }
        }
        return ErrorStatistics(errors)
    }

    func report(truth: [TruthPoint]) -> JSONValue {
        func stats(_ s: ErrorStatistics?) -> JSONValue {
            guard let s else { return .null }
            return ["meanErrorMeters": .finite(s.mean), "p75ErrorMeters": .finite(s.p75), "maxErrorMeters": .finite(s.max)]
        }
        let route = routes.first
        return [
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
                ["x": .finite(c.center.x), "y": .finite(c.center.y), "bearingDegrees": .finite(Angle.degrees(c.bearingRadians)),
                 "zoom": .finite(c.zoom), "level": .optional(c.displayedLevelID)] as JSONValue
            } ?? .null,
            "events": .array(timeline.map { ["t": .finite(($0.timeSeconds * 10).rounded() / 10), "event": .string($0.text)] }),
        ]
    }
}
