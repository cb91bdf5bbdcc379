import IndoorJSON
import Navigation
import Positioning
import Routing
import Venue

/// JSON of sessions, progress, locations and navigation events (schemas in docs/openapi.yaml).
enum SessionJSON {
    /// Rounds to a millimetre / millisecond; non-finite becomes null.
    static func number(_ v: Double) -> JSONValue { .finite((v * 1000).rounded() / 1000) }

    /// Local metres and WGS84 (from the venue's frame) of a location, or null.
    static func location(_ l: IndoorLocation?, venue: Venue) -> JSONValue {
        guard let l else { return .null }
        var o = RouteJSON.position(l.point, levelID: l.levelID, venue: venue)
        o["accuracyMeters"] = number(l.horizontalAccuracyMeters)
        o["timeSeconds"] = number(l.timeSeconds)
        o["levelProbability"] = number(l.levelProbability)
        o["source"] = .string(l.source)
        if let h = l.headingRadians { o["headingDegrees"] = number(h * 180 / .pi) }
        if let h = l.headingAccuracyRadians { o["headingAccuracyDegrees"] = number(h * 180 / .pi) }
        return .object(o)
    }

    static func maneuver(_ m: Maneuver?, venue: Venue) -> JSONValue {
        guard let m else { return .null }
        return RouteJSON.maneuver(m, venue: venue)
    }

    static func transition(_ t: SectionTransition) -> JSONValue {
        ["transitionTypeId": .string(t.transitionTypeID), "connectorId": .string(t.connectorID),
         "fromLevel": .string(t.fromLevelID), "toLevel": .string(t.toLevelID)]
    }

    static func action(_ a: NavigationAction) -> JSONValue {
        switch a {
        case .proceed: ["type": "proceed"]
        case .changeLevel(let to): ["type": "changeLevel", "toLevel": .string(to)]
        case .crossTransition(let t): ["type": "crossTransition", "transition": transition(t)]
        case .wait(let until): ["type": "wait", "untilSeconds": number(until)]
        case .offRoute: ["type": "offRoute"]
        case .arrived: ["type": "arrived"]
        }
    }

    static func progress(_ p: RouteProgress?, venue: Venue) -> JSONValue {
        guard let p else { return .null }
        return [
            "sectionIndex": .number(Double(p.sectionIndex)), "maneuverIndex": .number(Double(p.maneuverIndex)),
            "distanceTraveledMeters": number(p.distanceTraveledMeters), "distanceRemainingMeters": number(p.distanceRemainingMeters),
            "durationRemainingSeconds": number(p.durationRemainingSeconds), "fractionTraveled": number(p.fractionTraveled),
            "sectionDistanceTraveledMeters": number(p.sectionDistanceTraveledMeters),
            "sectionDistanceRemainingMeters": number(p.sectionDistanceRemainingMeters),
            "distanceToNextManeuverMeters": number(p.distanceToNextManeuverMeters),
            "distanceFromRouteMeters": number(p.distanceFromRouteMeters),
            "currentManeuver": maneuver(p.currentManeuver, venue: venue), "upcomingManeuver": maneuver(p.upcomingManeuver, venue: venue),
            "destinationId": .optional(p.destinationID), "destinationName": .optional(p.destinationName),
            "currentAction": action(p.currentAction),
            "rawLocation": location(p.rawLocation, venue: venue), "fusedLocation": location(p.fusedLocation, venue: venue),
            "snappedLocation": location(p.snappedLocation, venue: venue),
        ]
    }

    static func state(_ s: NavigationState?) -> JSONValue {
        guard let s else { return ["type": "waitingForLocation"] }
        switch s {
        case .idle: return ["type": "idle"]
        case .navigating: return ["type": "navigating"]
        case .waitingAtStopover(let i, let until): return ["type": "waitingAtStopover", "sectionIndex": .number(Double(i)), "untilSeconds": number(until)]
        case .awaitingTransition(let t): return ["type": "awaitingTransition", "transition": transition(t)]
        case .arrived: return ["type": "arrived"]
        }
    }

    static func rerouteReason(_ r: RerouteReason) -> [String: JSONValue] {
        switch r {
        case .offRoute(let why): ["reason": "offRoute", "offRouteReason": .string(why.rawValue)]
        case .sectionTransition: ["reason": "sectionTransition"]
        case .requested: ["reason": "requested"]
        case .closure: ["reason": "closure"]
        }
    }

