import Foundation
import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorRerouteService

/// The service contract: the OpenAPI document itself, the checker that validates every response the
/// integration tests receive, and the WGS84 positions, venue reference points and level bounds.
@Suite struct ContractTests {
    @Test(
        .enabled(
            if: OpenAPIChecker.packagesAreInstalled,
            "needs python3 with openapi-spec-validator and jsonschema (Tools/test.sh installs them)")
    )
    func documentIsValidOpenAPI31() throws {
        // The response checks must be running too: they stop (and skip) when the document does not load.
        #expect(OpenAPIChecker.shared.isAvailable, "\(OpenAPIChecker.shared.unavailableReason ?? "")")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [OpenAPIChecker.python, OpenAPIChecker.script, "spec", OpenAPIChecker.document]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("valid OpenAPI 3.1"))
    }

    @Test(.enabled(if: OpenAPIChecker.shared.isAvailable, "needs python3 with openapi-spec-validator and jsonschema"))
    func checkerRejectsAnswersOutsideTheDocument() {
        let checker = OpenAPIChecker.shared
        let health = Array(#"{"status":"ok","venues":1,"sessions":0}"#.utf8)
        #expect(checker.problem(method: "GET", path: "/health", status: 200, contentType: "application/json", body: health) == nil)
        // A location without its WGS84 position, an undocumented status, a wrong content type.
        let session = Array(
            #"{"id":"a","venue":"v","state":{"type":"navigating"},"progress":null,"events":[],"rejected":[],"snappedLocation":{"x":1,"y":2,"level":"L0","accuracyMeters":1,"timeSeconds":0,"levelProbability":1,"source":"client"}}"#
                .utf8)
        let missing = checker.problem(method: "GET", path: "/sessions/a", status: 200, contentType: "application/json", body: session)
        #expect(missing?.contains("latitude") == true, "\(missing ?? "accepted")")
        #expect(checker.problem(method: "GET", path: "/health", status: 418, contentType: "application/json", body: health) != nil)
        #expect(checker.problem(method: "GET", path: "/health", status: 200, contentType: "text/html", body: health) != nil)
        // rawLocation: null is valid (the 3.0 document rejected it).
        let nullRaw = Array(
            #"{"id":"a","venue":"v","state":{"type":"waitingForLocation"},"progress":null,"events":[],"rejected":[],"snappedLocation":null,"route":null}"#
                .utf8)
        #expect(checker.problem(method: "GET", path: "/sessions/a", status: 200, contentType: "application/json", body: nullRaw) == nil)
    }

    @Test func routesLocationsAndPOIsCarryWGS84BesideLocalMetres() throws {
        let f = try ServiceFixture()
        let frame = try #require(f.service.venues["golden"]?.venue.frame)
        func checkPosition(_ v: JSONValue?, _ what: String) {
            guard let v, let x = v["x"]?.double, let y = v["y"]?.double, let lat = v["latitude"]?.double, let lon = v["longitude"]?.double
            else {
                Issue.record("\(what): no x, y, latitude, longitude in \(v?.serialized() ?? "nil")"); return
            }
            let back = frame.localPoint(from: GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon))
            // 7 decimals of a degree are about 1 cm; the local values are rounded to 1 mm.
            #expect(back.distance(to: LocalPoint(x: x, y: y)) < 0.03, "\(what)")
        }
        let route = try f.json(try f.client.request("POST", "/venues/golden/routes", body: #"{"from":"entrance","to":"office"}"#))
        let section = try #require(route["sections"]?.array?.first)
        for (k, p) in (section["polyline"]?.array ?? []).enumerated() { checkPosition(p, "polyline[\(k)]") }
        for (k, m) in (section["maneuvers"]?.array ?? []).enumerated() { checkPosition(m, "maneuvers[\(k)]") }
        checkPosition(section["departure"], "departure")
        let pois = try f.json(try f.client.request("GET", "/venues/golden/pois"))
        for p in pois["pois"]?.array ?? [] { checkPosition(p, "poi \(p["id"]?.string ?? "?")") }
        let id = try f.createSession()
        let moved = try f.json(try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(5, 0, "L0", t: 2)))
        checkPosition(moved["snappedLocation"], "snappedLocation")
        checkPosition(moved["progress"]?["fusedLocation"], "fusedLocation")
    }

    @Test func venuesGiveTheReferencePointAndLevelBounds() throws {
        let f = try ServiceFixture()
        let venue = try #require(f.service.venues["golden"]?.venue)
        let listed = try #require(try f.json(try f.client.request("GET", "/venues"))["venues"]?.array?.first)
        #expect(abs((listed["reference"]?["latitude"]?.double ?? 0) - venue.frame.reference.latitudeDegrees) < 1e-7)
        #expect(abs((listed["reference"]?["longitude"]?.double ?? 0) - venue.frame.reference.longitudeDegrees) < 1e-7)
        let route = try f.json(try f.client.request("POST", "/venues/golden/routes", body: #"{"from":"entrance","to":"office"}"#))
        let levels = listed["levels"]?.array ?? []
        #expect(levels.count == 2)
        for p in route["sections"]?.array?.flatMap({ $0["polyline"]?.array ?? [] }) ?? [] {
            let level = levels.first { $0["id"]?.string == p["level"]?.string }
            guard let b = level?["bounds"], let x = p["x"]?.double, let y = p["y"]?.double else {
                Issue.record("no bounds for \(p.serialized())"); continue
            }
            #expect((b["minX"]?.double ?? .infinity) <= x && x <= (b["maxX"]?.double ?? -.infinity), "x \(x) outside \(b.serialized())")
            #expect((b["minY"]?.double ?? .infinity) <= y && y <= (b["maxY"]?.double ?? -.infinity), "y \(y) outside \(b.serialized())")
            #expect((b["south"]?.double ?? 90) < (b["north"]?.double ?? -90))
        }
    }

    @Test func sessionsListAndViewerPage() throws {
        let f = try ServiceFixture()
        #expect(try f.json(try f.client.request("GET", "/sessions"))["sessions"]?.array?.isEmpty == true)
        let id = try f.createSession()
        _ = try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(6, 0, "L0", t: 3))
        let listed = try f.json(try f.client.request("GET", "/sessions?venue=golden"))
        let session = try #require(listed["sessions"]?.array?.first)
        #expect(session["id"]?.string == id)
        #expect(abs((session["snappedLocation"]?["x"]?.double ?? -1) - 6) < 0.5)
        #expect(session["route"]?["sections"]?.array?.isEmpty == false)
        #expect(try f.client.request("GET", "/sessions?venue=nowhere").status == 404)
        let page = try f.client.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("id=\"viewer-data\""))
        #expect(page.text.contains("data-level=\"L1\""))
        #expect(!page.text.contains("<script src"))
        #expect(try f.client.request("GET", "/?venue=nowhere").status == 404)
    }
}
