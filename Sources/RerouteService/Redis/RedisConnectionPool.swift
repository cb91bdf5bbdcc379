import Foundation

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

/// Where and how to reach Redis.
///
/// | setting | unit | default | range |
/// |---|---|---|---|
/// | `address`, `database` | — | from the URL | TCP: IPv4 or `localhost`, port 1–65,535; Unix socket: absolute path of at most 107 bytes; database 0–15 |
/// | `maximumIdleConnections` | connections kept open | 8 | 1–256 |
/// | `timeoutSeconds` | s per send or receive | 0.5 | 0.01–60 |
/// | `setRefreshFraction` | fraction of the session TTL | 0.1 | 0–0.5 |
public struct RedisConfiguration: Hashable, Sendable {
    /// Where the server listens.
    public var address: RedisAddress
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

    /// The longest Unix-domain socket path, in bytes (`sun_path` holds 108 with the terminating NUL).
    public static let maximumSocketPathBytes = 107

    /// Reads `redis://host[:port][/db]` (port 6379 and database 0 by default) or
    /// `unix:///path/to/redis.sock[?db=N]` (database 0 by default).
    /// - Throws: ``RedisError/invalidURL(_:reason:)`` naming the part that is wrong.
    public init(url: String) throws(RedisError) {
        if url.hasPrefix("unix://") {
            (address, database) = try Self.unixParts(url)
            return
        }
        guard url.hasPrefix("redis://") else {
            throw .invalidURL(url, reason: "expected redis://host[:port][/db] or unix:///path/to/redis.sock[?db=N]")
        }
        let rest = url.dropFirst("redis://".count)
        let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let hostPort = parts[0].split(separator: ":", omittingEmptySubsequences: false)
        guard let h = hostPort.first, !h.isEmpty, hostPort.count <= 2 else { throw .invalidURL(url, reason: "missing host") }
        var port = 6379
        if hostPort.count == 2 {
            guard let p = Int(hostPort[1]), (1...65_535).contains(p) else { throw .invalidURL(url, reason: "port must be 1–65535") }
            port = p
        }
        address = .tcp(host: String(h), port: port)
        database = 0
        if parts.count == 2, !parts[1].isEmpty {
            guard let d = Int(parts[1]), (0...15).contains(d) else { throw .invalidURL(url, reason: "database must be 0–15") }
            database = d
        }
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

    /// The configuration after checking the tunables.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)``.
    public func validated() throws(ServiceError) -> RedisConfiguration {
        guard (1...256).contains(maximumIdleConnections) else {
            throw .invalidConfiguration(field: "redis.maximumIdleConnections", reason: "must be 1–256, got \(maximumIdleConnections)")
        }
        guard timeoutSeconds.isFinite, (0.01...60).contains(timeoutSeconds) else {
            throw .invalidConfiguration(field: "redis.timeoutSeconds", reason: "must be 0.01–60 s, got \(timeoutSeconds)")
        }
        guard setRefreshFraction.isFinite, (0...0.5).contains(setRefreshFraction) else {
            throw .invalidConfiguration(field: "redis.setRefreshFraction", reason: "must be 0–0.5, got \(setRefreshFraction)")
        }
        return self
    }
}

/// Open connections to one Redis server, lent to one caller at a time. A connection that failed is
/// closed instead of being put back, so a restarted server is reached again by the next caller.
///
/// `@unchecked Sendable`: the free list is only touched under `lock`; a connection taken out is used
/// by one caller until it is put back.
public final class RedisConnectionPool: @unchecked Sendable {
    /// The server and tunables.
    public let configuration: RedisConfiguration
    private let lock = NSLock()
    private var free: [RESPConnection] = []

    /// A pool for `configuration` (connections are made when first needed).
    public init(configuration: RedisConfiguration) { self.configuration = configuration }

    /// Runs `body` with a connection no other caller uses meanwhile.
    /// - Throws: ``RedisError`` from connecting or from `body`.
    public func withConnection<T>(_ body: (RESPConnection) throws(RedisError) -> T) throws(RedisError) -> T {
        lock.lock()
        let idle = free.popLast()
        lock.unlock()
        let connection: RESPConnection
        if let idle {
            connection = idle
        } else {
            connection = try RESPConnection(
                address: configuration.address, database: configuration.database, timeoutSeconds: configuration.timeoutSeconds)
        }
        let result: T
        do { result = try body(connection) } catch {
            // A server error leaves the connection usable; anything else drops it.
            if case .server = error { giveBack(connection) }
            throw error
        }
        giveBack(connection)
        return result
    }

    private func giveBack(_ connection: RESPConnection) {
        lock.lock()
        defer { lock.unlock() }
        if free.count < configuration.maximumIdleConnections { free.append(connection) }
    }
}
