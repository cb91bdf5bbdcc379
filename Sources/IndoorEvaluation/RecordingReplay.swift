import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorRecordings
import IndoorRouting
import IndoorVenue

/// One replay run (`indoornav replay`) and what it produced.
public struct RecordingReplay {
    /// One timeline line; `kind` marks off-route, reroute and arrival events for the viewer.
    public struct Line {
        /// Seconds since the recording's start.
        public var timeSeconds: Double
        /// What happened.
        public var text: String
        /// `offRoute`, `reroute` or `arrival`, else nil.
        public var kind: String? = nil
    }
    /// A track point with its time and level.
    public typealias Stamped = NavigationReplay.Stamped

    /// The venue replayed in.
    public let venue: Venue
    /// The navigation and camera events, in time order.
    public var timeline: [Line] = []
    /// The fused track.
    public var fused: [Stamped] = []
    /// The fused track snapped to the route (navigation only).
    public var snapped: [Stamped] = []
    /// The dead-reckoning track.
    public var deadReckoning: [Stamped] = []
    /// The planned route and each reroute.
    public var routes: [Route] = []
    /// Whether the walk arrived.
    public var arrived = false
    /// Seconds of the final arrival.
    public var arrivalTime: Double?
    /// Reroutes made.
    public var reroutes = 0
    /// Off-route verdicts.
    public var offRouteEvents = 0
    /// Level changes navigation saw.
    public var levelChanges = 0
    /// Camera follow-mode changes.
    public var followModeChanges = 0
    /// The camera at the end.
    public var finalCamera: CameraState?
    /// The route progress at the end.
    public var finalProgress: RouteProgress?
    /// Seconds replayed from the start point.
    public var durationSeconds = 0.0
    /// Level id of each ground-truth point (when its level resolves in the venue), for plots.
    public var truthLevelIDs: [String?] = []
    /// The ground-truth points, for plots.
    public var truthPoints: [LocalPoint] = []
    /// Whether navigation ran (a destination was given).
    public var navigated = false
    /// The fused and dead-reckoning tracks with every figure (covariance, heading, sources).
    public var recorded = TrackRecorder()
    /// The level candidates of the engine (for the truth track's levels).
    public var levels: [LevelCandidate] = []
    /// Whether the recording was also smoothed offline.
    public var offline = false
    /// The offline-smoothed track (with `offline`, unless the backward pass failed).
    public var smoothed: [SmoothedFusionPoint] = []
    /// Why the backward pass failed (with `offline`).
    public var offlineFailure: String?

    /// Replays `loaded` from its truth's start; `manualFixes` join the providers through a manual provider.
    /// Without `destination`, positioning only: the fused and dead-reckoning tracks, no navigation.
    public init(
        venue: Venue, registry: BeaconRegistry?, loaded: LoadedRecording, truth: GroundTruthTrack,
        destination: NavigationDestination?, followMode: FollowUserMode, updateIntervalSeconds: Double,
        manualFixes: [IndoorLocation]? = nil, offline: Bool = false
    ) throws {
        self.venue = venue
        self.offline = offline
        var settings = EvaluationSettings(venue: venue, registry: registry)
        settings.manualFixes = manualFixes
        let pipeline = try RecordingPipeline.build(loaded, settings: settings)
        let engine = pipeline.engine
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
    public func trackDocument(name: String, truth: GroundTruthTrack?, startEpochSeconds: Double?) -> TrackDocument {
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
            tracks.append(truth.positionTrack(levels: levels, venue: venue))
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

    /// The JSON report: arrival, route, events, each track's errors against `truth`, the camera.
    public func report(truth: GroundTruthTrack) -> JSONValue {
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
