import IndoorRouting

// The stored form of progress along a route (see `NavigationEvent+Codable.swift` for the conventions).

extension RouteProgress {
    /// Keys of a stored ``RouteProgress``: distances in metres, durations in seconds, locations in
    /// ``IndoorLocation``'s stored form, `currentAction` in ``NavigationAction``'s.
    enum CodingKeys: String, CodingKey {
        case sectionIndex, maneuverIndex, distanceTraveledMeters, distanceRemainingMeters, durationRemainingSeconds
        case fractionTraveled, sectionDistanceTraveledMeters, sectionDistanceRemainingMeters, currentManeuver
        case upcomingManeuver, distanceToNextManeuverMeters, destinationID, destinationName, currentAction
        case rawLocation, fusedLocation, snappedLocation, distanceFromRouteMeters
    }
}

extension NavigationAction: Codable {
    /// Keys of a stored action: `type` (`proceed`, `changeLevel` with `toLevelID`, `crossTransition` with
    /// `transition`, `wait` with `untilSeconds`, `offRoute`, `arrived`).
    enum CodingKeys: String, CodingKey {
        case type, toLevelID, transition, untilSeconds
    }

    /// Decodes an action stored by ``encode(to:)``.
    /// - Throws: `DecodingError` for an unknown `type` or a missing payload key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "proceed": self = .proceed
        case "changeLevel": self = .changeLevel(toLevelID: try c.decode(String.self, forKey: .toLevelID))
        case "crossTransition": self = .crossTransition(try c.decode(SectionTransition.self, forKey: .transition))
        case "wait": self = .wait(untilSeconds: try c.decode(Double.self, forKey: .untilSeconds))
        case "offRoute": self = .offRoute
        case "arrived": self = .arrived
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown navigation action '\(other)'")
        }
    }

    /// Encodes the action as `{type, …payload}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .proceed: try c.encode("proceed", forKey: .type)
        case .changeLevel(let toLevelID):
            try c.encode("changeLevel", forKey: .type)
            try c.encode(toLevelID, forKey: .toLevelID)
        case .crossTransition(let transition):
            try c.encode("crossTransition", forKey: .type)
            try c.encode(transition, forKey: .transition)
        case .wait(let untilSeconds):
            try c.encode("wait", forKey: .type)
            try c.encode(untilSeconds, forKey: .untilSeconds)
        case .offRoute: try c.encode("offRoute", forKey: .type)
        case .arrived: try c.encode("arrived", forKey: .type)
        }
    }
}
