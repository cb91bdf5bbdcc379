import Foundation
import IndoorVenue
import Testing

@testable import IndoorRouting

/// The legs of a route between the campus buildings: the ramp in the link (x 40–48, no building's
/// footprint) is outdoors both ways, whichever wall it starts on.
@Suite struct LegContextTests {
    static let campus = RouteTruthTests.campus

    func legs(from a: String, to b: String) throws -> [RouteLegs.Leg] {
        let venue = try VenueLoader.load(path: Self.campus)
        let route = try #require(try IndoorRouter(venue: venue).route(RouteRequest(from: .feature(id: a), to: .feature(id: b))).route)
        return RouteLegs.legs(of: route, venue: venue)
    }

    /// The leg holding the ramp is outside on the venue, with no building, in both directions.
    @Test(arguments: [("am-info", "occ-reading-room"), ("occ-reading-room", "am-info")])
    func outdoorRampLegHasNoBuilding(_ places: (String, String)) throws {
        let legs = try legs(from: places.0, to: places.1)
        let ramp = try #require(legs.first { leg in leg.steps.contains { $0.maneuver.levelChange?.connectorKind == .ramp } })
        #expect(ramp.buildingID == nil, "ramp leg in \(ramp.buildingID ?? "-") on \(ramp.levelID)")
        #expect(ramp.context == .outsideOnVenue)
        #expect(ramp.steps.allSatisfy { $0.context == .outsideOnVenue })
        // Inside again after the entry: the last leg is in the destination's building.
        #expect(legs.last?.context == .insideBuilding)
        #expect(legs.last?.buildingID == (places.1 == "am-info" ? "bldg-main" : "bldg-library"))
    }

    /// A level change names the space it reaches: on the a0→a2 stairs the a2 stairs unit, not the one
    /// of the floor passed on the way (a1), as the elevator names a2's elevator.
    @Test func levelChangeNamesTheSpaceReached() throws {
        let router = IndoorRouter(venue: try VenueLoader.load(path: Self.campus))
        var request = RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-deans-office"))
        for (mode, kind, space) in [(nil, ConnectorKind.stairs, "a2-stairs"), ("accessible", .elevator, "a2-elevator")] {
            request.options.directionMode = mode
            let route = try #require(try router.route(request).route)
            let change = try #require(route.sections.flatMap(\.maneuvers).first { $0.action == .levelChange })
            #expect(change.levelChange?.connectorKind == kind)
            #expect(change.levelChange?.toLevelID == "lvl-a2")
            #expect(change.space?.id == space, "\(mode ?? "default"): \(change.space?.id ?? "-")")
        }
    }
}
