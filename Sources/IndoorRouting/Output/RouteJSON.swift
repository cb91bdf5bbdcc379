import IndoorGeometry
import IndoorJSON
import IndoorVenue

/// The stable JSON schema of routes (documented in Sources/IndoorRouting/README.md).
public enum RouteJSON {
    /// `{lengthMeters, durationSeconds, destinationIndex, sections, notices, legs}`, with
    /// `alternatives: [route…]` (ranked, each its own such object) when they were asked for; `route:
    /// null` shape when no route was found (`notices` still present).
    public static func encode(_ response: RouteResponse, venue: Venue) -> JSONValue {
        guard let route = response.route else {
            var out: [String: JSONValue] = ["route": .null, "notices": .array(response.notices.map(notice))]
            if response.alternatives != nil { out["alternatives"] = .array([]) }
            return .object(out)
        }
        var out = encode(route, venue: venue).object ?? [:]
        out["notices"] = .array(response.notices.map(notice))
        if let alternatives = response.alternatives { out["alternatives"] = .array(alternatives.map { encode($0, venue: venue) }) }
        return .object(out)
    }

    /// One route: `{lengthMeters, durationSeconds, destinationIndex, sections, notices, legs}`.
    public static func encode(_ route: Route, venue: Venue) -> JSONValue {
        [
            "lengthMeters": number(route.lengthMeters),
            "durationSeconds": number(route.durationSeconds),
            "destinationIndex": .number(Double(route.destinationIndex)),
            "sections": .array(route.sections.map { section($0, venue: venue) }),
            "notices": .array(route.notices.map(notice)),
            "legs": RouteLegs.encode(RouteLegs.legs(of: route, venue: venue)),
        ]
    }

    static func number(_ v: Double) -> JSONValue { .finite((v * 1000).rounded() / 1000) }

    /// Degrees rounded to 7 decimals (about a centimetre).
    public static func degrees(_ v: Double) -> JSONValue { .finite((v * 1e7).rounded() / 1e7) }

    /// `{x, y, level, latitude, longitude}` of a local point on a level (WGS84 from the venue's frame).
    public static func position(_ p: LocalPoint, levelID: String?, venue: Venue) -> [String: JSONValue] {
        let g = venue.frame.geoCoordinate(from: p)
        return [
            "x": number(p.x), "y": number(p.y), "level": .optional(levelID),
            "latitude": degrees(g.latitudeDegrees), "longitude": degrees(g.longitudeDegrees),
        ]
    }

    static func notice(_ n: RouteNotice) -> JSONValue {
        [
            "code": .string(n.code.rawValue), "severity": .string(n.severity.rawValue), "title": .string(n.title),
            "details": .optional(n.details),
        ]
    }

    static func place(_ p: RoutePlace, venue: Venue) -> JSONValue {
        var o = position(p.point, levelID: p.levelID, venue: venue)
        o["id"] = .optional(p.featureID); o["name"] = .optional(p.name); o["matchDistanceMeters"] = number(p.matchDistanceMeters)
        return .object(o)
    }

    static func section(_ s: RouteSection, venue: Venue) -> JSONValue {
        var o: [String: JSONValue] = [
            "transportMode": .string(s.transportMode.rawValue),
            "lengthMeters": number(s.lengthMeters),
            "durationSeconds": number(s.durationSeconds),
            "polyline": .array(s.polyline.map { .object(position($0.point, levelID: $0.levelID, venue: venue)) }),
            "departure": place(s.departure, venue: venue),
            "arrival": place(s.arrival, venue: venue),
            "maneuvers": .array(s.maneuvers.map { maneuver($0, venue: venue) }),
            "passthroughWaypoints": .array(
                s.passThroughWaypoints.map {
                    [
                        "waypointIndex": .number(Double($0.waypointIndex)), "offsetMeters": number($0.offsetMeters),
                        "place": place($0.place, venue: venue),
                    ]
                }),
            "postActions": .array(
                s.postActions.map { ["action": .string($0.action.rawValue.uppercased()), "durationSeconds": number($0.durationSeconds)] }),
            "notices": .array(s.notices.map(notice)),
        ]
        if let t = s.transition {
            o["transition"] = [
                "transitionTypeId": .string(t.transitionTypeID), "connectorId": .string(t.connectorID),
                "fromLevel": .string(t.fromLevelID), "toLevel": .string(t.toLevelID),
            ]
        }
        return .object(o)
    }

