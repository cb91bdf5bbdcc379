import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// Instruction text on the hand-made golden venue, checked against the geometry worked out by hand
/// (see `TestVenues.golden`).
@Suite struct GoldenInstructionTests {
    let venue = TestVenues.golden()

    func route(
        _ options: RouteOptions = RouteOptions(), from: Place = .feature(id: "entrance"), to: Place = .feature(id: "office")
    ) throws -> Route {
        var request = RouteRequest(from: from, to: to)
        request.options = options
        let response = try IndoorRouter(venue: venue).route(request)
        return try #require(response.route, "notices: \(response.notices)")
    }

    @Test func englishMetric() throws {
        // entrance (0,0) → east 20 → north 15 (door) → north 5 → east 15 → lift up (wait 30 s) → east 12.2 → office.
        let r = try route()
        #expect(abs(r.lengthMeters - (20 + 15 + 5 + 15 + 4 + 12.2)) < 1e-9)
        #expect(abs(r.durationSeconds - ((20 + 15 + 5 + 15 + 4 + 12.2) / 1.2 + 30)) < 1e-9)
        let texts = r.sections.flatMap(\.maneuvers).map(\.instruction)
        #expect(
            texts == [
                "Head east from West Entrance and continue for 20 m",
                "Turn left and continue for 15 m",
                "Exit Building A",
                "Enter Building B and continue for 5 m",
                "Turn right and continue for 15 m",
                "Take the elevator up to Level 1",
                "Arrive at Office 101",
            ])
        let lift = try #require(r.sections[0].maneuvers.first { $0.action == .levelChange })
        #expect(lift.levelChange?.deltaZ == 1 && lift.levelChange?.connectorKind == .elevator && lift.levelChange?.toLevelID == "L1")
        #expect(abs(lift.distanceToNextMeters - 16.2) < 1e-9)
    }

    @Test func imperialAndGerman() throws {
        var options = RouteOptions()
        options.units = .imperial
        let texts = try route(options).sections.flatMap(\.maneuvers).map(\.instruction)
        // 20 m = 65.6 ft → 65 ft; 15 m = 49.2 ft → 50 ft.
        #expect(texts.first == "Head east from West Entrance and continue for 65 ft")
        #expect(texts[1] == "Turn left and continue for 50 ft")
        options.units = .metric
        options.language = "de"
        let german = try route(options).sections.flatMap(\.maneuvers).map(\.instruction)
        #expect(german.first == "Gehen Sie von Westeingang Richtung Osten und gehen Sie 20 m weiter")
        #expect(german.contains("Nehmen Sie den Aufzug nach oben zu 1. Obergeschoss"))
        #expect(german.last == "Sie haben Büro 101 erreicht")
    }

    @Test func continueInstructionUsesFeet() {
        let w = InstructionWriter(language: "en", units: .imperial)
        #expect(
            w.text(
                for: .continue, distanceToNextMeters: 12.2, bearingDegrees: 0, levelChange: nil, levelName: nil,
                placeName: nil, buildingName: nil, durationSeconds: nil) == "Continue for 40 ft")
        #expect(w.distance(2) == "7 ft")
        #expect(InstructionWriter(language: "xx", units: .metric).language == "en")
    }

    @Test func accessibleModeAvoidsStairsEvenWhenShorter() throws {
        // From the L1 stairs landing to the entrance the stairs are the short way.
        var options = RouteOptions()
        options.optimization = .shortest
        let direct = try route(options, from: .local(LocalPoint(x: 0, y: 0), level: "L1"), to: .feature(id: "entrance"))
        #expect(direct.sections.flatMap(\.maneuvers).contains { $0.levelChange?.connectorKind == .stairs })
        options.directionMode = "accessible"
        let accessible = try route(options, from: .local(LocalPoint(x: 0, y: 0), level: "L1"), to: .feature(id: "entrance"))
        #expect(!accessible.sections.flatMap(\.maneuvers).contains { $0.levelChange?.connectorKind == .stairs })
        #expect(accessible.sections.flatMap(\.maneuvers).contains { $0.levelChange?.connectorKind == .elevator })
    }

    @Test func legsViewSplitsAtLevelAndBuilding() throws {
        let legs = RouteLegs.legs(of: try route(), venue: venue)
        #expect(legs.map(\.levelID) == ["L0", "L0", "L0", "L1"])
        #expect(legs.allSatisfy { $0.context == .insideBuilding })
        #expect(abs(legs.reduce(0) { $0 + $1.lengthMeters } - 71.2) < 1e-9)
    }

    @Test func jsonHasTheDocumentedKeys() throws {
        let response = try IndoorRouter(venue: venue).route(RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "ext-office")))
        let json = RouteJSON.encode(response, venue: venue)
        for key in ["lengthMeters", "durationSeconds", "sections", "notices", "legs"] { #expect(json[key] != nil, "\(key)") }
        let section = try #require(json["sections"]?.array?.first)
        for key in ["transportMode", "lengthMeters", "durationSeconds", "polyline", "maneuvers", "passthroughWaypoints", "postActions"] {
            #expect(section[key] != nil, "\(key)")
        }
        #expect(section["polyline"]?.array?.first?["level"] == "L0")
        #expect(section["maneuvers"]?.array?.first?["action"] == "depart")
        // Text round-trips through the parser.
        #expect(try JSONParser().parse(json.serialized()).value == json)
        let geo = RouteJSON.geoJSON(try #require(response.route), venue: venue)
        let lines = geo["features"]?.array?.filter { $0["geometry"]?["type"] == "LineString" } ?? []
        #expect(lines.count == 2)  // one per level
        // Features have unique ids; the level runs carry their length and duration, which add up to the route's.
        let ids = (geo["features"]?.array ?? []).compactMap { $0["id"]?.string }
        #expect(ids.count == geo["features"]?.array?.count && Set(ids).count == ids.count)
        let route = try #require(response.route)
        let length = lines.compactMap { $0["properties"]?["lengthMeters"]?.double }.reduce(0, +)
        let duration = lines.compactMap { $0["properties"]?["durationSeconds"]?.double }.reduce(0, +)
        // Runs are horizontal: the lift's 4 m between the levels is in the route's length only.
        #expect(abs(length - (route.lengthMeters - 4)) < 0.05, "runs \(length) m vs route \(route.lengthMeters) m")
        #expect(abs(duration - route.durationSeconds) < 0.05, "runs \(duration) s vs route \(route.durationSeconds) s")
        #expect(geo.serialized().range(of: #"\.\d{8,}"#, options: .regularExpression) == nil, "at most 7 decimals")
        // The route JSON carries WGS84 beside x/y at every polyline point and maneuver.
        #expect(section["polyline"]?.array?.allSatisfy { $0["latitude"]?.double != nil && $0["longitude"]?.double != nil } == true)
        #expect(section["maneuvers"]?.array?.allSatisfy { $0["latitude"]?.double != nil } == true)
    }
}
