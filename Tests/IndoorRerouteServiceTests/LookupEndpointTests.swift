import Foundation
import IndoorJSON
import IndoorVenue
import Testing

/// `GET /venues/{id}/at` and `GET /venues/{id}/pois/{poi}` on the campus (responses checked against
/// docs/openapi.yaml by the test client).
@Suite struct LookupEndpointTests {
    func fixture() throws -> ServiceFixture { try ServiceFixture(venues: [try VenueLoader.load(path: VenueModeTests.campus)]) }

    /// The cash machine (5, 4) on the ground-floor corridor of the main building (x 0–40, y 0–20).
    @Test func pointLookup() throws {
        let f = try fixture()
        let venue = try VenueLoader.load(path: VenueModeTests.campus)
        let atm = try venue.poi("am-atm")
        let r = try f.client.request("GET", "/venues/campus/at?x=\(atm.position.x)&y=\(atm.position.y)&level=EG")
        #expect(r.status == 200, "\(r.text)")
        let body = try f.json(r)
        #expect(body["level"]?["id"]?.string == "lvl-a0")  // EG is the level's external id
        #expect(body["building"]?["id"]?.string == "bldg-main")
        #expect(body["space"]?["id"]?.string == atm.spaceID)
        #expect(body["poi"]?["id"]?.string == "am-atm")
        #expect((body["poi"]?["distanceMeters"]?.double ?? 9) < 0.01)
        // Between the buildings (x 40–48): outdoors, no building.
        let link = try f.json(try f.client.request("GET", "/venues/campus/at?x=44&y=10&level=lvl-a0"))
        #expect(link["building"]?.isNull == true)
        // Far away: 200 with nothing there.
        let far = try f.json(try f.client.request("GET", "/venues/campus/at?x=900&y=900&level=lvl-a0"))
        #expect(far["space"]?.isNull == true && far["poi"]?.isNull == true && far["building"]?.isNull == true)
    }

    /// Malformed lookups name the parameter.
    @Test func pointLookupErrors() throws {
        let f = try fixture()
        for (query, status, field) in [
            ("y=1&level=lvl-a0", 400, "x"), ("x=abc&y=1&level=lvl-a0", 400, "x"), ("x=nan&y=1&level=lvl-a0", 400, "x"),
            ("x=1&y=1", 400, "level"), ("x=1&y=1&level=nowhere", 422, "level"), ("x=1&y=1&level=1", 422, "level"),
            ("x=1&y=1e9&level=lvl-a0", 422, "y"),
        ] {
            let r = try f.client.request("GET", "/venues/campus/at?\(query)")
            #expect(r.status == status, "\(query): \(r.status) \(r.text)")
            #expect(try f.json(r)["error"]?["field"]?.string == field, "\(query): \(r.text)")
        }
        #expect(try f.client.request("GET", "/venues/nowhere/at?x=1&y=1&level=0").status == 404)
        #expect(try f.client.request("POST", "/venues/campus/at?x=1&y=1&level=0").status == 405)
    }

    /// A POI by id or external id: its names in every language, ids, level, space and building.
    @Test func poiDetails() throws {
        let f = try fixture()
        for reference in ["am-atm", "ATM-01"] {
            let r = try f.client.request("GET", "/venues/campus/pois/\(reference)?lang=de")
            #expect(r.status == 200, "\(reference): \(r.text)")
            let body = try f.json(r)
            #expect(body["id"]?.string == "am-atm")
            #expect(body["kind"]?.string == "poi")
            #expect(body["externalIds"]?.array?.compactMap(\.string) == ["ATM-01"])
            #expect(body["name"]?.string == "Geldautomat")
            #expect(body["names"]?["en"]?.string == "Cash machine")
            #expect(body["category"]?.string == "atm")
            #expect(body["level"]?.string == "lvl-a0" && body["levels"]?.array?.count == 1)
            #expect(body["space"]?["id"]?.string == "a0-corridor")
            #expect(body["building"]?.string == "bldg-main")
        }
        let cafeteria = try f.json(try f.client.request("GET", "/venues/campus/pois/SAP-4711"))
        #expect(cafeteria["id"]?.string == "occ-cafeteria")
        let missing = try f.client.request("GET", "/venues/campus/pois/no-such-poi")
        #expect(missing.status == 404)
        #expect(try f.client.request("GET", "/venues/campus/pois/am-atm?lang=").status == 422)
    }
}

/// `"to": "category:KIND"` in the service: the nearest place of the kind, named in the arrival.
@Suite struct NearestOfAKindEndpointTests {
    @Test func nearestRestroomAndUnknownKind() throws {
        let f = try ServiceFixture(venues: [try VenueLoader.load(path: VenueModeTests.campus)])
        let r = try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"category:restroom"}"#)
        #expect(r.status == 200, "\(r.text)")
        let arrival = try f.json(r)["sections"]?.array?.last?["arrival"]
        #expect(arrival?["id"]?.string == "am-restroom-b0")
        #expect(arrival?["name"]?.string == "Restrooms")
        let none = try f.json(try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"category:sauna"}"#))
        #expect(none["route"]?.isNull == true)
        #expect(none["notices"]?.array?.first?["code"]?.string == "couldNotMatchDestination")
    }
}

/// `"alternatives": N` in the service (answers checked against docs/openapi.yaml).
@Suite struct AlternativeRoutesEndpointTests {
    @Test func alternativesAndBadCounts() throws {
        let f = try ServiceFixture(venues: [try VenueLoader.load(path: VenueModeTests.campus)])
        let r = try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-deans-office","alternatives":4}"#)
        #expect(r.status == 200, "\(r.text)")
        let body = try f.json(r)
        let list = try #require(body["alternatives"]?.array)
        #expect(!list.isEmpty && list.count <= 3)
        let best = try #require(body["durationSeconds"]?.double)
        for alt in list { #expect((alt["durationSeconds"]?.double ?? 0) >= best - 1e-6) }
        #expect(
            try f.json(try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-lab"}"#))["alternatives"]
                == nil)
        for bad in ["0", "6", "\"two\""] {
            let e = try f.client.request(
                "POST", "/venues/campus/routes", body: "{\"from\":\"am-info\",\"to\":\"occ-lab\",\"alternatives\":\(bad)}")
            #expect(e.status == 400 || e.status == 422, "\(bad): \(e.status)")
            #expect(try f.json(e)["error"]?["field"]?.string == "alternatives", "\(e.text)")
        }
    }
}
