import Testing

@testable import IndoorRerouteService

/// CORS: allowed origins get the headers and preflight answers; others get none; bad origins are typed errors.
@Suite struct CrossOriginTests {
    @Test func preflightAndSimpleRequestsFromAnAllowedOrigin() throws {
        let f = try ServiceFixture { $0.corsAllowedOrigins = ["http://localhost:3000", "https://map.example.org"] }
        let preflight = try f.client.request(
            "OPTIONS", "/sessions",
            headers: [
                "Origin": "http://localhost:3000",
                "Access-Control-Request-Method": "POST",
            ])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-origin"] == "http://localhost:3000")
        #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
        #expect(preflight.headers["access-control-allow-headers"]?.contains("Content-Type") == true)
        #expect(preflight.headers["allow"]?.contains("OPTIONS") == true)
        let health = try f.client.request("GET", "/health", headers: ["Origin": "https://map.example.org"])
        #expect(health.headers["access-control-allow-origin"] == "https://map.example.org")
        #expect(health.headers["vary"] == "Origin")
        let error = try f.client.request("GET", "/sessions/none", headers: ["Origin": "https://map.example.org"])
        #expect(error.status == 404)
        #expect(error.headers["access-control-allow-origin"] == "https://map.example.org")
    }

    @Test func otherOriginsGetNoCORSHeaders() throws {
        let f = try ServiceFixture { $0.corsAllowedOrigins = ["http://localhost:3000"] }
        let other = try f.client.request("GET", "/health", headers: ["Origin": "http://evil.example"])
        #expect(other.status == 200)
        #expect(other.headers["access-control-allow-origin"] == nil)
        let preflight = try f.client.request("OPTIONS", "/venues/golden/routes", headers: ["Origin": "http://evil.example"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-origin"] == nil)
        #expect(preflight.headers["access-control-allow-methods"] == nil)
        // Without configured origins nothing is sent, even for a preflight.
        let plain = try ServiceFixture()
        let none = try plain.client.request("OPTIONS", "/sessions", headers: ["Origin": "http://localhost:3000"])
        #expect(none.status == 204)
        #expect(none.headers["access-control-allow-origin"] == nil)
        #expect(try plain.client.request("OPTIONS", "/nowhere").status == 404)
    }

    @Test func wildcardAllowsEveryOrigin() throws {
        let policy = try CrossOriginPolicy.validated(["*"])
        #expect(policy.allowOrigin(for: "http://anything:1") == "*")
        #expect(policy.allowOrigin(for: nil) == nil)
    }

    @Test(arguments: [
        "localhost:3000", "ftp://x.org", "http://x.org/", "http://x.org/path", "http://x.org:99999", "http://", "http://a b",
        "http://x.org:port",
    ])
    func badOriginsAreTypedErrors(origin: String) {
        var c = ServiceConfiguration.standard
        c.corsAllowedOrigins = ["http://ok.example", origin]
        #expect(throws: ServiceError.self) { _ = try c.validated() }
        do { _ = try CrossOriginPolicy.validated(["http://ok.example", origin]) } catch {
            guard case .invalidConfiguration(let field, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(field == "corsAllowedOrigins[1]")
        }
    }
}
