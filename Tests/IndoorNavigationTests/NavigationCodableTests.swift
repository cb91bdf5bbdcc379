import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

/// Events and progress survive `JSONEncoder`/`JSONDecoder`, and their stored form is the one written
/// down here (tagged objects with `type`, keys named after the Swift labels).
@Suite struct NavigationCodableTests {
    /// A transition (Routing makes them only while planning; here from its stored form).
    static let transition: SectionTransition = {
        let json = #"{"transitionTypeID": "bridge", "connectorID": "c1", "fromLevelID": "L0", "toLevelID": "L1"}"#
        do { return try JSONDecoder().decode(SectionTransition.self, from: Data(json.utf8)) } catch {
            preconditionFailure("the stored form of a transition no longer decodes: \(error)")
        }
    }()

    static func route() throws -> Route {
        let venue = TestVenues.golden()
        let a = venue.graph.nodes[0], b = venue.graph.nodes[venue.graph.nodes.count - 1]
        let request = RouteRequest(
            from: .local(a.point, level: venue.levels[Int(a.levelIndex)].id),
            to: .local(b.point, level: venue.levels[Int(b.levelIndex)].id))
        return try #require(try IndoorRouter(venue: venue).route(request).route)
    }

    /// One event of every case.
    static func everyEvent() throws -> [NavigationEvent] {
        let route = try route()
        let maneuver = try #require(route.sections.first?.maneuvers.first)
        let arrival = ArrivalInfo(
            sectionIndex: 1, isFinal: false, destinationID: "poi-7", destinationName: "Café",
            waitSeconds: 60, atStart: false)
        return [
            .started(destinationID: "poi-7", route: route), .started(destinationID: nil, route: route),
            .maneuverAdvanced(sectionIndex: 0, maneuverIndex: 2, maneuver: maneuver),
            .levelChanged(fromLevelID: "L0", toLevelID: "L1"),
            .arriving(.levelChange(toLevelID: "L1"), distanceMeters: 7.25),
            .arriving(.sectionTransition(transition), distanceMeters: 3),
            .arriving(.destination(featureID: "poi-7", name: "Café"), distanceMeters: 9),
            .arriving(.destination(featureID: nil, name: nil), distanceMeters: 4.5),
            .arrived(arrival), .leftArrivalArea(sectionIndex: 1), .awaitingTransition(transition),
            .transitionCompleted(transition, confirmed: true), .offRoute(distanceMeters: 9.5, reason: .wrongLevel),
            .backOnRoute, .rerouteRequested(.offRoute(.distance)), .rerouteRequested(.sectionTransition),
            .rerouted(route: route, reason: .closure, strategy: .rejoin),
            .rerouteFailed(reason: .requested, notice: "noRouteFound", attempt: 2), .rerouteGaveUp(failedAttempts: 5),
            .rerouteRearmed, .stopped(.replaced),
        ]
    }

