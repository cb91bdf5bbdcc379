import Foundation
import IndoorGeometry
import IndoorJSON
import LoopbackSupport
import Synchronization
import Testing

@testable import IndoorRerouteService

/// A `redis-server` of our own on a free loopback port (the Debian package's binary), without
/// persistence, or on a Unix-domain socket of its own (no TCP port) with `unixSocket`. Tests that need
/// it are skipped, saying so, where it is not installed.
final class RedisServerProcess {
    static let binary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { binary != nil }

    let port: Int
    /// The Unix-domain socket the server listens on instead of a port, if any.
    let socketPath: String?
    /// The database the URL names.
    let database: Int
    /// Whether it writes an append-only file (`appendfsync everysec`) into ``directory``.
    let appendOnly: Bool
    /// Its working directory (a temporary one of its own: files Redis writes go there).
    let directory: String
    /// More `redis-server` options (e.g. `--replicaof 127.0.0.1 PORT`).
    let extraArguments: [String]
    private var process: Process?

    init(unixSocket: Bool = false, database: Int = 0, appendOnly: Bool = false, extraArguments: [String] = []) throws {
        port = unixSocket ? 0 : LoopbackPort.free()
        self.appendOnly = appendOnly
        self.extraArguments = extraArguments
        directory = NSTemporaryDirectory() + "indoornav-redis-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // sun_path holds 108 bytes: a short name in /tmp, not the (possibly long) temporary directory.
        socketPath = unixSocket ? "/tmp/indoornav-redis-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock" : nil
        self.database = database
        try start()
    }

    /// The server's address.
    var address: RedisAddress { socketPath.map { .unix(path: $0) } ?? .tcp(host: "127.0.0.1", port: port) }