    /// `{action, instruction, x, y, level, latitude, longitude, distanceToNextMeters, offsetMeters, bearingDegrees, …}`.
    public static func maneuver(_ m: Maneuver, venue: Venue) -> JSONValue {
        var o = position(m.position, levelID: m.levelID, venue: venue)
        o["action"] = .string(m.action.rawValue)
        o["instruction"] = .string(m.instruction)
        o["distanceToNextMeters"] = number(m.distanceToNextMeters)
        o["offsetMeters"] = number(m.offsetMeters)
        o["bearingDegrees"] = number(m.bearingDegrees)
        if let lc = m.levelChange {
            o["levelChange"] = [
                "connector": .string(lc.connectorKind.rawValue), "connectorId": .optional(lc.connectorID),
                "deltaZ": .number(Double(lc.deltaZ)), "riseMeters": RouteJSON.number(lc.riseMeters), "fromLevel": .string(lc.fromLevelID),
                "toLevel": .string(lc.toLevelID),
            ]
        }
        if let s = m.space { o["space"] = ["id": .string(s.id), "category": .string(s.category), "name": .optional(s.name)] }
        if let b = m.buildingName { o["building"] = .string(b) }
        if let d = m.durationSeconds { o["durationSeconds"] = number(d) }
        return .object(o)
    }

    /// GeoJSON: one LineString per level run of each section (id `s<section>-run<k>`, with its length on
    /// the level and its share of the section's duration, so the runs' durations add up to the route's) and a Point per maneuver (id `s<section>-m<k>`); WGS84 degrees
    /// with 7 decimals.
    public static func geoJSON(_ route: Route, venue: Venue) -> JSONValue {
        func coordinate(_ p: LocalPoint) -> JSONValue {
            let g = venue.frame.geoCoordinate(from: p)
            return [degrees(g.longitudeDegrees), degrees(g.latitudeDegrees)]
        }
        var features: [JSONValue] = []
        for (k, s) in route.sections.enumerated() {
            // Level runs of the section; their durations share the section's by length, so they add up to it.
            var runs: [[RoutePoint]] = []
            for p in s.polyline {
                if let last = runs.last?.last, last.levelID == p.levelID { runs[runs.count - 1].append(p) } else { runs.append([p]) }
            }
            runs = runs.filter { $0.count >= 2 }
            let lengths = runs.map { run in zip(run, run.dropFirst()).reduce(0.0) { $0 + $1.0.point.distance(to: $1.1.point) } }
            let total = lengths.reduce(0, +)
            for (r, run) in runs.enumerated() {
                let share = total > 0 ? lengths[r] / total : 1 / Double(runs.count)
                features.append([
                    "type": "Feature", "id": .string("s\(k)-run\(r)"),
                    "geometry": ["type": "LineString", "coordinates": .array(run.map { coordinate($0.point) })],
                    "properties": [
                        "section": .number(Double(k)), "level_id": .string(run[0].levelID),
                        "transportMode": .string(s.transportMode.rawValue),
                        "lengthMeters": number(lengths[r]), "durationSeconds": number(s.durationSeconds * share),
                    ],
                ])
            }
            for (j, m) in s.maneuvers.enumerated() {
                features.append([
                    "type": "Feature", "id": .string("s\(k)-m\(j)"), "geometry": ["type": "Point", "coordinates": coordinate(m.position)],
                    "properties": [
                        "section": .number(Double(k)), "level_id": .string(m.levelID),
                        "action": .string(m.action.rawValue), "instruction": .string(m.instruction),
                        "distanceToNextMeters": number(m.distanceToNextMeters),
                    ],
                ])
            }
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// Plain text: one line per maneuver, sections headed by their mode, length and time.
    public static func text(_ response: RouteResponse, writer: InstructionWriter, levelName: (String) -> String = { $0 }) -> String {
        var lines: [String] = []
        for n in response.notices {
            lines.append("[\(n.severity.rawValue)] \(n.code.rawValue): \(n.title)\(n.details.map { " (\($0))" } ?? "")")
        }
        guard let route = response.route else { return lines.joined(separator: "\n") + "\n" }
        for (rank, route) in ([route] + (response.alternatives ?? [])).enumerated() {
            let title = rank == 0 ? "route" : "alternative \(rank + 1)"
            lines.append(
                "\(title): \(writer.distance(route.lengthMeters)), \(writer.duration(route.durationSeconds)), \(route.sections.count) section(s)"
            )
            sectionLines(route, writer: writer, levelName: levelName, into: &lines)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func sectionLines(_ route: Route, writer: InstructionWriter, levelName: (String) -> String, into lines: inout [String]) {
        for (k, s) in route.sections.enumerated() {
            lines.append(
                "section \(k + 1) (\(s.transportMode.rawValue), \(writer.distance(s.lengthMeters)), \(writer.duration(s.durationSeconds)))")
            for n in s.notices { lines.append("  [\(n.severity.rawValue)] \(n.code.rawValue): \(n.title)") }
            for m in s.maneuvers { lines.append("  \(m.instruction)  [\(levelName(m.levelID))]") }
            for p in s.passThroughWaypoints {
                lines.append("  passes waypoint \(p.waypointIndex + 1) at \(writer.distance(p.offsetMeters))")
            }
            if let t = s.transition { lines.append("  transition \(t.transitionTypeID): \(t.fromLevelID) → \(t.toLevelID)") }
        }
    }
}
