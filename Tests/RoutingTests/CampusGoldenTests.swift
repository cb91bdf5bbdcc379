import Foundation
import Testing
import IndoorGeometry
import Venue
@testable import Routing

/// Instructions on the bundled campus (`Recordings/venues/campus`, made by `Tools/venues/make_campus.py`).
///
/// Expected from the campus geometry, by hand: the information desk is at (5, 10) in the main
/// building's ground-floor corridor; the escalator unit spans (24–30, 12–20) with its door at x = 27 on
/// the corridor's north wall and runs up only; on the first floor the bridge leaves the corridor at
/// (40, 10) and reaches the library's upper floor (same ordinal) at (48, 10); the staff lounge is at
/// (60, 16) behind a door on the library corridor's north wall at x = 62. So: east along the corridor,
/// left (north) into the escalator, up; on the first floor south out of the escalator then east (a
/// left turn) to the bridge, across; east along the library corridor, left (north) into the lounge.
@Suite struct CampusGoldenTests {
    static let campus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/venues/campus").path

    @Test func informationDeskToStaffLounge() throws {
        let venue = try VenueLoader.load(path: Self.campus)
        let response = try IndoorRouter(venue: venue).route(RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-staff-lounge")))
        let route = try #require(response.route)
        #expect(route.sections.count == 2)
        #expect(route.sections[0].transition?.transitionTypeID == "bridge")
        #expect(route.sections.flatMap(\.maneuvers).map(\.instruction) == [
            "Head east from Information desk and continue for 20 m",
            "Turn left and continue for 4 m",
            "Take the escalator up to Main building, first floor",
            "Turn left and continue for 15 m",
            "Take the passage to Library, upper floor",
            "Head east and continue for 15 m",
            "Turn left and continue for 4 m",
            "Arrive at Staff lounge",
        ])
        let german = try IndoorRouter(venue: venue).route({
            var r = RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-staff-lounge"))
            r.options.language = "de"
            return r
        }())
        #expect(german.route?.sections.last?.maneuvers.last?.instruction == "Sie haben Personalraum erreicht")
    }
}