    func start() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.binary ?? "/usr/bin/redis-server")
        var listen = ["--port", String(port), "--bind", "127.0.0.1"]
        if let socketPath { listen += ["--unixsocket", socketPath, "--unixsocketperm", "700"] }
        let persistence = appendOnly ? ["--appendonly", "yes", "--appendfsync", "everysec"] : ["--appendonly", "no"]
        p.arguments = listen + ["--save", ""] + persistence + ["--dir", directory, "--daemonize", "no"] + extraArguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        for _ in 0..<100 {
            if (try? RESPConnection(address: address, database: 0, timeoutSeconds: 0.2).command(["PING"])) == .simple("PONG") {
                return
            }
            usleep(50_000)
        }
        throw RedisError.cannotConnect(endpoint: "\(address)", reason: "redis-server did not answer PING")
    }

    /// Kills the server at once (SIGKILL).
    func kill() {
        guard let p = process else { return }
        Foundation.kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        process = nil
    }

    /// Stops the server without closing its sockets (SIGSTOP): it accepts nothing and answers nothing,
    /// like a server stuck or far too slow.
    func pause() { if let p = process { Foundation.kill(p.processIdentifier, SIGSTOP) } }

    /// Lets a paused server run again (SIGCONT).
    func resume() { if let p = process { Foundation.kill(p.processIdentifier, SIGCONT) } }

    deinit {
        resume()
        kill()
        if let socketPath { unlink(socketPath) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    var url: String { socketPath.map { "unix://\($0)?db=\(database)" } ?? "redis://127.0.0.1:\(port)/\(database)" }

    func store(_ catalog: VenueCatalog, _ configuration: ServiceConfiguration, timeoutSeconds: Double = 2) -> any SessionStore {
        guard var redis = try? RedisConfiguration(url: url) else { preconditionFailure("the test URL \(url) must parse") }
        redis.timeoutSeconds = timeoutSeconds
        return RedisSessionStore(
            pool: RedisConnectionPool(configuration: redis), venues: catalog, capacity: configuration.maximumSessions,
            perOwnerCapacity: configuration.maximumSessionsPerClient, fairShareFraction: configuration.fairShareFraction,
            ttlSeconds: configuration.sessionTTLSeconds, retryAfterSeconds: configuration.retryAfterSeconds)
    }
}

@Suite(.serialized) struct RedisSessionStoreTests {
    static let skipMessage = "redis-server is not installed (apt-get install redis-server): Redis store tests skipped"

    /// Two service instances on one Redis, a session's fixes alternating between them: every answer is
    /// the one a single in-memory instance gives to the same fixes (no fix lost, applied twice or out of
    /// order), and each deviation yields one reroute. Over loopback TCP, and over a Unix-domain socket
    /// with the database chosen by `?db=`.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)), arguments: [false, true])
    func twoInstancesShareSessionsExactly(unixSocket: Bool) throws {
        let redis = try RedisServerProcess(unixSocket: unixSocket, database: unixSocket ? 2 : 0)
        let a = try ServiceFixture(store: { redis.store($0, $1) })
        let b = try ServiceFixture(store: { redis.store($0, $1) })
        let reference = try ServiceFixture()
        let id = try a.createSession()
        #expect(try reference.createSession() == id)
        let fixes =
            ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0)
            + ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -10), level: "L0", t0: 8)
            + (1...8).map { ServiceFixture.fix(10, -10, "L0", t: 16 + Double($0)) }
        var reroutes = 0
        for (k, fix) in fixes.enumerated() {
            let instance = k % 2 == 0 ? a : b
            let r = try instance.client.request("POST", "/sessions/\(id)/locations", body: fix)
            let expected = try reference.client.request("POST", "/sessions/\(id)/locations", body: fix)
            #expect(r.status == 200 && r.text == expected.text, "fix \(k)")
            reroutes += r.text.components(separatedBy: #""type":"rerouted""#).count - 1
        }
        #expect(reroutes == 1)
        // Replaying an applied fix on the other instance is rejected, not applied twice.
        let replay = try b.json(try b.client.request("POST", "/sessions/\(id)/locations", body: fixes[3]))
        #expect(replay["rejected"]?.array?.count == 1)
        let last = fixes.count % 2 == 0 ? a : b  // the instance that did not apply the last fix
        let repeated = try last.json(try last.client.request("POST", "/sessions/\(id)/locations", body: fixes[fixes.count - 1]))
        #expect(repeated["rejected"]?.array?.count == 1)
        #expect(try a.client.request("GET", "/sessions/\(id)").text == b.client.request("GET", "/sessions/\(id)").text)
        #expect(try a.json(try a.client.request("GET", "/health"))["sessions"]?.int == 1)
        // The session is in the URL's database, and only there.
        let key = RedisSessionStore.keyPrefix + id
        for database in [0, 2] {
            let found = try RESPConnection(address: redis.address, database: database, timeoutSeconds: 2).command(["EXISTS", key])
            #expect(found == .integer(database == redis.database ? 1 : 0), "database \(database)")
        }
        #expect(try b.client.request("DELETE", "/sessions/\(id)").status == 200)
        #expect(try a.client.request("GET", "/sessions/\(id)").status == 404)
    }

    /// Two instances racing on one session: the compare-and-set makes every fix count once.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)))
    func racingInstancesNeverInterleave() throws {
        let redis = try RedisServerProcess()
        let a = try ServiceFixture(store: { redis.store($0, $1) })
        let b = try ServiceFixture(store: { redis.store($0, $1) })
        let id = try a.createSession()
        let fixes = ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 20, y: 0), level: "L0", t0: 0, speed: 0.5)
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            for fix in fixes {
                let status = (try? (k == 0 ? a : b).client.request("POST", "/sessions/\(id)/locations", body: fix).status) ?? -1
                statuses.withLock { $0.append(status) }
            }
        }
        // Conflicts are resolved by reading again and re-applying: every request is answered 200 and
        // the session ends where the walk ended, as if each fix had come once.
        #expect(statuses.withLock { $0 }.allSatisfy { $0 == 200 }, "\(statuses.withLock { $0 })")
        let session = try a.json(try a.client.request("GET", "/sessions/\(id)"))
        #expect(abs((session["progress"]?["distanceTraveledMeters"]?.double ?? 0) - 20) < 0.5)
    }

    /// Redis down: 503 with Retry-After and nothing written; back up: the service recovers by itself.
    /// Sessions expire by Redis expiry.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)))
    func redisDownAnswers503AndRecovers() throws {
        let redis = try RedisServerProcess()
        let f = try ServiceFixture(
            configure: {
                $0.sessionTTLSeconds = 1; $0.retryAfterSeconds = 2
            }, store: { redis.store($0, $1, timeoutSeconds: 0.2) })
        let id = try f.createSession()
        redis.kill()
        for (k, (method, path, body)) in [
            ("POST", "/sessions/\(id)/locations", ServiceFixture.fix(1, 0, "L0", t: 1)), ("GET", "/sessions/\(id)", nil),
            ("POST", "/sessions", #"{"venue":"golden","destination":"office"}"#), ("DELETE", "/sessions/\(id)", nil),
        ].enumerated() {
            let r = try f.client.request(method, path, body: body)
            #expect(r.status == 503, "\(method) \(path): \(r.text)")
            #expect(r.headers["retry-after"] == "2")
            // The first request goes out on a pooled connection whose server died: sent, no reply, so
            // it may have run. The next ones cannot connect: nothing was written.
            let code = try f.json(r)["error"]?["code"]?.string
            #expect(k == 0 ? ["storeUnavailable", "storeOutcomeUnknown"].contains(code) : code == "storeUnavailable", "\(k): \(r.text)")
        }
        try redis.start()
        let again = try f.createSession()
        #expect(try f.client.request("POST", "/sessions/\(again)/locations", body: ServiceFixture.fix(1, 0, "L0", t: 1)).status == 200)
        usleep(1_300_000)
        #expect(try f.client.request("GET", "/sessions/\(again)").status == 404)
    }

    /// Redis stuck (SIGSTOP): requests answer 503 with `Retry-After` within the timeout and `/health`
    /// still answers. Nothing is half-written: once Redis runs again the instance answers exactly what
    /// Redis holds (a fresh instance reads the same), whether or not the timed-out write landed late,
    /// and the client's retry of the same fix is applied at most once.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)))
    func redisStuckAnswers503AndNothingIsHalfWritten() throws {
        let redis = try RedisServerProcess()
        let a = try ServiceFixture(configure: { $0.retryAfterSeconds = 3 }, store: { redis.store($0, $1, timeoutSeconds: 0.2) })
        let id = try a.createSession()
        #expect(try a.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(1, 0, "L0", t: 1)).status == 200)
        redis.pause()
        let started = Date()
        let stuck = try a.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(2, 0, "L0", t: 2))
        #expect(stuck.status == 503 && stuck.headers["retry-after"] == "3", "\(stuck.text)")
        #expect(try a.client.request("GET", "/sessions/\(id)").status == 503)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(try a.client.request("GET", "/health").status == 200)
        redis.resume()
        usleep(100_000)
        let b = try ServiceFixture(store: { redis.store($0, $1) })
        let seen = try a.client.request("GET", "/sessions/\(id)")
        let fresh = try b.client.request("GET", "/sessions/\(id)").text
        #expect(seen.status == 200 && seen.text == fresh)
        let retried = try a.json(try a.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(2, 0, "L0", t: 2)))
        #expect(retried["progress"]?["fusedLocation"]?["timeSeconds"]?.double == 2)
        #expect(abs((retried["progress"]?["distanceTraveledMeters"]?.double ?? 0) - 2) < 0.01)
        let next = try b.json(try b.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(3, 0, "L0", t: 3)))
        #expect(next["rejected"]?.array?.isEmpty == true && next["progress"]?["fusedLocation"]?["timeSeconds"]?.double == 3)
    }

    /// Per-client limits and API-key ownership hold across instances sharing one Redis; the live count
    /// is every instance's.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)))
    func clientLimitsAndOwnersHoldAcrossInstances() throws {
        let redis = try RedisServerProcess()
        let keys = try APIKeys.parse(ClientLimitTests.keys, path: "keys")
        let configure: (inout ServiceConfiguration) -> Void = {
            $0.maximumSessionsPerClient = 2; $0.apiKeys = keys; $0.sessionTTLSeconds = 1
        }
        let a = try ServiceFixture(configure: configure, store: { redis.store($0, $1) })
        let b = try ServiceFixture(configure: configure, store: { redis.store($0, $1) }, idSeed: 7)
        let alice = ["authorization": "Bearer alice-key-0123456789"]
        let bob = ["authorization": "Bearer bob-key-0123456789abc"]
        let first = try a.client.request("POST", "/sessions", body: ClientLimitTests.createBody, headers: alice)
        #expect(first.status == 201)
        #expect(try b.client.request("POST", "/sessions", body: ClientLimitTests.createBody, headers: alice).status == 201)
        let third = try a.client.request("POST", "/sessions", body: ClientLimitTests.createBody, headers: alice)
        let thirdCode = try a.json(third)["error"]?["code"]?.string
        #expect(third.status == 429 && thirdCode == "clientSessionLimit")
        #expect(try b.client.request("POST", "/sessions", body: ClientLimitTests.createBody, headers: bob).status == 201)
        #expect(try a.json(try a.client.request("GET", "/health"))["sessions"]?.int == 3)
        let id = try #require(try a.json(first)["id"]?.string)
        #expect(try b.client.request("GET", "/sessions/\(id)", headers: bob).status == 404)
        #expect(try b.client.request("DELETE", "/sessions/\(id)", headers: bob).status == 204)
        #expect(try b.client.request("GET", "/sessions/\(id)", headers: alice).status == 200)
        #expect(try b.client.request("DELETE", "/sessions/\(id)", headers: alice).status == 200)
        #expect(try a.json(try a.client.request("GET", "/health"))["sessions"]?.int == 2)
        #expect(try a.client.request("POST", "/sessions", body: ClientLimitTests.createBody, headers: alice).status == 201)
        // Expiry frees the places and the count (Redis time).
        usleep(1_300_000)
        #expect(try b.json(try b.client.request("GET", "/health"))["sessions"]?.int == 0)
        #expect(try b.client.request("POST", "/sessions", body: ClientLimitTests.createBody, headers: alice).status == 201)
    }

    /// The fair share holds across instances on one Redis as it does in memory
    /// (`ClientLimitTests.clientsShareTheTablePastHalf`): past half the table a client holding its share
    /// (half the table among the clients holding sessions) gets 429 naming the share; newcomers go on; a
    /// client whose sessions are all deleted no longer counts among the holders.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)))
    func clientsShareTheTableAcrossInstances() throws {
        let redis = try RedisServerProcess()
        let configure: (inout ServiceConfiguration) -> Void = {
            $0.maximumSessions = 20; $0.sessionCreationsPerClientPerMinute = 1_000
        }
        let a = try ServiceFixture(configure: configure, store: { redis.store($0, $1) })
        let b = try ServiceFixture(configure: configure, store: { redis.store($0, $1) }, idSeed: 7)
        var ids: [String: [String]] = [:]
        for address in ["10.0.0.1", "10.0.0.2"] {
            for k in 0..<5 {
                let created = ClientLimitTests.create(k % 2 == 0 ? a : b, address: address)
                #expect(created.status == 201)
                ids[address, default: []].append(try #require((try? JSONParser().parse(created.body).value)?["id"]?.string))
            }
        }
        // 10 of 20 live, two clients: a share is 5, on either instance.
        let refused = ClientLimitTests.create(b, address: "10.0.0.1")
        #expect(refused.status == 429 && ClientLimitTests.errorCode(refused) == "clientSessionLimit")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("limit of 5 live sessions"))
        #expect(ClientLimitTests.create(a, address: "10.0.0.2").status == 429)
        // A newcomer goes on until it holds its share (10 / 3 = 3).
        for k in 0..<3 { #expect(ClientLimitTests.create(k % 2 == 0 ? b : a, address: "10.0.0.3").status == 201) }
        let third = ClientLimitTests.create(a, address: "10.0.0.3")
        #expect(third.status == 429 && String(decoding: third.body, as: UTF8.self).contains("limit of 3 live sessions"))
        // Client 2 deletes all its sessions: two holders remain (13 − 5 = 8 live, below half: no sharing).
        for id in ids["10.0.0.2"] ?? [] {
            let deleted = a.service.handle(HTTPRequest(method: "DELETE", path: "/sessions/\(id)", headers: [:], clientAddress: "10.0.0.2"))
            #expect(deleted.status == 200 || deleted.status == 204)
        }
        #expect(ClientLimitTests.create(b, address: "10.0.0.1").status == 201)
        #expect(ClientLimitTests.create(b, address: "10.0.0.1").status == 201)
        // 10 live, two holders (1 with 7, 3 with 3): a share is 5; 1 is past it, 3 is not.
        #expect(ClientLimitTests.create(a, address: "10.0.0.1").status == 429)
        #expect(ClientLimitTests.create(a, address: "10.0.0.3").status == 201)
    }

    /// The live and per-client sets' expiry scores are rewritten only when a session's renewed expiry
    /// has passed them (then set `setRefreshFraction` of the TTL beyond it): never below the session's
    /// own expiry, at most that slack above it.
    @Test(.enabled(if: RedisServerProcess.available, Comment(rawValue: skipMessage)))
    func setScoresAreRefreshedOnlyWhenDue() throws {
        let redis = try RedisServerProcess()
        let f = try ServiceFixture(configure: { $0.sessionTTLSeconds = 10 }, store: { redis.store($0, $1) })  // slack 1 s
        let id = try f.createSession()
        let c = try RESPConnection(host: "127.0.0.1", port: redis.port, database: 0, timeoutSeconds: 1)
        let key = "indoornav:session:\(id)"
        func number(_ reply: RESPValue) -> Double? { reply.bytes.flatMap { Double(String(decoding: $0, as: UTF8.self)) } }
        let owner = "indoornav:owner:" + String(decoding: try c.command(["HGET", key, "o"]).bytes ?? [], as: UTF8.self)
        func scores() throws -> (live: Double?, owner: Double?) {
            (
                number(try c.command(["ZSCORE", "indoornav:live", key])),
                number(try c.command(["ZSCORE", owner, key]))
            )
        }
        /// The session key's expiry (Redis time, ms).
        func expiry() throws -> Double {
            guard case .array(let t) = try c.command(["TIME"]), t.count == 2, let s = number(t[0]), let us = number(t[1]),
                let ttl = try c.command(["PTTL", key]).integer
            else { return .nan }
            return s * 1000 + (us / 1000).rounded(.down) + Double(ttl)
        }
        let first = try scores()
        let created = try expiry()
        #expect(first.live != nil && first.live == first.owner)
        #expect((first.live ?? 0) >= created && (first.live ?? 0) <= created + 1_000 + 50)
        #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(1, 0, "L0", t: 1)).status == 200)
        #expect(try scores() == first, "within the slack: not rewritten")
        #expect(try expiry() > created && (first.live ?? 0) >= (try expiry()))
        usleep(1_100_000)
        #expect(try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(2, 0, "L0", t: 2)).status == 200)
        let second = try scores()
        let renewed = try expiry()
        #expect((second.live ?? 0) > (first.live ?? 0) && second.live == second.owner)
        #expect((second.live ?? 0) >= renewed && (second.live ?? 0) <= renewed + 1_000 + 50)
        #expect(try f.json(try f.client.request("GET", "/health"))["sessions"]?.int == 1)
    }

    @Test func redisURLsAreChecked() throws {
        let ok = try RedisConfiguration(url: "redis://127.0.0.1:6380/3")
        #expect(ok.address == .tcp(host: "127.0.0.1", port: 6380) && ok.database == 3)
        #expect(try RedisConfiguration(url: "redis://localhost").address == .tcp(host: "localhost", port: 6379))
        for bad in ["http://127.0.0.1", "redis://", "redis://h:0", "redis://h:99999", "redis://h:1/16", "redis://h:1/x", "redis://h:p"] {
            #expect(throws: RedisError.self, "\(bad)") { try RedisConfiguration(url: bad) }
        }
        let socket = try RedisConfiguration(url: "unix:///run/redis/redis.sock")
        #expect(socket.address == .unix(path: "/run/redis/redis.sock") && socket.database == 0)
        #expect(try RedisConfiguration(url: "unix:///tmp/r.sock?db=15").database == 15)
        let longest = "/" + String(repeating: "s", count: RedisConfiguration.maximumSocketPathBytes - 1)
        #expect(try RedisConfiguration(url: "unix://" + longest).address == .unix(path: longest))
        // Each malformed socket URL is refused with a reason naming the part that is wrong.
        let malformed: [(String, String)] = [
            ("unix://", "absolute"),
            ("unix://redis.sock", "absolute"),
            ("unix://localhost/tmp/r.sock", "no host"),
            ("unix:///", "names no file"),
            ("unix:///tmp/redis/", "names no file"),
            ("unix://" + longest + "s", "at most 107"),
            ("unix:///tmp/r\u{0}.sock", "NUL"),
            ("unix:///tmp/r.sock?", "query parameter ''"),
            ("unix:///tmp/r.sock?db", "db must be 0–15"),
            ("unix:///tmp/r.sock?db=", "db must be 0–15"),
            ("unix:///tmp/r.sock?db=16", "db must be 0–15"),
            ("unix:///tmp/r.sock?db=-1", "db must be 0–15"),
            ("unix:///tmp/r.sock?db=x", "db must be 0–15"),
            ("unix:///tmp/r.sock?database=1", "query parameter 'database'"),
            ("unix:///tmp/r.sock?db=1&db=2", "db given twice"),
            ("unix:///tmp/r.sock?db=1&timeout=3", "query parameter 'timeout'"),
        ]
        expectRefused(malformed)
        var c = ok
        c.timeoutSeconds = 0
        #expect(throws: ServiceError.self) { try c.validated() }
        for fraction in [-0.1, 0.6, .nan] {
            var d = ok
            d.setRefreshFraction = fraction
            #expect(throws: ServiceError.self) { try d.validated() }
        }
        // Nothing listening: a typed error naming the endpoint.
        #expect { try RESPConnection(host: "127.0.0.1", port: 1, database: 0, timeoutSeconds: 0.2) } throws: { error in
            (error as? RedisError)?.description.contains("127.0.0.1:1/0") == true
        }
        let nowhere = "/tmp/indoornav-no-redis-\(getpid()).sock"
        #expect { try RESPConnection(address: .unix(path: nowhere), database: 3, timeoutSeconds: 0.2) } throws: { error in
            guard case .cannotConnect(let endpoint, _) = error as? RedisError else { return false }
            return endpoint == "unix://\(nowhere)?db=3"
        }
    }
}

/// Expects each URL of `malformed` to be refused as ``RedisError/invalidURL(_:reason:)`` naming it,
/// with a reason that contains the text paired with it.
func expectRefused(_ malformed: [(url: String, reason: String)], sourceLocation: SourceLocation = #_sourceLocation) {
    for (bad, reason) in malformed {
        do throws(RedisError) {
            _ = try RedisConfiguration(url: bad)
            Issue.record("\(bad) was accepted", sourceLocation: sourceLocation)
        } catch {
            guard case .invalidURL(let url, let why) = error else {
                Issue.record("\(bad): \(error)", sourceLocation: sourceLocation)
                continue
            }
            #expect(url == bad && why.contains(reason), "\(bad): \(why)", sourceLocation: sourceLocation)
            #expect(error.description.contains(bad), "\(error)", sourceLocation: sourceLocation)
        }
    }
}
