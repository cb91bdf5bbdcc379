/// How a venue is loaded: which graph to use and the tunables of connector derivation and authored
/// graph import.
public struct VenueLoadOptions: Sendable {
    /// Import an authored graph (`navPath.geojson`, else `graph.geojson`) when the folder has one.
    /// Default `true`.
    public var useAuthoredGraph: Bool
    /// A node/edge graph file to use instead of any graph in the folder (absolute or relative path).
    public var graphPath: String?
    /// Tunables of authored-graph import.
    public var authoredGraph: AuthoredGraphOptions
    /// Tunables of connector derivation from stacked units.
    public var connectorDerivation: ConnectorDerivationOptions
    /// Builds the graph when the venue has no authored one: receives the venue with an empty graph and
    /// returns it with a graph (usually through ``Venue/replacingGraph(_:addingWarnings:)``).
    /// The default, ``VenueLoadOptions/deriveGraph``, derives one from spaces, openings, POIs and
    /// connectors with ``GraphDerivation``.
    public var graphWhenNoneAuthored: @Sendable (Venue) -> Venue

    /// Options with the documented defaults.
    public init(
        useAuthoredGraph: Bool = true, graphPath: String? = nil,
        authoredGraph: AuthoredGraphOptions = AuthoredGraphOptions(),
        connectorDerivation: ConnectorDerivationOptions = ConnectorDerivationOptions(),
        graphWhenNoneAuthored: @escaping @Sendable (Venue) -> Venue = VenueLoadOptions.deriveGraph
    ) {
        self.useAuthoredGraph = useAuthoredGraph; self.graphPath = graphPath
        self.authoredGraph = authoredGraph; self.connectorDerivation = connectorDerivation
        self.graphWhenNoneAuthored = graphWhenNoneAuthored
    }

    /// Derives the navigation graph with the default ``GraphDerivationOptions``.
    public static let deriveGraph: @Sendable (Venue) -> Venue = { venue in
        let derived = GraphDerivation.derive(venue)
        return venue.replacingGraph(derived.graph, addingWarnings: derived.issues)
    }

    /// Leaves the graph empty (for tools that only need the geometry).
    public static let noGraph: @Sendable (Venue) -> Venue = { $0 }
}

/// Tunables for deriving connectors from IMDF units of connector categories stacked across levels.
public struct ConnectorDerivationOptions: Hashable, Sendable {
    /// Two units on adjacent levels of one building form one connector when their bounding boxes'
    /// intersection over union is at least this (or either centroid lies in the other polygon).
    /// Unitless, default 0.3, valid range (0, 1].
    public var minimumBoundingBoxIoU: Double
    /// Unit category → connector kind. Default: elevator, escalator, stairs, ramp.
    public var kindByUnitCategory: [String: ConnectorKind]
    /// A unit with no overlapping partner on the tier above pairs with the nearest one there whose
    /// centroid is at most this far away. Metres, default 5, valid range [0, 50].
    public var maximumOffsetMeters: Double
    /// How many ordinals a stacked pair may span when nothing stacks on the tiers between (a stair
    /// that skips a mezzanine). Default 2, valid range [1, 10].
    public var maximumOrdinalSpan: Int
    /// A unit still without a partner on the tier above then pairs with the nearest one there whose
    /// footprint does not overlap its own but is at most this far from it (a flight drawn beside its
    /// place upstairs), with a warning. Metres between the bounding boxes, default 3, valid range
    /// [0, 20]; 0 joins only footprints that touch.
    public var maximumFootprintGapMeters: Double

    /// Validated options. - Precondition: every value in its documented range.
    public init(
        minimumBoundingBoxIoU: Double = 0.3,
        kindByUnitCategory: [String: ConnectorKind] = ConnectorDerivationOptions.defaultKinds,
        maximumOffsetMeters: Double = 5, maximumOrdinalSpan: Int = 2, maximumFootprintGapMeters: Double = 3
    ) {
        precondition(minimumBoundingBoxIoU > 0 && minimumBoundingBoxIoU <= 1, "minimumBoundingBoxIoU must be in (0, 1]")
        precondition((0...50).contains(maximumOffsetMeters), "maximumOffsetMeters must be in [0, 50]")
        precondition((1...10).contains(maximumOrdinalSpan), "maximumOrdinalSpan must be in [1, 10]")
        precondition((0...20).contains(maximumFootprintGapMeters), "maximumFootprintGapMeters must be in [0, 20]")
        self.minimumBoundingBoxIoU = minimumBoundingBoxIoU
        self.kindByUnitCategory = kindByUnitCategory
        self.maximumOffsetMeters = maximumOffsetMeters
        self.maximumOrdinalSpan = maximumOrdinalSpan
        self.maximumFootprintGapMeters = maximumFootprintGapMeters
    }

    /// The unit categories that stack into connectors by default.
    public static let defaultKinds: [String: ConnectorKind] = [
        "elevator": .elevator, "escalator": .escalator, "stairs": .stairs, "ramp": .ramp,
    ]
}

/// Tunables for importing authored graphs (polymap `navPath.geojson` and the node/edge format).
public struct AuthoredGraphOptions: Hashable, Sendable {
    /// Fixed time in seconds added to an elevator (or elevator bank) edge for waiting and doors.
    /// Default 30 s, valid range [0, 600].
    public var elevatorFixedSeconds: Double
    /// Fixed time in seconds added to a car-lift edge. Default 60 s, valid range [0, 600].
    public var carLiftFixedSeconds: Double
    /// A level-changing navPath edge takes its kind from the nearest connector serving both levels
    /// whose entry lies within this many metres of either node. Default 15 m, valid range (0, 1000].
    public var connectorSearchRadiusMeters: Double
    /// Level for navPath nodes whose `level_id` is null (outdoor paths); `nil` means the ground level
    /// (ordinal 0, else the ordinal closest to 0, lower first).
    public var outdoorLevelID: String?

    /// Validated options. - Precondition: every value in its documented range.
    public init(
        elevatorFixedSeconds: Double = 30, carLiftFixedSeconds: Double = 60,
        connectorSearchRadiusMeters: Double = 15, outdoorLevelID: String? = nil
    ) {
        precondition((0...600).contains(elevatorFixedSeconds), "elevatorFixedSeconds must be in [0, 600]")
        precondition((0...600).contains(carLiftFixedSeconds), "carLiftFixedSeconds must be in [0, 600]")
        precondition(
            connectorSearchRadiusMeters > 0 && connectorSearchRadiusMeters <= 1000,
            "connectorSearchRadiusMeters must be in (0, 1000]")
        self.elevatorFixedSeconds = elevatorFixedSeconds; self.carLiftFixedSeconds = carLiftFixedSeconds
        self.connectorSearchRadiusMeters = connectorSearchRadiusMeters; self.outdoorLevelID = outdoorLevelID
    }

    /// Fixed seconds of an edge of `kind` when the source does not give it.
    public func defaultFixedSeconds(_ kind: NavEdgeKind) -> Double {
        switch kind {
        case .connector(.elevator), .connector(.elevatorBank): elevatorFixedSeconds
        case .connector(.carLift): carLiftFixedSeconds
        default: 0
        }
    }
}
