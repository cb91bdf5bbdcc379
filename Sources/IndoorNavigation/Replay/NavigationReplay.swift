import IndoorConfiguration
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorRouting
import IndoorVenue

/// One recording replayed through the whole chain: sensor samples → providers → fusion → navigation →
/// follow-user. Used by `indoornav replay` and by `indoornav eval --navigate`.
///
/// The walk starts at `start` (a user setting their position: its point, 1 m one-sigma, its level);
/// nothing else of the ground truth is used. Navigation is started to `destination` (through
/// `waypoints`) at the start time and is updated with the fused location at most once per
/// ``Options/updateIntervalSeconds``, with the sample's first raw fix (else the dead-reckoning location)
/// as the raw location.
public struct NavigationReplay {
    /// What to replay towards.
    public struct Options: Sendable {
        /// Where the user goes.
        public var destination: NavigationDestination
        /// Places on the way (pass-through or stopovers).
        public var waypoints: [Waypoint]
        /// The camera mode set at the start.
        public var followMode: FollowUserMode
        /// Shortest time between two navigation updates, seconds (0: every fused change).
        public var updateIntervalSeconds: Double
        /// The session's thresholds (validated when the follower is made).
        public var navigation: NavigationConfiguration

        /// Options; `updateIntervalSeconds` must be finite and ≥ 0 (negative values count as 0).
        public init(
            destination: NavigationDestination, waypoints: [Waypoint] = [], followMode: FollowUserMode = .follow,
            updateIntervalSeconds: Double = 1, navigation: NavigationConfiguration = NavigationConfiguration.standard
        ) {
            self.destination = destination
            self.waypoints = waypoints
            self.followMode = followMode
            self.updateIntervalSeconds = updateIntervalSeconds.isFinite ? max(0, updateIntervalSeconds) : 1
            self.navigation = navigation
        }
    }

    /// A position at a time, on a level.
    public struct Stamped: Hashable, Sendable {
        /// Seconds on the recording's time axis.
        public var timeSeconds: Double
        /// Local frame.
        public var point: LocalPoint
        /// The level, when known.
        public var levelID: String?

        /// A position at a time.
        public init(timeSeconds: Double, point: LocalPoint, levelID: String?) {
            self.timeSeconds = timeSeconds
            self.point = point
            self.levelID = levelID
        }
    }

    /// Something that happened, at a time.
    public enum Event: Sendable {
        /// A navigation event.
        case navigation(NavigationEvent)
        /// A camera event.
        case followUser(FollowUserEvent)
        /// Navigation could not start (no route, unknown destination…).
        case navigationFailed(NavigationError)
    }

    /// The events in time order.
    public private(set) var events: [(timeSeconds: Double, event: Event)] = []
    /// The fused track (each change).
    public private(set) var fused: [Stamped] = []
    /// The snapped location after each navigation update.
    public private(set) var snapped: [Stamped] = []
    /// The open-loop dead-reckoning track from the same start.
    public private(set) var deadReckoning: [Stamped] = []
    /// The routes followed: the first, then each reroute's.
    public private(set) var routes: [Route] = []
    /// Whether the final destination was reached, and when.
    public private(set) var arrivalTimeSeconds: Double?
    /// Counts of reroutes, off-route verdicts, level changes and camera mode changes.
    public private(set) var reroutes = 0, offRouteEvents = 0, levelChanges = 0, followModeChanges = 0
    /// The camera and the route progress at the end.
    public private(set) var finalCamera: CameraState?
    /// The route progress at the end.
    public private(set) var finalProgress: RouteProgress?
    /// Seconds from the start to the last sample.
    public private(set) var durationSeconds = 0.0

    /// Whether the final destination was reached.
    public var arrived: Bool { arrivalTimeSeconds != nil }

