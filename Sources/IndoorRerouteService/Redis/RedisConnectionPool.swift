import Foundation
import IndoorConfiguration

/// Where a Redis server listens.
public enum RedisAddress: Hashable, Sendable, CustomStringConvertible {
    /// TCP to `host` (an IPv4 address or `localhost`) on `port` (1–65,535).
    case tcp(host: String, port: Int)
    /// A Unix-domain socket at the absolute `path` (at most 107 bytes): no TCP on either side, so a
    /// round trip costs the server and Redis less CPU than over loopback TCP.
    case unix(path: String)

    /// `host:port`, or the socket's path.
    public var description: String {
        switch self {
        case .tcp(let host, let port): "\(host):\(port)"
        case .unix(let path): path
        }
    }
}

/// Redis Sentinel processes that watch one primary and its replicas and name the primary by
/// `masterName` (`SENTINEL get-master-addr-by-name`); after a failover they name the promoted replica.
public struct RedisSentinels: Hashable, Sendable {
    /// The sentinels, asked in this order until one names the primary.
    public var addresses: [RedisAddress]
    /// The name the sentinels monitor the primary under (`sentinel monitor NAME …`).
    public var masterName: String
    /// The port of a sentinel address without one.
    public static let defaultPort = 26_379

    /// Sentinels at `addresses` (TCP) monitoring `masterName`.
    public init(addresses: [RedisAddress], masterName: String) { self.addresses = addresses; self.masterName = masterName }
}

/// Where and how to reach Redis. The numeric settings, with units, defaults and ranges, are in ``tunables``
/// (`indoornav config redis`; the module README's table is generated from it; `createReplicas` is 1 with
/// `sentinels`); besides them the `address` and `database` from the URL (TCP: IPv4 or `localhost`, port
/// 1–65,535; Unix socket: an absolute path of at most 107 bytes; database 0–15) and the `sentinels` of a
/// `redis-sentinel://` URL (1–16).
public struct RedisConfiguration: Hashable, Sendable {
    /// Where the server listens; with ``sentinels`` not used (the primary is whichever server the
    /// sentinels name).
    public var address: RedisAddress
    /// The sentinels that name the primary (`redis-sentinel://`), or nil for the one server at
    /// ``address``. With sentinels the pool asks them for the primary, checks it is one (`ROLE`), and
    /// asks again after a lost connection, a `READONLY` refusal (the server was demoted) or a server that
    /// is no longer the primary.
    public var sentinels: RedisSentinels?
    /// Replicas that must hold a new session before its create is answered (`WAIT`), so a failover
    /// to one of them keeps every session answered 201. A create that the primary took but no such
    /// replica confirmed within ``timeoutSeconds`` answers 503 `storeOutcomeUnknown`; while the
    /// primary has fewer replicas connected than this (`ROLE`, checked at most once a second per
    /// connection), creates wait for those it has, or for none (after a failover, until the old
    /// primary is back as a replica). Fixes are replicated asynchronously (not waited for): a failover
    /// loses those the promoted replica had not received yet, never applies one twice.
    public var createReplicas = 0
    /// Database number (`SELECT`).
    public var database: Int
    /// Connections kept open for reuse.
    public var maximumIdleConnections = 8
    /// Send and receive timeout; a slower server counts as down.
    public var timeoutSeconds = 0.5
    /// How far (as a fraction of the session TTL) the expiry scores of the live and per-client sorted
    /// sets may run ahead of a session's own expiry. A write renews the session's TTL every time but
    /// rewrites those scores only when the renewed expiry has passed them, and then sets them this much
    /// beyond it; so they are written about once per `setRefreshFraction × TTL` per session, and an
    /// expired session leaves the live count and its client's count at most that long after it expired
    /// (never before). 0 rewrites them on every write.
    public var setRefreshFraction = 0.1

    private init(address: RedisAddress, database: Int) {
        self.address = address
        self.database = database
    }

    /// The longest Unix-domain socket path, in bytes (`sun_path` holds 108 with the terminating NUL).
    public static let maximumSocketPathBytes = 107

