import IndoorVenue

/// What a route minimises.
public enum Optimization: String, Hashable, Sendable, Codable, CaseIterable {
    /// Least travel time (connector waiting included).
    case fastest
    /// Least length.
    case shortest
}

/// How the traveller moves (HERE transport modes).
public enum TransportMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// On foot, or by car, taxi or scooter on vehicle edges.
    case pedestrian, car, taxi, scooter
    /// Whether the mode uses vehicle edges.
    public var isVehicle: Bool { self != .pedestrian }
}

/// Where a vehicle may be used along the route.
public enum VehicleEnableOption: String, Hashable, Sendable, Codable, CaseIterable {
    /// Drive first, then walk (park near the entrance).
    case routeHead
    /// Walk first, then drive.
    case routeTail
    /// Drive the whole way.
    case entireRoute
}

/// Units of distances in instruction text.
public enum DistanceUnits: String, Hashable, Sendable, Codable, CaseIterable { case metric, imperial }

/// A named direction mode configured per venue (Mapwize): which connectors it excludes and its speed.
public struct DirectionMode: Hashable, Sendable {
    /// The mode's name as requests give it (`accessible`).
    public var name: String
    /// Connector kinds the mode never uses (hard exclusion, unlike `avoid`).
    public var excludedConnectors: Set<ConnectorKind>
    /// Only edges marked accessible.
    public var accessibleOnly: Bool
    /// Walking speed in m/s for this mode.
    public var walkingSpeedMetersPerSecond: Double

    /// A mode; the walking speed defaults to ``RouteOptions/defaultWalkingSpeedMetersPerSecond``.
    public init(
        name: String, excludedConnectors: Set<ConnectorKind> = [], accessibleOnly: Bool = false,
        walkingSpeedMetersPerSecond: Double = RouteOptions.defaultWalkingSpeedMetersPerSecond
    ) {
        self.name = name; self.excludedConnectors = excludedConnectors; self.accessibleOnly = accessibleOnly
        self.walkingSpeedMetersPerSecond = walkingSpeedMetersPerSecond
    }

    /// The built-in modes plus the venue's own (a venue mode replaces a built-in one of the same name).
    public static func modes(for venue: Venue) -> [String: DirectionMode] {
        var modes = builtIn
        for m in venue.directionModes {
            modes[m.name] = DirectionMode(
                name: m.name, excludedConnectors: m.excludedConnectors, accessibleOnly: m.accessibleOnly,
                walkingSpeedMetersPerSecond: m.walkingSpeedMetersPerSecond ?? RouteOptions.defaultWalkingSpeedMetersPerSecond)
        }
        return modes
    }

    /// The names of ``modes(for:)``: `default` first, then the others sorted (what `/venues`, `venue
    /// inspect` and the viewer list).
    public static func names(for venue: Venue) -> [String] {
        let names = modes(for: venue).keys.sorted()
        return (names.contains("default") ? ["default"] : []) + names.filter { $0 != "default" }
    }

    /// Modes every venue has unless it configures its own: `default` and `accessible` (no stairs or
    /// escalators, accessible edges only, 0.8 m/s).
    public static let builtIn: [String: DirectionMode] = [
        "default": DirectionMode(name: "default"),
        "accessible": DirectionMode(
            name: "accessible", excludedConnectors: [.stairs, .escalator], accessibleOnly: true,
            walkingSpeedMetersPerSecond: 0.8),
    ]
}

/// Options of a route request. Ranges follow the HERE indoor routing documentation.
public struct RouteOptions: Hashable, Sendable, Codable {
    /// Fastest (seconds) or shortest (metres). Default fastest.
    public var optimization: Optimization = .fastest
    /// Connector kinds to avoid: honoured when a route without them exists, else used with notices.
    public var avoid: Set<ConnectorKind> = []
    /// A direction mode name (see ``DirectionMode``), `nil` for the default.
    public var directionMode: String?
    /// How the user moves; vehicle modes use `vehicleSpeedMetersPerSecond` and `enableOption`. Default pedestrian.
    public var transportMode: TransportMode = .pedestrian
    /// Walking speed in m/s, 0.5–2.0; `nil` = the direction mode's (default 1.2 m/s).
    public var walkingSpeedMetersPerSecond: Double?
    /// Vehicle speed in m/s, 2.0–5.0; `nil` = 3.0 m/s.
    public var vehicleSpeedMetersPerSecond: Double?
    /// Where the vehicle is used; `nil` = entire route for vehicle modes.
    public var enableOption: VehicleEnableOption?
    /// An authored transition type id to prefer at every level/section change.
    public var preferredTransitionTypeID: String?
    /// Metric or imperial distances in the instructions. Default metric.
    public var units: DistanceUnits = .metric
    /// Instruction language (`en`, `de`); names fall back to the venue's default language.
    public var language: String = "en"
    /// How far a point may be from the graph to be matched, in metres (default 30 m, range 0.1–1000).
    public var maxMatchDistanceMeters: Double = 30
    /// A universe of the venue (e.g. visitors): routes keep out of the spaces it hides (staff-only
    /// areas) when another way exists, else go through them with a `violatedUniverse` notice.
    /// `nil` (default): every space may be used.
    public var universe: String?
    /// Closed parts of the venue (live closures, `--closed`): edge ids (`edge:N`, N the edge's index in
    /// the graph), opening, connector or space ids. Routes keep out of them when another way exists, else
    /// go through them with a `violatedClosure` notice. `nil` or empty (default): nothing closed.
    public var closedFeatureIDs: [String]?

    /// How many routes to return, 1–5: the best and up to N − 1 materially different alternatives,
    /// ranked (``RouteResponse/alternatives``). `nil` (default): the best only, no `alternatives` list.
    public var alternatives: Int?

    /// The defaults listed on each property.
    public init() {}

    /// Valid values of ``alternatives``.
    public static let alternativesRange: ClosedRange<Int> = 1...5

    /// Sets the speeds as the CLI (`--speed`, `--vehicle-speed`) and the service (`speed`,
    /// `vehicleSpeed`) give them: `vehicleSpeed` is always the vehicle speed; `speed` is the vehicle
    /// speed for a vehicle transport when no `vehicleSpeed` is given, else the walking speed. Set
    /// ``transportMode`` first. Values are checked by ``RouteRequest/validate()``.
    public mutating func setSpeeds(speed: Double?, vehicleSpeed: Double?) {
        if let vehicleSpeed { vehicleSpeedMetersPerSecond = vehicleSpeed }
        guard let speed else { return }
        if transportMode.isVehicle && vehicleSpeed == nil {
            vehicleSpeedMetersPerSecond = speed
        } else {
            walkingSpeedMetersPerSecond = speed
        }
    }

    /// Walking speed when neither the request nor its direction mode sets one, m/s.
    public static let defaultWalkingSpeedMetersPerSecond = 1.2
    /// Vehicle speed when the request sets none, m/s.
    public static let defaultVehicleSpeedMetersPerSecond = 3.0
    /// Valid walking speeds, m/s (checked by `RouteRequest.validate()`).
    public static let walkingSpeedRange: ClosedRange<Double> = 0.5...2.0
    /// Valid vehicle speeds, m/s.
    public static let vehicleSpeedRange: ClosedRange<Double> = 2.0...5.0
    /// Valid stop durations at waypoints and the destination, seconds.
    public static let stopDurationRange: ClosedRange<Int> = 1...49_999
    /// Most via-waypoints a request may have.
    public static let maxWaypoints = 5
}
