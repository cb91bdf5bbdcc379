import IndoorGeometry

/// What kind of connector joins levels. Raw values are the names used on the command line and in JSON.
public enum ConnectorKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// `elevator`, `stairs`, `escalator` and `ramp` (IMDF units and relationships); `pedestrianRamp`,
    /// `driveRamp` and `carLift` (parking levels); `elevatorBank` (several shafts served as one);
    /// `connector` (any other authored link between levels or sections).
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
        /// The level entered on.
        public var levelID: String
        /// Where, in the venue's local frame (metres).
        public var point: LocalPoint
        /// An entry at `point` on `levelID`.
        public init(levelID: String, point: LocalPoint) { self.levelID = levelID; self.point = point }
    }

    /// The source's connector id (IMDF relationship id, authored id or derived from the unit).
    public var id: String
    /// Elevator, stairs, escalator, ramp, …
    public var kind: ConnectorKind
    /// Levels served, in the order of their ordinals.
    public var levelIDs: [String]
    /// One or more entry points per served level.
    public var entries: [Entry]
    /// Which way it may be travelled (`.both` unless a one-way escalator).
    public var direction: Direction
    /// Whether wheelchair users can use it (elevators and ramps usually yes; stairs and escalators no).
    public var isAccessible: Bool
    /// Authored transition type (GraffityAR journeys between sections), when given.
    public var transitionTypeID: String?
    /// Display names by language.
    public var name: LocalizedName
    /// The building (or section) it belongs to, when known.
    public var buildingID: String?

    /// A connector; accessibility defaults by kind (elevators and ramps yes, stairs and escalators no).
    public init(
        id: String, kind: ConnectorKind, levelIDs: [String], entries: [Entry], direction: Direction = .both,
        isAccessible: Bool? = nil, transitionTypeID: String? = nil, name: LocalizedName = LocalizedName(),
        buildingID: String? = nil
    ) {
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
