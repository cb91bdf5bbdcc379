import Foundation
import IndoorJSON
import LoopbackSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// HAProxy checking `GET /ready` takes an instance whose store does not answer out of the balance, where
/// a `/health` check (liveness only) kept sending it requests that failed with 503. Skipped, saying so,
/// without `redis-server` or `haproxy`.
@Suite(.serialized) struct ReadinessBalancerTests {
    @Test(
        .enabled(
            if: MultiInstanceTests.available,
            "redis-server or haproxy is not installed (apt-get install redis-server haproxy): balancer readiness test skipped"))
    func anInstanceWithoutItsStoreLeavesTheBalance() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let redis = try MultiInstanceTests.startRedis()
        defer { redis.stop() }
        let redisPort = redis.port
        let healthy = try ServeStateFileTests.Server([
            "--venues", "Recordings/venues/campus", "--sessions", "redis://127.0.0.1:\(redisPort)/0",
        ])
        defer { _ = healthy.terminate() }
        // Nothing listens on this port: the instance runs, its store never answers.
        let deadPort = MultiInstanceTests.freePort()
        let storeless = try ServeStateFileTests.Server([
            "--venues", "Recordings/venues/campus", "--sessions", "redis://127.0.0.1:\(deadPort)/0",
        ])
        defer { _ = storeless.terminate() }
        #expect(try LoopbackHTTP.request(port: storeless.port, "GET", "/health").status == 200)
        #expect(try LoopbackHTTP.request(port: storeless.port, "GET", "/ready").status == 503)

        let proxyPort = MultiInstanceTests.freePort()
        let proxy = try MultiInstanceTests.startHAProxy(
            in: dir, port: proxyPort, servers: [("healthy", healthy.port), ("storeless", storeless.port)])
        defer { kill(proxy.processIdentifier, SIGKILL); proxy.waitUntilExit() }
        #expect(MultiInstanceTests.waitForPort(proxyPort))
        usleep(1_000_000)  // a few checks
        var statuses: [Int: Int] = [:]
        for _ in 0..<20 {
            let r = try LoopbackHTTP.request(
                port: proxyPort, "POST", "/sessions",
                body:
                    #"{"venue":"campus","destination":"occ-deans-office","location":{"x":0,"y":0,"level":"lvl-a0","accuracyMeters":2,"timeSeconds":0}}"#
            )
            statuses[r.status, default: 0] += 1
        }
        #expect(statuses == [201: 20], "\(statuses)")
    }
}
