import IndoorRouting

// The stored forms of what a navigation session reports. Enums with payloads are objects tagged with
// `type` (the case name) and one key per payload value; structs have explicit coding keys. Renaming a
// Swift case or property cannot silently change what clients have saved: `IndoorNavigationTests/
// NavigationCodableTests` pins the keys. Routes inside events use ``Route``'s stored form.

extension NavigationEvent: Codable {
    /// Keys of a stored event: `type` names the case; the others are its payload, by case:
    /// `started` destinationID?, route; `maneuverAdvanced` sectionIndex, maneuverIndex, maneuver;
    /// `levelChanged` fromLevelID, toLevelID; `arriving` target, distanceMeters; `arrived` arrival;
    /// `leftArrivalArea` sectionIndex; `awaitingTransition` transition; `transitionCompleted` transition,
    /// confirmed; `offRoute` distanceMeters, reason; `rerouteRequested` reason; `rerouted` route, reason,
    /// strategy; `rerouteFailed` reason, notice, attempt; `rerouteGaveUp` failedAttempts; `stopped`
    /// reason; `backOnRoute` and `rerouteRearmed` none.
    enum CodingKeys: String, CodingKey {
        case type, destinationID, route, sectionIndex, maneuverIndex, maneuver, fromLevelID, toLevelID, target
        case distanceMeters, arrival, transition, confirmed, reason, strategy, notice, attempt, failedAttempts
    }

    /// The `type` tag of each case.
    enum Kind: String, Codable {
        case started, maneuverAdvanced, levelChanged, arriving, arrived, leftArrivalArea, awaitingTransition
        case transitionCompleted, offRoute, backOnRoute, rerouteRequested, rerouted, rerouteFailed, rerouteGaveUp
        case rerouteRearmed, stopped
    }

    /// Decodes an event stored by ``encode(to:)``.
    /// - Throws: `DecodingError` for an unknown `type` or a missing or mistyped payload key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(Kind.self, forKey: .type) {
        case .started:
            self = .started(
                destinationID: try c.decodeIfPresent(String.self, forKey: .destinationID),
                route: try c.decode(Route.self, forKey: .route))
        case .maneuverAdvanced:
            self = .maneuverAdvanced(
                sectionIndex: try c.decode(Int.self, forKey: .sectionIndex),
                maneuverIndex: try c.decode(Int.self, forKey: .maneuverIndex),
                maneuver: try c.decode(Maneuver.self, forKey: .maneuver))
        case .levelChanged:
            self = .levelChanged(
                fromLevelID: try c.decode(String.self, forKey: .fromLevelID),
                toLevelID: try c.decode(String.self, forKey: .toLevelID))
        case .arriving:
            self = .arriving(
                try c.decode(ArrivingTarget.self, forKey: .target),
                distanceMeters: try c.decode(Double.self, forKey: .distanceMeters))
        case .arrived: self = .arrived(try c.decode(ArrivalInfo.self, forKey: .arrival))
        case .leftArrivalArea: self = .leftArrivalArea(sectionIndex: try c.decode(Int.self, forKey: .sectionIndex))
        case .awaitingTransition: self = .awaitingTransition(try c.decode(SectionTransition.self, forKey: .transition))
        case .transitionCompleted:
            self = .transitionCompleted(
                try c.decode(SectionTransition.self, forKey: .transition),
                confirmed: try c.decode(Bool.self, forKey: .confirmed))
        case .offRoute:
            self = .offRoute(
                distanceMeters: try c.decode(Double.self, forKey: .distanceMeters),
                reason: try c.decode(OffRouteReason.self, forKey: .reason))
        case .backOnRoute: self = .backOnRoute
        case .rerouteRequested: self = .rerouteRequested(try c.decode(RerouteReason.self, forKey: .reason))
        case .rerouted:
            self = .rerouted(
                route: try c.decode(Route.self, forKey: .route), reason: try c.decode(RerouteReason.self, forKey: .reason),
                strategy: try c.decode(RerouteStrategy.self, forKey: .strategy))
        case .rerouteFailed:
            self = .rerouteFailed(
                reason: try c.decode(RerouteReason.self, forKey: .reason),
                notice: try c.decode(String.self, forKey: .notice), attempt: try c.decode(Int.self, forKey: .attempt))
        case .rerouteGaveUp: self = .rerouteGaveUp(failedAttempts: try c.decode(Int.self, forKey: .failedAttempts))
        case .rerouteRearmed: self = .rerouteRearmed
        case .stopped: self = .stopped(try c.decode(StopReason.self, forKey: .reason))
        }
    }

    /// Encodes the event as `{type, …payload}` (keys in ``CodingKeys``).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .started(let destinationID, let route):
            try c.encode(Kind.started, forKey: .type)
            try c.encodeIfPresent(destinationID, forKey: .destinationID)
            try c.encode(route, forKey: .route)
        case .maneuverAdvanced(let sectionIndex, let maneuverIndex, let maneuver):
            try c.encode(Kind.maneuverAdvanced, forKey: .type)
            try c.encode(sectionIndex, forKey: .sectionIndex)
            try c.encode(maneuverIndex, forKey: .maneuverIndex)
            try c.encode(maneuver, forKey: .maneuver)
        case .levelChanged(let from, let to):
            try c.encode(Kind.levelChanged, forKey: .type)
            try c.encode(from, forKey: .fromLevelID)
            try c.encode(to, forKey: .toLevelID)
        case .arriving(let target, let distanceMeters):
            try c.encode(Kind.arriving, forKey: .type)
            try c.encode(target, forKey: .target)
            try c.encode(distanceMeters, forKey: .distanceMeters)
        case .arrived(let arrival):
            try c.encode(Kind.arrived, forKey: .type)
            try c.encode(arrival, forKey: .arrival)
        case .leftArrivalArea(let sectionIndex):
            try c.encode(Kind.leftArrivalArea, forKey: .type)
            try c.encode(sectionIndex, forKey: .sectionIndex)
        case .awaitingTransition(let transition):
            try c.encode(Kind.awaitingTransition, forKey: .type)
            try c.encode(transition, forKey: .transition)
        case .transitionCompleted(let transition, let confirmed):
            try c.encode(Kind.transitionCompleted, forKey: .type)
            try c.encode(transition, forKey: .transition)
            try c.encode(confirmed, forKey: .confirmed)
        case .offRoute(let distanceMeters, let reason):
            try c.encode(Kind.offRoute, forKey: .type)
            try c.encode(distanceMeters, forKey: .distanceMeters)
            try c.encode(reason, forKey: .reason)
        case .backOnRoute:
            try c.encode(Kind.backOnRoute, forKey: .type)
        case .rerouteRequested(let reason):
            try c.encode(Kind.rerouteRequested, forKey: .type)
            try c.encode(reason, forKey: .reason)
        case .rerouted(let route, let reason, let strategy):
            try c.encode(Kind.rerouted, forKey: .type)
            try c.encode(route, forKey: .route)
            try c.encode(reason, forKey: .reason)
            try c.encode(strategy, forKey: .strategy)
        case .rerouteFailed(let reason, let notice, let attempt):
            try c.encode(Kind.rerouteFailed, forKey: .type)
            try c.encode(reason, forKey: .reason)
            try c.encode(notice, forKey: .notice)
            try c.encode(attempt, forKey: .attempt)
        case .rerouteGaveUp(let failedAttempts):
            try c.encode(Kind.rerouteGaveUp, forKey: .type)
            try c.encode(failedAttempts, forKey: .failedAttempts)
        case .rerouteRearmed:
            try c.encode(Kind.rerouteRearmed, forKey: .type)
        case .stopped(let reason):
            try c.encode(Kind.stopped, forKey: .type)
            try c.encode(reason, forKey: .reason)
        }
    }
}

