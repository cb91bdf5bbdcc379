import IndoorGeometry
import Venue

/// One instruction-worthy event along a section.
public struct Maneuver: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable, CaseIterable {
        case depart, `continue`
        case slightLeft, left, sharpLeft, slightRight, right, sharpRight, uTurn
        case levelChange, enterBuilding, exitBuilding, passDoor, wait, arrive
    }

    /// Level change details (HERE `IndoorLevelChange`).
    public struct LevelChange: Hashable, Sendable, Codable {
        public var connectorKind: ConnectorKind
        public var connectorID: String?
        /// Ordinal difference, positive going up.
        public var deltaZ: Int
        public var fromLevelID: String
        public var toLevelID: String
    }

    /// The space a maneuver leads into.
    public struct SpaceInfo: Hashable, Sendable, Codable {
        public var id: String
        public var category: String
        public var name: String?
    }

    public var action: Action
    public var position: LocalPoint
    public var levelID: String
    /// Metres along the section to the next maneuver (0 for the last).
    public var distanceToNextMeters: Double
    /// Metres from the section start to this maneuver.
    public var offsetMeters: Double
    /// Direction of travel after the maneuver, degrees clockwise from north.
    public var bearingDegrees: Double
    public var levelChange: LevelChange?
    public var space: SpaceInfo?
    /// The building or section entered or left (enter/exit maneuvers).
    public var buildingName: String?
    /// Waiting time for `.wait`.
    public var durationSeconds: Double?
    /// Instruction text in the requested language and units.
    public var instruction: String
}
