import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// Every endpoint over real HTTP on the golden venue.
@Suite struct EndpointTests {
    @Test func healthAndVenues() throws {
        let f = try ServiceFixture()
        let health = try f.client.request("GET", "/health")
        #expect(health.status == 200)
        #expect(try f.json(health)["status"]?.string == "ok")
        #expect(try f.json(health)["venues"]?.double == 1)
        let venues = try f.json(try f.client.request("GET", "/venues"))
        let golden = try #require(venues["venues"]?.array?.first)
        #expect(golden["id"]?.string == "golden")
        #expect(golden["levels"]?.array?.compactMap { $0["id"]?.string } == ["L0", "L1"])
        #expect(golden["languages"]?.array?.compactMap(\.string) == ["de", "en"])
    }

    @Test func poisSearchLanguageAndErrors() throws {
        let f = try ServiceFixture()
        let all = try f.json(try f.client.request("GET", "/venues/golden/pois"))
        // Two POIs plus named walkable spaces without a POI (Corridor, Lobby); the office room holds a POI.
        let ids = Set(all["pois"]?.array?.compactMap { $0["id"]?.string } ?? [])
        #expect(ids.isSuperset(of: ["office", "entrance"]))
        let office = try f.json(try f.client.request("GET", "/venues/golden/pois?q=b%C3%BCro&lang=de"))
        #expect(office["pois"]?.array?.first?["id"]?.string == "office")
        #expect(office["pois"]?.array?.first?["name"]?.string == "Büro 101")
        #expect(try f.client.request("GET", "/venues/nowhere/pois").status == 404)
        let badUniverse = try f.client.request("GET", "/venues/golden/pois?universe=staff")
        #expect(badUniverse.status == 422)
        #expect(try f.json(badUniverse)["error"]?["field"]?.string == "universe")
    }

    @Test func routeMatchesTheHandComputedLength() throws {
        let f = try ServiceFixture()
        let r = try f.client.request("POST", "/venues/golden/routes", body: #"{"from":"entrance","to":"office"}"#)
        #expect(r.status == 200)
        let route = try f.json(r)
        // Corridor 20 + 15, door 5, lobby 15, lift 4, walkway 12.2 = 71.2 m (the stairs way is 120.2 m).
        let length = try #require(route["lengthMeters"]?.double)
        #expect(abs(length - 71.2) < 0.01)
        #expect(route["sections"]?.array?.isEmpty == false)
        // Same request with a point origin and array destinations.
        let r2 = try f.client.request(
            "POST", "/venues/golden/routes",
            body: #"{"from":{"x":0,"y":0,"level":"L0"},"to":["office"],"optimize":"shortest","lang":"de"}"#)
        #expect(r2.status == 200)
        #expect(abs((try f.json(r2)["lengthMeters"]?.double ?? 0) - 71.2) < 0.01)
        // A valid request without a route: 200 with route null and a CRITICAL notice, as the CLI prints.
        let none = try f.json(try f.client.request("POST", "/venues/golden/routes", body: #"{"from":"entrance","to":"nowhere"}"#))
        #expect(none["route"]?.isNull == true)
        #expect(none["notices"]?.array?.first?["severity"]?.string == "CRITICAL")
    }

    @Test func sessionLifecycle() throws {
        let f = try ServiceFixture()
        let created = try f.client.request(
            "POST", "/sessions",
            body: "{\"venue\":\"golden\",\"destination\":\"office\",\"location\":\(ServiceFixture.fix(0, 0, "L0", t: 0))}")
        #expect(created.status == 201)
        let body = try f.json(created)
        let id = try #require(body["id"]?.string)
        #expect(created.headers["location"] == "/sessions/\(id)")
        #expect(body["state"]?["type"]?.string == "navigating")
        #expect(abs((body["route"]?["lengthMeters"]?.double ?? 0) - 71.2) < 0.01)
        #expect(body["events"]?.array?.first?["type"]?.string == "started")

        let moved = try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(5, 0.5, "L0", t: 4)))
        let traveled = try #require(moved["progress"]?["distanceTraveledMeters"]?.double)
        #expect(abs(traveled - 5) < 0.5)
        #expect(abs((moved["snappedLocation"]?["y"]?.double ?? 9) - 0) < 0.01)

        let batch = ServiceFixture.walk(from: .init(x: 5, y: 0), to: .init(x: 15, y: 0), level: "L0", t0: 4)
        let afterBatch = try f.json(
            try f.client.request("POST", "/sessions/\(id)/locations", body: "{\"locations\":[\(batch.joined(separator: ","))]}"))
        #expect(abs((afterBatch["progress"]?["distanceTraveledMeters"]?.double ?? 0) - 15) < 0.5)

        let got = try f.json(try f.client.request("GET", "/sessions/\(id)"))
        #expect(got["id"]?.string == id)
        #expect(got["route"]?.object != nil)
        let transition = try f.client.request("POST", "/sessions/\(id)/transition")
        #expect(transition.status == 200)
        #expect(try f.json(transition)["events"]?.array?.isEmpty == true)

        // Ending a navigating session reports it stopped; a second DELETE finds nothing (204).
        let deleted = try f.client.request("DELETE", "/sessions/\(id)")
        #expect(deleted.status == 200)
        let stopped = try #require(try f.json(deleted)["events"]?.array?.first)
        #expect(stopped["type"]?.string == "stopped")
        #expect(stopped["reason"]?.string == "cancelled", "\(stopped)")
        #expect(try f.client.request("DELETE", "/sessions/\(id)").status == 204)
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 404)
    }

    @Test func sessionWithoutLocationStartsWithTheFirstFix() throws {
        let f = try ServiceFixture()
        let created = try f.json(
            try f.client.request("POST", "/sessions", body: #"{"venue":"golden","destination":{"x":47.2,"y":20,"level":"L1"}}"#))
        #expect(created["state"]?["type"]?.string == "waitingForLocation")
        #expect(created["route"]?.isNull == true)
        let id = try #require(created["id"]?.string)
        let first = try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(0, 0, "L0", t: 0)))
        #expect(first["state"]?["type"]?.string == "navigating")
        #expect(first["events"]?.array?.first?["type"]?.string == "started")
    }

    @Test func metricsCountRequestsSessionsAndRejections() throws {
        let f = try ServiceFixture()
        _ = try f.createSession()
        _ = try f.client.request("POST", "/sessions", body: "{")
        _ = try f.client.request("GET", "/health")
        let text = try f.client.request("GET", "/metrics")
        #expect(text.status == 200)
        #expect(text.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = Set(text.text.split(separator: "\n").map(String.init))
        #expect(lines.contains(#"indoornav_http_requests_total{route="/sessions",method="POST",status="201"} 1"#))
        #expect(lines.contains(#"indoornav_http_requests_total{route="/sessions",method="POST",status="400"} 1"#))
        #expect(lines.contains(#"indoornav_http_requests_total{route="/health",method="GET",status="200"} 1"#))
        #expect(lines.contains("indoornav_sessions_live 1"))
        #expect(lines.contains(#"indoornav_rejected_inputs_total{reason="malformedJSON"} 1"#))
        #expect(lines.contains(#"indoornav_http_request_duration_seconds_bucket{le="+Inf"} 3"#))
    }
}
