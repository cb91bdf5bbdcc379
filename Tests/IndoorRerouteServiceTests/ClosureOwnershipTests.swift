import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// Closures belong to the client that made them; caps per client and per venue; the list.
@Suite struct ClosureOwnershipTests {
    static let keys = "alice alice-key-0123456789\nbob bob-key-0123456789abc\nops ops-key-0123456789abc admin\n"
    static let alice = ["Authorization": "Bearer alice-key-0123456789"]
    static let bob = ["Authorization": "Bearer bob-key-0123456789abc"]
    static let ops = ["Authorization": "Bearer ops-key-0123456789abc"]

    func connectors(_ route: JSONValue) -> [String] {
        (route["sections"]?.array ?? []).flatMap { $0["maneuvers"]?.array ?? [] }.compactMap { $0["levelChange"]?["connectorId"]?.string }
    }

    /// The issue's reproducer: another key deleting a closure answered 204 and reopened the lift for
    /// everyone. Now 403, and the closure stays; its owner and an admin key may delete it.
    @Test func onlyTheOwnerOrAnAdminDeletes() throws {
        let keys = try APIKeys.parse(Self.keys, path: "k")
        let f = try ServiceFixture { $0.apiKeys = keys }
        let route = #"{"from":"entrance","to":"office"}"#
        let made = try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift"}"#, headers: Self.alice)
        #expect(made.status == 201)
        #expect(try f.json(made)["owner"]?.string == "alice")
        let id = try #require(try f.json(made)["id"]?.string)
        let refused = try f.client.request("DELETE", "/venues/golden/closures/\(id)", headers: Self.bob)
        #expect(refused.status == 403)
        #expect(try f.json(refused)["error"]?["code"]?.string == "forbidden")
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: route, headers: Self.bob))) == ["stairs"])
        #expect(try f.client.request("DELETE", "/venues/golden/closures/\(id)", headers: Self.alice).status == 204)
        #expect(connectors(try f.json(try f.client.request("POST", "/venues/golden/routes", body: route, headers: Self.bob))) == ["lift"])
        // An admin key deletes anyone's.
        let bobs = try f.json(try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift"}"#, headers: Self.bob))
        #expect(
            try f.client.request("DELETE", "/venues/golden/closures/\(try #require(bobs["id"]?.string))", headers: Self.ops).status == 204)
        #expect(try f.client.request("DELETE", "/venues/golden/closures/c99", headers: Self.ops).status == 404)
    }

    /// Without keys the client is the address: another address may not delete it.
    @Test func withoutKeysTheAddressOwnsIt() throws {
        let f = try ServiceFixture()
        let json = ["content-type": "application/json"]
        let made = f.service.handle(
            HTTPRequest(
                method: "POST", path: "/venues/golden/closures", body: Array(#"{"target":"lift"}"#.utf8), headers: json,
                clientAddress: "10.0.0.1"))
        #expect(made.status == 201)
        let id = try #require(try f.json(TestHTTPClient.Response(status: made.status, headers: [:], body: made.body))["id"]?.string)
        #expect(
            f.service.handle(HTTPRequest(method: "DELETE", path: "/venues/golden/closures/\(id)", clientAddress: "10.0.0.2")).status == 403)
        #expect(
            f.service.handle(HTTPRequest(method: "DELETE", path: "/venues/golden/closures/\(id)", clientAddress: "10.0.0.1")).status == 204)
    }

    /// One client may hold `maximumClosuresPerClient` closures that have not ended, the venue
    /// `maximumClosuresPerVenue`; beyond, 429 `closureLimit` with `Retry-After`. Ended closures free
    /// their place.
    @Test func capsPerClientAndPerVenue() throws {
        let keys = try APIKeys.parse(Self.keys, path: "k")
        let f = try ServiceFixture {
            $0.apiKeys = keys; $0.maximumClosuresPerClient = 2; $0.maximumClosuresPerVenue = 3; $0.retryAfterSeconds = 7
        }
        func close(_ headers: [String: String], _ body: String = #"{"target":"lift"}"#) throws -> TestHTTPClient.Response {
            try f.client.request("POST", "/venues/golden/closures", body: body, headers: headers)
        }
        #expect(try close(Self.alice, #"{"target":"lift","durationSeconds":60}"#).status == 201)
        #expect(try close(Self.alice).status == 201)
        let limited = try close(Self.alice)
        #expect(limited.status == 429)
        #expect(try f.json(limited)["error"]?["code"]?.string == "closureLimit")
        #expect(limited.headers["retry-after"] == "7")
        #expect(try close(Self.bob).status == 201)
        let full = try close(Self.ops)
        #expect(full.status == 429)
        #expect(try f.json(full)["error"]?["message"]?.string?.contains("venue") == true)
        f.clock.advance(by: 61)  // alice's first closure ended
        #expect(try close(Self.alice).status == 201)
    }

    /// `GET /venues/{id}/closures` lists the closures not yet ended with owner and expiry.
    @Test func closuresAreListedWithOwnerAndExpiry() throws {
        let keys = try APIKeys.parse(Self.keys, path: "k")
        let f = try ServiceFixture { $0.apiKeys = keys }
        _ = try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"lift","durationSeconds":100}"#, headers: Self.alice)
        _ = try f.client.request("POST", "/venues/golden/closures", body: #"{"target":"stairs","startsInSeconds":10}"#, headers: Self.bob)
        f.clock.advance(by: 40)
        let listed = try f.json(try f.client.request("GET", "/venues/golden/closures", headers: Self.bob))["closures"]?.array ?? []
        #expect(listed.map { $0["owner"]?.string } == ["alice", "bob"])
        #expect(abs((listed.first?["endsInSeconds"]?.double ?? 0) - 60) < 1e-9)
        #expect(listed.last?["endsInSeconds"] == .null)
        #expect(listed.map { $0["active"]?.bool } == [true, true])
        f.clock.advance(by: 61)
        let later = try f.json(try f.client.request("GET", "/venues/golden/closures", headers: Self.bob))["closures"]?.array ?? []
        #expect(later.map { $0["target"]?.string } == ["stairs"])
        #expect(try f.client.request("GET", "/venues/golden/closures").status == 401)
        #expect(try f.client.request("GET", "/venues/nowhere/closures", headers: Self.bob).status == 404)
    }

    @Test func adminKeysAreParsed() throws {
        let keys = try APIKeys.parse(Self.keys, path: "k")
        #expect(keys.admins == ["ops"])
        #expect(keys.isAdmin("ops") && !keys.isAdmin("alice"))
        #expect(throws: APIKeyFileError.self) { try APIKeys.parse("ops ops-key-0123456789abc root", path: "k") }
        #expect(try APIKeys(clientsByKey: ["ops-key-0123456789abc": "ops"], admins: ["ops"]).admins == ["ops"])
    }

    @Test func closureLimitsAreChecked() {
        var c = ServiceConfiguration.standard
        c.maximumClosuresPerClient = 0
        #expect(throws: ServiceError.self) { try c.validated() }
        c = ServiceConfiguration.standard
        c.maximumClosuresPerVenue = 100_001
        #expect(throws: ServiceError.self) { try c.validated() }
    }
}
