import Dispatch
import Foundation
import Synchronization
import Testing

@testable import IndoorRerouteService

#if canImport(Glibc)
import Glibc
#endif

/// Raw loopback sockets for attacks and keep-alive clients: bound to a chosen source address
/// (127.0.0.0/8 is all loopback on Linux), so one test can play several clients.
enum RawSocket {
    /// A connected socket from `source` to 127.0.0.1:`port`, or nil when the connection fails.
    static func connect(port: Int, from source: String = "127.0.0.1", timeoutSeconds: Double = 2) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: Int((timeoutSeconds - timeoutSeconds.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = UInt16(port).bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &local) { l in
            withUnsafePointer(to: &remote) { r in
                l.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } == 0
                    && r.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    } == 0
            }
        }
        guard ok else { close(fd); return nil }
        return fd
    }

    /// Sends all of `text`; false when the peer has closed.
    @discardableResult static func send(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Whether the peer has closed the connection (end of stream or reset), without waiting.
    static func peerClosed(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Whether `fd` has something to read (or has been closed) within `seconds`.
    static func isReadable(_ fd: Int32, withinSeconds seconds: Double) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(seconds * 1000)) == 1
    }

    /// Reads one HTTP/1.1 response with a `Content-Length` body: its status and whether it carries
    /// `Connection: close`; nil when the connection ends first.
    static func readResponse(_ fd: Int32) -> (status: Int, closes: Bool)? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let end = headerEnd(data) {
                let head = String(decoding: data[..<end], as: UTF8.self).lowercased()
                let lines = head.components(separatedBy: "\r\n")
                let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
                let length =
                    lines.first { $0.hasPrefix("content-length:") }.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
                    ?? 0
                if data.count >= end + 4 + length {
                    return (status, lines.contains { $0.hasPrefix("connection:") && $0.contains("close") })
                }
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            data += chunk[0..<n]
        }
    }

    private static func headerEnd(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        for i in 0...(data.count - 4) where data[i] == 13 && data[i + 1] == 10 && data[i + 2] == 13 && data[i + 3] == 10 { return i }
        return nil
    }
}

/// Slow clients (slowloris) and graceful shutdown, over real loopback connections.
@Suite(.serialized) struct SlowClientTests {
    struct AttackOutcome {
        var healthFailures: Int
        var healthAsked: Int
        var attackersClosedByServer: Int
        var attackers: Int
    }

    /// `attackers` connections from 127.0.0.2 each send a request line and then one header line every
    /// 0.25 s (half of them a body byte instead) for `seconds`, reconnecting when closed; meanwhile
    /// 127.0.0.1 asks `/health` every 0.1 s with a 1 s timeout.
    static func attack(_ daemon: HTTPDaemon, attackers: Int, seconds: Double) -> AttackOutcome {
        let stop = Atomic<Bool>(false)
        let closedByServer = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var sockets: [Int32?] = (0..<attackers).map { _ in nil }
            var started = [Double](repeating: 0, count: attackers)
            func open(_ k: Int) {
                guard let fd = RawSocket.connect(port: daemon.port, from: "127.0.0.2", timeoutSeconds: 0.5) else {
                    sockets[k] = nil; return
                }
                let opening =
                    k % 2 == 0 ? "GET /health HTTP/1.1\r\nHost: x\r\n" : "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"
                _ = RawSocket.send(fd, opening)
                sockets[k] = fd
                started[k] = ConnectionWatch.now()
            }
            for k in 0..<attackers { open(k) }
            while !stop.load(ordering: .relaxed) {
                usleep(250_000)
                for k in 0..<attackers {
                    guard let fd = sockets[k] else { open(k); continue }
                    if RawSocket.peerClosed(fd) || !RawSocket.send(fd, k % 2 == 0 ? "X-Slow: \(k)\r\n" : "a") {
                        if ConnectionWatch.now() - started[k] > 0.6 { closedByServer.add(1, ordering: .relaxed) }
                        close(fd)
                        open(k)
                    }
                }
            }
            for fd in sockets.compactMap({ $0 }) { close(fd) }
            done.signal()
        }
        usleep(500_000)  // let the attack fill its connections
        var failures = 0, asked = 0
        let end = ConnectionWatch.now() + seconds
        while ConnectionWatch.now() < end {
            asked += 1
            if let fd = RawSocket.connect(port: daemon.port, timeoutSeconds: 1) {
                if !RawSocket.send(fd, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    || RawSocket.readResponse(fd)?.status != 200
                {
                    failures += 1
                }
                close(fd)
            } else {
                failures += 1
            }
            usleep(100_000)
        }
        stop.store(true, ordering: .relaxed)
        done.wait()
        return AttackOutcome(
            healthFailures: failures, healthAsked: asked, attackersClosedByServer: closedByServer.load(ordering: .relaxed),
            attackers: attackers)
    }

    static func daemon(connectionLimit: Int, perClient: Int, readTimeout: Double) throws -> HTTPDaemon {
        var c = HTTPServerConfiguration.standard
        c.port = 0
        c.connectionLimit = connectionLimit
        c.perClientConnectionLimit = perClient
        c.requestReadTimeoutSeconds = readTimeout
        return try HTTPDaemon(configuration: c) { _ in .text(200, "ok") }
    }

