import Foundation
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorRouting

/// Vehicle enable options on the generated venue (`venue generate --levels 2 --size 0.2 --parking 1
/// --corridors 2`): parking P1 has aisles for cars and people, the towers' rooms are for people only.
@Suite struct VehicleConditionTests {
    static func venue() throws -> Venue {
        try GeneratedVenues.load(.sized(levels: 2, parking: 1, corridors: 2, scale: 0.2))
    }

    func route(
        _ router: IndoorRouter, from a: String, to b: String, transport: TransportMode, enable: VehicleEnableOption
    ) throws -> RouteResponse {
        var request = RouteRequest(from: .feature(id: a), to: .feature(id: b))
        request.options.transportMode = transport
        request.options.enableOption = enable
        return try router.route(request)
    }

    /// A classroom is no place to start driving: `routeHead` from one is relaxed to walking with both
    /// notices, and no car section (formerly a 0.004 m "depart, changeTransport" one) appears. Likewise
    /// `routeTail` must end driving; a destination only people reach is relaxed and reported, not silently walked.
    @Test(arguments: [
        ("T2-L1-1N03", "T1-L0-1S08", TransportMode.car, VehicleEnableOption.routeHead, RouteNotice.Code.violatedRouteHeadCondition),
        ("T1-P1-1S05", "T2-L1-1N03", .taxi, .routeTail, .violatedRouteTailCondition),
    ])
    func aRoomAtTheDrivingEndIsReported(
        from: String, to: String, transport: TransportMode, enable: VehicleEnableOption, condition: RouteNotice.Code
    ) throws {
        let router = IndoorRouter(venue: try Self.venue())
        let response = try route(router, from: from, to: to, transport: transport, enable: enable)
        let route = try #require(response.route)
        #expect(route.sections.allSatisfy { $0.transportMode == .pedestrian })
        let codes = response.notices.map(\.code)
        #expect(codes.contains(condition) && codes.contains(.violatedTransportMode), "\(enable) \(from) → \(to): \(codes)")
    }

    /// From a parking bay `routeHead` drives first, then walks; `routeTail` to one walks, then drives.
    /// Every car section is a real drive (more than one metre) and no notice is given.
    @Test func headAndTailFromParking() throws {
        let router = IndoorRouter(venue: try Self.venue())
        let head = try route(router, from: "T1-P1-1S05", to: "T2-L1-1N03", transport: .car, enable: .routeHead)
        let tail = try route(router, from: "T2-L1-1N03", to: "T1-P1-1S05", transport: .taxi, enable: .routeTail)
        #expect(try #require(head.route).sections.map(\.transportMode) == [.car, .pedestrian])
        #expect(try #require(tail.route).sections.map(\.transportMode) == [.pedestrian, .taxi])
        for response in [head, tail] {
            #expect(response.notices.isEmpty, "\(response.notices.map(\.code))")
            for section in response.route?.sections ?? [] where section.transportMode != .pedestrian {
                #expect(section.lengthMeters > 1, "car section of \(section.lengthMeters) m")
            }
        }
    }
}
