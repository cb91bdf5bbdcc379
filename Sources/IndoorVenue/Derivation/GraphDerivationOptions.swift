/// Tunables of ``GraphDerivation``. Every value has a unit, a default and a valid range checked by
/// ``init(doorSnapMeters:pointSnapMeters:reflexInsetMeters:minimumReflexTurnDegrees:fullVisibilityNodeLimit:nearestVisibleNeighbours:collinearDetourMeters:gridSpacingMeters:gridMaxNodesPerLevel:gridMinimumComponentPoints:entranceSearchMeters:connectorFixedSeconds:connectorRunPerRise:vehicleSpaceCategories:openSpaceCategories:touchToleranceMeters:minimumSharedBoundaryMeters:openingSecondSideMeters:corridorGridSpacingMeters:corridorGridMinimumDoorFraction:outdoorLinkMaxMeters:)``.
///
/// | option | unit | default | range |
/// |---|---|---|---|
/// | `doorSnapMeters` | m | 0.5 | (0, 5] |
/// | `pointSnapMeters` | m | 2 | [0, 50] |
/// | `reflexInsetMeters` | m | 0.3 | [0.01, 2] |
/// | `minimumReflexTurnDegrees` | ° | 10 | [0, 90) |
/// | `fullVisibilityNodeLimit` | nodes | 200 | [2, 5000] |
/// | `nearestVisibleNeighbours` | nodes | 12 | [2, 500] |
/// | `collinearDetourMeters` | m | 0.05 | [0, 1] |
/// | `gridSpacingMeters` | m | 2 | [0.25, 50] |
/// | `gridMaxNodesPerLevel` | nodes | 400,000 | [100, 10,000,000] |
/// | `gridMinimumComponentPoints` | points | 10 | [1, 100,000] |
/// | `entranceSearchMeters` | m | 10 | [0, 200] |
/// | `connectorFixedSeconds` | s per kind | elevator, elevator bank 30; car lift 60; others 0 | [0, 3600] |
/// | `connectorRunPerRise` | m/m per kind | stairs 1.7, escalator 1.7, ramp and pedestrian ramp 12, drive ramp 7, others 0 | [0, 100] |
/// | `vehicleSpaceCategories` | IMDF unit categories | parking, road, driveway | any |
/// | `openSpaceCategories` | IMDF unit categories | walkway, lobby, corridor, hallway, concourse, atrium, foyer, circulation | any |
/// | `touchToleranceMeters` | m | 0.3 | [0, 2] |
/// | `minimumSharedBoundaryMeters` | m | 1.0 | [0.1, 20] |
/// | `openingSecondSideMeters` | m | 1.0 | [0, 5] |
/// | `corridorGridSpacingMeters` | m | 0.5 | [0.1, 5] |
/// | `corridorGridMinimumDoorFraction` | – | 0.25 | [0, 1] |
/// | `outdoorLinkMaxMeters` | m | 200 | [0, 5000] (0: none) |
public struct GraphDerivationOptions: Sendable, Hashable {
    /// An option outside its valid range.
    public struct InvalidOption: Error, Hashable, Sendable, CustomStringConvertible {
        /// The option's name.
        public var name: String
        /// The rejected value.
        public var value: Double
        /// The valid range, as text.
        public var validRange: String
        /// `graph derivation option NAME = VALUE is outside RANGE`.
        public var description: String { "graph derivation option \(name) = \(value) is outside \(validRange)" }
    }

