// The stored form of a route: explicit coding keys, so renaming a Swift property cannot silently change
// what clients have saved. `IndoorRoutingTests/RouteCodableTests` pins these keys.

extension Route {
    /// Keys of a stored ``Route``; the computed `polyline` is not stored.
    enum CodingKeys: String, CodingKey {
        case lengthMeters, durationSeconds, sections, notices, destinationIndex
    }
}

extension RouteSection {
    /// Keys of a stored ``RouteSection``.
    enum CodingKeys: String, CodingKey {
        case transportMode, lengthMeters, durationSeconds, polyline, departure, arrival, maneuvers
        case passThroughWaypoints, postActions, notices, transition
    }
}

extension RoutePoint {
    /// Keys of a stored ``RoutePoint``: `point` is `{x, y}` in metres of the venue's local frame.
    enum CodingKeys: String, CodingKey {
        case point, levelID
    }
}

extension RoutePlace {
    /// Keys of a stored ``RoutePlace``.
    enum CodingKeys: String, CodingKey {
        case point, levelID, featureID, name, matchDistanceMeters
    }
}

extension PassThroughWaypoint {
    /// Keys of a stored ``PassThroughWaypoint``.
    enum CodingKeys: String, CodingKey {
        case waypointIndex, offsetMeters, place
    }
}

extension PostAction {
    /// Keys of a stored ``PostAction``.
    enum CodingKeys: String, CodingKey {
        case action, durationSeconds
    }
}

extension SectionTransition {
    /// Keys of a stored ``SectionTransition``.
    enum CodingKeys: String, CodingKey {
        case transitionTypeID, connectorID, fromLevelID, toLevelID
    }
}

extension Maneuver {
    /// Keys of a stored ``Maneuver``; `action` is stored as its HERE action name.
    enum CodingKeys: String, CodingKey {
        case action, position, levelID, distanceToNextMeters, offsetMeters, bearingDegrees, levelChange, space
        case buildingName, durationSeconds, instruction
    }
}

extension Maneuver.LevelChange {
    /// Keys of a stored ``Maneuver/LevelChange``.
    enum CodingKeys: String, CodingKey {
        case connectorKind, connectorID, deltaZ, fromLevelID, toLevelID, riseMeters
    }
}

extension Maneuver.SpaceInfo {
    /// Keys of a stored ``Maneuver/SpaceInfo``.
    enum CodingKeys: String, CodingKey {
        case id, category, name
    }
}

extension RouteNotice {
    /// Keys of a stored ``RouteNotice``; `code` is stored as its HERE notice name.
    enum CodingKeys: String, CodingKey {
        case code, details
    }
}
