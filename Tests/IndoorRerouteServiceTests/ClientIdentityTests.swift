import Foundation
import IndoorJSON
import Testing

@testable import IndoorRerouteService

#if canImport(Glibc)
import Glibc
#endif

/// Who a client is (API key, address, or the address a trusted proxy forwards) and the connection
/// limits that answer at once instead of leaving a client waiting.
@Suite(.serialized) struct ClientIdentityTests {
    @Test func forwardedAddressesAreReadOnlyFromTrustedProxies() throws {
        let proxies = try TrustedProxies(["10.0.0.0/8", "192.168.1.7"])
        #expect(proxies.contains("10.200.3.4") && proxies.contains("192.168.1.7"))
        #expect(!proxies.contains("192.168.1.8") && !proxies.contains("11.0.0.1") && !proxies.contains("nonsense"))
        // The rightmost address that is not a proxy; a chain of proxies is skipped.
        #expect(proxies.client(peer: "10.0.0.1", forwarded: [], forwardedFor: ["203.0.113.9, 198.51.100.2"]) == "198.51.100.2")
        #expect(proxies.client(peer: "10.0.0.1", forwarded: [], forwardedFor: ["203.0.113.9", "198.51.100.2, 10.1.1.1"]) == "198.51.100.2")
        #expect(proxies.client(peer: "10.0.0.1", forwarded: [], forwardedFor: ["10.9.9.9, 10.1.1.1"]) == "10.9.9.9")
        // Forwarded takes precedence, with quotes, ports and IPv6.
        let forwarded = [#"for=192.0.2.60;proto=http;by=203.0.113.43"#, #"For="198.51.100.17:8080", for=10.0.0.5"#]
        #expect(proxies.client(peer: "10.0.0.1", forwarded: forwarded, forwardedFor: ["1.2.3.4"]) == "198.51.100.17")
        #expect(proxies.client(peer: "10.0.0.1", forwarded: [#"for="[2001:db8::17]:4711""#], forwardedFor: []) == "[2001:db8::17]")
        // From anyone else the headers are ignored: a client cannot choose who it is.
        #expect(proxies.client(peer: "198.51.100.2", forwarded: [], forwardedFor: ["1.2.3.4"]) == "198.51.100.2")
        // Malformed lists name no client: the proxy is the client.
        for bad in ["", "1.2.3", "unknown", "1.2.3.4, ", "1.2.3.4.5", "999.1.1.1"] {
            #expect(proxies.client(peer: "10.0.0.1", forwarded: [], forwardedFor: [bad]) == "10.0.0.1", "\(bad)")
        }
        #expect(proxies.client(peer: "10.0.0.1", forwarded: ["proto=http"], forwardedFor: []) == "10.0.0.1")
        #expect(proxies.client(peer: "10.0.0.1", forwarded: [], forwardedFor: []) == "10.0.0.1")
        for bad in ["10.0.0.0/33", "10.0.0.1/8", "10.0.0", "10.0.0.0/x", "", "::1", "10.0.0.0/8/1"] {
            #expect(throws: ServiceError.self, "\(bad)") { try TrustedProxies([bad]) }
        }
        #expect(try TrustedProxies(["0.0.0.0/0"]).contains("8.8.8.8"))
    }

    /// The issue's finding 2: behind a proxy every user was the proxy, so one user's sessions filled
    /// everyone's limit. With the proxy trusted each forwarded address has its own limit; without, the
    /// header is ignored.
    @Test func perClientSessionLimitsFollowTheForwardedAddress() throws {
        let body = #"{"venue":"golden","destination":"office","location":"# + ServiceFixture.fix(0, 0, "L0", t: 0) + "}"
        let trusted = try ServiceFixture(configure: { $0.maximumSessionsPerClient = 1 }, http: { $0.trustedProxies = ["127.0.0.1"] })
        func create(_ f: ServiceFixture, _ forwarded: String) throws -> Int {
            try f.client.request("POST", "/sessions", body: body, headers: ["X-Forwarded-For": forwarded]).status
        }
        #expect(try create(trusted, "203.0.113.1") == 201)
        #expect(try create(trusted, "203.0.113.1") == 429)
        #expect(try create(trusted, "203.0.113.2") == 201)
        #expect(try create(trusted, "198.51.100.9, 203.0.113.3") == 201)
        let untrusted = try ServiceFixture(configure: { $0.maximumSessionsPerClient = 1 })
        #expect(try create(untrusted, "203.0.113.1") == 201)
        #expect(try create(untrusted, "203.0.113.2") == 429)
    }

    static func daemon(_ configure: (inout HTTPServerConfiguration) -> Void) throws -> HTTPDaemon {
        var c = HTTPServerConfiguration.standard
        c.port = 0
        configure(&c)
        return try HTTPDaemon(configuration: c) { _ in .text(200, "ok") }
    }

    /// The issue's finding 1: with the connection table full a new client waited in the backlog for a
    /// read timeout. Now it is answered 503 with `Retry-After` at once; per address beyond the limit
    /// 429; a trusted proxy is exempt from the per-address limit.
    @Test func fullTablesAnswerAtOnce() throws {
        let daemon = try Self.daemon {
            $0.connectionLimit = 12; $0.perClientConnectionLimit = 4; $0.trustedProxies = ["127.0.0.9"]
            $0.overloadRetryAfterSeconds = 2
        }
        defer { daemon.stop(graceSeconds: 0) }
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        for k in 2...4 {  // 3 addresses × 4 slow connections fill the table
            for _ in 0..<4 {
                if let fd = RawSocket.connect(port: daemon.port, from: "127.0.0.\(k)") {
                    RawSocket.send(fd, "GET /x HTTP/1.1\r\n"); held.append(fd)
                }
            }
        }
        #expect(held.count == 12)
        usleep(100_000)
        let start = ConnectionWatch.now()
        let late = try #require(RawSocket.connect(port: daemon.port, from: "127.0.0.1"))
        defer { close(late) }
        RawSocket.send(late, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        let exchange = try RawExchange.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n", port: daemon.port, timeoutSeconds: 2)
        #expect(exchange.statuses == [503], "\(exchange.text)")
        #expect(exchange.seconds < 0.5 && ConnectionWatch.now() - start < 1, "\(exchange.seconds) s")
        #expect(exchange.text.contains("Retry-After: 2"))
        #expect(exchange.firstBody?["error"]?["code"]?.string == "tooManyConnections")
        #expect(exchange.closed)
        #expect(RawSocket.readResponse(late)?.status == 503)
        held.forEach { close($0) }
        held = []
        // Wait until the server has let go of them (a loaded machine can take longer than a fixed pause).
        func waitForOpenConnections(_ count: Int) {
            let deadline = Date().addingTimeInterval(3)
            while daemon.openConnections != count, Date() < deadline { usleep(20_000) }
        }
        waitForOpenConnections(0)
        // Per address: the fifth from one address is refused, another address is served.
        for _ in 0..<4 { if let fd = RawSocket.connect(port: daemon.port, from: "127.0.0.5") { held.append(fd) } }
        waitForOpenConnections(4)
        #expect(daemon.openConnections == 4)
        let fifth = try #require(RawSocket.connect(port: daemon.port, from: "127.0.0.5"))
        defer { close(fifth) }
        #expect(RawSocket.readResponse(fifth)?.status == 429)
        let other = try #require(RawSocket.connect(port: daemon.port, from: "127.0.0.6"))
        defer { close(other) }
        RawSocket.send(other, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawSocket.readResponse(other)?.status == 200)
        // The trusted proxy holds more than 4.
        var proxy: [Int32] = []
        defer { proxy.forEach { close($0) } }
        for _ in 0..<6 { if let fd = RawSocket.connect(port: daemon.port, from: "127.0.0.9") { proxy.append(fd) } }
        for fd in proxy { RawSocket.send(fd, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n") }
        #expect(proxy.map { RawSocket.readResponse($0)?.status } == Array(repeating: 200, count: 6))
    }

    /// The header deadline cuts a connection trickling headers long before the read deadline; a body
    /// still arriving after complete headers has the read deadline.
    @Test func headerDeadlineIsShorterThanTheReadDeadline() throws {
        let daemon = try Self.daemon {
            $0.requestHeaderTimeoutSeconds = 0.5; $0.requestReadTimeoutSeconds = 3
        }
        defer { daemon.stop(graceSeconds: 0) }
        let headers = try #require(RawSocket.connect(port: daemon.port))
        defer { close(headers) }
        let body = try #require(RawSocket.connect(port: daemon.port))
        defer { close(body) }
        RawSocket.send(headers, "GET /x HTTP/1.1\r\nHost: x\r\n")
        RawSocket.send(body, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12")
        for _ in 0..<6 {
            usleep(200_000)
            RawSocket.send(headers, "X-A: 1\r\n")
            RawSocket.send(body, "3")
        }
        #expect(RawSocket.peerClosed(headers))
        #expect(!RawSocket.peerClosed(body))
        RawSocket.send(body, "4567")
        #expect(RawSocket.readResponse(body)?.status == 200)
        #expect(daemon.slowConnectionsClosed == 1)
    }

    @Test func newLimitsAreChecked() {
        let bad: [(inout HTTPServerConfiguration) -> Void] = [
            { $0.requestHeaderTimeoutSeconds = 0 }, { $0.requestHeaderTimeoutSeconds = .infinity }, { $0.overloadRetryAfterSeconds = 0 },
            { $0.trustedProxies = ["10.0.0.0/40"] }, { $0.connectionLimit = 0 },
        ]
        for change in bad {
            var c = HTTPServerConfiguration.standard
            change(&c)
            #expect(throws: ServiceError.self) { try c.validated() }
        }
    }
}
