import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// A route survives `JSONEncoder`/`JSONDecoder`, and its stored keys are the ones written down here.
@Suite struct RouteCodableTests {
    /// A multi-level route on the seeded grid venue with every optional field filled in, so that every
    /// key appears in the encoded form.
    static func fullRoute() throws -> Route {
        let venue = TestVenues.randomGrid(seed: 11)
        let first = venue.graph.nodes[0], last = venue.graph.nodes[venue.graph.nodes.count - 1]
        let request = RouteRequest(
            from: .local(first.point, level: venue.levels[Int(first.levelIndex)].id),
            to: .local(last.point, level: venue.levels[Int(last.levelIndex)].id))
        var route = try #require(try IndoorRouter(venue: venue).route(request).route)
        try #require(route.sections[0].maneuvers.contains { $0.levelChange != nil })
        route.notices = [RouteNotice(.violatedAvoidStairs, details: "stairs s1")]
        route.sections[0].departure.featureID = "poi-a"
        route.sections[0].departure.name = "Information"
        route.sections[0].passThroughWaypoints = [
            PassThroughWaypoint(waypointIndex: 0, offsetMeters: 3.5, place: route.sections[0].departure)
        ]
        route.sections[0].postActions = [PostAction(action: .wait, durationSeconds: 30)]
        route.sections[0].transition = SectionTransition(transitionTypeID: "bridge", connectorID: "c1", fromLevelID: "L0", toLevelID: "L1")
        route.sections[0].maneuvers[0].space = Maneuver.SpaceInfo(id: "unit-1", category: "walkway", name: "Hall")
        route.sections[0].maneuvers[0].buildingName = "Main"
        route.sections[0].maneuvers[0].durationSeconds = 12
        let index = try #require(route.sections[0].maneuvers.firstIndex { $0.levelChange != nil })
        route.sections[0].maneuvers[index].levelChange?.connectorID = "stairs-1"
        return route
    }

    /// The members of the object at `path` (keys, then array indices as strings) of an encoded value.
    static func keys(_ data: Data, _ path: String...) throws -> Set<String> {
        var value = try JSONParser().parse(data).value
        for step in path { value = try #require(Int(step).flatMap { value.array?[$0] } ?? value[step]) }
        return Set(try #require(value.object).keys)
    }

    @Test func routeRoundTripsThroughJSON() throws {
        let route = try Self.fullRoute()
        let decoded = try JSONDecoder().decode(Route.self, from: JSONEncoder().encode(route))
        #expect(decoded == route)
        #expect(decoded.polyline == route.polyline)
    }

    @Test func storedKeysAreStable() throws {
        let route = try Self.fullRoute()
        let data = try JSONEncoder().encode(route)
        let levelChangeIndex = try #require(route.sections[0].maneuvers.firstIndex { $0.levelChange != nil })
        #expect(try Self.keys(data) == ["lengthMeters", "durationSeconds", "sections", "notices", "destinationIndex"])
        #expect(
            try Self.keys(data, "sections", "0") == [
                "transportMode", "lengthMeters", "durationSeconds", "polyline", "departure", "arrival", "maneuvers",
                "passThroughWaypoints", "postActions", "notices", "transition",
            ])
        #expect(try Self.keys(data, "sections", "0", "polyline", "0") == ["point", "levelID"])
        #expect(try Self.keys(data, "sections", "0", "polyline", "0", "point") == ["x", "y"])
        #expect(try Self.keys(data, "sections", "0", "departure") == ["point", "levelID", "featureID", "name", "matchDistanceMeters"])
        #expect(try Self.keys(data, "sections", "0", "passThroughWaypoints", "0") == ["waypointIndex", "offsetMeters", "place"])
        #expect(try Self.keys(data, "sections", "0", "postActions", "0") == ["action", "durationSeconds"])
        #expect(try Self.keys(data, "sections", "0", "transition") == ["transitionTypeID", "connectorID", "fromLevelID", "toLevelID"])
        #expect(
            try Self.keys(data, "sections", "0", "maneuvers", "0") == [
                "action", "position", "levelID", "distanceToNextMeters", "offsetMeters", "bearingDegrees", "space",
                "buildingName", "durationSeconds", "instruction",
            ])
        #expect(try Self.keys(data, "sections", "0", "maneuvers", "0", "space") == ["id", "category", "name"])
        #expect(
            try Self.keys(data, "sections", "0", "maneuvers", String(levelChangeIndex), "levelChange") == [
                "connectorKind", "connectorID", "deltaZ", "fromLevelID", "toLevelID", "riseMeters",
            ])
        #expect(try Self.keys(data, "notices", "0") == ["code", "details"])
    }

    /// Enumerations are stored by their names: the HERE action and notice names, the transport mode.
    @Test func enumerationsAreStoredByName() throws {
        let json = String(
            decoding: try JSONEncoder().encode(
                [RouteNotice(.violatedAvoidStairs)]), as: UTF8.self)
        #expect(json == #"[{"code":"violatedAvoidStairs"}]"#)
        let action = String(decoding: try JSONEncoder().encode([Maneuver.Action.sharpLeft, .levelChange]), as: UTF8.self)
        #expect(action == #"["sharpLeft","levelChange"]"#)
        let mode = String(decoding: try JSONEncoder().encode([TransportMode.scooter]), as: UTF8.self)
        #expect(mode == #"["scooter"]"#)
    }
}