    /// Reads `redis://host[:port][/db]` (port 6379 and database 0 by default),
    /// `unix:///path/to/redis.sock[?db=N]` (database 0 by default) or
    /// `redis-sentinel://host[:port][,host[:port]…]/MASTERNAME[/db]` (sentinel port 26379, database 0 by
    /// default; ``createReplicas`` 1).
    /// - Throws: ``RedisError/invalidURL(_:reason:)`` naming the part that is wrong.
    public init(url: String) throws(RedisError) {
        if url.hasPrefix("unix://") {
            (address, database) = try Self.unixParts(url)
            return
        }
        if url.hasPrefix("redis-sentinel://") {
            let (sentinels, database) = try Self.sentinelParts(url)
            self.sentinels = sentinels
            self.database = database
            address = sentinels.addresses[0]
            createReplicas = 1
            return
        }
        guard url.hasPrefix("redis://") else {
            throw .invalidURL(
                url,
                reason:
                    "expected redis://host[:port][/db], unix:///path/to/redis.sock[?db=N] or redis-sentinel://host[:port][,host[:port]…]/MASTERNAME[/db]"
            )
        }
        let rest = url.dropFirst("redis://".count)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        address = try Self.hostAndPort(parts[0], defaultPort: 6379, url: url)
        database = 0
        if parts.count == 2, !parts[1].isEmpty {
            guard let d = Int(parts[1]), (0...15).contains(d) else { throw .invalidURL(url, reason: "database must be 0–15") }
            database = d
        }
    }

    /// `host[:port]` (a non-empty host, a port 1–65,535 or `defaultPort`).
    private static func hostAndPort(_ text: Substring, defaultPort: Int, url: String) throws(RedisError) -> RedisAddress {
        let hostPort = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let h = hostPort.first, !h.isEmpty, hostPort.count <= 2 else {
            throw .invalidURL(url, reason: text.isEmpty ? "missing host" : "missing host in '\(text)'")
        }
        var port = defaultPort
        if hostPort.count == 2 {
            guard let p = Int(hostPort[1]), (1...65_535).contains(p) else {
                throw .invalidURL(url, reason: "port must be 1–65535 in '\(text)'")
            }
            port = p
        }
        return .tcp(host: String(h), port: port)
    }

    /// The most sentinels one URL may name.
    public static let maximumSentinels = 16

    /// The sentinels, master name and database of `redis-sentinel://h[:p][,h[:p]…]/NAME[/db]`.
    private static func sentinelParts(_ url: String) throws(RedisError) -> (RedisSentinels, Int) {
        let rest = url.dropFirst("redis-sentinel://".count)
        let parts = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard !parts[0].isEmpty else { throw .invalidURL(url, reason: "no sentinel host (redis-sentinel://HOST[:PORT][,…]/MASTERNAME)") }
        let hosts = parts[0].split(separator: ",", omittingEmptySubsequences: false)
        guard hosts.count <= maximumSentinels else {
            throw .invalidURL(url, reason: "\(hosts.count) sentinels, at most \(maximumSentinels)")
        }
        var addresses: [RedisAddress] = []
        for host in hosts {
            let address = try hostAndPort(host, defaultPort: RedisSentinels.defaultPort, url: url)
            guard !addresses.contains(address) else { throw .invalidURL(url, reason: "sentinel \(address) named twice") }
            addresses.append(address)
        }
        guard parts.count >= 2, !parts[1].isEmpty else {
            throw .invalidURL(url, reason: "no master name (redis-sentinel://HOST[:PORT][,…]/MASTERNAME)")
        }
        let name = parts[1]
        guard name.utf8.count <= 128, name.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "?") }) else {
            throw .invalidURL(url, reason: "master name must be 1–128 printable ASCII characters without spaces or '?'")
        }
        var database = 0
        if parts.count == 3 {
            guard let d = Int(parts[2]), (0...15).contains(d) else { throw .invalidURL(url, reason: "database must be 0–15") }
            database = d
        }
        return (RedisSentinels(addresses: addresses, masterName: String(name)), database)
    }

    /// The socket path and database of `unix:///path[?db=N]`.
    private static func unixParts(_ url: String) throws(RedisError) -> (RedisAddress, Int) {
        let rest = url.dropFirst("unix://".count)
        let pieces = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pieces[0])
        guard path.hasPrefix("/") else {
            throw .invalidURL(url, reason: "socket path must be absolute (unix:///path/to/redis.sock, three slashes, no host)")
        }
        guard path.count > 1, !path.hasSuffix("/") else { throw .invalidURL(url, reason: "socket path '\(path)' names no file") }
        guard !path.utf8.contains(0) else { throw .invalidURL(url, reason: "socket path contains a NUL byte") }
        guard path.utf8.count <= maximumSocketPathBytes else {
            throw .invalidURL(url, reason: "socket path is \(path.utf8.count) bytes, at most \(maximumSocketPathBytes) fit")
        }
        var database = 0
        if pieces.count == 2 {
            var seen = false
            for parameter in pieces[1].split(separator: "&", omittingEmptySubsequences: false) {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair[0] == "db" else {
                    throw .invalidURL(url, reason: "unknown query parameter '\(pair[0])' (only db=N)")
                }
                guard !seen else { throw .invalidURL(url, reason: "db given twice") }
                seen = true
                guard pair.count == 2, let d = Int(pair[1]), (0...15).contains(d) else {
                    throw .invalidURL(url, reason: "db must be 0–15")
                }
                database = d
            }
        }
        return (.unix(path: path), database)
    }

    /// The configuration after checking the tunables (``tunables``) and the sentinels.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)``, the field as `redis.NAME`.
    public func validated() throws(ServiceError) -> RedisConfiguration {
        try checkedTable(fieldPrefix: Self.configurationName)
        if let sentinels {
            guard (1...Self.maximumSentinels).contains(sentinels.addresses.count) else {
                throw .invalidConfiguration(field: "redis.sentinels", reason: "must name 1–\(Self.maximumSentinels) sentinels")
            }
            guard !sentinels.masterName.isEmpty else { throw .invalidConfiguration(field: "redis.sentinels", reason: "no master name") }
        }
        return self
    }
}

