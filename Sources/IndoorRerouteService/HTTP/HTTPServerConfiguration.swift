import IndoorConfiguration

/// How the HTTP layer listens and schedules work. The numeric settings, with their units, defaults and
/// ranges, are in ``tunables`` (`indoornav config http-server`; the module README's table is generated from
/// it); besides them `bindAddress` (an IPv4 dotted quad, loopback by default), `threading` (a pool of
/// ``threadRange`` threads, 2 by default, or a thread per connection) and `trustedProxies` (IPv4 networks
/// `A.B.C.D[/N]` whose `X-Forwarded-For`/`Forwarded` name the client, ``TrustedProxies``; none by default).
public struct HTTPServerConfiguration: Sendable, Hashable {
    /// How requests are scheduled on threads.
    public enum Threading: Sendable, Hashable {
        /// `threads` polling threads (epoll) shared by all connections.
        case pool(threads: Int)
        /// One thread per connection.
        case threadPerConnection

        /// The pool `serve` uses without `--threads`: 2 threads with sessions in memory (requests only
        /// compute, so more threads than cores gain nothing); with sessions in a remote store, 4 per core
        /// (at least 4, at most 64), because each request waits for a round trip to the store, during which
        /// its thread computes nothing. Measured on 2 cores with Redis (`service-load.sh --store redis
        /// --connections 32`, alternating): 2 threads 6,539–8,285 updates/s, 4 threads 8,789–9,526, 8 threads
        /// 10,917–13,761 with p99 6.4–9.6 ms (docs/SCALING.md).
        public static func defaultPool(remoteSessions: Bool, processors: Int) -> Threading {
            guard remoteSessions else { return .pool(threads: 2) }
            return .pool(threads: min(64, max(4, 4 * processors)))
        }
    }

    /// The IPv4 address to listen on; loopback by default.
    public var bindAddress: String = "127.0.0.1"
    /// The TCP port; 0 picks a free one.
    public var port: Int = 8080
    /// The threading model.
    public var threading: Threading = .pool(threads: 2)
    /// Bodies longer than this are discarded and answered with 413.
    public var maximumBodyBytes: Int = 65_536
    /// Open connections admitted; one more is answered 503 (`tooManyConnections`, `Retry-After`) at
    /// once and closed. libmicrohttpd's table is ``HTTPDaemon/tableHeadroom`` larger, so the answer is
    /// written rather than the connection left in the backlog.
    public var connectionLimit: Int = 4_096
    /// Idle keep-alive connections are closed after this many seconds.
    public var connectionTimeoutSeconds: Int = 30
    /// Open connections admitted from one client address; one more is answered 429
    /// (`clientConnectionLimit`, `Retry-After`) at once and closed. Trusted proxies are exempt.
    public var perClientConnectionLimit: Int = 128
    /// A connection must deliver the request line and headers within this many seconds of opening or
    /// of its previous answer (so idle keep-alive connections are closed after it too); at most
    /// ``requestReadTimeoutSeconds``.
    public var requestHeaderTimeoutSeconds: Double = 5
    /// Networks of the load balancers whose forwarding headers name the client (``TrustedProxies``).
    public var trustedProxies: [String] = []
    /// The `Retry-After` of the 429 and 503 written to connections refused at opening.
    public var overloadRetryAfterSeconds: Int = 1
    /// A connection must deliver each complete request (request line, headers, body) within this many
    /// seconds of opening or of its previous answer, or it is closed (slow clients, slowloris). Idle
    /// keep-alive connections are closed after the same time.
    public var requestReadTimeoutSeconds: Double = 10

    /// The threads a pool may have (`serve --threads`).
    public static let threadRange = 1...64

    /// The configuration after checking every range (``tunables``), the address, the pool and the proxies.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` naming the first bad field.
    public func validated() throws(ServiceError) -> HTTPServerConfiguration {
        let octets = bindAddress.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else {
            throw .invalidConfiguration(field: "bindAddress", reason: "expected an IPv4 address like 127.0.0.1, got '\(bindAddress)'")
        }
        try checkedTable()
        if case .pool(let threads) = threading, !Self.threadRange.contains(threads) {
            throw .invalidConfiguration(
                field: "threads", reason: "\(threads) is outside \(Self.threadRange.lowerBound) ... \(Self.threadRange.upperBound)")
        }
        _ = try TrustedProxies(trustedProxies)
        return self
    }
}
