import IndoorGeometry
import IndoorJSON

/// What a viewer page shows over the venue: routes, timed tracks and navigation events.
public struct ViewerContent: Sendable {
    /// Routes in the JSON of `indoornav route --format json` (``IndoorRouting/RouteJSON``), drawn in order.
    public var routes: [JSONValue]
    /// Legend names of the routes, by index (missing ones: "planned route", then "route 2", …).
    public var routeNames: [String] = []
    /// Timed tracks (truth, fused, snapped, dead reckoning, fixes).
    public var tracks: [ViewerTrack]
    /// Navigation events, shown at their time on the time slider.
    public var events: [ViewerEvent]

    /// Content; everything is optional.
    public init(routes: [JSONValue] = [], tracks: [ViewerTrack] = [], events: [ViewerEvent] = []) {
        self.routes = routes; self.tracks = tracks; self.events = events
    }

    /// The extent of every finite track and route point, or nil when there is none.
    public var bounds: BoundingBox? {
        var points = tracks.flatMap { $0.samples.map(\.point) }
        for route in routes {
            for section in route["sections"]?.array ?? [] {
                for p in section["polyline"]?.array ?? [] {
                    if let x = p["x"]?.double, let y = p["y"]?.double { points.append(LocalPoint(x: x, y: y)) }
                }
            }
        }
        return BoundingBox(points: points.filter(\.isFinite))
    }
}

/// One timed track of positions.
public struct ViewerTrack: Sendable {
    /// What the track is; sets its default colour and whether it carries the user's dot.
    public enum Kind: String, Sendable, CaseIterable {
        /// Surveyed ground truth.
        case truth
        /// The fused estimate.
        case fused
        /// The fused estimate snapped to the route.
        case snapped
        /// Pedestrian dead reckoning alone.
        case deadReckoning
        /// Beacon position fixes.
        case beaconFixes
        /// Satellite (GNSS) fixes.
        case satelliteFixes

        /// The default colour (CSS).
        public var color: String {
            switch self {
            case .truth: "#222222"
            case .fused: "#d62728"
            case .snapped: "#17becf"
            case .deadReckoning: "#ff7f0e"
            case .beaconFixes: "#9467bd"
            case .satelliteFixes: "#8c564b"
            }
        }

        /// The legend text.
        public var title: String {
            switch self {
            case .truth: "ground truth"
            case .fused: "fused estimate"
            case .snapped: "snapped to route"
            case .deadReckoning: "dead reckoning"
            case .beaconFixes: "beacon fixes"
            case .satelliteFixes: "satellite fixes"
            }
        }
    }

    /// One position at a time.
    public struct Sample: Sendable {
        /// Seconds on the recording's clock.
        public var timeSeconds: Double
        /// Local frame.
        public var point: LocalPoint
        /// The level, or nil when unknown (drawn on every level).
        public var levelID: String?

        /// A sample.
        public init(timeSeconds: Double, point: LocalPoint, levelID: String?) {
            self.timeSeconds = timeSeconds; self.point = point; self.levelID = levelID
        }
    }

    /// What the track is.
    public var kind: Kind
    /// Legend text (defaults to the kind's title).
    public var name: String
    /// Samples in time order.
    public var samples: [Sample]

    /// A track.
    public init(kind: Kind, samples: [Sample], name: String? = nil) {
        self.kind = kind; self.samples = samples; self.name = name ?? kind.title
    }
}

/// A navigation event at a time (instruction, off-route, reroute, arrival…).
public struct ViewerEvent: Sendable {
    /// What kind of event; the marked kinds also get a marker on the map where the user was then.
    public enum Kind: String, Sendable, CaseIterable {
        /// The user left the route.
        case offRoute
        /// A new route was planned.
        case reroute
        /// The user arrived.
        case arrival
        /// Anything else (instructions, level changes, camera): listed, not marked.
        case other
    }

    /// Seconds on the recording's clock.
    public var timeSeconds: Double
    /// What happened, one line.
    public var text: String
    /// The kind.
    public var kind: Kind

    /// An event.
    public init(timeSeconds: Double, text: String, kind: Kind = .other) {
        self.timeSeconds = timeSeconds; self.text = text; self.kind = kind
    }
}