extension ArrivingTarget: Codable {
    /// Keys of a stored target: `type` (`levelChange` with `toLevelID`, `sectionTransition` with
    /// `transition`, or `destination` with optional `featureID` and `name`).
    enum CodingKeys: String, CodingKey {
        case type, toLevelID, transition, featureID, name
    }

    /// Decodes a target stored by ``encode(to:)``.
    /// - Throws: `DecodingError` for an unknown `type` or a missing payload key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "levelChange": self = .levelChange(toLevelID: try c.decode(String.self, forKey: .toLevelID))
        case "sectionTransition": self = .sectionTransition(try c.decode(SectionTransition.self, forKey: .transition))
        case "destination":
            self = .destination(
                featureID: try c.decodeIfPresent(String.self, forKey: .featureID), name: try c.decodeIfPresent(String.self, forKey: .name))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown arriving target '\(other)'")
        }
    }

    /// Encodes the target as `{type, toLevelID}`, `{type, transition}` or `{type, featureID?, name?}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .levelChange(let toLevelID):
            try c.encode("levelChange", forKey: .type)
            try c.encode(toLevelID, forKey: .toLevelID)
        case .sectionTransition(let transition):
            try c.encode("sectionTransition", forKey: .type)
            try c.encode(transition, forKey: .transition)
        case .destination(let featureID, let name):
            try c.encode("destination", forKey: .type)
            try c.encodeIfPresent(featureID, forKey: .featureID)
            try c.encodeIfPresent(name, forKey: .name)
        }
    }
}

extension RerouteReason: Codable {
    /// Keys of a stored reason: `type` (`offRoute` with `offRouteReason`, `sectionTransition`,
    /// `requested`, `closure`).
    enum CodingKeys: String, CodingKey {
        case type, offRouteReason
    }

    /// Decodes a reason stored by ``encode(to:)``.
    /// - Throws: `DecodingError` for an unknown `type` or an `offRoute` without `offRouteReason`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "offRoute": self = .offRoute(try c.decode(OffRouteReason.self, forKey: .offRouteReason))
        case "sectionTransition": self = .sectionTransition
        case "requested": self = .requested
        case "closure": self = .closure
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown reroute reason '\(other)'")
        }
    }

    /// Encodes the reason as `{type}` (with `offRouteReason` for `offRoute`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .offRoute(let why):
            try c.encode("offRoute", forKey: .type)
            try c.encode(why, forKey: .offRouteReason)
        case .sectionTransition: try c.encode("sectionTransition", forKey: .type)
        case .requested: try c.encode("requested", forKey: .type)
        case .closure: try c.encode("closure", forKey: .type)
        }
    }
}

/// Stored as its raw value: `distance` or `wrongLevel`.
extension OffRouteReason: Codable {}
/// Stored as its raw value: `rejoin` or `fresh`.
extension RerouteStrategy: Codable {}
/// Stored as its raw value: `cancelled` or `replaced`.
extension StopReason: Codable {}

extension ArrivalInfo {
    /// Keys of a stored ``ArrivalInfo``.
    enum CodingKeys: String, CodingKey {
        case sectionIndex, isFinal, destinationID, destinationName, waitSeconds, atStart
    }
}
