import IndoorGeometry
import IndoorRouting
import IndoorVenue

/// Leaving the planned route: at `atSeconds` the walker turns off toward `target` (on the level it is
/// on then) and walks straight there.
public struct Deviation: Hashable, Sendable {
    /// When the walker leaves the route, s from the recording start. If the walker is on a connector
    /// (stairs, escalator, elevator) then, it leaves when the connector ends.
    public var atSeconds: Double
    /// Where it goes: `x,y@LEVEL`, `geo:lat,lon@LEVEL` or a POI id.
    public var target: Place

    /// A deviation.
    public init(atSeconds: Double, target: Place) { self.atSeconds = atSeconds; self.target = target }
}

/// What to simulate: a walk from `origin` to `destination`, optionally leaving the route, optionally
/// going on (back and forth along the route) until `durationSeconds`.
public struct WalkRequest: Hashable, Sendable {
    /// Where the walk starts (a POI/space id, `x,y@LEVEL` or `geo:lat,lon@LEVEL`).
    public var origin: Place
    /// Where it goes.
    public var destination: Place
    /// Seed of every random choice (step frequency, sensor noise, radio).
    public var seed: UInt64
    /// Leaving the route, if wanted.
    public var deviation: Deviation?
    /// Length of the recording, s: the walker keeps walking the route back and forth until then (and
    /// the walk is cut there if it is longer). `nil`: the walk ends on arrival.
    public var durationSeconds: Double?

    /// A request.
    public init(origin: Place, destination: Place, seed: UInt64, deviation: Deviation? = nil, durationSeconds: Double? = nil) {
        self.origin = origin
        self.destination = destination
        self.seed = seed
        self.deviation = deviation
        self.durationSeconds = durationSeconds
    }
}

/// Turns a ``WalkRequest`` into a ground-truth ``Trajectory``: routes on the venue graph, walks the
/// route's polyline, rides its connectors, applies the deviation and the duration.
///
/// Holds a router (a search workspace), so use one planner per thread.
public struct WalkPlanner {
    /// The venue walked on.
    public let venue: Venue
    /// The walker settings used.
    public let configuration: SimulationConfiguration
    private let router: IndoorRouter

    /// A planner; throws ``SimulationError/venueHasNoGraph(venueID:)`` when there is nothing to route on.
    public init(venue: Venue, configuration: SimulationConfiguration = .standard) throws(SimulationError) {
        guard !venue.graph.edges.isEmpty else { throw .venueHasNoGraph(venueID: venue.id) }
        self.venue = venue
        self.configuration = configuration
        router = IndoorRouter(venue: venue)
    }