    /// 300 trickling connections from one address: with the per-client limit (20) and the read
    /// deadline (1 s) every `/health` from another address is answered, and the trickling connections
    /// are closed by the server although they keep sending.
    @Test func tricklingConnectionsDoNotStopHealth() throws {
        let daemon = try Self.daemon(connectionLimit: 100, perClient: 20, readTimeout: 1)
        defer { daemon.stop(graceSeconds: 0) }
        let outcome = Self.attack(daemon, attackers: 300, seconds: 3)
        #expect(outcome.healthAsked >= 15)
        #expect(outcome.healthFailures == 0, "\(outcome)")
        // Each accepted trickler is cut at its deadline (the rest are refused at once).
        #expect(daemon.slowConnectionsClosed >= 20, "\(daemon.slowConnectionsClosed)")
        #expect(outcome.attackersClosedByServer >= 20, "\(outcome)")
    }

    /// The same attack on a server with neither defence (no per-client limit, a deadline longer than
    /// the attack) keeps `/health` out: what the defences are for.
    @Test func withoutTheDefencesTheAttackWorks() throws {
        let daemon = try Self.daemon(connectionLimit: 100, perClient: 65_536, readTimeout: 3_600)
        defer { daemon.stop(graceSeconds: 0) }
        let outcome = Self.attack(daemon, attackers: 300, seconds: 2)
        #expect(outcome.healthFailures > outcome.healthAsked / 2, "\(outcome)")
        #expect(daemon.slowConnectionsClosed == 0)
    }

    /// A request whose body never completes is closed at the read deadline, and so is an idle
    /// keep-alive connection; a prompt request on a fresh connection is answered.
    @Test func readDeadlineCoversHeadersBodyAndIdleConnections() throws {
        let daemon = try Self.daemon(connectionLimit: 100, perClient: 10, readTimeout: 0.5)
        defer { daemon.stop(graceSeconds: 0) }
        let body = try #require(RawSocket.connect(port: daemon.port))
        defer { close(body) }
        RawSocket.send(body, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345")
        let idle = try #require(RawSocket.connect(port: daemon.port))
        defer { close(idle) }
        RawSocket.send(idle, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawSocket.readResponse(idle)?.status == 200)
        usleep(1_200_000)
        #expect(RawSocket.peerClosed(body))
        #expect(RawSocket.peerClosed(idle))
        #expect(daemon.slowConnectionsClosed == 2)
        let fresh = try #require(RawSocket.connect(port: daemon.port))
        defer { close(fresh) }
        RawSocket.send(fresh, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawSocket.readResponse(fresh)?.status == 200)
    }

    /// More than the per-client limit from one address: the extra connections are answered 429 at
    /// once and closed, other addresses are still served.
    @Test func perClientConnectionLimit() throws {
        let daemon = try Self.daemon(connectionLimit: 100, perClient: 10, readTimeout: 30)
        defer { daemon.stop(graceSeconds: 0) }
        let many = (0..<12).compactMap { _ in RawSocket.connect(port: daemon.port, from: "127.0.0.3") }
        defer { many.forEach { close($0) } }
        usleep(200_000)
        #expect(many.count == 12)
        #expect(many.filter { RawSocket.peerClosed($0) }.count == 0)
        // Which two are refused depends on the order the server's threads see them open, not on the
        // order of the connects: exactly two are answered at once, both 429; the others wait for a request.
        var answered: [Int32] = []
        for _ in 0..<40 where answered.count < 2 {
            answered = many.filter { RawSocket.isReadable($0, withinSeconds: 0) }
            if answered.count < 2 { usleep(50_000) }
        }
        #expect(answered.count == 2)
        #expect(answered.map { RawSocket.readResponse($0)?.status } == [429, 429])
        let other = try #require(RawSocket.connect(port: daemon.port, from: "127.0.0.4"))
        defer { close(other) }
        RawSocket.send(other, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawSocket.readResponse(other)?.status == 200)
    }

    /// SIGTERM-style stop while clients send on keep-alive connections: every request that reached the
    /// server is answered (the last one on each connection with `Connection: close`), later ones are
    /// refused at connect; none is left without an answer. Idle connections are closed at once, so the
    /// stop does not wait for its grace period.
    @Test func stopAnswersKeepAliveRequestsAndClosesCleanly() throws {
        var c = HTTPServerConfiguration.standard
        c.port = 0
        let daemon = try HTTPDaemon(configuration: c) { _ in
            usleep(500); return .text(200, "ok")
        }
        let port = daemon.port
        struct Tally { var answered = 0, closing = 0, lost = 0, refused = 0 }
        let tally = Mutex(Tally())
        let group = DispatchGroup()
        for _ in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var fd: Int32? = nil
                while true {
                    if fd == nil {
                        fd = RawSocket.connect(port: port, timeoutSeconds: 3)
                        if fd == nil { tally.withLock { $0.refused += 1 }; return }
                    }
                    guard let s = fd else { return }
                    guard RawSocket.send(s, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n"), let r = RawSocket.readResponse(s) else {
                        tally.withLock { $0.lost += 1 }
                        close(s); fd = nil
                        continue
                    }
                    tally.withLock {
                        $0.answered += 1; if r.closes { $0.closing += 1 }
                    }
                    if r.closes { close(s); fd = nil }
                }
            }
        }
        let idle = try #require(RawSocket.connect(port: port))
        defer { close(idle) }
        RawSocket.send(idle, "GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawSocket.readResponse(idle)?.status == 200)
        usleep(500_000)
        let started = ConnectionWatch.now()
        daemon.stop(graceSeconds: 10)
        let took = ConnectionWatch.now() - started
        #expect(group.wait(timeout: .now() + 10) == .success)
        let t = tally.withLock { $0 }
        #expect(t.lost == 0, "\(t)")
        #expect(t.answered > 100 && t.closing >= 1 && t.refused == 6, "\(t)")
        #expect(took < 3, "stop took \(took) s")
        #expect(RawSocket.peerClosed(idle))
    }
}
