import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import Testing

@testable import IndoorRerouteService

/// `POST /sessions` with a deep link as the destination (the golden venue: office on L1, building B).
@Suite struct DeepLinkSessionTests {
    private func create(_ f: ServiceFixture, _ body: String) throws -> (status: Int, json: JSONValue?) {
        let r = try f.client.request("POST", "/sessions", body: body)
        return (r.status, try? f.json(r))
    }

    private var start: String { ServiceFixture.fix(0, 0, "L0", t: 0) }

    @Test func aDeepLinkIsTheDestination() throws {
        let f = try ServiceFixture()
        // The link's placeId stands for the venue; L1 holds the office.
        let r = try create(f, #"{"deepLink":"indoornav://navigate?placeId=golden&sectionId=L1&poiId=office","location":\#(start)}"#)
        #expect(r.status == 201)
        let started = try #require(r.json?["events"]?.array?.first { $0["type"]?.string == "started" })
        #expect(started["destinationId"]?.string == "office")
        #expect(r.json?["route"]?["sections"]?.array?.last?["arrival"]?["level"]?.string == "L1")
        // Building B holds L1: the office is in that section too; the venue may be given as well.
        let b = try create(f, #"{"venue":"golden","deepLink":"app://x?sectionId=B&poiId=ext-office","location":\#(start)}"#)
        #expect(b.status == 201)
    }

    @Test func badDeepLinksAreRefusedWithTheField() throws {
        let f = try ServiceFixture()
        let cases: [(String, Int, String)] = [
            // The office is on L1, not in section L0: contradictory, not silently L1.
            (#"{"deepLink":"app://x?placeId=golden&sectionId=L0&poiId=office"}"#, 422, "not in section 'L0'"),
            (#"{"deepLink":"app://x?placeId=golden&poiId=nowhere"}"#, 422, "no POI 'nowhere'"),
            (#"{"deepLink":"app://x?placeId=golden&sectionId=L1"}"#, 422, "needs a poiId"),
            (#"{"deepLink":"app://x?placeId=golden&poiId=office&poiId=office"}"#, 400, "given more than once"),
            (#"{"deepLink":"not a link"}"#, 400, "is not a URL"),
            // Well-formed, but it names no venue and none is given.
            (#"{"deepLink":"app://x?poiId=office"}"#, 422, "names no place (placeId) and no venue is given"),
            (#"{"poiId":"office"}"#, 400, "unknown field"),
            (#"{"venue":"other","deepLink":"app://x?poiId=office"}"#, 404, "other"),
            (#"{"venue":"golden","deepLink":"app://x?placeId=elsewhere&poiId=office"}"#, 422, "is not the loaded venue"),
            (#"{"venue":"golden","destination":"office","deepLink":"app://x?poiId=office"}"#, 400, "not both"),
        ]
        for (body, status, fragment) in cases {
            let r = try f.client.request("POST", "/sessions", body: body)
            #expect(r.status == status, "\(body): \(r.status) \(r.text)")
            #expect(r.text.contains(fragment), "\(body): \(r.text)")
        }
    }

    /// Posted fixes enter as manual fixes: the provider keeps the posted source and refuses what it
    /// refuses for any manual fix.
    @Test func postedFixesEnterThroughTheManualProvider() {
        let fix = IndoorLocation(point: LocalPoint(x: 3, y: 4), levelID: "L0", accuracyMeters: 2, timeSeconds: 5, source: "phone")
        #expect(ServiceSession.intake(fix)?.source == "phone")
        #expect(ServiceSession.intake(fix) == fix)
        var bad = fix
        bad.levelProbability = 2
        #expect(ServiceSession.intake(bad) == nil)
    }
}
