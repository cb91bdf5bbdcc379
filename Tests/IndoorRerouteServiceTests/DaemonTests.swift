import Dispatch
import Foundation
import Synchronization
import Testing

@testable import IndoorRerouteService

/// The HTTP layer on its own: ports, threading models, query strings, graceful stop.
@Suite struct DaemonTests {
    @Test func ephemeralPortQueryAndBodyReachTheHandler() throws {
        var configuration = HTTPServerConfiguration.standard
        configuration.port = 0
        for threading in [HTTPServerConfiguration.Threading.pool(threads: 2), .threadPerConnection] {
            configuration.threading = threading
            let daemon = try HTTPDaemon(configuration: configuration) { request in
                .text(200, "\(request.method) \(request.path) q=\(request.query["q"] ?? "-") body=\(request.body.count)")
            }
            #expect(daemon.port > 0)
            let client = TestHTTPClient(port: daemon.port)
            let r = try client.request("POST", "/a%20b?q=caf%C3%A9&x=1", body: "12345")
            #expect(r.text == "POST /a b q=café body=5")
            daemon.stop(graceSeconds: 1)
        }
    }

    @Test func stopFinishesRequestsInFlight() throws {
        var configuration = HTTPServerConfiguration.standard
        configuration.port = 0
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let daemon = try HTTPDaemon(configuration: configuration) { _ in
            entered.signal()
            release.wait()
            return .text(200, "done")
        }
        let client = TestHTTPClient(port: daemon.port)
        let result = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let text = (try? client.request("GET", "/slow"))?.text
            result.withLock { $0 = text }
            finished.signal()
        }
        entered.wait()
        #expect(daemon.requestsInFlight == 1)
        DispatchQueue.global().async { release.signal() }
        daemon.stop(graceSeconds: 10)
        finished.wait()
        #expect(result.withLock { $0 } == "done")
        // No longer listening.
        #expect(throws: (any Error).self) { try client.request("GET", "/after") }
    }

    @Test func busyPortAndBadAddressAreTypedErrors() throws {
        var configuration = HTTPServerConfiguration.standard
        configuration.port = 0
        let first = try HTTPDaemon(configuration: configuration) { _ in .text(200, "") }
        configuration.port = first.port
        #expect(throws: ServiceError.cannotListen(address: "127.0.0.1", port: first.port)) {
            _ = try HTTPDaemon(configuration: configuration) { _ in .text(200, "") }
        }
        configuration.bindAddress = "localhost"
        #expect(throws: ServiceError.self) { _ = try HTTPDaemon(configuration: configuration) { _ in .text(200, "") } }
        configuration.bindAddress = "127.0.0.1"
        configuration.threading = .pool(threads: 0)
        #expect(throws: ServiceError.self) { _ = try configuration.validated() }
        first.stop()
    }

    @Test func serviceConfigurationRangesAreChecked() {
        var c = ServiceConfiguration.standard
        c.maximumSessions = 0
        #expect(throws: ServiceError.self) { _ = try c.validated() }
        c = ServiceConfiguration.standard
        c.sessionTTLSeconds = .nan
        #expect(throws: ServiceError.self) { _ = try c.validated() }
        c = ServiceConfiguration.standard
        c.maximumBodyBytes = 10
        #expect(throws: ServiceError.self) { _ = try c.validated() }
        c = ServiceConfiguration.standard
        c.navigation.arrivalRadiusMeters = -1
        #expect(throws: ServiceError.self) { _ = try c.validated() }
    }

    @Test func theDefaultPoolGrowsWithCoresOnlyForARemoteStore() {
        typealias T = HTTPServerConfiguration.Threading
        #expect(T.defaultPool(remoteSessions: false, processors: 2) == .pool(threads: 2))
        #expect(T.defaultPool(remoteSessions: false, processors: 32) == .pool(threads: 2))
        #expect(T.defaultPool(remoteSessions: true, processors: 2) == .pool(threads: 8))
        #expect(T.defaultPool(remoteSessions: true, processors: 1) == .pool(threads: 4))
        #expect(T.defaultPool(remoteSessions: true, processors: 0) == .pool(threads: 4))
        #expect(T.defaultPool(remoteSessions: true, processors: 100) == .pool(threads: 64))
    }
}
