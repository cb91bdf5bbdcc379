import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorVenue
@testable import IndoorViewer

/// The viewer page as text: one group per level, the data the script reads, and typed errors.
@Suite struct ViewerPageTests {
    static let route: JSONValue = [
        "lengthMeters": 30, "durationSeconds": 25,
        "sections": [
            [
                "polyline": [["x": 0, "y": 0, "level": "L0"], ["x": 20, "y": 0, "level": "L0"], ["x": 35, "y": 20, "level": "L1"]],
                "maneuvers": [["action": "levelChange", "x": 35, "y": 20, "level": "L0", "instruction": "Take the lift"]],
            ]
        ],
    ]

    @Test func pageHasEveryLevelTheDataAndNoDownloads() throws {
        let venue = TestVenues.golden()
        let content = ViewerContent(
            routes: [Self.route],
            tracks: [
                ViewerTrack(
                    kind: .fused,
                    samples: [
                        .init(timeSeconds: 0, point: LocalPoint(x: 0, y: 0), levelID: "L0"),
                        .init(timeSeconds: 5, point: LocalPoint(x: 6, y: 0), levelID: "L0"),
                    ])
            ],
            events: [ViewerEvent(timeSeconds: 1, text: "Turn left"), ViewerEvent(timeSeconds: 4, text: "off route: 6 m", kind: .offRoute)])
        let html = try ViewerPage.html(venue: venue, content: content)
        #expect(html.components(separatedBy: "<g class=\"level\"").count - 1 == 2)
        // Top floor first in the switcher.
        let l1 = try #require(html.range(of: "<button type=\"button\" data-level=\"L1\"")),
            l0 = try #require(html.range(of: "<button type=\"button\" data-level=\"L0\""))
        #expect(l1.lowerBound < l0.lowerBound)
        #expect(html.contains("\"initialLevel\":\"L0\""))
        #expect(html.contains("\"kind\":\"other\",\"t\":1,\"text\":\"Turn left\""))
        #expect(html.contains("\"kind\":\"offRoute\""))
        #expect(!html.contains("<script src") && !html.contains("<link"))
        #expect(!html.contains("id=\"route-form\""), "a static page has no route form")
    }

    @Test func scriptDataCannotEndTheScriptElement() throws {
        let venue = TestVenues.golden()
        let html = try ViewerPage.html(venue: venue, content: ViewerContent(events: [ViewerEvent(timeSeconds: 0, text: "</script><b>x")]))
        #expect(!html.contains("</script><b>x"))
        #expect(html.contains("<\\/script><b>x"))
    }

    @Test func livePagesHaveTheFormAndVenueSwitcher() throws {
        var configuration = ViewerConfiguration.standard
        configuration.live = .init(venueID: "golden", venues: [("golden", "Golden"), ("other", "Other")], pollIntervalSeconds: 2)
        let html = try ViewerPage.html(venue: TestVenues.golden(), configuration: configuration)
        #expect(html.contains("id=\"route-form\""))
        #expect(html.contains("<option value=\"other\">Other</option>"))
        #expect(html.contains("\"pollMilliseconds\":2000"))
        for kind in ["elevator", "stairs"] { #expect(html.contains("value=\"\(kind)\"")) }
    }

    @Test func badRoutesNameTheirPath() {
        let venue = TestVenues.golden()
        let cases: [(JSONValue, String)] = [
            ([1], "routes[0].(top level)"),
            (["sections": "x"], "routes[0].sections"),
            (["sections": [["polyline": [["x": 1, "y": "a", "level": "L0"]]]]], "routes[0].sections[0].polyline[0]"),
            (["sections": [["polyline": [["x": 1, "y": 2, "level": "L7"]]]]], "routes[0].sections[0].polyline[0].level"),
            (["route": .null, "notices": []], "routes[0].route"),
        ]
        for (route, field) in cases {
            #expect(throws: ViewerError.self) { _ = try ViewerPage.html(venue: venue, content: ViewerContent(routes: [route])) }
            do { _ = try ViewerPage.html(venue: venue, content: ViewerContent(routes: [route])) } catch {
                guard case .badRoute(let f, _) = error else { Issue.record("wrong error \(error)"); continue }
                #expect(f == field)
            }
        }
    }

    @Test func configurationRangesAreChecked() {
        for change in [
            { (c: inout ViewerConfiguration) in c.canvasPixels = 10 }, { $0.marginMeters = -1 }, { $0.labelPixels = .nan },
            { $0.live = .init(venueID: "golden", venues: [], pollIntervalSeconds: 0.01) }, { $0.live = .init(venueID: "", venues: []) },
        ] {
            var c = ViewerConfiguration.standard
            change(&c)
            #expect(throws: ViewerError.self) { _ = try c.validated() }
        }
        #expect(throws: Never.self) { _ = try ViewerConfiguration.standard.validated() }
        var c = ViewerConfiguration.standard
        c.canvasPixels = 10
        #expect(throws: ViewerError.invalidConfiguration(field: "canvasPixels", reason: "10 is outside 200 ... 20000")) {
            _ = try c.validated()
        }
    }
}
