import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorRouting
import IndoorVenue

extension RerouteService {
    /// `GET /venues/{id}/at?x=&y=&level=&lang=`: the level, space, POI and building at a local point
    /// (``Venue/lookup(at:levelIndex:)``, what `indoornav venue at` prints). Nothing there is still 200,
    /// with `space`, `poi` and `building` null.
    func lookup(venueID: String, query: [String: String]) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        let venue = served.venue
        let language = try Self.language(query, venue: venue)
        func coordinate(_ name: String) throws(ServiceError) -> Double {
            guard let text = query[name], !text.isEmpty else { throw .badRequest(field: name, reason: "required") }
            guard let value = Double(text), value.isFinite else {
                throw .badRequest(field: name, reason: "expected a finite number of metres, got '\(text.prefix(64))'")
            }
            guard abs(value) <= 1e7 else { throw .unprocessable(field: name, reason: "more than 10,000 km from the venue") }
            return value
        }
        let point = LocalPoint(x: try coordinate("x"), y: try coordinate("y"))
        guard let reference = query["level"], !reference.isEmpty else { throw .badRequest(field: "level", reason: "required") }
        let levelID = try LocationDecoding.levelID(reference, field: "level", venue: venue)
        let levelIndex: Int
        do { levelIndex = try venue.levelIndex(levelID) } catch { throw .unprocessable(field: "level", reason: error.description) }
        let found = venue.lookup(at: point, levelIndex: levelIndex)
        let level = venue.levels[levelIndex]
        let coordinate = venue.frame.geoCoordinate(from: point)
        guard abs(coordinate.latitudeDegrees) <= 90, abs(coordinate.longitudeDegrees) <= 180 else {
            throw .unprocessable(field: "x", reason: "the point has no latitude and longitude in the venue's frame (too far from it)")
        }
        let body: JSONValue = [
            "venue": .string(venueID),
            "x": SessionJSON.number(point.x), "y": SessionJSON.number(point.y),
            "latitude": RouteJSON.degrees(coordinate.latitudeDegrees), "longitude": RouteJSON.degrees(coordinate.longitudeDegrees),
            "level": [
                "id": .string(level.id), "ordinal": .number(Double(level.ordinal)),
                "name": .optional(venue.displayName(level.name, preferred: [language])),
            ],
            "building": found.buildingID.map { id in
                [
                    "id": .string(id),
                    "name": .optional((try? venue.building(id)).flatMap { venue.displayName($0.name, preferred: [language]) }),
                ]
                    as JSONValue
            } ?? .null,
            "space": found.spaceIndex.map { i in
                let s = venue.spaces[i]
                return [
                    "id": .string(s.id), "category": .string(s.category),
                    "name": .optional(venue.displayName(s.name, preferred: [language])), "walkable": .bool(s.isWalkable),
                ] as JSONValue
            } ?? .null,
            "poi": found.poiIndex.map { i in
                let p = venue.pois[i]
                return [
                    "id": .string(p.id), "category": .string(p.category),
                    "name": .optional(venue.displayName(p.name, preferred: [language])),
                    "distanceMeters": SessionJSON.number(found.poiDistanceMeters ?? 0),
                ] as JSONValue
            } ?? .null,
        ]
        return .json(200, body.serialized())
    }

    /// `GET /venues/{id}/pois/{poi}?lang=`: a POI or named space by any id form (id, external id,
    /// `default:` prefix): its ids, names in every language, category, level, space, building and position.
    func poiDetails(venueID: String, poiID: String, query: [String: String]) throws(ServiceError) -> HTTPResponse {
        guard let served = venues[venueID] else { throw .notFound(kind: "venue", id: venueID) }
        let venue = served.venue
        let language = try Self.language(query, venue: venue)
        let kind: String, id: String, category: String, name: LocalizedName, levelID: String, point: LocalPoint
        var externalIDs: [String], spaceID: String?, universes: Set<String>, source: String?, buildingID: String?
        if let p = try? venue.poi(poiID) {
            (kind, id, category, name, levelID, point) = ("poi", p.id, p.category, p.name, p.levelID, p.position)
            (externalIDs, spaceID, universes, source) = (p.externalIDs, p.spaceID, p.universes, p.source.rawValue)
            buildingID = p.spaceID.flatMap { try? venue.space($0) }?.buildingID
        } else if let s = try? venue.space(poiID) {
            let c = s.polygon.centroid
            (kind, id, category, name, levelID) = ("space", s.id, s.category, s.name, s.levelID)
            point = s.polygon.contains(c) ? c : (s.polygon.exterior.first ?? c)
            (externalIDs, spaceID, universes, source, buildingID) = (s.externalIDs, s.id, s.universes, nil, s.buildingID)
        } else {
            throw .notFound(kind: "poi", id: poiID)
        }
        let levelIndex: Int
        do { levelIndex = try venue.levelIndex(levelID) } catch { throw .unprocessable(field: "poi", reason: error.description) }
        let level = venue.levels[levelIndex]
        if buildingID == nil { buildingID = venue.buildingID(at: point, levelIndex: levelIndex) ?? level.buildingIDs.first }
        let space = spaceID.flatMap { try? venue.space($0) }
        let coordinate = venue.frame.geoCoordinate(from: point)
        let names = name.byLanguage.keys.sorted().map { (key: $0, value: JSONValue.string(name.byLanguage[$0] ?? "")) }
        let body: JSONValue = [
            "venue": .string(venueID), "id": .string(id), "kind": .string(kind),
            "externalIds": .array(externalIDs.map(JSONValue.string)), "source": .optional(source),
            "category": .string(category), "categories": .array([.string(category)]),
            "name": .optional(venue.displayName(name, preferred: [language])),
            "names": .object(Dictionary(uniqueKeysWithValues: names.map { ($0.key, $0.value) })),
            "level": .string(level.id), "levels": .array([.string(level.id)]),
            "space": space.map { s in
                ["id": .string(s.id), "category": .string(s.category), "name": .optional(venue.displayName(s.name, preferred: [language]))]
                    as JSONValue
            } ?? .null,
            "building": .optional(buildingID),
            "universes": .array(universes.sorted().map(JSONValue.string)),
            "x": SessionJSON.number(point.x), "y": SessionJSON.number(point.y),
            "latitude": RouteJSON.degrees(coordinate.latitudeDegrees), "longitude": RouteJSON.degrees(coordinate.longitudeDegrees),
        ]
        return .json(200, body.serialized())
    }

    /// The `lang` query parameter (the venue's default language when absent).
    static func language(_ query: [String: String], venue: Venue) throws(ServiceError) -> String {
        let language = query["lang"] ?? venue.defaultLanguage
        // JSON Schema's maxLength counts code points (Character would count "e" + accent as one).
        guard !language.isEmpty, language.unicodeScalars.count <= 35 else {
            throw .unprocessable(field: "lang", reason: "expected a language code like 'en'")
        }
        return language
    }
}