    /// `{type, …}`; routes inside events use ``RouteJSON``.
    static func event(_ e: NavigationEvent, venue: Venue) -> JSONValue {
        var o: [String: JSONValue]
        switch e {
        case .started(let id, let route):
            o = ["type": "started", "destinationId": .optional(id), "route": RouteJSON.encode(route, venue: venue)]
        case .maneuverAdvanced(let s, let m, let maneuver):
            o = ["type": "maneuverAdvanced", "sectionIndex": .number(Double(s)), "maneuverIndex": .number(Double(m)), "maneuver": self.maneuver(maneuver, venue: venue)]
        case .levelChanged(let from, let to):
            o = ["type": "levelChanged", "fromLevel": .string(from), "toLevel": .string(to)]
        case .arriving(let target, let d):
            o = ["type": "arriving", "distanceMeters": number(d)]
            switch target {
            case .levelChange(let to): o["target"] = ["type": "levelChange", "toLevel": .string(to)]
            case .sectionTransition(let t): o["target"] = ["type": "sectionTransition", "transition": transition(t)]
            }
        case .arrived(let a):
            o = ["type": "arrived", "sectionIndex": .number(Double(a.sectionIndex)), "isFinal": .bool(a.isFinal),
                 "destinationId": .optional(a.destinationID), "destinationName": .optional(a.destinationName),
                 "waitSeconds": number(a.waitSeconds), "atStart": .bool(a.atStart)]
        case .leftArrivalArea(let s):
            o = ["type": "leftArrivalArea", "sectionIndex": .number(Double(s))]
        case .awaitingTransition(let t):
            o = ["type": "awaitingTransition", "transition": transition(t)]
        case .transitionCompleted(let t, let confirmed):
            o = ["type": "transitionCompleted", "transition": transition(t), "confirmed": .bool(confirmed)]
        case .offRoute(let d, let reason):
            o = ["type": "offRoute", "distanceMeters": number(d), "reason": .string(reason.rawValue)]
        case .backOnRoute:
            o = ["type": "backOnRoute"]
        case .rerouteRequested(let r):
            o = rerouteReason(r); o["type"] = "rerouteRequested"
        case .rerouted(let route, let r, let strategy):
            o = rerouteReason(r); o["type"] = "rerouted"; o["strategy"] = .string(strategy.rawValue)
            o["route"] = RouteJSON.encode(route, venue: venue)
        case .rerouteFailed(let r, let notice, let attempt):
            o = rerouteReason(r); o["type"] = "rerouteFailed"; o["notice"] = .string(notice); o["attempt"] = .number(Double(attempt))
        case .rerouteGaveUp(let n):
            o = ["type": "rerouteGaveUp", "failedAttempts": .number(Double(n))]
        case .rerouteRearmed:
            o = ["type": "rerouteRearmed"]
        case .stopped(let why):
            o = ["type": "stopped", "reason": .string(why.rawValue)]
        }
        return .object(o)
    }

    /// The session body: `{id, venue, state, progress, snappedLocation, events, rejected, route?}`.
    static func session(id: String, venue: Venue, snapshot: SessionSnapshot, includeRoute: Bool) -> JSONValue {
        var o: [String: JSONValue] = [
            "id": .string(id), "venue": .string(venue.id), "state": state(snapshot.state),
            "progress": progress(snapshot.progress, venue: venue), "snappedLocation": location(snapshot.progress?.snappedLocation, venue: venue),
            "events": .array(snapshot.events.map { event($0, venue: venue) }),
            "rejected": .array(snapshot.rejected.map { ["index": .number(Double($0.index)), "reason": .string($0.reason)] }),
        ]
        if includeRoute { o["route"] = snapshot.route.map { RouteJSON.encode($0, venue: venue) } ?? .null }
        return .object(o)
    }

    /// The viewer's summary of a live session: `{id, venue, state, snappedLocation, fusedLocation, route}`.
    static func summary(id: String, venue: Venue, snapshot: SessionSnapshot) -> JSONValue {
        [
            "id": .string(id), "venue": .string(venue.id), "state": state(snapshot.state),
            "snappedLocation": location(snapshot.progress?.snappedLocation, venue: venue),
            "fusedLocation": location(snapshot.progress?.fusedLocation, venue: venue),
            "route": snapshot.route.map { RouteJSON.encode($0, venue: venue) } ?? .null,
        ]
    }
}