    /// The top-level object of an encoded value.
    static func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }

    @Test func everyEventRoundTripsThroughJSON() throws {
        let events = try Self.everyEvent()
        let decoded = try JSONDecoder().decode([NavigationEvent].self, from: JSONEncoder().encode(events))
        #expect(decoded == events)
    }

    @Test func eventsAreTaggedObjectsWithStableKeys() throws {
        let expected: [(type: String, keys: Set<String>)] = [
            ("started", ["type", "destinationID", "route"]), ("started", ["type", "route"]),
            ("maneuverAdvanced", ["type", "sectionIndex", "maneuverIndex", "maneuver"]),
            ("levelChanged", ["type", "fromLevelID", "toLevelID"]), ("arriving", ["type", "target", "distanceMeters"]),
            ("arriving", ["type", "target", "distanceMeters"]), ("arriving", ["type", "target", "distanceMeters"]),
            ("arriving", ["type", "target", "distanceMeters"]), ("arrived", ["type", "arrival"]),
            ("leftArrivalArea", ["type", "sectionIndex"]), ("awaitingTransition", ["type", "transition"]),
            ("transitionCompleted", ["type", "transition", "confirmed"]), ("offRoute", ["type", "distanceMeters", "reason"]),
            ("backOnRoute", ["type"]), ("rerouteRequested", ["type", "reason"]), ("rerouteRequested", ["type", "reason"]),
            ("rerouted", ["type", "route", "reason", "strategy"]), ("rerouteFailed", ["type", "reason", "notice", "attempt"]),
            ("rerouteGaveUp", ["type", "failedAttempts"]), ("rerouteRearmed", ["type"]), ("stopped", ["type", "reason"]),
        ]
        let events = try Self.everyEvent()
        try #require(events.count == expected.count)
        for (event, want) in zip(events, expected) {
            let object = try Self.object(event)
            #expect(object["type"] as? String == want.type)
            #expect(Set(object.keys) == want.keys, "\(want.type)")
        }
    }

    @Test func payloadsAreStoredAsWrittenHere() throws {
        let arriving = try Self.object(NavigationEvent.arriving(.levelChange(toLevelID: "L1"), distanceMeters: 7.25))
        #expect(arriving["distanceMeters"] as? Double == 7.25)
        let target = try #require(arriving["target"] as? [String: Any])
        #expect(target["type"] as? String == "levelChange" && target["toLevelID"] as? String == "L1" && target.count == 2)

        let offRoute = try Self.object(NavigationEvent.rerouteRequested(.offRoute(.distance)))
        let reason = try #require(offRoute["reason"] as? [String: Any])
        #expect(reason["type"] as? String == "offRoute" && reason["offRouteReason"] as? String == "distance" && reason.count == 2)

        let stopped = try Self.object(NavigationEvent.stopped(.cancelled))
        #expect(stopped["reason"] as? String == "cancelled")
        let arrival = try #require(
            try Self.object(
                NavigationEvent.arrived(
                    ArrivalInfo(
                        sectionIndex: 0, isFinal: true, destinationID: "d", destinationName: "D", waitSeconds: 0, atStart: true)))[
                    "arrival"] as? [String: Any])
        #expect(Set(arrival.keys) == ["sectionIndex", "isFinal", "destinationID", "destinationName", "waitSeconds", "atStart"])

        let transition = try #require(try Self.object(NavigationEvent.awaitingTransition(Self.transition))["transition"] as? [String: Any])
        #expect(Set(transition.keys) == ["transitionTypeID", "connectorID", "fromLevelID", "toLevelID"])
    }

    @Test func unknownEventTypeIsADecodingError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationEvent.self, from: Data(#"{"type":"teleported"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationEvent.self, from: Data(#"{"type":"levelChanged","fromLevelID":"L0"}"#.utf8))
        }
    }

    @Test func progressRoundTripsWithStableKeys() throws {
        let route = try Self.route()
        let maneuver = try #require(route.sections.first?.maneuvers.first)
        let location = IndoorLocation(
            point: LocalPoint(x: 1.5, y: -2.25), levelID: "L0", accuracyMeters: 2, timeSeconds: 12.5, source: "fusion")
        let actions: [NavigationAction] = [
            .proceed, .changeLevel(toLevelID: "L1"), .crossTransition(Self.transition),
            .wait(untilSeconds: 90), .offRoute, .arrived,
        ]
        for action in actions {
            let progress = RouteProgress(
                sectionIndex: 0, maneuverIndex: 1, distanceTraveledMeters: 10.5, distanceRemainingMeters: 20.25,
                durationRemainingSeconds: 17, fractionTraveled: 0.34, sectionDistanceTraveledMeters: 10.5,
                sectionDistanceRemainingMeters: 20.25, currentManeuver: maneuver, upcomingManeuver: maneuver,
                distanceToNextManeuverMeters: 4, destinationID: "poi-7", destinationName: "Café", currentAction: action,
                rawLocation: location, fusedLocation: location, snappedLocation: location, distanceFromRouteMeters: 0.75)
            #expect(try JSONDecoder().decode(RouteProgress.self, from: JSONEncoder().encode(progress)) == progress)
            let object = try Self.object(progress)
            #expect(
                Set(object.keys) == [
                    "sectionIndex", "maneuverIndex", "distanceTraveledMeters", "distanceRemainingMeters", "durationRemainingSeconds",
                    "fractionTraveled", "sectionDistanceTraveledMeters", "sectionDistanceRemainingMeters", "currentManeuver",
                    "upcomingManeuver", "distanceToNextManeuverMeters", "destinationID", "destinationName", "currentAction",
                    "rawLocation", "fusedLocation", "snappedLocation", "distanceFromRouteMeters",
                ])
        }
        let wait = try #require(
            try Self.object(
                RouteProgress(
                    sectionIndex: 0, maneuverIndex: 0, distanceTraveledMeters: 0, distanceRemainingMeters: 0, durationRemainingSeconds: 0,
                    fractionTraveled: 1, sectionDistanceTraveledMeters: 0, sectionDistanceRemainingMeters: 0, currentManeuver: nil,
                    upcomingManeuver: nil, distanceToNextManeuverMeters: 0, destinationID: nil, destinationName: nil,
                    currentAction: .wait(untilSeconds: 90), rawLocation: nil, fusedLocation: nil, snappedLocation: nil,
                    distanceFromRouteMeters: 0))["currentAction"] as? [String: Any])
        #expect(wait["type"] as? String == "wait" && wait["untilSeconds"] as? Double == 90 && wait.count == 2)
    }
}
