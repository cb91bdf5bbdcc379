import IndoorGeometry
import IndoorJSON
import IndoorVenue

/// The MapsIndoors view of a route: legs (one per run on one level in one building, or outside) made
/// of steps (the maneuvers), each with a route context.
public enum RouteLegs {
    /// Where a leg runs: inside a building or outdoors on the venue (MapsIndoors route contexts).
    public enum Context: String, Sendable { case insideBuilding = "InsideBuilding", outsideOnVenue = "OutsideOnVenue" }

    /// One step of a leg: a maneuver and where it happens.
    public struct Step: Sendable {
        /// The maneuver this step announces.
        public var maneuver: Maneuver
        /// Inside a building or outside.
        public var context: Context
    }

    /// A run of the route on one level in one building (or outside).
    public struct Leg: Sendable {
        /// The level the leg is on.
        public var levelID: String
        /// The building it is in; `nil` outside.
        public var buildingID: String?
        /// Inside a building or outside.
        public var context: Context
        /// Length along the route, in metres.
        public var lengthMeters: Double
        /// The leg's maneuvers, in order.
        public var steps: [Step]
    }

    /// Splits a route's maneuvers into legs at level changes and at building entries/exits.
    public static func legs(of route: Route, venue: Venue) -> [Leg] {
        var legs: [Leg] = []
        // Between a building exit and the next entry the route is outdoors, whatever footprint a
        // maneuver's point lies next to (an outdoor ramp starts on the building's wall).
        var outdoors = false
        for section in route.sections {
            for (k, m) in section.maneuvers.enumerated() {
                // Leaving a building starts an outdoor leg (the exit itself lies on the footprint's edge),
                // unless the next building is entered at the same place (a door between two buildings).
                let next = k + 1 < section.maneuvers.count ? section.maneuvers[k + 1] : nil
                let straightIn = next?.action == .enterBuilding && next?.offsetMeters == m.offsetMeters
                if m.action == .exitBuilding { outdoors = !straightIn }
                if m.action == .enterBuilding { outdoors = false }
                let context = outdoors ? .outsideOnVenue : contextAt(m.position, levelID: m.levelID, venue: venue)
                let building = outdoors ? nil : buildingAt(m.position, levelID: m.levelID, venue: venue)
                let startsNew =
                    legs.isEmpty || m.action == .levelChange || m.action == .enterBuilding || m.action == .exitBuilding
                    || legs[legs.count - 1].levelID != m.levelID
                if startsNew {
                    legs.append(
                        Leg(
                            levelID: m.levelChange?.toLevelID ?? m.levelID, buildingID: building, context: context, lengthMeters: 0,
                            steps: []))
                }
                legs[legs.count - 1].steps.append(Step(maneuver: m, context: context))
                legs[legs.count - 1].lengthMeters += m.distanceToNextMeters
            }
        }
        return legs
    }

    static func contextAt(_ p: LocalPoint, levelID: String, venue: Venue) -> Context {
        buildingAt(p, levelID: levelID, venue: venue) == nil ? .outsideOnVenue : .insideBuilding
    }

    static func buildingAt(_ p: LocalPoint, levelID: String, venue: Venue) -> String? {
        guard let li = try? venue.levelIndex(levelID) else { return nil }
        return venue.buildingID(at: p, levelIndex: li)
    }

    static func encode(_ legs: [Leg]) -> JSONValue {
        .array(
            legs.map { leg in
                [
                    "level": .string(leg.levelID), "building": .optional(leg.buildingID), "routeContext": .string(leg.context.rawValue),
                    "lengthMeters": RouteJSON.number(leg.lengthMeters),
                    "steps": .array(
                        leg.steps.map {
                            [
                                "action": .string($0.maneuver.action.rawValue), "instruction": .string($0.maneuver.instruction),
                                "distanceMeters": RouteJSON.number($0.maneuver.distanceToNextMeters),
                                "routeContext": .string($0.context.rawValue),
                                "startLevel": .string($0.maneuver.levelID),
                                "endLevel": .string($0.maneuver.levelChange?.toLevelID ?? $0.maneuver.levelID),
                                "connector": .optional($0.maneuver.levelChange?.connectorKind.rawValue),
                                "connectorId": .optional($0.maneuver.levelChange?.connectorID),
                            ]
                        }),
                ]
            })
    }
}
