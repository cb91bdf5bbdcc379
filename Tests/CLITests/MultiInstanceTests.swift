import Foundation
import IndoorJSON
import LoopbackSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Several `indoornav serve --sessions redis://…` instances behind HAProxy on loopback, one killed with
/// SIGKILL mid-walk. Skipped, saying so, where `redis-server` or `haproxy` is not installed.
@Suite(.serialized) struct MultiInstanceTests {
    static let redisBinary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let haproxyBinary = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var available: Bool { redisBinary != nil && haproxyBinary != nil }

    /// A free loopback TCP port.
    static func freePort() -> Int { LoopbackPort.free() }

    /// Waits until something accepts connections on `port`.
    static func waitForPort(_ port: Int) -> Bool {
        for _ in 0..<100 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok =
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                } == 0
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

    /// A throw-away Redis on a free loopback port, nothing saved.
    struct ThrowAwayRedis {
        let port: Int
        let process: Process

        /// SIGKILL: the test's own throw-away server (no data to keep), and a SIGTERM may stay blocked in
        /// children of the test process.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Starts a ``ThrowAwayRedis`` and waits until it listens (an expectation fails when it does not).
    static func startRedis() throws -> ThrowAwayRedis {
        let port = freePort()
        let process = try launch(redisBinary ?? "", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        #expect(waitForPort(port), "redis-server did not listen on port \(port)")
        return ThrowAwayRedis(port: port, process: process)
    }

    /// HAProxy on `port` balancing round robin over `servers` (name, port), each checked with `GET /ready`
    /// every 200 ms; `extraDefaults` are more lines of its `defaults` section. The configuration is
    /// written into `folder`. Kill the process when done.
    static func startHAProxy(
        in folder: URL, port: Int, servers: [(name: String, port: Int)], extraDefaults: [String] = []
    ) throws
        -> Process
    {
        let config = folder.appendingPathComponent("haproxy.cfg")
        let defaults = (["mode http", "timeout connect 1s", "timeout client 10s", "timeout server 10s"] + extraDefaults)
            .map { "  " + $0 }.joined(separator: "\n")
        let backends = servers.map { "  server \($0.name) 127.0.0.1:\($0.port) check inter 200ms fall 1 rise 1" }.joined(separator: "\n")
        try """
        global
          maxconn 256
        defaults
        \(defaults)
        frontend front
          bind 127.0.0.1:\(port)
          default_backend instances
        backend instances
          balance roundrobin
          option httpchk GET /ready
        \(backends)

        """.write(to: config, atomically: true, encoding: .utf8)
        return try launch(haproxyBinary ?? "", ["-f", config.path, "-db"])
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

    /// One client walking: the points still to send, its clock, what it saw.
    struct Walker {
        var id: String
        var deviates: Bool
        var pending: [(x: Double, y: Double, level: String)]
        var time = 0.0
        var traveled = 0.0
        var arrivals = 0, offRoutes = 0, reroutes = 0

        init(id: String, deviates: Bool, pending: [(x: Double, y: Double, level: String)]) {
            self.id = id; self.deviates = deviates; self.pending = pending
        }
    }

    /// The polyline points of a route JSON (every section in order).
    static func points(_ route: JSONValue?) -> [(x: Double, y: Double, level: String)] {
        (route?["sections"]?.array ?? []).flatMap { $0["polyline"]?.array ?? [] }.compactMap { p in
            guard let x = p["x"]?.double, let y = p["y"]?.double, let l = p["level"]?.string else { return nil }
            return (x, y, l)
        }
    }

    /// The points of ``walk(_:t0:)`` without the JSON.
    static func path(_ polyline: [(x: Double, y: Double, level: String)]) -> [(x: Double, y: Double, level: String)] {
        walk(polyline, t0: 0).compactMap { text in
            guard let v = try? JSONParser().parse(Array(text.utf8)).value, let x = v["x"]?.double, let y = v["y"]?.double,
                let l = v["level"]?.string
            else { return nil }
            return (x, y, l)
        }
    }

    @Test(
        .enabled(
            if: MultiInstanceTests.available,
            "redis-server or haproxy is not installed (apt-get install redis-server haproxy): multi-instance test skipped"))
    func sessionsContinueWhenAnInstanceIsKilled() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let redis = try Self.startRedis()
        defer { redis.stop() }
        let redisPort = redis.port
        let arguments = ["--venues", "Recordings/venues/campus", "--sessions", "redis://127.0.0.1:\(redisPort)/0"]
        let first = try ServeStateFileTests.Server(arguments)
        let second = try ServeStateFileTests.Server(arguments)
        defer { _ = second.terminate() }
        let proxyPort = Self.freePort()
        let proxy = try Self.startHAProxy(
            in: dir, port: proxyPort, servers: [("one", first.port), ("two", second.port)],
            extraDefaults: ["retries 3", "option redispatch", "retry-on conn-failure empty-response response-timeout"])
        defer { kill(proxy.processIdentifier, SIGKILL); proxy.waitUntilExit() }
        #expect(Self.waitForPort(proxyPort))

        // 50 sessions towards the dean's office (three levels up), each walking its own route; every
        // fifth leaves it into a room off the ground-floor corridor, stays there until rerouted, then
        // follows its new route. The instance is killed while those are off route.
        let deviation: [(x: Double, y: Double, level: String)] =
            [(13.5, 10.5, "lvl-a0"), (14.5, 13, "lvl-a0"), (16, 15.5, "lvl-a0")]
            + Array(repeating: (18, 17, "lvl-a0"), count: 8)
        var walks: [Walker] = []
        for k in 0..<50 {
            let r = try LoopbackHTTP.request(
                port: proxyPort, "POST", "/sessions",
                body:
                    #"{"venue":"campus","destination":"occ-deans-office","location":{"x":0,"y":0,"level":"lvl-a0","accuracyMeters":2,"timeSeconds":0}}"#
            )
            try #require(r.status == 201, "\(r.body)")
            let json = try JSONParser().parse(r.body).value
            let id = try #require(json["id"]?.string)
            let route = Self.points(json["route"])
            let deviates = k % 5 == 0
            walks.append(
                Walker(id: id, deviates: deviates, pending: deviates ? Array(Self.path(route).prefix(14)) + deviation : Self.path(route)))
        }
        var step = 0
        var failures: [String] = []
        while walks.contains(where: { !$0.pending.isEmpty }) && step < 400 {
            if step == 16 { kill(first.process.processIdentifier, SIGKILL) }
            for k in walks.indices where !walks[k].pending.isEmpty {
                let point = walks[k].pending.removeFirst()
                walks[k].time += 1
                let fix =
                    "{\"x\":\(point.x),\"y\":\(point.y),\"level\":\"\(point.level)\",\"accuracyMeters\":2,\"timeSeconds\":\(walks[k].time)}"
                // A client retries a failed request with the same fix (at most 5 times).
                var answer: (status: Int, body: String)?
                var attempts = 0
                while attempts < 5 && answer == nil {
                    attempts += 1
                    if let r = try? LoopbackHTTP.request(port: proxyPort, "POST", "/sessions/\(walks[k].id)/locations", body: fix),
                        r.status == 200
                    {
                        answer = r
                    } else {
                        usleep(100_000)
                    }
                }
                let id = walks[k].id
                guard let answer else { failures.append("\(id) t=\(walks[k].time): no answer"); continue }
                let json = try JSONParser().parse(answer.body).value
                // A fix is rejected (as a repeat) only when an earlier attempt was applied before its answer was lost.
                if json["rejected"]?.array?.isEmpty == false && attempts == 1 {
                    failures.append("\(id) t=\(walks[k].time): rejected on the first attempt")
                }
                let traveled = json["progress"]?["distanceTraveledMeters"]?.double ?? -1
                let rerouted = json["events"]?.array?.contains { $0["type"]?.string == "rerouted" } == true
                // Progress never goes back on one route (a new route starts from its own beginning).
                if !rerouted && traveled + 1e-6 < walks[k].traveled { failures.append("\(id) t=\(walks[k].time): progress went back") }
                walks[k].traveled = traveled
                for event in json["events"]?.array ?? [] {
                    switch event["type"]?.string {
                    case "arrived" where event["isFinal"]?.bool == true: walks[k].arrivals += 1
                    case "offRoute": walks[k].offRoutes += 1
                    case "rerouted":
                        walks[k].reroutes += 1
                        walks[k].pending = Self.path(Self.points(event["route"]))
                    default: break
                    }
                }
            }
            step += 1
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        for walk in walks {
            #expect(walk.arrivals == 1, "\(walk.id): \(walk.arrivals) arrivals")
            #expect(
                walk.reroutes == (walk.deviates ? 1 : 0) && walk.offRoutes == (walk.deviates ? 1 : 0),
                "\(walk.id): \(walk.offRoutes) off-route, \(walk.reroutes) reroutes")
        }
        // Every session is still there, on the surviving instance.
        let health = try JSONParser().parse(try LoopbackHTTP.request(port: second.port, "GET", "/health").body).value
        #expect(health["sessions"]?.int == 50)
        first.process.waitUntilExit()
        // All instances restart: two fresh ones serve every session, arrived.
        _ = second.terminate()
        let restarted = [try ServeStateFileTests.Server(arguments), try ServeStateFileTests.Server(arguments)]
        defer { restarted.forEach { _ = $0.terminate() } }
        for (k, walk) in walks.enumerated() {
            let r = try restarted[k % 2].request("GET", "/sessions/\(walk.id)")
            let state = try JSONParser().parse(r.body).value["state"]?["type"]?.string
            #expect(r.status == 200 && state == "arrived", "\(walk.id): \(r.status) \(state ?? "no state")")
        }
    }
}
