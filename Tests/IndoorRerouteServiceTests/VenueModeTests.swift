import Foundation
import IndoorJSON
import IndoorVenue
import Testing

/// Direction modes a venue defines (`indoornav.json`) are accepted by the service as by the CLI.
@Suite struct VenueModeTests {
    static let campus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings/venues/campus").path

    @Test func theCampusStrollerModeRoutesAndUnknownModesListTheVenuesOwn() throws {
        let f = try ServiceFixture(venues: [try VenueLoader.load(path: Self.campus)])
        let r = try f.client.request(
            "POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-deans-office","mode":"stroller"}"#)
        #expect(r.status == 200, "\(r.text)")
        // The stroller mode takes no stairs or escalators.
        let kinds = (try f.json(r)["sections"]?.array ?? []).flatMap { $0["maneuvers"]?.array ?? [] }
            .compactMap { $0["levelChange"]?["connector"]?.string }
        #expect(kinds.contains("elevator") && !kinds.contains("stairs") && !kinds.contains("escalator"))
        let bad = try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-lab","mode":"jetpack"}"#)
        #expect(bad.status == 422)
        #expect(bad.text.contains("stroller"))
    }
}