/// Open connections to one Redis server, lent to one caller at a time. A connection that failed is
/// closed instead of being put back, so a restarted server is reached again by the next caller.
///
/// With ``RedisConfiguration/sentinels`` the server is the primary the sentinels name: asked when a
/// connection is needed and none is known, checked by `ROLE`, and forgotten (with every idle
/// connection to it) when a connection to it is lost, fails or is refused with `READONLY` (demoted by a
/// failover); the next caller asks the sentinels again and follows the promoted replica.
///
/// `@unchecked Sendable`: the free list, the primary and the generation are only touched under `lock`;
/// a connection taken out is used by one caller until it is put back.
public final class RedisConnectionPool: @unchecked Sendable {
    /// The server and tunables.
    public let configuration: RedisConfiguration
    private let lock = NSLock()
    private var free: [(connection: RESPConnection, generation: Int)] = []
    /// The primary the sentinels named last (nil: ask them).
    private var primary: RedisAddress?
    /// Bumped whenever the primary is forgotten: connections made before are not put back.
    private var generation = 0

    /// A pool for `configuration` (connections are made when first needed).
    public init(configuration: RedisConfiguration) { self.configuration = configuration }

    /// Runs `body` with a connection no other caller uses meanwhile.
    /// - Throws: ``RedisError`` from connecting or from `body`.
    public func withConnection<T>(_ body: (RESPConnection) throws(RedisError) -> T) throws(RedisError) -> T {
        lock.lock()
        let idle = free.popLast()
        let current = generation
        lock.unlock()
        let connection: RESPConnection
        let made: Int
        if let idle {
            (connection, made) = idle
        } else {
            (connection, made) = try connect(generation: current)
        }
        let result: T
        do { result = try body(connection) } catch {
            // A server error leaves the connection usable; anything else drops it. With sentinels a
            // lost connection or a READONLY refusal may mean a failover: ask them again.
            if case .server(_, _, let message) = error, !Self.meansDemoted(message) {
                giveBack(connection, generation: made)
            } else if configuration.sentinels != nil {
                forgetPrimary(generation: made)
            }
            throw error
        }
        giveBack(connection, generation: made)
        return result
    }

    /// Whether a server's error reply says it is no longer the primary.
    static func meansDemoted(_ message: String) -> Bool {
        message.hasPrefix("READONLY") || message.hasPrefix("MASTERDOWN") || message.hasPrefix("LOADING")
    }

    /// The server connections go to, for messages: the primary's address, or the sentinels' master name.
    public var endpointDescription: String {
        guard let sentinels = configuration.sentinels else { return "\(configuration.address)" }
        lock.lock()
        defer { lock.unlock() }
        return "\(primary.map { "\($0)" } ?? "?") (primary of '\(sentinels.masterName)')"
    }

    /// A new connection: to the one server, or to the primary the sentinels name (checked by `ROLE`).
    private func connect(generation current: Int) throws(RedisError) -> (RESPConnection, Int) {
        let timeout = configuration.timeoutSeconds
        guard let sentinels = configuration.sentinels else {
            let c = try RESPConnection(address: configuration.address, database: configuration.database, timeoutSeconds: timeout)
            return (c, current)
        }
        lock.lock()
        let known = primary
        lock.unlock()
        let address: RedisAddress
        if let known { address = known } else { address = try Self.askSentinels(sentinels, timeoutSeconds: timeout) }
        let connection: RESPConnection
        do throws(RedisError) {
            connection = try RESPConnection(address: address, database: configuration.database, timeoutSeconds: timeout)
            let replicas = try Self.primaryReplicas(connection)
            guard let replicas else {
                throw RedisError.noPrimary(masterName: sentinels.masterName, reason: "\(address) is not a primary (ROLE)")
            }
            connection.connectedReplicas = replicas
            connection.replicasCheckedAtSeconds = ProcessInfo.processInfo.systemUptime
        } catch {
            forgetPrimary(generation: current)
            throw error
        }
        lock.lock()
        defer { lock.unlock() }
        guard generation == current else { return (connection, current) }
        primary = address
        return (connection, current)
    }