    /// How far (m) an opening's midpoint may lie from a space's boundary and still open into that space.
    public let doorSnapMeters: Double
    /// How far (m) a POI or connector entry outside every space may lie from a space (or, on grid
    /// levels, from a walkable grid point) and still be joined to it.
    public let pointSnapMeters: Double
    /// How far (m) corner nodes are pushed from a reflex (concave) polygon vertex into the space.
    public let reflexInsetMeters: Double
    /// Reflex vertices turning by less than this (degrees) get no corner node (noise in drawn outlines).
    public let minimumReflexTurnDegrees: Double
    /// Spaces with at most this many nodes get every visible pair joined; larger ones are pruned to
    /// `nearestVisibleNeighbours` per node.
    public let fullVisibilityNodeLimit: Int
    /// In spaces above `fullVisibilityNodeLimit` nodes: each node joins its nearest this-many visible nodes
    /// (trying at most four times as many candidates).
    public let nearestVisibleNeighbours: Int
    /// An edge u–v is left out when another node w of the space lies on the way: |uw| + |wv| ≤ |uv| + this (m).
    public let collinearDetourMeters: Double
    /// Spacing (m) of the walkable grid laid on levels walked on their outline.
    public let gridSpacingMeters: Double
    /// Cap on grid points per level; the spacing grows until the cap holds (a warning says so).
    public let gridMaxNodesPerLevel: Int
    /// Connected parts of the grid with fewer points than this are left out (slivers between shops).
    public let gridMinimumComponentPoints: Int
    /// How far (m) from a non-walkable shop the grid is searched for its entrance.
    public let entranceSearchMeters: Double
    /// Fixed time (s) added to connector edges by kind (waiting for an elevator); kinds not listed: 0.
    public let connectorFixedSeconds: [ConnectorKind: Double]
    /// Horizontal run (m) per metre of rise assumed for a connector kind when its entries are closer
    /// horizontally than that: the edge length is √(max(horizontal, rise × run)² + rise²). Kinds not
    /// listed, or 0, use horizontal + rise (lifts).
    public let connectorRunPerRise: [ConnectorKind: Double]
    /// Space categories whose edges vehicles may use as well as pedestrians (a category also matches its
    /// dotted subcategories: `parking` matches `parking.longterm`).
    public let vehicleSpaceCategories: Set<String>
    /// Walkable categories of open circulation space (and their dotted subcategories): two such units
    /// whose boundaries run together are joined even without an opening between them.
    public let openSpaceCategories: Set<String>
    /// How far apart (m) two boundaries may run and still count as touching (drawing gaps).
    public let touchToleranceMeters: Double
    /// How long (m) the touching stretch must be for two open units to be joined across it.
    public let minimumSharedBoundaryMeters: Double
    /// An opening that opens into one space only (within `doorSnapMeters`) also opens into the nearest
    /// other space whose boundary is within this many metres of its line (doors drawn off the wall).
    public let openingSecondSideMeters: Double
    /// Spacing (m) of the walkable grid laid between the units of a level whose corridors are not drawn.
    public let corridorGridSpacingMeters: Double
    /// A level with an outline gets that grid when at least this fraction of its openings (and at least
    /// two) open into one unit only.
    public let corridorGridMinimumDoorFraction: Double
    /// Exterior doors of different buildings this close are joined by straight outdoor walkways that
    /// cross no footprint (``OutdoorLinks``); 0 joins none.
    public let outdoorLinkMaxMeters: Double

    /// The default open circulation categories.
    public static let defaultOpenSpaceCategories: Set<String> = [
        "walkway", "lobby", "corridor", "hallway", "concourse", "atrium", "foyer", "circulation",
    ]

    /// The defaults.
    public init() {
        doorSnapMeters = 0.5
        pointSnapMeters = 2
        reflexInsetMeters = 0.3
        minimumReflexTurnDegrees = 10
        fullVisibilityNodeLimit = 200
        nearestVisibleNeighbours = 12
        collinearDetourMeters = 0.05
        gridSpacingMeters = 2
        gridMaxNodesPerLevel = 400_000
        gridMinimumComponentPoints = 10
        entranceSearchMeters = 10
        connectorFixedSeconds = Self.defaultConnectorFixedSeconds
        connectorRunPerRise = Self.defaultConnectorRunPerRise
        vehicleSpaceCategories = ["parking", "road", "driveway"]
        openSpaceCategories = Self.defaultOpenSpaceCategories
        touchToleranceMeters = 0.3
        minimumSharedBoundaryMeters = 1.0
        openingSecondSideMeters = 1.0
        corridorGridSpacingMeters = 0.5
        corridorGridMinimumDoorFraction = 0.25
        outdoorLinkMaxMeters = 200
    }

    /// Default fixed seconds per connector kind.
    public static let defaultConnectorFixedSeconds: [ConnectorKind: Double] = [.elevator: 30, .elevatorBank: 30, .carLift: 60]
    /// Default run per rise per connector kind.
    public static let defaultConnectorRunPerRise: [ConnectorKind: Double] = [
        .stairs: 1.7, .escalator: 1.7, .ramp: 12, .pedestrianRamp: 12, .driveRamp: 7,
    ]

