/// How the HTTP layer listens and schedules work.
///
/// | setting | unit | default | range |
/// |---|---|---|---|
/// | `bindAddress` | IPv4 dotted quad | `127.0.0.1` | any local IPv4 address |
/// | `port` | TCP port | 8080 | 0–65535 (0 = ephemeral, read back with ``HTTPDaemon/port``) |
/// | `threading` | — | `.pool(threads: 2)` | pool 1–64 threads, or thread per connection |
/// | `maximumBodyBytes` | bytes | 65,536 | 1,024–16,777,216 |
/// | `connectionLimit` | open connections; more are answered 503 `tooManyConnections` | 4,096 | 1–65,536 |
/// | `connectionTimeoutSeconds` | s idle | 30 | 1–3,600 |
/// | `perClientConnectionLimit` | open connections from one IPv4 address (trusted proxies exempt); more are answered 429 `clientConnectionLimit` | 128 | 1–65,536 |
/// | `requestHeaderTimeoutSeconds` | s to deliver the request line and headers (and idle keep-alive) | 5 | 0.1–3,600 |
/// | `requestReadTimeoutSeconds` | s to deliver a whole request (headers and body) | 10 | 0.1–3,600 |
/// | `trustedProxies` | IPv4 networks whose `X-Forwarded-For`/`Forwarded` name the client (``TrustedProxies``) | none | `A.B.C.D[/N]` |
/// | `overloadRetryAfterSeconds` | s in `Retry-After` of the connection refusals | 1 | 1–3,600 |
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

    /// The defaults (see the table above).
    public init() {}

    /// The configuration after checking every range.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` naming the first bad field.
    public func validated() throws(ServiceError) -> HTTPServerConfiguration {
        let octets = bindAddress.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else {
            throw .invalidConfiguration(field: "bindAddress", reason: "expected an IPv4 address like 127.0.0.1, got '\(bindAddress)'")
        }
        guard (0...65_535).contains(port) else { throw .invalidConfiguration(field: "port", reason: "must be 0–65535, got \(port)") }
        if case .pool(let threads) = threading, !(1...64).contains(threads) {
            throw .invalidConfiguration(field: "threads", reason: "must be 1–64, got \(threads)")
        }
        guard (1_024...16_777_216).contains(maximumBodyBytes) else {
            throw .invalidConfiguration(field: "maximumBodyBytes", reason: "must be 1024–16777216, got \(maximumBodyBytes)")
        }
        guard (1...65_536).contains(connectionLimit) else {
            throw .invalidConfiguration(field: "connectionLimit", reason: "must be 1–65536, got \(connectionLimit)")
        }
        guard (1...3_600).contains(connectionTimeoutSeconds) else {
            throw .invalidConfiguration(field: "connectionTimeoutSeconds", reason: "must be 1–3600, got \(connectionTimeoutSeconds)")
        }
        guard (1...65_536).contains(perClientConnectionLimit) else {
            throw .invalidConfiguration(field: "perClientConnectionLimit", reason: "must be 1–65536, got \(perClientConnectionLimit)")
        }
        guard requestReadTimeoutSeconds.isFinite, (0.1...3_600).contains(requestReadTimeoutSeconds) else {
            throw .invalidConfiguration(field: "requestReadTimeoutSeconds", reason: "must be 0.1–3600 s, got \(requestReadTimeoutSeconds)")
        }
        guard requestHeaderTimeoutSeconds.isFinite, (0.1...3_600).contains(requestHeaderTimeoutSeconds) else {
            throw .invalidConfiguration(
                field: "requestHeaderTimeoutSeconds", reason: "must be 0.1–3600 s, got \(requestHeaderTimeoutSeconds)")
        }
        guard (1...3_600).contains(overloadRetryAfterSeconds) else {
            throw .invalidConfiguration(field: "overloadRetryAfterSeconds", reason: "must be 1–3600 s, got \(overloadRetryAfterSeconds)")
        }
        _ = try TrustedProxies(trustedProxies)
        return self
    }
}