    /// Replays time-ordered `samples` through `pipeline` (whose engine has the venue's levels) from `start`;
    /// `observer` (e.g. a ``TrackRecorder``) is told of the start and of every sample after the follower.
    /// - Throws: ``PositioningError`` when the start location is not valid for the engine,
    ///   ``NavigationError`` when no session can be made on `venue`.
    public init(
        samples: [SensorSample], start: TruthPoint, venue: Venue, pipeline: FusionPipeline, options: Options,
        observer: (any FusionReplayObserver)? = nil
    ) throws {
        let engine = pipeline.engine
        let startLevel = start.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: venue) }
        let location = IndoorLocation(
            point: start.point, levelID: startLevel.map { engine.levelCandidates[$0].levelID },
            accuracyMeters: 1, timeSeconds: start.timeSeconds, source: "start")
        let follower = try Follower(venue: venue, options: options)
        var started = false
        for sample in samples {
            if !started, sample.timeSeconds >= start.timeSeconds {
                started = true
                try engine.start(at: location, levelIndex: startLevel)
                pipeline.deadReckoning.setStart(location)
                follower.replayStarted(at: location, levelIndex: startLevel, pipeline: pipeline)
                observer?.replayStarted(at: location, levelIndex: startLevel, pipeline: pipeline)
                if follower.failed { break }
            }
            let output = pipeline.consume(sample)
            if started {
                follower.replayConsumed(sample, output: output, pipeline: pipeline)
                observer?.replayConsumed(sample, output: output, pipeline: pipeline)
            }
        }
        self = follower.result(lastSampleSeconds: samples.last?.timeSeconds)
    }

    /// Navigation along a ``FusionReplay`` run (``FusionReplay/run(samples:truth:pipeline:startSigmaMeters:levelConfiguration:floorPenaltyMeters:observer:)``
    /// with a ``Follower`` as its observer): the fusion pipeline runs once for the score and the navigation.
    /// Make a follower, pass it to the run, then read ``Follower/result(lastSampleSeconds:)``.
    public final class Follower: FusionReplayObserver {
        private let session: NavigationSession
        private let followConfiguration: FollowUserConfiguration
        private var follow: FollowUserController?
        private let options: Options
        private var replay = NavigationReplay()
        private var startLevelID: String?
        private var startTime: Double?
        private var lastNavigationTime = -Double.infinity
        private var lastFused: IndoorLocation?
        /// Whether navigation could not start (nothing more is followed).
        public private(set) var failed = false

        /// A follower navigating on `venue` with `options`.
        /// - Throws: ``NavigationError`` when no session can be made on `venue` or the options'
        ///   navigation configuration is out of range.
        public init(venue: Venue, options: Options) throws {
            session = try NavigationSession(venue: venue, configuration: options.navigation)
            followConfiguration = .standard
            self.options = options
        }

        /// Starts the camera and navigation at the replay's start.
        public func replayStarted(at location: IndoorLocation, levelIndex: Int?, pipeline: FusionPipeline) {
            let time = location.timeSeconds
            startTime = time
            startLevelID = location.levelID
            do {
                var camera = try FollowUserController(
                    camera: CameraState(center: location.point, displayedLevelID: location.levelID),
                    configuration: followConfiguration)
                replay.record(camera.handle(.setMode(options.followMode)), at: time)
                replay.record(camera.handle(.location(location)), at: time)
                follow = camera
                replay.record(try session.startNavigation(to: options.destination, via: options.waypoints, from: location), at: time)
            } catch {
                replay.events.append((time, .navigationFailed(error)))
                failed = true
            }
        }

        /// Records the dead-reckoning and fused tracks and updates navigation with the fused location
        /// (at most once per ``Options/updateIntervalSeconds``).
        public func replayConsumed(_ sample: SensorSample, output: FusionPipeline.Output, pipeline: FusionPipeline) {
            guard !failed else { return }
            if !output.steps.isEmpty, let dr = pipeline.deadReckoning.lastLocation {
                replay.deadReckoning.append(Stamped(timeSeconds: dr.timeSeconds, point: dr.point, levelID: startLevelID))
            }
            guard output.changed, var fix = pipeline.engine.location else { return }
            lastFused = fix
            replay.fused.append(Stamped(timeSeconds: sample.timeSeconds, point: fix.point, levelID: fix.levelID))
            guard sample.timeSeconds - lastNavigationTime >= options.updateIntervalSeconds, session.isNavigating else { return }
            lastNavigationTime = sample.timeSeconds
            fix.timeSeconds = sample.timeSeconds
            replay.record(
                session.handle(fix, raw: output.fixes.first?.location ?? pipeline.deadReckoning.lastLocation), at: sample.timeSeconds)
            if var camera = follow {
                replay.record(camera.handle(.location(fix)), at: sample.timeSeconds)
                follow = camera
            }
            if let snap = session.progress?.snappedLocation {
                replay.snapped.append(Stamped(timeSeconds: sample.timeSeconds, point: snap.point, levelID: snap.levelID))
            }
        }

        /// The user stands still where the fused track last put them for `seconds` after `fromSeconds` (a
        /// recording that ends the moment its walker reaches the destination gives arrival no time): the
        /// last fused location is given to navigation again every ``Options/updateIntervalSeconds`` with
        /// its time advanced, as a stationary user's fusion would report it. Returns the seconds stood
        /// (0 when navigation is over, failed or nothing was fused).
        @discardableResult
        public func standStill(forSeconds seconds: Double, fromSeconds: Double) -> Double {
            guard !failed, seconds > 0, var fix = lastFused else { return 0 }
            let interval = max(options.updateIntervalSeconds, 0.1)
            var time = max(fromSeconds, lastNavigationTime)
            var stood = 0.0
            while session.isNavigating, stood + interval <= seconds + 1e-9 {
                time += interval
                stood += interval
                lastNavigationTime = time
                fix.timeSeconds = time
                replay.record(session.handle(fix, raw: nil), at: time)
            }
            return stood
        }

        /// What was followed; `lastSampleSeconds` (the recording's last sample time) sets the duration.
        public func result(lastSampleSeconds: Double?) -> NavigationReplay {
            var result = replay
            if !failed {
                result.finalCamera = follow?.camera
                result.finalProgress = session.progress
            }
            let start = startTime ?? lastSampleSeconds ?? 0
            result.durationSeconds = failed ? 0 : (lastSampleSeconds ?? start) - start
            return result
        }
    }

    private init() {}

    fileprivate mutating func record(_ list: [NavigationEvent], at time: Double) {
        for event in list {
            switch event {
            case .started(_, let route): routes.append(route)
            case .rerouted(let route, _, _): routes.append(route); reroutes += 1
            case .offRoute: offRouteEvents += 1
            case .levelChanged: levelChanges += 1
            case .arrived(let info) where info.isFinal: arrivalTimeSeconds = arrivalTimeSeconds ?? time
            default: break
            }
            events.append((time, .navigation(event)))
        }
    }

    fileprivate mutating func record(_ list: [FollowUserEvent], at time: Double) {
        for event in list {
            if case .modeChanged = event { followModeChanges += 1 }
            events.append((time, .followUser(event)))
        }
    }
}