    /// Options with every value checked against its range (see the table above).
    /// - Throws: ``InvalidOption`` naming the first option out of range (NaN is always out of range).
    public init(
        doorSnapMeters: Double = 0.5, pointSnapMeters: Double = 2, reflexInsetMeters: Double = 0.3,
        minimumReflexTurnDegrees: Double = 10, fullVisibilityNodeLimit: Int = 200,
        nearestVisibleNeighbours: Int = 12, collinearDetourMeters: Double = 0.05,
        gridSpacingMeters: Double = 2, gridMaxNodesPerLevel: Int = 400_000, gridMinimumComponentPoints: Int = 10,
        entranceSearchMeters: Double = 10,
        connectorFixedSeconds: [ConnectorKind: Double] = GraphDerivationOptions.defaultConnectorFixedSeconds,
        connectorRunPerRise: [ConnectorKind: Double] = GraphDerivationOptions.defaultConnectorRunPerRise,
        vehicleSpaceCategories: Set<String> = ["parking", "road", "driveway"],
        openSpaceCategories: Set<String> = GraphDerivationOptions.defaultOpenSpaceCategories,
        touchToleranceMeters: Double = 0.3, minimumSharedBoundaryMeters: Double = 1.0,
        openingSecondSideMeters: Double = 1.0, corridorGridSpacingMeters: Double = 0.5,
        corridorGridMinimumDoorFraction: Double = 0.25, outdoorLinkMaxMeters: Double = 200
    ) throws(InvalidOption) {
        func check(
            _ name: String, _ v: Double, _ lo: Double, _ hi: Double, lowOpen: Bool = false, highOpen: Bool = false
        )
            throws(InvalidOption)
        {
            let okLow = lowOpen ? v > lo : v >= lo, okHigh = highOpen ? v < hi : v <= hi
            guard v.isFinite, okLow, okHigh else {
                throw InvalidOption(name: name, value: v, validRange: "\(lowOpen ? "(" : "[")\(lo), \(hi)\(highOpen ? ")" : "]")")
            }
        }
        try check("doorSnapMeters", doorSnapMeters, 0, 5, lowOpen: true)
        try check("pointSnapMeters", pointSnapMeters, 0, 50)
        try check("reflexInsetMeters", reflexInsetMeters, 0.01, 2)
        try check("minimumReflexTurnDegrees", minimumReflexTurnDegrees, 0, 90, highOpen: true)
        try check("fullVisibilityNodeLimit", Double(fullVisibilityNodeLimit), 2, 5000)
        try check("nearestVisibleNeighbours", Double(nearestVisibleNeighbours), 2, 500)
        try check("collinearDetourMeters", collinearDetourMeters, 0, 1)
        try check("gridSpacingMeters", gridSpacingMeters, 0.25, 50)
        try check("gridMaxNodesPerLevel", Double(gridMaxNodesPerLevel), 100, 10_000_000)
        try check("gridMinimumComponentPoints", Double(gridMinimumComponentPoints), 1, 100_000)
        try check("entranceSearchMeters", entranceSearchMeters, 0, 200)
        try check("touchToleranceMeters", touchToleranceMeters, 0, 2)
        try check("minimumSharedBoundaryMeters", minimumSharedBoundaryMeters, 0.1, 20)
        try check("openingSecondSideMeters", openingSecondSideMeters, 0, 5)
        try check("corridorGridSpacingMeters", corridorGridSpacingMeters, 0.1, 5)
        try check("corridorGridMinimumDoorFraction", corridorGridMinimumDoorFraction, 0, 1)
        try check("outdoorLinkMaxMeters", outdoorLinkMaxMeters, 0, 5000)
        for kind in ConnectorKind.allCases {
            if let v = connectorFixedSeconds[kind] { try check("connectorFixedSeconds[\(kind.rawValue)]", v, 0, 3600) }
            if let v = connectorRunPerRise[kind] { try check("connectorRunPerRise[\(kind.rawValue)]", v, 0, 100) }
        }
        self.doorSnapMeters = doorSnapMeters
        self.pointSnapMeters = pointSnapMeters
        self.reflexInsetMeters = reflexInsetMeters
        self.minimumReflexTurnDegrees = minimumReflexTurnDegrees
        self.fullVisibilityNodeLimit = fullVisibilityNodeLimit
        self.nearestVisibleNeighbours = nearestVisibleNeighbours
        self.collinearDetourMeters = collinearDetourMeters
        self.gridSpacingMeters = gridSpacingMeters
        self.gridMaxNodesPerLevel = gridMaxNodesPerLevel
        self.gridMinimumComponentPoints = gridMinimumComponentPoints
        self.entranceSearchMeters = entranceSearchMeters
        self.connectorFixedSeconds = connectorFixedSeconds
        self.connectorRunPerRise = connectorRunPerRise
        self.vehicleSpaceCategories = vehicleSpaceCategories
        self.openSpaceCategories = openSpaceCategories
        self.touchToleranceMeters = touchToleranceMeters
        self.minimumSharedBoundaryMeters = minimumSharedBoundaryMeters
        self.openingSecondSideMeters = openingSecondSideMeters
        self.corridorGridSpacingMeters = corridorGridSpacingMeters
        self.corridorGridMinimumDoorFraction = corridorGridMinimumDoorFraction
        self.outdoorLinkMaxMeters = outdoorLinkMaxMeters
    }

    /// Whether edges inside a space of `category` allow vehicles.
    public func allowsVehicles(spaceCategory category: String) -> Bool {
        vehicleSpaceCategories.contains { category == $0 || category.hasPrefix($0 + ".") }
    }
}
