import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// One client cannot fill the session table (per-client session limit, creation rate), and with API
/// keys a session answers only its creator.
@Suite struct ClientLimitTests {
    static let createBody =
        #"{"venue":"golden","destination":"office","location":{"x":0,"y":0,"level":"L0","accuracyMeters":2,"timeSeconds":0}}"#

    static func create(_ f: ServiceFixture, address: String, key: String? = nil) -> HTTPResponse {
        var headers = ["content-type": "application/json"]
        if let key { headers["authorization"] = "Bearer \(key)" }
        return f.service.handle(
            HTTPRequest(method: "POST", path: "/sessions", body: Array(createBody.utf8), headers: headers, clientAddress: address))
    }

    static func errorCode(_ r: HTTPResponse) -> String? {
        (try? JSONParser().parse(r.body).value)?["error"]?["code"]?.string
    }

    /// A client at its limit gets 429 `clientSessionLimit` with `Retry-After`; other clients do not;
    /// deleting or expiring one of its sessions makes room again.
    @Test func perClientSessionLimit() throws {
        let f = try ServiceFixture {
            $0.maximumSessionsPerClient = 3; $0.retryAfterSeconds = 4; $0.sessionTTLSeconds = 60
        }
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try f.createSession()) }
        let refused = try f.client.request("POST", "/sessions", body: Self.createBody)
        #expect(refused.status == 429 && refused.headers["retry-after"] == "4")
        #expect(try f.json(refused)["error"]?["code"]?.string == "clientSessionLimit")
        #expect(try f.json(refused)["error"]?["message"]?.string?.contains("3 live sessions") == true)
        // Another address is another client.
        #expect(Self.create(f, address: "10.0.0.7").status == 201)
        #expect(try f.client.request("DELETE", "/sessions/\(ids[0])").status == 200)
        #expect(try f.client.request("POST", "/sessions", body: Self.createBody).status == 201)
        #expect(try f.client.request("POST", "/sessions", body: Self.createBody).status == 429)
        // Expired sessions free their places.
        f.clock.advance(by: 61)
        for _ in 0..<3 { #expect(try f.client.request("POST", "/sessions", body: Self.createBody).status == 201) }
        #expect(f.service.metrics.rejectedCount(reason: "clientSessionLimit") == 2)
    }

    /// The limits a create would break are known before its route is planned
    /// (`SessionStore.admission`): the per-client limit for the client at it only, the session limit for
    /// everyone once the table is full, nothing once expired sessions make room; in memory and with the
    /// journal in front of it.
    @Test(arguments: [false, true])
    func limitsAreKnownBeforePlanning(journaled: Bool) throws {
        let directory = NSTemporaryDirectory() + "indoornav-admission-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let f = try ServiceFixture(
            configure: {
                $0.maximumSessions = 3; $0.maximumSessionsPerClient = 2; $0.sessionTTLSeconds = 60
            },
            store: { _, c in
                let memory = InMemorySessionStore(
                    capacity: c.maximumSessions, perOwnerCapacity: c.maximumSessionsPerClient, ttlSeconds: c.sessionTTLSeconds,
                    retryAfterSeconds: c.retryAfterSeconds)
                guard journaled,
                    let journal = try? SessionJournal(
                        statePath: directory + "/s.state", flushIntervalSeconds: 0.05, commitTimeoutSeconds: 2)
                else { return memory }
                return JournaledSessionStore(memory: memory, journal: journal)
            })
        let store = f.service.store
        func code(_ address: String) -> String? { store.admission(owner: "address:" + address, nowSeconds: f.clock.nowSeconds)?.code }
        #expect(code("127.0.0.1") == nil)
        for _ in 0..<2 { _ = try f.createSession() }
        #expect(code("127.0.0.1") == "clientSessionLimit")
        #expect(code("10.0.0.7") == nil)
        #expect(Self.create(f, address: "10.0.0.7").status == 201)
        #expect(code("10.0.0.8") == "tooManySessions")
        #expect(code("127.0.0.1") == "tooManySessions")
        let refused = Self.create(f, address: "10.0.0.8")
        #expect(refused.status == 503 && Self.errorCode(refused) == "tooManySessions")
        #expect(f.service.metrics.rejectedCount(reason: "tooManySessions") == 1)
        f.clock.advance(by: 61)
        #expect(code("10.0.0.8") == nil && code("127.0.0.1") == nil)
    }

    /// The issue's finding 2: a few clients cannot fill the table. Past half of it, a client holding its
    /// share (half the table divided among the clients holding sessions) is answered 429
    /// `clientSessionLimit` naming the share, while clients below theirs, and newcomers, go on; with
    /// `fairShareFraction` 0 the same clients fill the table and everyone else gets 503.
    @Test func clientsShareTheTablePastHalf() throws {
        let f = try ServiceFixture {
            $0.maximumSessions = 20; $0.sessionCreationsPerClientPerMinute = 1_000
        }
        for address in ["10.0.0.1", "10.0.0.2"] {
            for _ in 0..<5 { #expect(Self.create(f, address: address).status == 201) }
        }
        // 10 of 20 live, two clients: a share is 5.
        let refused = Self.create(f, address: "10.0.0.1")
        #expect(refused.status == 429 && Self.errorCode(refused) == "clientSessionLimit")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("limit of 5 live sessions"))
        #expect(Self.create(f, address: "10.0.0.2").status == 429)
        // A newcomer goes on until it holds its share (10 / 3 = 3).
        for _ in 0..<3 { #expect(Self.create(f, address: "10.0.0.3").status == 201) }
        #expect(Self.create(f, address: "10.0.0.3").status == 429)
        for k in 4...10 { #expect(Self.create(f, address: "10.0.0.\(k)").status == 201, "newcomer \(k)") }
        #expect(f.service.store.count == 20)
        #expect(Self.errorCode(Self.create(f, address: "10.0.0.11")) == "tooManySessions")

        let off = try ServiceFixture {
            $0.maximumSessions = 20; $0.sessionCreationsPerClientPerMinute = 1_000; $0.fairShareFraction = 0
        }
        for address in ["10.0.0.1", "10.0.0.2"] {
            for _ in 0..<10 { #expect(Self.create(off, address: address).status == 201) }
        }
        #expect(Self.errorCode(Self.create(off, address: "10.0.0.3")) == "tooManySessions")
        for bad in [-0.1, 1.1, .nan, .infinity] {
            var c = ServiceConfiguration.standard
            c.fairShareFraction = bad
            #expect(throws: ServiceError.self, "\(bad)") { try c.validated() }
        }
    }

    /// Creations beyond the per-minute budget answer 429 `creationRateLimited` with the seconds until
    /// the next one is allowed; the budget refills with time and is per client.
    @Test func creationRateLimit() throws {
        let f = try ServiceFixture { $0.sessionCreationsPerClientPerMinute = 2 }
        #expect(Self.create(f, address: "10.0.0.1").status == 201)
        #expect(Self.create(f, address: "10.0.0.1").status == 201)
        let limited = Self.create(f, address: "10.0.0.1")
        #expect(limited.status == 429 && Self.errorCode(limited) == "creationRateLimited")
        #expect(limited.header("Retry-After") == "30")
        #expect(Self.create(f, address: "10.0.0.2").status == 201)
        f.clock.advance(by: 29)
        #expect(Self.create(f, address: "10.0.0.1").status == 429)
        f.clock.advance(by: 1)
        #expect(Self.create(f, address: "10.0.0.1").status == 201)
        // Over HTTP the client is the peer address, and the answer follows the document.
        #expect(try f.client.request("POST", "/sessions", body: Self.createBody).status == 201)
        #expect(try f.client.request("POST", "/sessions", body: Self.createBody).status == 201)
        #expect(try f.client.request("POST", "/sessions", body: Self.createBody).status == 429)
        // A malformed request costs nothing from the budget.
        let g = try ServiceFixture { $0.sessionCreationsPerClientPerMinute = 1 }
        #expect(try g.client.request("POST", "/sessions", body: "{").status == 400)
        #expect(try g.client.request("POST", "/sessions", body: Self.createBody).status == 201)
    }

    /// The instance's budget for all clients together (`sessionCreationsPerMinute`): beyond it every
    /// client gets 503 `serviceCreationRateLimited` with `Retry-After`; a client refused by its own
    /// budget spends none of it; the budget refills with time; 0 sets none.
    @Test func serviceCreationBudget() throws {
        let f = try ServiceFixture {
            $0.sessionCreationsPerMinute = 3; $0.sessionCreationsPerClientPerMinute = 2
        }
        #expect(Self.create(f, address: "10.0.0.1").status == 201)
        #expect(Self.create(f, address: "10.0.0.1").status == 201)
        // Client 1 is past its own budget: 429, and the instance's third creation is still there.
        #expect(Self.errorCode(Self.create(f, address: "10.0.0.1")) == "creationRateLimited")
        #expect(Self.create(f, address: "10.0.0.2").status == 201)
        let spent = Self.create(f, address: "10.0.0.3")
        #expect(spent.status == 503 && Self.errorCode(spent) == "serviceCreationRateLimited")
        #expect(spent.header("Retry-After") == "20")
        #expect(String(decoding: spent.body, as: UTF8.self).contains("at most 3 sessions a minute"))
        f.clock.advance(by: 20)
        #expect(Self.create(f, address: "10.0.0.3").status == 201)
        #expect(
            f.service.metrics.render(liveSessions: 0).contains(#"indoornav_limit_rejections_total{kind="serviceCreationRateLimited"} 1"#))
        // Without a budget (the default) 30 clients create at once.
        let open = try ServiceFixture()
        for k in 1...30 { #expect(Self.create(open, address: "10.0.1.\(k)").status == 201) }
    }

    static let keys = "# clients\nalice  alice-key-0123456789\n\nbob\tbob-key-0123456789abc\n"

    /// With API keys: 401 without a known key except on public endpoints; a session answers only its
    /// creator's key — another key neither reads, moves, confirms, lists nor deletes it.
    @Test func apiKeysScopeSessionsToTheirCreator() throws {
        let keys = try APIKeys.parse(Self.keys, path: "keys")
        let f = try ServiceFixture { $0.apiKeys = keys }
        let alice = ["authorization": "Bearer alice-key-0123456789"]
        let bob = ["authorization": "Bearer bob-key-0123456789abc"]
        for path in ["/health", "/venues", "/venues/golden/pois", "/"] {
            #expect(try f.client.request("GET", path).status == 200, "\(path)")
        }
        for (method, path) in [
            ("GET", "/metrics"), ("GET", "/sessions"), ("POST", "/sessions"), ("GET", "/sessions/x"),
            ("DELETE", "/sessions/x"), ("POST", "/sessions/x/locations"), ("POST", "/sessions/x/transition"),
            ("POST", "/venues/golden/routes"),
        ] {
            let r = try f.client.request(method, path, body: method == "POST" ? "{}" : nil)
            #expect(r.status == 401, "\(method) \(path)")
            #expect(r.headers["www-authenticate"] == #"Bearer realm="indoornav""#)
            #expect(try f.json(r)["error"]?["code"]?.string == "unauthorized")
        }
        for bad in ["Bearer nope-nope-nope-nope", "Basic YWxpY2U6eA==", "Bearer", "alice-key-0123456789"] {
            #expect(try f.client.request("GET", "/sessions", headers: ["authorization": bad]).status == 401, "\(bad)")
        }
        let created = try f.client.request("POST", "/sessions", body: Self.createBody, headers: alice)
        #expect(created.status == 201)
        let id = try #require(try f.json(created)["id"]?.string)
        let fix = ServiceFixture.fix(1, 0, "L0", t: 1)
        #expect(try f.client.request("GET", "/sessions/\(id)", headers: bob).status == 404)
        #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: fix, headers: bob).status == 404)
        #expect(try f.client.request("POST", "/sessions/\(id)/transition", headers: bob).status == 404)
        #expect(try f.client.request("DELETE", "/sessions/\(id)", headers: bob).status == 204)
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 401)
        #expect(try f.json(try f.client.request("GET", "/sessions", headers: bob))["sessions"]?.array?.count == 0)
        // Its creator still has it, unmoved, and can move and delete it.
        let mine = try f.client.request("GET", "/sessions/\(id)", headers: alice)
        let traveled = try f.json(mine)["progress"]?["distanceTraveledMeters"]?.double
        #expect(mine.status == 200 && traveled == 0)
        #expect(try f.json(try f.client.request("GET", "/sessions", headers: alice))["sessions"]?.array?.count == 1)
        #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: fix, headers: alice).status == 200)
        #expect(try f.client.request("GET", "/metrics", headers: alice).status == 200)
        #expect(try f.client.request("DELETE", "/sessions/\(id)", headers: alice).status == 200)
        #expect(try f.client.request("GET", "/sessions/\(id)", headers: alice).status == 404)
        // Limits count per key, whatever the address.
        let g = try ServiceFixture {
            $0.apiKeys = keys; $0.maximumSessionsPerClient = 1
        }
        #expect(Self.create(g, address: "10.0.0.1", key: "alice-key-0123456789").status == 201)
        #expect(Self.create(g, address: "10.0.0.2", key: "alice-key-0123456789").status == 429)
        #expect(Self.create(g, address: "10.0.0.1", key: "bob-key-0123456789abc").status == 201)
        // Preflights need no key.
        #expect(try g.client.request("OPTIONS", "/sessions").status == 204)
    }

    /// Key files: every malformed line is refused naming the file and line.
    @Test func apiKeyFilesAreChecked() throws {
        let keys = try APIKeys.parse(Self.keys, path: "k")
        #expect(keys.clientsByKey == ["alice-key-0123456789": "alice", "bob-key-0123456789abc": "bob"])
        let cases: [(String, Int, String)] = [
            ("alice", 1, "expected 'NAME KEY'"),
            ("alice key-0123456789abcdef extra", 1, "expected 'NAME KEY'"),
            ("# c\nalice short", 2, "16–256"),
            ("al/ce key-0123456789abcdef", 1, "client name"),
            ("alice key-0123456789abcdef\nbob key-0123456789abcdef", 2, "repeats an earlier key"),
            ("alice key-0123456789abcdef\nalice key-0123456789abcdeg", 2, "'alice' repeats"),
            ("alice key-0123456789abcdé", 1, "printable ASCII"),
        ]
        for (text, line, reason) in cases {
            #expect { try APIKeys.parse(text, path: "keys.txt") } throws: { error in
                guard case .malformed(let path, let l, let r) = error as? APIKeyFileError else { return false }
                return path == "keys.txt" && l == line && r.contains(reason)
            }
        }
        #expect(throws: APIKeyFileError.empty(path: "e")) { try APIKeys.parse("# none\n\n", path: "e") }
        #expect { try APIKeys.read(path: "/nonexistent/keys") } throws: { error in
            (error as? APIKeyFileError)?.description.contains("/nonexistent/keys") == true
        }
        #expect(try APIKeys(clientsByKey: ["k-0123456789abcdef": "c"]).clientsByKey.count == 1)
    }

    @Test func limitRangesAreChecked() {
        for configure in [
            { (c: inout ServiceConfiguration) in c.maximumSessionsPerClient = 0 },
            { $0.sessionCreationsPerClientPerMinute = 0 }, { $0.sessionCreationsPerClientPerMinute = 1_000_001 },
            { $0.sessionCreationsPerMinute = -1 }, { $0.sessionCreationsPerMinute = 10_000_001 },
        ] {
            var c = ServiceConfiguration.standard
            configure(&c)
            #expect(throws: ServiceError.self) { try c.validated() }
        }
        for configure in [
            { (c: inout HTTPServerConfiguration) in c.perClientConnectionLimit = 0 }, { $0.requestReadTimeoutSeconds = 0.01 },
            { $0.requestReadTimeoutSeconds = .nan }, { $0.perClientConnectionLimit = 70_000 },
        ] {
            var c = HTTPServerConfiguration.standard
            configure(&c)
            #expect(throws: ServiceError.self) { try c.validated() }
        }
    }
}
