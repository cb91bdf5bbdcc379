import Foundation
import IndoorGeometry
import IndoorVenue
import Testing

@testable import IndoorRouting

/// `category:KIND` destinations on the campus: restrooms are two amenities (am-restroom-a2 in a2-restroom,
/// am-restroom-b0 in b0-restroom) and one unit with no amenity (b1-restroom).
@Suite struct NearestOfAKindTests {
    static let candidates = ["am-restroom-a2", "am-restroom-b0", "b1-restroom"]

    /// The chosen restroom is the one a route to each alone finds cheapest, under the same direction
    /// mode and avoidances; the arrival names it and `destinationIndex` is the request's destination.
    @Test func nearestRestroomRespectsModesAndAvoidances() throws {
        let venue = try VenueLoader.load(path: RouteTruthTests.campus)
        let router = IndoorRouter(venue: venue)
        let origins = ["am-info", "occ-reading-room", "occ-deans-office", "occ-lab", "am-first-aid", "occ-cafeteria"]
        var chosen: Set<String> = []
        for origin in origins {
            for (mode, avoid) in [(nil, []), ("accessible", []), (nil, [ConnectorKind.elevator]), (nil, [.stairs, .ramp])]
                as [(String?, Set<ConnectorKind>)]
            {
                var options = RouteOptions()
                options.directionMode = mode
                options.avoid = avoid
                var request = RouteRequest(
                    origin: .feature(id: origin), destinations: [.feature(id: "category:restroom")], options: options)
                let response = try router.route(request)
                let route = try #require(response.route, "\(origin) \(mode ?? "-") \(avoid)")
                // Each candidate on its own: the cheapest (strict avoidance first) is the one to pick.
                var best: (id: String, seconds: Double, relaxed: Bool)?
                for id in Self.candidates {
                    request.destinations = [.feature(id: id)]
                    guard let alone = try router.route(request).route else { continue }
                    let notices = alone.notices + alone.sections.flatMap(\.notices)
                    let relaxed = notices.contains { $0.code.rawValue.hasPrefix("violatedAvoid") }
                    let key = (relaxed ? 1 : 0, alone.durationSeconds)
                    if best == nil || key < ((best?.relaxed ?? false) ? 1 : 0, best?.seconds ?? .infinity) {
                        best = (id, alone.durationSeconds, relaxed)
                    }
                }
                let expected = try #require(best)
                let arrival = try #require(route.sections.last?.arrival)
                #expect(arrival.featureID == expected.id, "\(origin) \(mode ?? "-") \(avoid): \(arrival.featureID ?? "-")")
                #expect(abs(route.durationSeconds - expected.seconds) < 1e-6)
                #expect(route.destinationIndex == 0)
                #expect(arrival.name != nil || arrival.featureID == "b1-restroom")
                chosen.insert(arrival.featureID ?? "")
            }
        }
        #expect(chosen.count >= 2, "only \(chosen) chosen: the test would not tell candidates apart")
    }

    /// A kind the venue lacks is a destination that cannot be matched, listing the kinds it has; a
    /// category destination beside a plain one keeps the request's destination index.
    @Test func unknownKindAndMixedDestinations() throws {
        let venue = try VenueLoader.load(path: RouteTruthTests.campus)
        let router = IndoorRouter(venue: venue)
        let none = try router.route(RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "category:sauna")))
        #expect(none.route == nil)
        let notice = try #require(none.notices.first)
        #expect(notice.code == .couldNotMatchDestination)
        #expect(notice.details?.contains("'sauna'") == true && notice.details?.contains("restroom") == true)
        // am-atm is next to am-info: the plain destination (index 1) wins over every restroom (index 0).
        let mixed = try router.route(
            RouteRequest(origin: .feature(id: "am-info"), destinations: [.feature(id: "category:restroom"), .feature(id: "am-atm")]))
        #expect(mixed.route?.destinationIndex == 1)
        #expect(mixed.route?.sections.last?.arrival.featureID == "am-atm")
    }
}