    /// The replicas connected to the server behind `connection` when it is a primary (`ROLE`), else nil.
    private static func primaryReplicas(_ connection: RESPConnection) throws(RedisError) -> Int? {
        guard case .array(let role) = try connection.command(["ROLE"]), let kind = role.first?.bytes,
            String(decoding: kind, as: UTF8.self) == "master"
        else { return nil }
        if role.count >= 3, case .array(let replicas) = role[2] { return replicas.count }
        return 0
    }

    /// The primary's address as the first sentinel that answers names it.
    private static func askSentinels(_ sentinels: RedisSentinels, timeoutSeconds: Double) throws(RedisError) -> RedisAddress {
        var reasons: [String] = []
        for sentinel in sentinels.addresses {
            do throws(RedisError) {
                let c = try RESPConnection(address: sentinel, database: 0, timeoutSeconds: timeoutSeconds)
                let reply = try c.command(["SENTINEL", "get-master-addr-by-name", sentinels.masterName])
                guard case .array(let pair) = reply, pair.count == 2, let host = pair[0].bytes, let portText = pair[1].bytes,
                    let port = Int(String(decoding: portText, as: UTF8.self)), (1...65_535).contains(port)
                else {
                    reasons.append("\(sentinel): \(reply == .null ? "does not monitor it" : "answered \(reply)")")
                    continue
                }
                return .tcp(host: String(decoding: host, as: UTF8.self), port: port)
            } catch {
                reasons.append("\(error)")
            }
        }
        throw .noPrimary(masterName: sentinels.masterName, reason: reasons.joined(separator: "; "))
    }

    /// Forgets the primary and drops the idle connections, unless that was already done since
    /// `generation` (when the failed connection was made).
    private func forgetPrimary(generation failed: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard generation == failed else { return }
        generation += 1
        primary = nil
        free.removeAll()
    }

    /// After a write on `connection` (lent by ``withConnection(_:)``): waits (`WAIT`, at most the
    /// timeout) until ``RedisConfiguration/createReplicas`` replicas hold it, or as many as the primary
    /// has connected when it has fewer (`ROLE`, asked at most once a second per connection).
    /// - Throws: ``RedisError/notReplicated(endpoint:wanted:acknowledged:)`` when they did not
    ///   confirm in time; ``RedisError`` when the server could not be asked.
    func waitForReplicas(_ connection: RESPConnection) throws(RedisError) {
        let wanted = configuration.createReplicas
        guard wanted > 0 else { return }
        let now = ProcessInfo.processInfo.systemUptime
        if now - connection.replicasCheckedAtSeconds >= 1 {
            connection.connectedReplicas = try Self.primaryReplicas(connection) ?? 0
            connection.replicasCheckedAtSeconds = now
        }
        let needed = min(wanted, connection.connectedReplicas)
        guard needed > 0 else { return }
        // Below the socket's receive timeout, so the answer arrives before it.
        let milliseconds = max(1, Int((configuration.timeoutSeconds * 800).rounded()))
        let acknowledged = try connection.command(["WAIT", String(needed), String(milliseconds)]).integer ?? 0
        guard acknowledged < needed else { return }
        // Fewer than expected: the replica may have gone; ask again before the next create.
        connection.replicasCheckedAtSeconds = -Double.infinity
        throw .notReplicated(endpoint: connection.endpoint, wanted: needed, acknowledged: acknowledged)
    }

    private func giveBack(_ connection: RESPConnection, generation made: Int) {
        lock.lock()
        defer { lock.unlock() }
        if made == generation, free.count < configuration.maximumIdleConnections { free.append((connection, made)) }
    }
}

extension RedisConfiguration: TunableConfiguration {
    /// The one table of the Redis pool's numeric tunables.
    public static let table = TunableTable<Self>(
        name: "redis", defaults: Self(address: .tcp(host: "127.0.0.1", port: 6379), database: 0),
        [
            Tunable(
                \.createReplicas, unit: "replicas", range: 0...16, "replicas that must hold a new session before its create is answered"),
            Tunable(\.maximumIdleConnections, unit: "connections", range: 1...256, "connections kept open"),
            Tunable(\.timeoutSeconds, unit: "s", range: 0.01...60, "per send or receive; slower counts as down"),
            Tunable(\.setRefreshFraction, unit: "", range: 0...0.5, "share of the session TTL the sets' expiries may run ahead"),
        ])
}
