import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorRouting
import IndoorVenue

/// JSON of sessions, progress, locations and navigation events (schemas in docs/openapi.yaml).
enum SessionJSON {
    /// Rounds to a millimetre / millisecond; non-finite becomes null.
    static func number(_ v: Double) -> JSONValue { .finite((v * 1000).rounded() / 1000) }

    /// Local metres and WGS84 (from the venue's frame) of a location, or null: `{accuracyMeters,
    /// headingAccuracyDegrees?, headingDegrees?, latitude, level, levelProbability, longitude, source,
    /// timeSeconds, x, y}` (``RouteJSON/position(_:levelID:venue:)`` and the fix's own members).
    static func location(_ l: IndoorLocation?, venue: Venue, into out: inout [UInt8]) {
        guard let l else { out += [110, 117, 108, 108]; return }
        let g = venue.frame.geoCoordinate(from: l.point)
        JSONObjectBytes.write(into: &out) { o in
            o.value("accuracyMeters", number(l.horizontalAccuracyMeters))
            if let h = l.headingAccuracyRadians { o.value("headingAccuracyDegrees", number(h * 180 / .pi)) }
            if let h = l.headingRadians { o.value("headingDegrees", number(h * 180 / .pi)) }
            o.value("latitude", RouteJSON.degrees(g.latitudeDegrees))
            o.string("level", l.levelID)
            o.value("levelProbability", number(l.levelProbability))
            o.value("longitude", RouteJSON.degrees(g.longitudeDegrees))
            o.string("source", l.source)
            o.value("timeSeconds", number(l.timeSeconds))
            o.value("x", number(l.point.x))
            o.value("y", number(l.point.y))
        }
    }

    static func maneuver(_ m: Maneuver?, venue: Venue) -> JSONValue {
        guard let m else { return .null }
        return RouteJSON.maneuver(m, venue: venue)
    }

    static func transition(_ t: SectionTransition) -> JSONValue {
        [
            "transitionTypeId": .string(t.transitionTypeID), "connectorId": .string(t.connectorID),
            "fromLevel": .string(t.fromLevelID), "toLevel": .string(t.toLevelID),
        ]
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

    /// `snapped`: the JSON of `p.snappedLocation` (``location(_:venue:into:)``), written once for the
    /// progress and the session body.
    /// `maneuvers`: where the maneuvers' JSON is kept between answers.
    static func progress(_ p: RouteProgress?, venue: Venue, snapped: [UInt8], maneuvers: ManeuverJSONCache, into out: inout [UInt8]) {
        guard let p else { out += [110, 117, 108, 108]; return }
        JSONObjectBytes.write(into: &out) { o in
            o.value("currentAction", action(p.currentAction))
            o.member("currentManeuver") { maneuvers.write(p.currentManeuver, venue: venue, into: &$0) }
            o.string("destinationId", p.destinationID)
            o.string("destinationName", p.destinationName)
            o.value("distanceFromRouteMeters", number(p.distanceFromRouteMeters))
            o.value("distanceRemainingMeters", number(p.distanceRemainingMeters))
            o.value("distanceToNextManeuverMeters", number(p.distanceToNextManeuverMeters))
            o.value("distanceTraveledMeters", number(p.distanceTraveledMeters))
            o.value("durationRemainingSeconds", number(p.durationRemainingSeconds))
            o.value("fractionTraveled", number(p.fractionTraveled))
            o.member("fusedLocation") { location(p.fusedLocation, venue: venue, into: &$0) }
            o.value("maneuverIndex", .number(Double(p.maneuverIndex)))
            o.member("rawLocation") { location(p.rawLocation, venue: venue, into: &$0) }
            o.value("sectionDistanceRemainingMeters", number(p.sectionDistanceRemainingMeters))
            o.value("sectionDistanceTraveledMeters", number(p.sectionDistanceTraveledMeters))
            o.value("sectionIndex", .number(Double(p.sectionIndex)))
            o.member("snappedLocation") { $0 += snapped }
            o.member("upcomingManeuver") { maneuvers.write(p.upcomingManeuver, venue: venue, into: &$0) }
        }
    }

    static func state(_ s: NavigationState?) -> JSONValue {
        guard let s else { return ["type": "waitingForLocation"] }
        switch s {
        case .idle: return ["type": "idle"]
        case .navigating: return ["type": "navigating"]
        case .waitingAtStopover(let i, let until):
            return ["type": "waitingAtStopover", "sectionIndex": .number(Double(i)), "untilSeconds": number(until)]
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
            o = [
                "type": "maneuverAdvanced", "sectionIndex": .number(Double(s)), "maneuverIndex": .number(Double(m)),
                "maneuver": self.maneuver(maneuver, venue: venue),
            ]
        case .levelChanged(let from, let to):
            o = ["type": "levelChanged", "fromLevel": .string(from), "toLevel": .string(to)]
        case .arriving(let target, let d):
            o = ["type": "arriving", "distanceMeters": number(d)]
            switch target {
            case .levelChange(let to): o["target"] = ["type": "levelChange", "toLevel": .string(to)]
            case .sectionTransition(let t): o["target"] = ["type": "sectionTransition", "transition": transition(t)]
            case .destination(let id, let name):
                o["target"] = ["type": "destination", "destination": .optional(id), "name": .optional(name)]
            }
        case .arrived(let a):
            o = [
                "type": "arrived", "sectionIndex": .number(Double(a.sectionIndex)), "isFinal": .bool(a.isFinal),
                "destinationId": .optional(a.destinationID), "destinationName": .optional(a.destinationName),
                "waitSeconds": number(a.waitSeconds), "atStart": .bool(a.atStart),
            ]
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

    /// The session body: `{events, id, progress, rejected, route?, snappedLocation, state, venue}`.
    /// `maneuvers`: the session's ``ServiceSession/maneuverJSON``.
    static func session(id: String, venue: Venue, snapshot: SessionSnapshot, includeRoute: Bool, maneuvers: ManeuverJSONCache) -> [UInt8] {
        var snapped: [UInt8] = []
        location(snapshot.progress?.snappedLocation, venue: venue, into: &snapped)
        return JSONObjectBytes.encode { o in
            o.array("events", snapshot.events) { e, out in JSONBytes.write(event(e, venue: venue), into: &out) }
            o.string("id", id)
            o.member("progress") { progress(snapshot.progress, venue: venue, snapped: snapped, maneuvers: maneuvers, into: &$0) }
            o.array("rejected", snapshot.rejected) { r, out in
                JSONBytes.write(["index": .number(Double(r.index)), "reason": .string(r.reason)], into: &out)
            }
            if includeRoute { o.value("route", snapshot.route.map { RouteJSON.encode($0, venue: venue) } ?? .null) }
            o.member("snappedLocation") { $0 += snapped }
            o.value("state", state(snapshot.state))
            o.string("venue", venue.id)
        }
    }

    /// The viewer's summary of a live session: `{fusedLocation, id, route, snappedLocation, state, venue}`.
    static func summary(id: String, venue: Venue, snapshot: SessionSnapshot, into out: inout [UInt8]) {
        JSONObjectBytes.write(into: &out) { o in
            o.member("fusedLocation") { location(snapshot.progress?.fusedLocation, venue: venue, into: &$0) }
            o.string("id", id)
            o.value("route", snapshot.route.map { RouteJSON.encode($0, venue: venue) } ?? .null)
            o.member("snappedLocation") { location(snapshot.progress?.snappedLocation, venue: venue, into: &$0) }
            o.value("state", state(snapshot.state))
            o.string("venue", venue.id)
        }
    }
}
