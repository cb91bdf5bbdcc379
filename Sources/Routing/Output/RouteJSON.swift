import IndoorGeometry
import IndoorJSON
import Venue

/// The stable JSON schema of routes (documented in Sources/Routing/README.md).
public enum RouteJSON {
    /// `{lengthMeters, durationSeconds, destinationIndex, sections, notices, legs}`; `route: null` shape
    /// when no route was found (`notices` still present).
    public static func encode(_ response: RouteResponse, venue: Venue) -> JSONValue {
        guard let route = response.route else {
            return ["route": .null, "notices": .array(response.notices.map(notice))]
        }
        var out = encode(route, venue: venue).object ?? [:]
        out["notices"] = .array(response.notices.map(notice))
        return .object(out)
    }

    public static func encode(_ route: Route, venue: Venue) -> JSONValue {
        [
            "lengthMeters": number(route.lengthMeters),
            "durationSeconds": number(route.durationSeconds),
            "destinationIndex": .number(Double(route.destinationIndex)),
            "sections": .array(route.sections.map(section)),
            "notices": .array(route.notices.map(notice)),
            "legs": RouteLegs.encode(RouteLegs.legs(of: route, venue: venue)),
        ]
    }

    static func number(_ v: Double) -> JSONValue { .finite((v * 1000).rounded() / 1000) }

    static func notice(_ n: RouteNotice) -> JSONValue {
        ["code": .string(n.code.rawValue), "severity": .string(n.severity.rawValue), "title": .string(n.title), "details": .optional(n.details)]
    }

    static func place(_ p: RoutePlace) -> JSONValue {
        ["x": number(p.point.x), "y": number(p.point.y), "level": .string(p.levelID), "id": .optional(p.featureID),
         "name": .optional(p.name), "matchDistanceMeters": number(p.matchDistanceMeters)]
    }

    static func section(_ s: RouteSection) -> JSONValue {
        var o: [String: JSONValue] = [
            "transportMode": .string(s.transportMode.rawValue),
            "lengthMeters": number(s.lengthMeters),
            "durationSeconds": number(s.durationSeconds),
            "polyline": .array(s.polyline.map { ["x": number($0.point.x), "y": number($0.point.y), "level": .string($0.levelID)] }),
            "departure": place(s.departure),
            "arrival": place(s.arrival),
            "maneuvers": .array(s.maneuvers.map(maneuver)),
            "passthroughWaypoints": .array(s.passThroughWaypoints.map {
                ["waypointIndex": .number(Double($0.waypointIndex)), "offsetMeters": number($0.offsetMeters), "place": place($0.place)]
            }),
            "postActions": .array(s.postActions.map { ["action": .string($0.action.rawValue.uppercased()), "durationSeconds": number($0.durationSeconds)] }),
            "notices": .array(s.notices.map(notice)),
        ]
        if let t = s.transition {
            o["transition"] = ["transitionTypeId": .string(t.transitionTypeID), "connectorId": .string(t.connectorID),
                               "fromLevel": .string(t.fromLevelID), "toLevel": .string(t.toLevelID)]
        }
        return .object(o)
    }

    static func maneuver(_ m: Maneuver) -> JSONValue {
        var o: [String: JSONValue] = [
            "action": .string(m.action.rawValue),
            "instruction": .string(m.instruction),
            "x": number(m.position.x), "y": number(m.position.y), "level": .string(m.levelID),
            "distanceToNextMeters": number(m.distanceToNextMeters),
            "offsetMeters": number(m.offsetMeters),
            "bearingDegrees": number(m.bearingDegrees),
        ]
        if let lc = m.levelChange {
            o["levelChange"] = ["connector": .string(lc.connectorKind.rawValue), "connectorId": .optional(lc.connectorID),
                                "deltaZ": .number(Double(lc.deltaZ)), "riseMeters": RouteJSON.number(lc.riseMeters), "fromLevel": .string(lc.fromLevelID), "toLevel": .string(lc.toLevelID)]
        }
        if let s = m.space { o["space"] = ["id": .string(s.id), "category": .string(s.category), "name": .optional(s.name)] }
        if let b = m.buildingName { o["building"] = .string(b) }
        if let d = m.durationSeconds { o["durationSeconds"] = number(d) }
        return .object(o)
    }

    /// GeoJSON: one LineString per level run of each section and a Point per maneuver (WGS84).
    public static func geoJSON(_ route: Route, venue: Venue) -> JSONValue {
        func coordinate(_ p: LocalPoint) -> JSONValue {
            let g = venue.frame.geoCoordinate(from: p)
            return [.finite((g.longitudeDegrees * 1e8).rounded() / 1e8), .finite((g.latitudeDegrees * 1e8).rounded() / 1e8)]
        }
        var features: [JSONValue] = []
        for (k, s) in route.sections.enumerated() {
            var run: [RoutePoint] = []
            func flush() {
                if run.count >= 2, let level = run.first?.levelID {
                    features.append(["type": "Feature", "geometry": ["type": "LineString", "coordinates": .array(run.map { coordinate($0.point) })],
                                     "properties": ["section": .number(Double(k)), "level_id": .string(level),
                                                    "transportMode": .string(s.transportMode.rawValue)]])
                }
            }
            for p in s.polyline {
                if let last = run.last, last.levelID != p.levelID { flush(); run = [] }
                run.append(p)
            }
            flush()
            for m in s.maneuvers {
                features.append(["type": "Feature", "geometry": ["type": "Point", "coordinates": coordinate(m.position)],
                                 "properties": ["section": .number(Double(k)), "level_id": .string(m.levelID),
                                                "action": .string(m.action.rawValue), "instruction": .string(m.instruction)]])
            }
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// Plain text: one line per maneuver, sections headed by their mode, length and time.
    public static func text(_ response: RouteResponse, writer: InstructionWriter, levelName: (String) -> String = { $0 }) -> String {
        var lines: [String] = []
        for n in response.notices { lines.append("[\(n.severity.rawValue)] \(n.code.rawValue): \(n.title)\(n.details.map { " (\($0))" } ?? "")") }
        guard let route = response.route else { return lines.joined(separator: "\n") + "\n" }
        lines.append("route: \(writer.distance(route.lengthMeters)), \(writer.duration(route.durationSeconds)), \(route.sections.count) section(s)")
        for (k, s) in route.sections.enumerated() {
            lines.append("section \(k + 1) (\(s.transportMode.rawValue), \(writer.distance(s.lengthMeters)), \(writer.duration(s.durationSeconds)))")
            for n in s.notices { lines.append("  [\(n.severity.rawValue)] \(n.code.rawValue): \(n.title)") }
            for m in s.maneuvers { lines.append("  \(m.instruction)  [\(levelName(m.levelID))]") }
            for p in s.passThroughWaypoints { lines.append("  passes waypoint \(p.waypointIndex + 1) at \(writer.distance(p.offsetMeters))") }
            if let t = s.transition { lines.append("  transition \(t.transitionTypeID): \(t.fromLevelID) → \(t.toLevelID)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
