import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// `POST /venues/{id}/closures` and `DELETE /venues/{id}/closures/{closureId}` on the golden venue
/// (entrance → lobby → lift → office, or the long way by the stairs).
@Suite struct ClosureEndpointTests {
    func connectors(_ route: JSONValue) -> [String] {
        (route["sections"]?.array ?? []).flatMap { $0["maneuvers"]?.array ?? [] }.compactMap { $0["levelChange"]?["connectorId"]?.string }
    }

    @Test func closingAndReopeningChangesRoutes() throws {
        let f = try ServiceFixture()
        let body = #"{"from":"entrance","to":"office"}"#
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))) == ["lift"])
        let created = try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift","reason":"maintenance"}"#)
        #expect(created.status == 201, "\(created.text)")
        let closure = try f.json(created)
        let id = try #require(closure["id"]?.string)
        #expect(created.headers["location"] == "/venues/golden/closures/\(id)")
        #expect(closure["active"]?.bool == true)
        #expect(closure["closedEdges"]?.double == 1)
        #expect(closure["endsInSeconds"] == .null)
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))) == ["stairs"])
        // No other way: the route passes with a violatedClosure notice.
        let stairs = try f.json(try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"stairs"}"#))
        let forced = try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))
        #expect(forced["notices"]?.array?.contains { $0["code"]?.string == "violatedClosure" } == true)
        #expect(try f.client.request("DELETE", "/venues/golden/closures/\(try #require(stairs["id"]?.string))").status == 204)
        #expect(try f.client.request("DELETE", "/venues/golden/closures/\(id)").status == 204)
        #expect(try f.client.request("DELETE", "/venues/golden/closures/\(id)").status == 404)
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))) == ["lift"])
    }

    @Test func timeWindowsApplyOnlyWithinThem() throws {
        let f = try ServiceFixture()
        let body = #"{"from":"entrance","to":"office"}"#
        let c = try f.json(
            try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift","startsInSeconds":60,"durationSeconds":120}"#))
        #expect(c["active"]?.bool == false)
        #expect(c["startsInSeconds"]?.double == 60 && c["endsInSeconds"]?.double == 180)
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))) == ["lift"])
        f.clock.advance(by: 61)
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))) == ["stairs"])
        f.clock.advance(by: 120)
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: body))) == ["lift"])
    }

    @Test func sessionThroughANewClosureIsReroutedOnce() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        _ = try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(3, 0, "L0", t: 2))
        #expect(try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift"}"#).status == 201)
        func closureReroutes(_ t: Double) throws -> Int {
            let r = try f.json(
                try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(3 + t, 0, "L0", t: 2 + t)))
            return r["events"]?.array?.filter { $0["type"]?.string == "rerouted" && $0["reason"]?.string == "closure" }.count ?? -1
        }
        #expect(try closureReroutes(1) == 1)
        #expect(try closureReroutes(2) == 0)
        #expect(try closureReroutes(3) == 0)
        let session = try f.json(try f.client.request("GET", "/sessions/\(id)"))
        #expect(connectors(try #require(session["route"])) == ["stairs"])
    }

    @Test func badBodiesAndUnknownIDsAreTypedErrors() throws {
        let f = try ServiceFixture()
        let cases: [(String, String, Int, String?)] = [
            ("/venues/golden/closures", "{", 400, nil),
            ("/venues/golden/closures", "[]", 400, nil),
            ("/venues/golden/closures", "{}", 400, "target"),
            ("/venues/golden/closures", #"{"target":5}"#, 400, "target"),
            ("/venues/golden/closures", #"{"target":""}"#, 400, "target"),
            ("/venues/golden/closures", #"{"target":"lift","colour":"red"}"#, 400, "colour"),
            ("/venues/golden/closures", #"{"target":"lift","durationSeconds":-5}"#, 422, "durationSeconds"),
            ("/venues/golden/closures", #"{"target":"lift","startsInSeconds":"soon"}"#, 400, "startsInSeconds"),
            ("/venues/golden/closures", #"{"target":"no-such-door"}"#, 404, nil),
            ("/venues/golden/closures", #"{"target":"edge:99"}"#, 404, nil),
            ("/venues/nowhere/closures", #"{"target":"lift"}"#, 404, nil),
        ]
        for (path, body, status, field) in cases {
            let r = try f.client.request("POST", path, body: body)
            #expect(r.status == status, "\(body) → \(r.status) \(r.text)")
            if let field { #expect(r.text.contains(field), "\(body): \(r.text)") }
        }
        #expect(try f.client.request("DELETE", "/venues/golden/closures/c99").status == 404)
        #expect(try f.client.request("DELETE", "/venues/nowhere/closures/c1").status == 404)
        #expect(try f.client.request("GET", "/venues/golden/closures/c1").status == 405)
    }
}
