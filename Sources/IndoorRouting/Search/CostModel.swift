import IndoorVenue

/// Which edges a search phase may use: walking or driving.
public enum TravelKind: Hashable, Sendable {
    /// On foot (pedestrian edges) or in a vehicle (vehicle edges).
    case walking, driving
}

/// Edge costs and exclusions for one search, a pure function of the options (Valhalla-style pluggable
/// cost: the search knows nothing of the request).
///
/// Cost is seconds for `.fastest` (length / speed + fixed connector time) and metres for `.shortest`.
public struct CostModel: Sendable {
    /// What the cost measures: seconds (fastest) or metres (shortest).
    public var optimization: Optimization
    /// Walking speed, m/s.
    public var walkingSpeedMetersPerSecond: Double
    /// Vehicle speed, m/s.
    public var vehicleSpeedMetersPerSecond: Double
    /// Connector kinds that may not be used at all.
    public var excludedConnectors: Set<ConnectorKind>
    /// Only accessible edges.
    public var accessibleOnly: Bool
    /// When set, level-changing connector edges must belong to a connector of this transition type.
    public var requiredTransitionTypeID: String?
    /// `connectorTransitionType[i]` is connector i's authored transition type (precomputed per venue).
    let connectorTransitionType: [String?]
    /// Edges that may not be used (through spaces the requested universe hides), by edge index.
    var hiddenEdges: [Bool]?
    /// The universe that hides `hiddenEdges` (part of the hierarchy's metric key).
    var universe: String?
    /// Edges closed for this search (live closures, `--closed`), by edge index, and the same as a
    /// sorted list. Set with ``closing(_:edgeCount:)``.
    private(set) var closedEdges: [Bool]?
    private(set) var closedEdgeList: [Int32] = []

    /// A model with the given optimization, speeds (m/s), exclusions and connector costs; see the properties.
    public init(
        optimization: Optimization, walkingSpeedMetersPerSecond: Double, vehicleSpeedMetersPerSecond: Double,
        excludedConnectors: Set<ConnectorKind> = [], accessibleOnly: Bool = false,
        requiredTransitionTypeID: String? = nil, venue: Venue
    ) {
        self.init(
            optimization: optimization, walkingSpeedMetersPerSecond: walkingSpeedMetersPerSecond,
            vehicleSpeedMetersPerSecond: vehicleSpeedMetersPerSecond, excludedConnectors: excludedConnectors,
            accessibleOnly: accessibleOnly, requiredTransitionTypeID: requiredTransitionTypeID,
            connectorTransitionTypes: venue.connectors.map(\.transitionTypeID))
    }

    /// A model as above with the venue's connector transition types given (``RoutingIndex`` holds them,
    /// so a route does not list them again).
    init(
        optimization: Optimization, walkingSpeedMetersPerSecond: Double, vehicleSpeedMetersPerSecond: Double,
        excludedConnectors: Set<ConnectorKind>, accessibleOnly: Bool, requiredTransitionTypeID: String?,
        connectorTransitionTypes: [String?]
    ) {
        self.optimization = optimization
        self.walkingSpeedMetersPerSecond = walkingSpeedMetersPerSecond
        self.vehicleSpeedMetersPerSecond = vehicleSpeedMetersPerSecond
        self.excludedConnectors = excludedConnectors
        self.accessibleOnly = accessibleOnly
        self.requiredTransitionTypeID = requiredTransitionTypeID
        self.connectorTransitionType = connectorTransitionTypes
    }

    /// Cost of traversing edge number `index` in a phase, or `nil` when it is not allowed (also when it
    /// runs through a space hidden by the requested universe).
    @inline(__always)
    func cost(ofEdge index: Int, _ edge: NavEdge, travel: TravelKind) -> Double? {
        if let hiddenEdges, hiddenEdges[index] { return nil }
        if let closedEdges, closedEdges[index] { return nil }
        return cost(of: edge, travel: travel)
    }

    /// This model with `edges` closed (no closed edge when empty).
    func closing(_ edges: [Int32], edgeCount: Int) -> CostModel {
        var out = self
        if edges.isEmpty, closedEdges == nil { return out }
        let sorted = Array(Set(edges)).sorted()
        out.closedEdgeList = sorted
        if sorted.isEmpty { out.closedEdges = nil; return out }
        var mask = [Bool](repeating: false, count: edgeCount)
        for e in sorted { mask[Int(e)] = true }
        out.closedEdges = mask
        return out
    }

    /// Cost of traversing `edge` in a phase, or `nil` when the edge is not allowed.
    public func cost(of edge: NavEdge, travel: TravelKind) -> Double? {
        switch travel {
        case .walking: guard edge.modes.contains(.pedestrian) else { return nil }
        case .driving: guard edge.modes.contains(.vehicle) else { return nil }
        }
        if accessibleOnly && !edge.isAccessible { return nil }
        if let kind = edge.kind.connectorKind {
            if excludedConnectors.contains(kind) { return nil }
            if let required = requiredTransitionTypeID {
                guard let c = edge.connectorIndex, connectorTransitionType[Int(c)] == required else { return nil }
            }
        }
        switch optimization {
        case .shortest: return edge.lengthMeters
        case .fastest:
            let speed = travel == .walking ? walkingSpeedMetersPerSecond : vehicleSpeedMetersPerSecond
            return edge.lengthMeters / speed + edge.fixedSeconds
        }
    }

    /// Cost of moving `meters` off the graph (to or from a matched point) in a phase.
    public func offGraphCost(meters: Double, travel: TravelKind) -> Double {
        switch optimization {
        case .shortest: meters
        case .fastest: meters / (travel == .walking ? walkingSpeedMetersPerSecond : vehicleSpeedMetersPerSecond)
        }
    }

    /// Cost per metre of the cheapest conceivable travel: the A* heuristic's scale.
    public func lowerBoundCostPerMeter(phases: [TravelKind]) -> Double {
        switch optimization {
        case .shortest: return 1
        case .fastest:
            let fastest =
                phases.map { $0 == .walking ? walkingSpeedMetersPerSecond : vehicleSpeedMetersPerSecond }.max()
                ?? walkingSpeedMetersPerSecond
            return 1 / fastest
        }
    }
}
