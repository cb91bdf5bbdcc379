import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

/// `GET /ready` (the store answers, snapshots are being written) beside `GET /health` (liveness), and
/// the metrics of store errors and limit rejections.
@Suite(.serialized) struct ReadinessTests {
    @Test func readyFollowsTheStateFileWrites() throws {
        let f = try ServiceFixture { $0.retryAfterSeconds = 4 }
        #expect(try f.client.request("GET", "/ready").status == 200)
        f.service.expectSnapshots(everySeconds: 10)
        #expect(try f.client.request("GET", "/ready").status == 200)
        // The issue's finding 9: state-file writes failing with ENOSPC left the service "ok".
        f.service.recordSnapshot(failure: "sessions.state: No space left on device")
        let failing = try f.client.request("GET", "/ready")
        #expect(failing.status == 503)
        #expect(failing.headers["retry-after"] == "4")
        let reasons = try f.json(failing)["reasons"]?.array?.compactMap(\.string) ?? []
        #expect(reasons.count == 1 && reasons[0].contains("No space left on device"), "\(reasons)")
        #expect(try f.client.request("GET", "/health").status == 200)
        f.service.recordSnapshot(failure: nil)
        #expect(try f.client.request("GET", "/ready").status == 200)
        f.clock.advance(by: 19)
        #expect(try f.client.request("GET", "/ready").status == 200)
        f.clock.advance(by: 2)  // 21 s > 2 intervals without a write
        let late = try f.client.request("GET", "/ready")
        #expect(late.status == 503)
        #expect(try f.json(late)["reasons"]?.array?.first?.string?.contains("no write for 21 s") == true, "\(late.text)")
        let metrics = try f.client.request("GET", "/metrics").text
        #expect(metrics.contains("indoornav_ready 0\n"))
        #expect(metrics.contains("indoornav_state_file_age_seconds 21"))
    }

    @Test func readyIsPublicWithAPIKeys() throws {
        let keys = try APIKeys.parse("alice alice-key-0123456789", path: "k")
        let f = try ServiceFixture { $0.apiKeys = keys }
        #expect(try f.client.request("GET", "/ready").status == 200)
        #expect(try f.client.request("POST", "/ready").status == 405)
    }

    @Test func limitRejectionsAreCountedByKind() throws {
        let f = try ServiceFixture { $0.maximumSessionsPerClient = 1 }
        _ = try f.createSession()
        #expect(throws: (any Error).self) { try f.createSession() }
        let big = String(repeating: " ", count: 70_000)
        #expect(try f.client.request("POST", "/sessions", body: big).status == 413)
        #expect(f.service.metrics.limitRejectionCount(kind: "clientSessionLimit") == 1)
        #expect(f.service.metrics.limitRejectionCount(kind: "payloadTooLarge") == 1)
        let text = try f.client.request("GET", "/metrics").text
        #expect(text.contains(#"indoornav_limit_rejections_total{kind="clientSessionLimit"} 1"#))
        #expect(text.contains("indoornav_store_errors_total 0\n"))
    }

    /// Redis killed: `/ready` answers 503 naming the store at once, `/health` stays 200, failed requests
    /// count as store errors; Redis back: ready again. Redis stuck (SIGSTOP): 503 within the timeout.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: RedisSessionStoreTests.skipMessage)))
    func readyReportsTheStore() throws {
        let redis = try RedisServerProcess()
        let f = try ServiceFixture(store: { redis.store($0, $1, timeoutSeconds: 0.2) })
        let id = try f.createSession()
        #expect(try f.client.request("GET", "/ready").status == 200)
        redis.kill()
        let down = try f.client.request("GET", "/ready")
        #expect(down.status == 503)
        #expect(try f.json(down)["reasons"]?.array?.first?.string?.hasPrefix("session store:") == true, "\(down.text)")
        #expect(try f.client.request("GET", "/health").status == 200)
        #expect(try f.client.request("GET", "/sessions/\(id)").status == 503)
        #expect(f.service.metrics.storeErrorCount == 1)
        try redis.start()
        #expect(try f.client.request("GET", "/ready").status == 200)
        redis.pause()
        let started = Date()
        #expect(try f.client.request("GET", "/ready").status == 503)
        #expect(Date().timeIntervalSince(started) < 1.5)
        redis.resume()
    }
}
