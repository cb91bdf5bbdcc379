import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// Inputs found by fuzzing: unbounded metric labels, HEAD, duplicate JSON members, the first fix's raw
/// location.
@Suite struct HardeningTests {
    /// Methods outside the closed set are counted as `other`, so unique methods cannot grow `/metrics`.
    @Test func metricsMethodLabelsComeFromAClosedSet() throws {
        let f = try ServiceFixture()
        for k in 0..<50 {
            let method = "X" + String(repeating: "M", count: 100) + "\(k)"
            let r = f.service.handle(HTTPRequest(method: method, path: "/health"))
            #expect(r.status == 405)
        }
        _ = f.service.handle(HTTPRequest(method: "GET", path: "/health"))
        let text = try f.client.request("GET", "/metrics").text
        #expect(text.contains(#"indoornav_http_requests_total{route="/health",method="other",status="405"} 50"#))
        #expect(text.contains(#"indoornav_http_requests_total{route="/health",method="GET",status="200"} 1"#))
        #expect(!text.contains("MMMM"))
        #expect(ServiceMetrics.methodLabel("PATCH") == "PATCH" && ServiceMetrics.methodLabel("get") == "other")
    }

    /// HEAD is answered like GET without a body; on a path without GET it is 405 with `Allow`.
    @Test func headIsGetWithoutABody() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        for path in ["/health", "/venues", "/sessions/\(id)", "/metrics"] {
            let get = try f.client.request("GET", path)
            let head = try f.client.request("HEAD", path)
            #expect(head.status == get.status && head.status == 200, "\(path)")
            #expect(head.body.isEmpty, "\(path)")
            #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
        }
        #expect(try f.client.request("HEAD", "/sessions/nope").status == 404)
        let notAllowed = try f.client.request("HEAD", "/sessions/\(id)/locations")
        #expect(notAllowed.status == 405 && notAllowed.body.isEmpty)
        #expect(notAllowed.headers["allow"] == "POST")
        // Direct calls (no HTTP layer) get no body either.
        #expect(f.service.handle(HTTPRequest(method: "HEAD", path: "/health")).body.isEmpty)
        #expect(f.service.handle(HTTPRequest(method: "OPTIONS", path: "/health")).header("Allow") == "GET, HEAD, OPTIONS")
    }

    /// A member named twice in one object is a 400 naming it, at any depth.
    @Test func duplicateMembersAreRejectedByName() throws {
        let f = try ServiceFixture()
        let bodies = [
            (#"{"venue":"golden","destination":"office","venue":"golden"}"#, "venue"),
            (
                #"{"venue":"golden","destination":"office","location":{"x":0,"y":0,"x":1,"level":"L0","accuracyMeters":2,"timeSeconds":0}}"#,
                "x"
            ),
        ]
        for (body, key) in bodies {
            let r = try f.client.request("POST", "/sessions", body: body)
            #expect(r.status == 400, "\(body)")
            let error = try f.json(r)["error"]
            #expect(error?["message"]?.string?.contains("'\(key)'") == true, "\(r.text)")
            #expect(error?["line"]?.int == 1)
        }
        let id = try f.createSession()
        let r = try f.client.request(
            "POST", "/sessions/\(id)/locations", body: #"{"x":1,"y":0,"level":"L0","accuracyMeters":2,"timeSeconds":1,"timeSeconds":2}"#)
        #expect(r.status == 400 && r.text.contains("'timeSeconds'"))
        #expect(f.service.metrics.rejectedCount(reason: "malformedJSON") == 3)
    }

    /// A session created without a location reports the raw location of its first fix.
    @Test func firstFixKeepsItsRawLocation() throws {
        let f = try ServiceFixture()
        let created = try f.client.request("POST", "/sessions", body: #"{"venue":"golden","destination":"office"}"#)
        let id = try #require(try f.json(created)["id"]?.string)
        let first =
            #"{"x":0,"y":0,"level":"L0","accuracyMeters":2,"timeSeconds":0,"raw":{"x":0.7,"y":-0.4,"level":"L0","accuracyMeters":5,"timeSeconds":0}}"#
        let r = try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: first))
        let raw = try #require(r["progress"]?["rawLocation"])
        #expect(raw["x"]?.double == 0.7 && raw["y"]?.double == -0.4)
        // Also when created with a location that carries a raw one.
        let withLocation = try f.client.request(
            "POST", "/sessions", body: #"{"venue":"golden","destination":"office","location":"# + first + "}")
        #expect(try f.json(withLocation)["progress"]?["rawLocation"]?["x"]?.double == 0.7)
    }

    /// A fix re-sent with the time of the last applied one (a retry after a failover) is listed in
    /// `rejected`, not applied twice; a newer one is applied.
    @Test func repeatedFixIsNotAppliedTwice() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        let fix = ServiceFixture.fix(2, 0, "L0", t: 2)
        #expect(try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: fix))["rejected"]?.array?.isEmpty == true)
        let again = try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: fix))
        #expect(again["rejected"]?.array?.first?["reason"]?.string?.contains("the time of the last applied fix") == true)
        #expect(f.service.metrics.rejectedCount(reason: "staleFix") == 1)
        let newer = try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(3, 0, "L0", t: 3)))
        #expect(newer["rejected"]?.array?.isEmpty == true)
    }
}
