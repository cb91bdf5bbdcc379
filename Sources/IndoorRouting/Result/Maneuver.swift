import IndoorGeometry
import IndoorVenue

/// One instruction-worthy event along a section.
public struct Maneuver: Hashable, Sendable, Codable {
    /// What the maneuver asks of the user (HERE action names).
    public enum Action: String, Hashable, Sendable, Codable, CaseIterable {
        /// Start the section; keep going straight.
        case depart, `continue`
        /// Turns by how sharp they are, and turning back.
        case slightLeft, left, sharpLeft, slightRight, right, sharpRight, uTurn
        /// Take a connector to another level; enter or leave a building; go through a door; wait (an elevator, a closed stop); arrive.
        case levelChange, enterBuilding, exitBuilding, passDoor, wait, arrive
        /// The end of a section where the transport mode changes (leave the car, or take it): not an arrival.
        case changeTransport
    }

    /// Level change details (HERE `IndoorLevelChange`).
    public struct LevelChange: Hashable, Sendable, Codable {
        /// Stairs, elevator, escalator, ramp, …
        public var connectorKind: ConnectorKind
        /// The venue's connector (IMDF relationship) id, when the change uses an authored one.
        public var connectorID: String?
        /// Ordinal difference, positive going up (HERE's `deltaZ`).
        public var deltaZ: Int
        /// The level left.
        public var fromLevelID: String
        /// The level reached.
        public var toLevelID: String
        /// Height climbed in metres from the levels' elevations (`indoornav.json` heights where given,
        /// else ordinal × 4 m), negative going down: a ramp between two buildings' floors of one ordinal
        /// still rises. Default 0.
        public var riseMeters: Double = 0

        /// Whether the change goes up: by ordinal, else (same ordinal) by more than 0.1 m of rise.
        public var goesUp: Bool { deltaZ > 0 || (deltaZ == 0 && riseMeters > 0.1) }
        /// Whether the change goes down: by ordinal, else (same ordinal) by more than 0.1 m of drop.
        public var goesDown: Bool { deltaZ < 0 || (deltaZ == 0 && riseMeters < -0.1) }
    }

    /// The space a maneuver leads into.
    public struct SpaceInfo: Hashable, Sendable, Codable {
        /// The space (IMDF unit) id.
        public var id: String
        /// Its IMDF category (`room`, `walkway`, …).
        public var category: String
        /// Its display name in the requested language, when it has one.
        public var name: String?
    }

    /// What to do.
    public var action: Action
    /// Where, in the venue's local frame (metres).
    public var position: LocalPoint
    /// The level it happens on (the level left, for a level change).
    public var levelID: String
    /// Metres along the section to the next maneuver (0 for the last).
    public var distanceToNextMeters: Double
    /// Metres from the section start to this maneuver.
    public var offsetMeters: Double
    /// Direction of travel after the maneuver, degrees clockwise from north.
    public var bearingDegrees: Double
    /// Set for `.levelChange`.
    public var levelChange: LevelChange?
    /// The space entered, when the maneuver leads into a named one.
    public var space: SpaceInfo?
    /// The building or section entered or left (enter/exit maneuvers).
    public var buildingName: String?
    /// Waiting time for `.wait`.
    public var durationSeconds: Double?
    /// Instruction text in the requested language and units.
    public var instruction: String
}
