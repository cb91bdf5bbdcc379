import Foundation
import Testing
import IndoorJSON
#if canImport(Glibc)
import Glibc
#endif

/// Several `indoornav serve --sessions redis://…` instances behind HAProxy on loopback, one killed with
/// SIGKILL mid-walk. Skipped, saying so, where `redis-server` or `haproxy` is not installed.
@Suite(.serialized) struct MultiInstanceTests {
    static let redisBinary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let haproxyBinary = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { redisBinary != nil && haproxyBinary != nil }

    /// A free loopback TCP port (bound to 0, read back, released).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until something accepts connections on `port`.
    static func waitForPort(_ port: Int) -> Bool {
        for _ in 0..<100 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } == 0
            close(fd)
            if ok { return true }
            usleep(50_000)
        }
        return false
    }

    static func launch(_ binary: String, _ arguments: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Fixes walking `polyline` (x, y, level) at 1.3 m/s, one a second from `t0`; a level change is one
    /// fix at the connector's end on the new level. Then 8 s standing at the end.
    static func walk(_ polyline: [(x: Double, y: Double, level: String)], t0: Double) -> [String] {
        var fixes: [(Double, Double, String)] = []
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            if a.level != b.level { fixes.append((b.x, b.y, b.level)); continue }
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            let n = max(1, Int((d / 1.3).rounded(.up)))
            for i in 1...n { let f = Double(i) / Double(n); fixes.append((a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.level)) }
        }
        if let end = polyline.last { for _ in 0..<8 { fixes.append((end.x, end.y, end.level)) } }
        return fixes.enumerated().map { i, f in
            "{\"x\":\(f.0),\"y\":\(f.1),\"level\":\"\(f.2)\",\"accuracyMeters\":2,\"timeSeconds\":\(t0 + Double(i + 1))}"
        }
    }

    @Test(.enabled(if: MultiInstanceTests.available, "redis-server or haproxy is not installed (apt-get install redis-server haproxy): multi-instance test skipped"))
    func sessionsContinueWhenAnInstanceIsKilled() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let redisPort = Self.freePort()
        let redis = try Self.launch(Self.redisBinary ?? "", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        // SIGKILL: the test's own throw-away servers (no data to keep), and a SIGTERM may stay blocked
        // in children of the test process.
        defer { kill(redis.processIdentifier, SIGKILL); redis.waitUntilExit() }
        #expect(Self.waitForPort(redisPort))
        let arguments = ["--venues", "Recordings/venues/campus", "--sessions", "redis://127.0.0.1:\(redisPort)/0"]
        let first = try ServeStateFileTests.Server(arguments)
        let second = try ServeStateFileTests.Server(arguments)
        defer { _ = second.terminate() }
        let proxyPort = Self.freePort()
        let config = dir.appendingPathComponent("haproxy.cfg")
        try """
        global
          maxconn 256
        defaults
          mode http
          timeout connect 1s
          timeout client 10s
          timeout server 10s
          retries 3
          option redispatch
          retry-on conn-failure empty-response response-timeout
        frontend front
          bind 127.0.0.1:\(proxyPort)
          default_backend instances
        backend instances
          balance roundrobin
          option httpchk GET /health
          server one 127.0.0.1:\(first.port) check inter 200ms fall 1 rise 1
          server two 127.0.0.1:\(second.port) check inter 200ms fall 1 rise 1

        """.write(to: config, atomically: true, encoding: .utf8)
        let proxy = try Self.launch(Self.haproxyBinary ?? "", ["-f", config.path, "-db"])
        defer { kill(proxy.processIdentifier, SIGKILL); proxy.waitUntilExit() }
        #expect(Self.waitForPort(proxyPort))

        // 50 sessions towards the dean's office (three levels up), each walking its own route.
        var walks: [(id: String, fixes: [String])] = []
        for _ in 0..<50 {
            let r = try LoopbackHTTP.request(port: proxyPort, "POST", "/sessions",
                                             body: #"{"venue":"campus","destination":"occ-deans-office","location":{"x":0,"y":0,"level":"lvl-a0","accuracyMeters":2,"timeSeconds":0}}"#)
            try #require(r.status == 201, "\(r.body)")
            let json = try JSONParser().parse(r.body).value
            let id = try #require(json["id"]?.string)
            let points = (json["route"]?["sections"]?.array ?? []).flatMap { $0["polyline"]?.array ?? [] }
                .compactMap { p -> (x: Double, y: Double, level: String)? in
                    guard let x = p["x"]?.double, let y = p["y"]?.double, let l = p["level"]?.string else { return nil }
                    return (x, y, l)
                }
            walks.append((id, Self.walk(points, t0: 0)))
        }
        let steps = walks.map(\.fixes.count).max() ?? 0
        var arrivals: [String: Int] = [:]
        var failures: [String] = []
        var lastTraveled: [String: Double] = [:]
        for step in 0..<steps {
            if step == steps / 2 { kill(first.process.processIdentifier, SIGKILL) }
            for walk in walks where step < walk.fixes.count {
                // A client retries a failed request with the same fix (at most 5 times).
                var answer: (status: Int, body: String)?
                for _ in 0..<5 {
                    if let r = try? LoopbackHTTP.request(port: proxyPort, "POST", "/sessions/\(walk.id)/locations", body: walk.fixes[step]), r.status == 200 {
                        answer = r
                        break
                    }
                    usleep(100_000)
                }
                guard let answer else { failures.append("\(walk.id) step \(step): no answer"); continue }
                let json = try JSONParser().parse(answer.body).value
                let traveled = json["progress"]?["distanceTraveledMeters"]?.double ?? -1
                if traveled + 1e-6 < (lastTraveled[walk.id] ?? 0) { failures.append("\(walk.id) step \(step): progress went back") }
                lastTraveled[walk.id] = traveled
                for event in json["events"]?.array ?? [] where event["type"]?.string == "arrived" && event["isFinal"]?.bool == true {
                    arrivals[walk.id, default: 0] += 1
                }
                if answer.body.contains(#""type":"rerouted""#) { failures.append("\(walk.id) step \(step): unexpected reroute") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(walks.allSatisfy { arrivals[$0.id] == 1 }, "arrivals: \(arrivals.values.sorted())")
        // Every session is still there, on the surviving instance.
        let health = try JSONParser().parse(try LoopbackHTTP.request(port: second.port, "GET", "/health").body).value
        #expect(health["sessions"]?.int == 50)
        first.process.waitUntilExit()
        // A fresh instance started afterwards serves them all, arrived.
        let restarted = try ServeStateFileTests.Server(arguments)
        defer { _ = restarted.terminate() }
        for walk in walks {
            let r = try restarted.request("GET", "/sessions/\(walk.id)")
            let state = try JSONParser().parse(r.body).value["state"]?["type"]?.string
            #expect(r.status == 200 && state == "arrived", "\(walk.id): \(r.status) \(state ?? "no state")")
        }
    }
}
