import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPlot
import IndoorRouting
import IndoorVenue

extension RerouteService {
    /// `GET /health`.
    func health() -> HTTPResponse {
        let body: JSONValue = ["status": "ok", "venues": .number(Double(venues.venues.count)), "sessions": .number(Double(store.count))]
        return .json(200, body.serialized())
    }

    /// `GET /venues`: id, names, default language, languages, reference point, levels (with their
    /// bounds) and universes of each venue.
    func listVenues() -> HTTPResponse {
        let list: [JSONValue] = venues.ids.compactMap { id in
            guard let v = venues[id]?.venue else { return nil }
            var languages = Set([v.defaultLanguage])
            for poi in v.pois { languages.formUnion(poi.name.byLanguage.keys) }
            for level in v.levels { languages.formUnion(level.name.byLanguage.keys) }
            return [
                "id": .string(v.id), "name": .optional(v.displayName(v.name)), "version": .optional(v.version),
                "defaultLanguage": .string(v.defaultLanguage), "languages": .array(languages.sorted().map(JSONValue.string)),
                "reference": [
                    "latitude": RouteJSON.degrees(v.frame.reference.latitudeDegrees),
                    "longitude": RouteJSON.degrees(v.frame.reference.longitudeDegrees),
                ],
                "levels": .array(
                    v.levels.enumerated().map { index, l in
                        [
                            "id": .string(l.id), "ordinal": .number(Double(l.ordinal)), "name": .optional(v.displayName(l.name)),
                            "shortName": .optional(v.displayName(l.shortName)),
                            "floorNumber": l.floorNumber.map(JSONValue.number) ?? .null,
                            "building": .optional(l.buildingIDs.first),
                            "buildings": .array(l.buildingIDs.map(JSONValue.string)),
                            "bounds": Self.bounds(LevelRenderer.bounds(of: v, levelIndex: index), venue: v),
                        ]
                    }),
                "modes": .array(
                    DirectionMode.names(for: v).compactMap { name in
                        DirectionMode.modes(for: v)[name].map { m in
                            [
                                "name": .string(m.name),
                                "avoidsConnectors": .array(m.excludedConnectors.map(\.rawValue).sorted().map(JSONValue.string)),
                                "accessibleOnly": .bool(m.accessibleOnly),
                                "walkingSpeedMetersPerSecond": .number(m.walkingSpeedMetersPerSecond),
                            ]
                        }
                    }),
                "universes": .array(v.universes.map { u in ["id": .string(u.id), "name": .optional(v.displayName(u.name))] }),
                "poiCount": .number(Double(v.pois.count)),
                "graph": ["nodes": .number(Double(v.graph.nodes.count)), "edges": .number(Double(v.graph.edges.count))],
            ]
        }
        return .json(200, JSONValue.object(["venues": .array(list)]).serialized())
    }

    /// `GET /venues/{id}/pois?q=&lang=&universe=`.
    func pois(venueID: String, query: [String: String]) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        let language = try Self.language(query, venue: served.venue)
        let universe = query["universe"].flatMap { $0.isEmpty ? nil : $0 }
        if let universe, !served.venue.universes.contains(where: { $0.id == universe }) {
            throw .unprocessable(
                field: "universe",
                reason:
                    "no universe \(ServiceError.quoted(universe)) in venue '\(venueID)' (known: \(served.venue.universes.map(\.id).joined(separator: ", ")))"
            )
        }
        let q = query["q"] ?? ""
        guard q.unicodeScalars.count <= 200 else { throw .unprocessable(field: "q", reason: "at most 200 characters") }
        let found = served.destinations.search(q, language: language, universe: universe)
        let list: [JSONValue] = found.map { d in
            [
                "id": .string(d.id), "externalIds": .array(d.externalIDs.map(JSONValue.string)), "kind": .string(d.kind.rawValue),
                "name": .string(d.name), "category": .string(d.category),
                "level": .string(d.levelID), "x": SessionJSON.number(d.point.x), "y": SessionJSON.number(d.point.y),
                "latitude": RouteJSON.degrees(served.venue.frame.geoCoordinate(from: d.point).latitudeDegrees),
                "longitude": RouteJSON.degrees(served.venue.frame.geoCoordinate(from: d.point).longitudeDegrees),
            ]
        }
        return .json(200, JSONValue.object(["venue": .string(venueID), "pois": .array(list)]).serialized())
    }

    /// `POST /venues/{id}/routes`: the `indoornav route` request as JSON, answered with ``RouteJSON``.
    /// A valid request without a route is 200 with `route: null` and CRITICAL notices, as the CLI prints.
    func planRoute(venueID: String, body: [UInt8]) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        var request = try RouteRequestDecoding.request(
            try JSONBody.parse(body),
            modes: Set(DirectionMode.modes(for: served.venue).keys))
        // The venue's active closures on top of the request's own.
        let closed = served.closures.activeTargets(atSeconds: clock())
        if !closed.isEmpty { request.options.closedFeatureIDs = Array(Set((request.options.closedFeatureIDs ?? []) + closed)).sorted() }
        let response: RouteResponse
        do { response = try served.routers.withRouter { router throws(RoutingError) in try router.route(request) } } catch {
            switch error {
            case .badRequest(let f, let r), .parsingError(let f, let r): throw .unprocessable(field: f, reason: r)
            case .venueNotFound(let id): throw .notFound(kind: "venue", id: id)
            }
        }
        return .json(200, RouteJSON.encode(response, venue: served.venue).serialized())
    }

    /// `{minX, minY, maxX, maxY, south, west, north, east}`: local metres and the WGS84 box.
    static func bounds(_ b: BoundingBox, venue: Venue) -> JSONValue {
        let sw = venue.frame.geoCoordinate(from: LocalPoint(x: b.minX, y: b.minY))
        let ne = venue.frame.geoCoordinate(from: LocalPoint(x: b.maxX, y: b.maxY))
        return [
            "minX": SessionJSON.number(b.minX), "minY": SessionJSON.number(b.minY), "maxX": SessionJSON.number(b.maxX),
            "maxY": SessionJSON.number(b.maxY), "south": RouteJSON.degrees(sw.latitudeDegrees),
            "west": RouteJSON.degrees(sw.longitudeDegrees),
            "north": RouteJSON.degrees(ne.latitudeDegrees), "east": RouteJSON.degrees(ne.longitudeDegrees),
        ]
    }
}
