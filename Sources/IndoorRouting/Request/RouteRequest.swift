/// A route request: origin, one or more candidate destinations, via-waypoints and options.
public struct RouteRequest: Hashable, Sendable {
    /// Where the route starts.
    public var origin: Place
    /// Candidate destinations: the route goes to the cheapest one.
    public var destinations: [Place]
    /// Via-waypoints visited in the given order (at most 5).
    public var waypoints: [Waypoint]
    /// Destination stop duration (HERE allows one on the destination); adds a WAIT post-action.
    public var destinationStopDurationSeconds: Int?
    /// Costs, exclusions, speeds, language and units.
    public var options: RouteOptions

    /// A request with every field; `validate()` checks the limits (waypoint count, durations, speeds).
    public init(
        origin: Place, destinations: [Place], waypoints: [Waypoint] = [],
        destinationStopDurationSeconds: Int? = nil, options: RouteOptions = RouteOptions()
    ) {
        self.origin = origin; self.destinations = destinations; self.waypoints = waypoints
        self.destinationStopDurationSeconds = destinationStopDurationSeconds; self.options = options
    }

    /// A request from one place to one destination.
    public init(from origin: Place, to destination: Place, options: RouteOptions = RouteOptions()) {
        self.init(origin: origin, destinations: [destination], options: options)
    }

    /// Checks the request against the documented rules; the error names the offending field.
    ///
    /// HERE rules: the origin takes neither stop duration nor pass-through (the origin has no such
    /// fields here, so it cannot break them); the destination takes no pass-through (likewise); a
    /// via-waypoint takes one or the other, not both; stop durations are 1–49,999 s; at most 5
    /// waypoints; speeds in range.
    public func validate() throws(RoutingError) {
        guard !destinations.isEmpty else { throw .badRequest(field: "destination", reason: "at least one destination is required") }
        guard waypoints.count <= RouteOptions.maxWaypoints else {
            throw .badRequest(
                field: "waypoints", reason: "at most \(RouteOptions.maxWaypoints) via-waypoints are allowed, got \(waypoints.count)")
        }
        for (i, w) in waypoints.enumerated() {
            if w.passThrough && w.stopDurationSeconds != nil {
                throw .badRequest(field: "waypoints[\(i)]", reason: "a waypoint cannot both pass through and have a stop duration")
            }
            if let d = w.stopDurationSeconds, !RouteOptions.stopDurationRange.contains(d) {
                throw .badRequest(field: "waypoints[\(i)].stopDuration", reason: "stop duration must be 1–49999 s, got \(d)")
            }
        }
        if let d = destinationStopDurationSeconds, !RouteOptions.stopDurationRange.contains(d) {
            throw .badRequest(field: "destination.stopDuration", reason: "stop duration must be 1–49999 s, got \(d)")
        }
        if let s = options.walkingSpeedMetersPerSecond, !(s.isFinite && RouteOptions.walkingSpeedRange.contains(s)) {
            throw .badRequest(field: "walkingSpeed", reason: "walking speed must be 0.5–2.0 m/s, got \(s)")
        }
        if let s = options.vehicleSpeedMetersPerSecond, !(s.isFinite && RouteOptions.vehicleSpeedRange.contains(s)) {
            throw .badRequest(field: "vehicleSpeed", reason: "vehicle speed must be 2.0–5.0 m/s, got \(s)")
        }
        if let n = options.alternatives, !RouteOptions.alternativesRange.contains(n) {
            throw .badRequest(field: "alternatives", reason: "must be 1–5 routes, got \(n)")
        }
        guard options.maxMatchDistanceMeters.isFinite, (0.1...1000).contains(options.maxMatchDistanceMeters) else {
            throw .badRequest(field: "maxMatchDistance", reason: "must be 0.1–1000 m")
        }
    }
}

/// Why routing failed before a route could be searched (HERE `IndoorRoutingError`).
public enum RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The venue (map) is not loaded or does not exist.
    case venueNotFound(id: String)
    /// Request text could not be parsed.
    case parsingError(field: String, reason: String)
    /// The request breaks a rule; `field` names it.
    case badRequest(field: String, reason: String)

    /// The error as a sentence naming the field.
    public var description: String {
        switch self {
        case .venueNotFound(let id): "venue not found: \(id)"
        case .parsingError(let f, let r): "parsing error in \(f): \(r)"
        case .badRequest(let f, let r): "bad request: \(f): \(r)"
        }
    }
}