    /// Plans the walk.
    public func plan(_ request: WalkRequest) throws(SimulationError) -> Trajectory {
        if let d = request.durationSeconds {
            guard d.isFinite, d > 0, d <= 7 * 24 * 3600 else {
                throw .invalidConfiguration(field: "durationSeconds", message: "\(d) s is outside 0 (exclusive)…604800 (one week)")
            }
        }
        if let deviation = request.deviation {
            guard deviation.atSeconds.isFinite, deviation.atSeconds >= 0 else {
                throw .invalidConfiguration(field: "deviateAtSeconds", message: "\(deviation.atSeconds) s must be a time ≥ 0")
            }
        }
        let walker = configuration.walker
        var random = SplitMix64(seed: request.seed, stream: StreamID.walk)
        let stepFrequency = random.uniform(in: walker.stepFrequencyRangeHz)

        let outbound = try path(from: request.origin, to: request.destination, fromRole: "from", toRole: "to")
        var builder = TrajectoryBuilder(
            walker: walker, levelElevations: venue.levels.map(\.elevationMeters),
            start: outbound.start.point, levelIndex: outbound.startLevel,
            headingRadians: TrajectoryBuilder.initialHeading(from: outbound.start.point, moves: outbound.moves),
            isWalkable: { [venue] point, level in venue.spatialIndex.isWalkable(point, levelIndex: level) })
        builder.stand(seconds: walker.startPauseSeconds)
        builder.follow(outbound.moves)
        let arrivalSeconds = builder.timeSeconds

        if let duration = request.durationSeconds, builder.timeSeconds < duration {
            let end = outbound.polyline.last ?? outbound.start
            let back = try path(
                from: .local(end.point, level: end.levelID), to: .local(outbound.start.point, level: outbound.start.levelID),
                fromRole: "to", toRole: "from")
            let legs = [back, outbound]
            var next = 0
            while builder.timeSeconds < duration {
                let before = builder.timeSeconds
                builder.stand(seconds: walker.turnaroundPauseSeconds)
                builder.follow(legs[next].moves)
                next = 1 - next
                if builder.timeSeconds <= before { break }
            }
            // A route of no length with no pause: stand for the rest of the recording.
            builder.stand(seconds: duration - builder.timeSeconds)
        }

        if let deviation = request.deviation {
            let limit = request.durationSeconds ?? arrivalSeconds
            guard deviation.atSeconds < limit else {
                throw .invalidDeviation(
                    message: "at \(deviation.atSeconds) s the walk is over (it "
                        + (request.durationSeconds == nil ? "arrives at \(arrivalSeconds) s)" : "ends at \(limit) s)"))
            }
            let (target, targetLevel) = try resolve(deviation.target)
            var leaveAt = deviation.atSeconds
            let built = builder.pieces
            var index = built.lastIndex { $0.startSeconds <= leaveAt } ?? 0
            while index < built.count, !(built[index].motion == .walking || built[index].motion == .standing) {
                leaveAt = built[index].endSeconds
                index += 1
            }
            builder.truncate(atSeconds: leaveAt)
            guard builder.levelIndex == targetLevel else {
                throw .invalidDeviation(
                    message: "at \(leaveAt) s the walker is on level \(venue.levels[builder.levelIndex].id), "
                        + "but \(deviation.target) is on level \(venue.levels[targetLevel].id)")
            }
            builder.walk(to: target, isDeviation: true)
            if let duration = request.durationSeconds {
                builder.stand(seconds: duration - builder.timeSeconds, isDeviation: true)
            } else {
                builder.stand(seconds: walker.endPauseSeconds, isDeviation: true)
            }
        } else if request.durationSeconds == nil {
            builder.stand(seconds: walker.endPauseSeconds)
        }
        if let duration = request.durationSeconds { builder.truncate(atSeconds: duration) }

        let stepped = builder.withSteps(frequencyHz: stepFrequency)
        return Trajectory(
            pieces: stepped.pieces, levelIDs: venue.levels.map(\.id), routePolyline: outbound.polyline,
            nominalStepFrequencyHz: stepFrequency, stepCount: stepped.stepCount)
    }

    private func path(from origin: Place, to destination: Place, fromRole: String, toRole: String) throws(SimulationError) -> RoutedPath {
        let response: RouteResponse
        do { response = try router.route(RouteRequest(from: origin, to: destination)) } catch {
            throw .noRoute(from: origin.description, to: destination.description, reason: error.description)
        }
        guard let route = response.route else {
            let notice = response.notices.first { $0.code.severity == .critical }
            let reason = notice.map { $0.details ?? $0.code.title } ?? "no route"
            switch notice?.code {
            case .couldNotMatchOrigin: throw .unknownPlace(role: fromRole, place: origin.description, reason: reason)
            case .couldNotMatchDestination: throw .unknownPlace(role: toRole, place: destination.description, reason: reason)
            default: throw .noRoute(from: origin.description, to: destination.description, reason: reason)
            }
        }
        guard !route.polyline.isEmpty else {
            throw .noRoute(from: origin.description, to: destination.description, reason: "the route has no geometry")
        }
        return try RoutedPath(route: route, venue: venue)
    }

    private func levelIndex(_ reference: String, context: String) throws(SimulationError) -> Int {
        try WalkComposer.levelIndex(of: reference, in: venue, context: context)
    }

    /// A deviation target as a local point and level index.
    private func resolve(_ place: Place) throws(SimulationError) -> (LocalPoint, Int) {
        switch place {
        case .local(let point, let level):
            return (point, try levelIndex(level, context: "--deviate-to \(place)"))
        case .geographic(let coordinate, let level):
            return (venue.frame.localPoint(from: coordinate), try levelIndex(level, context: "--deviate-to \(place)"))
        case .feature(let id):
            guard let poi = try? venue.poi(id) else {
                throw .unknownPlace(role: "deviate-to", place: id, reason: "no POI with this id (give x,y@LEVEL for a free point)")
            }
            return (poi.position, try levelIndex(poi.levelID, context: "POI \(id)"))
        }
    }
}

/// Random stream numbers: each random process of a simulation has its own.
enum StreamID {
    static let walk: UInt64 = 1
    static let accelerometer: UInt64 = 2
    static let gyroscope: UInt64 = 3
    static let magnetometer: UInt64 = 4
    static let rotation: UInt64 = 5
    static let pressure: UInt64 = 6
    static let beacons: UInt64 = 7
    static let disturbance: UInt64 = 8
}
