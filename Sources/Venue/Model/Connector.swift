import IndoorGeometry

/// What kind of connector joins levels. Raw values are the names used on the command line and in JSON.
public enum ConnectorKind: String, CaseIterable, Hashable, Sendable, Codable {
    case elevator, stairs, escalator, ramp, pedestrianRamp, driveRamp, carLift, elevatorBank, connector
}

/// A way between levels: an elevator, a flight of stairs, an escalator, a ramp, …
public struct Connector: Hashable, Sendable {
    /// Direction of travel an escalator (or any one-way connector) allows.
    public enum Direction: String, Hashable, Sendable {
        /// Either way.
        case both
        /// Only towards higher ordinals.
        case up
        /// Only towards lower ordinals.
        case down
    }

    /// Where the connector is entered on one level.
    public struct Entry: Hashable, Sendable {
        public var levelID: String
        public var point: LocalPoint
        public init(levelID: String, point: LocalPoint) { self.levelID = levelID; self.point = point }
    }

    public var id: String
    public var kind: ConnectorKind
    /// Levels served, in the order of their ordinals.
    public var levelIDs: [String]
    /// One or more entry points per served level.
    public var entries: [Entry]
    public var direction: Direction
    /// Whether wheelchair users can use it (elevators and ramps usually yes; stairs and escalators no).
    public var isAccessible: Bool
    /// Authored transition type (GraffityAR journeys between sections), when given.
    public var transitionTypeID: String?
    public var name: LocalizedName
    public var buildingID: String?

    public init(id: String, kind: ConnectorKind, levelIDs: [String], entries: [Entry], direction: Direction = .both,
                isAccessible: Bool? = nil, transitionTypeID: String? = nil, name: LocalizedName = LocalizedName(),
                buildingID: String? = nil) {
        self.id = id; self.kind = kind; self.levelIDs = levelIDs; self.entries = entries; self.direction = direction
        self.isAccessible = isAccessible ?? Connector.defaultAccessible(kind)
        self.transitionTypeID = transitionTypeID; self.name = name; self.buildingID = buildingID
    }

    /// Whether a kind is wheelchair-accessible when the source does not say.
    public static func defaultAccessible(_ kind: ConnectorKind) -> Bool {
        switch kind {
        case .elevator, .elevatorBank, .ramp, .pedestrianRamp, .carLift: true
        case .stairs, .escalator, .driveRamp, .connector: false
        }
    }
}
