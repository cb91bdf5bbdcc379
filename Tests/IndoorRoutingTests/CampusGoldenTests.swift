import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorVenue
import Testing

@testable import IndoorRouting

/// Instructions on the bundled campus (`Recordings/venues/campus`, made by `Tools/venues/make_campus.py`).
///
/// Expected from the campus geometry, by hand: the information desk is at (5, 10) in the main
/// building's ground-floor corridor; the escalator unit spans (24–30, 12–20) with its door at x = 27 on
/// the corridor's north wall and runs up only; on the first floor the bridge leaves the corridor at
/// (40, 10) and reaches the library's upper floor (same ordinal) at (48, 10); the staff lounge is at
/// (60, 16) behind a door on the library corridor's north wall at x = 62. So: east along the corridor,
/// left (north) into the escalator, up; on the first floor south out of the escalator then east (a
/// left turn) to the bridge, out of the main building's footprint (x 0–40), across and into the library's
/// (x 48–68); east along the library corridor, left (north) into the lounge.
@Suite struct CampusGoldenTests {
    static let campus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/venues/campus").path

    @Test func informationDeskToStaffLounge() throws {
        let venue = try VenueLoader.load(path: Self.campus)
        let response = try IndoorRouter(venue: venue).route(
            RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-staff-lounge")))
        let route = try #require(response.route)
        #expect(route.sections.count == 2)
        #expect(route.sections[0].transition?.transitionTypeID == "bridge")
        #expect(
            route.sections.flatMap(\.maneuvers).map(\.instruction) == [
                "Head east from Information desk and continue for 20 m",
                "Turn left and continue for 4 m",
                "Take the escalator up to Main building, first floor",
                "Turn left and continue for 15 m",
                // The bridge (x 40–48) lies outside both buildings' footprints.
                "Exit Main building and continue for 4 m",
                "Take the passage to Library, upper floor",
                "Enter Library",
                "Head east and continue for 15 m",
                "Turn left and continue for 4 m",
                "Arrive at Staff lounge",
            ])
        let german = try IndoorRouter(venue: venue).route(
            {
                var r = RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-staff-lounge"))
                r.options.language = "de"
                return r
            }())
        #expect(german.route?.sections.last?.maneuvers.last?.instruction == "Sie haben Personalraum erreicht")
    }
}

@Suite struct VenueDirectionModeTests {
    /// The campus configures a "stroller" mode without stairs or escalators at 1.0 m/s
    /// (`Recordings/venues/campus/indoornav.json`).
    @Test func venueModesJoinTheBuiltInOnes() throws {
        let venue = try VenueLoader.load(path: CampusGoldenTests.campus)
        #expect(venue.directionModes.map(\.name) == ["stroller"])
        let modes = DirectionMode.modes(for: venue)
        #expect(Set(modes.keys) == ["default", "accessible", "stroller"])
        let router = IndoorRouter(venue: venue)
        var request = RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-deans-office"))
        let plain = try #require(try router.route(request).route)
        #expect(plain.sections.flatMap(\.maneuvers).contains { [.stairs, .escalator].contains($0.levelChange?.connectorKind) })
        request.options.directionMode = "stroller"
        let stroller = try #require(try router.route(request).route)
        let kinds = stroller.sections.flatMap(\.maneuvers).compactMap { $0.levelChange?.connectorKind }
        #expect(!kinds.contains(.stairs) && !kinds.contains(.escalator) && kinds.contains(.elevator))
        // Slower walking: the walking part takes length / 1.0 m/s.
        #expect(stroller.durationSeconds > stroller.lengthMeters / 1.0 - 1e-6)
    }

    @Test func malformedModesAreReportedAndSkipped() {
        var issues: [VenueIssue] = []
        let json: JSONValue = [
            "direction_modes": [
                ["name": "a", "exclude": ["teleporter"]], ["exclude": []],
                ["name": "b", "walking_speed_mps": 9], ["name": "ok", "exclude": ["stairs"]],
            ]
        ]
        let file = VenueExtensionFile.parse(json, file: "indoornav.json", issues: &issues)
        #expect(file.directionModes.map(\.name) == ["ok"])
        #expect(issues.filter { $0.severity == .error }.count == 3)
        #expect(issues.contains { $0.location.field == "direction_modes[0].exclude" && $0.message.contains("teleporter") })
    }
}
