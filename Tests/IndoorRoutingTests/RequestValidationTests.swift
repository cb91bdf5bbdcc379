import IndoorGeometry
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

@Suite struct RequestValidationTests {
    let venue = TestVenues.golden()

    func expectBadRequest(_ request: RouteRequest, field: String) {
        do {
            _ = try IndoorRouter(venue: venue).route(request)
            Issue.record("expected badRequest(\(field))")
        } catch {
            guard case .badRequest(let f, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(f == field)
        }
    }

    @Test func waypointRules() {
        let base = RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "office"))
        var r = base
        r.waypoints = [Waypoint(.feature(id: "office"), stopDurationSeconds: 10, passThrough: true)]
        expectBadRequest(r, field: "waypoints[0]")
        r.waypoints = [Waypoint(.feature(id: "office"), stopDurationSeconds: 0)]
        expectBadRequest(r, field: "waypoints[0].stopDuration")
        r.waypoints = [Waypoint(.feature(id: "office"), stopDurationSeconds: 50_000)]
        expectBadRequest(r, field: "waypoints[0].stopDuration")
        r.waypoints = Array(repeating: Waypoint(.feature(id: "office")), count: 6)
        expectBadRequest(r, field: "waypoints")
        r = base
        r.destinationStopDurationSeconds = 0
        expectBadRequest(r, field: "destination.stopDuration")
        r = base
        r.destinations = []
        expectBadRequest(r, field: "destination")
    }

    @Test func speedRanges() {
        var r = RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "office"))
        r.options.walkingSpeedMetersPerSecond = 2.5
        expectBadRequest(r, field: "walkingSpeed")
        r.options.walkingSpeedMetersPerSecond = .nan
        expectBadRequest(r, field: "walkingSpeed")
        r.options.walkingSpeedMetersPerSecond = nil
        r.options.vehicleSpeedMetersPerSecond = 1.9
        expectBadRequest(r, field: "vehicleSpeed")
        r.options.vehicleSpeedMetersPerSecond = nil
        r.options.directionMode = "teleport"
        expectBadRequest(r, field: "mode")
    }

    @Test func unmatchedPlacesGiveCriticalNotices() throws {
        let router = IndoorRouter(venue: venue)
        let cases: [(RouteRequest, RouteNotice.Code)] = [
            (RouteRequest(from: .feature(id: "nowhere"), to: .feature(id: "office")), .couldNotMatchOrigin),
            (RouteRequest(from: .feature(id: "entrance"), to: .local(LocalPoint(x: 500, y: 500), level: "L0")), .couldNotMatchDestination),
            (RouteRequest(from: .feature(id: "entrance"), to: .local(LocalPoint(x: 1, y: 1), level: "L9")), .couldNotMatchDestination),
            (
                RouteRequest(
                    origin: .feature(id: "entrance"), destinations: [.feature(id: "office")],
                    waypoints: [Waypoint(.local(LocalPoint(x: -900, y: 0), level: "L0"))]), .couldNotMatchWaypoint
            ),
        ]
        for (request, code) in cases {
            let response = try router.route(request)
            #expect(response.route == nil)
            #expect(response.notices.contains { $0.code == code && $0.severity == .critical }, "\(response.notices)")
        }
    }

    @Test func prefixedAndExternalIDsResolve() throws {
        let router = IndoorRouter(venue: venue)
        for id in ["office", "ext-office", "default:office", "console:office"] {
            let r = try router.route(RouteRequest(from: .feature(id: "entrance"), to: .feature(id: id)))
            #expect(r.route?.sections.last?.arrival.featureID == "office")
        }
    }

    @Test func pedestrianIgnoresVehicleOptions() throws {
        var r = RouteRequest(from: .feature(id: "entrance"), to: .feature(id: "office"))
        r.options.enableOption = .routeHead
        r.options.vehicleSpeedMetersPerSecond = 3
        r.options.avoid = [.driveRamp]
        let codes = try IndoorRouter(venue: venue).route(r).notices.map(\.code)
        #expect(codes == [.ignoredVehicleEnable, .ignoredVehicleSpeed, .ignoredVehicleAvoidFeatures])
    }

    @Test(arguments: [
        ("office", Place.feature(id: "office")),
        ("12.5,-3@L1", Place.local(LocalPoint(x: 12.5, y: -3), level: "L1")),
        ("geo:52.5,13.4@0", Place.geographic(GeoCoordinate(latitudeDegrees: 52.5, longitudeDegrees: 13.4), level: "0")),
    ])
    func placeParsing(text: String, expected: Place) { #expect(Place.parse(text) == expected) }

    @Test(arguments: ["", "geo:95,10@L1", "geo:1,2", "geo:a,b@L1", "1,nan@L1"])
    func malformedPlaces(text: String) {
        let parsed = Place.parse(text)
        if case .feature = parsed { #expect(!text.hasPrefix("geo:") && text.contains("nan")) } else { #expect(parsed == nil) }
    }
}
