import IndoorConfiguration
import IndoorJSON
import Synchronization

/// The reroute-on-deviation service: HTTP requests in, HTTP responses out, independent of the HTTP
/// library (``HTTPDaemon`` feeds it; tests may call ``handle(_:)`` directly).
///
/// Venues are immutable and shared; sessions live in a ``SessionStore``. Every request is counted in
/// ``metrics``. No input makes it crash: every failure is a ``ServiceError`` answered with its status.
public final class RerouteService: Sendable {
    /// The venues served.
    public let venues: VenueCatalog
    /// The checked configuration.
    public let configuration: ServiceConfiguration
    /// Where sessions live.
    public let store: any SessionStore
    /// Which browser origins get CORS headers.
    public let crossOrigin: CrossOriginPolicy
    /// Request, latency, session, reroute and rejection counters.
    public let metrics = ServiceMetrics()
    let clock: ServiceClock
    let creations: CreationRateLimiter
    /// The instance's budget for all clients together (nil without ``ServiceConfiguration/sessionCreationsPerMinute``).
    let allCreations: CreationRateLimiter?
    let newSessionID: @Sendable () -> String
    private let lastSweepBits: Atomic<UInt64>
    let snapshots = Mutex(SnapshotState())

    /// A service over `venues`.
    /// - Parameters:
    ///   - store: the session store; `nil` = an ``InMemorySessionStore`` sized by `configuration`.
    ///   - clock: monotonic seconds for TTL and latency.
    ///   - sessionIDs: the id generator (random by default; ``SessionIDs/seeded(_:)`` in tests).
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)``.
    public init(
        venues: VenueCatalog, configuration: ServiceConfiguration = ServiceConfiguration.standard, store: (any SessionStore)? = nil,
        clock: @escaping ServiceClock = ServiceClocks.monotonic,
        sessionIDs: @escaping @Sendable () -> String = SessionIDs.random
    ) throws(ServiceError) {
        let checked = try configuration.validated()
        self.venues = venues
        self.configuration = checked
        self.crossOrigin = try CrossOriginPolicy.validated(checked.corsAllowedOrigins)
        self.store =
            store
            ?? InMemorySessionStore(
                capacity: checked.maximumSessions, perOwnerCapacity: checked.maximumSessionsPerClient,
                fairShareFraction: checked.fairShareFraction, ttlSeconds: checked.sessionTTLSeconds,
                retryAfterSeconds: checked.retryAfterSeconds)
        self.creations = CreationRateLimiter(perMinute: checked.sessionCreationsPerClientPerMinute)
        self.allCreations =
            checked.sessionCreationsPerMinute > 0
            ? CreationRateLimiter(perMinute: checked.sessionCreationsPerMinute) {
                .serviceCreationRateLimited(perMinute: $0, retryAfterSeconds: $1)
            } : nil
        self.clock = clock
        self.newSessionID = sessionIDs
        self.lastSweepBits = Atomic(clock().bitPattern)
    }

    /// Answers one request (with CORS headers for an allowed `Origin`); records its route, status and latency.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let start = clock()
        sweepIfDue(nowSeconds: start)
        // HEAD is answered like GET, without the body.
        let isHead = request.method == "HEAD"
        var asked = request
        if isHead { asked.method = "GET" }
        var (template, response) = dispatch(asked)
        if isHead { response.body = [] }
        if request.method != "OPTIONS" { response.headers += crossOrigin.headers(for: request.header("Origin")) }
        metrics.recordRequest(route: template, method: request.method, status: response.status, seconds: clock() - start)
        return response
    }

    /// Removes expired sessions now; returns how many.
    @discardableResult
    public func removeExpiredSessions() -> Int {
        let removed = store.removeExpired(nowSeconds: clock())
        if removed > 0 { metrics.recordSessions(expired: removed) }
        return removed
    }

    private func sweepIfDue(nowSeconds: Double) {
        let last = Double(bitPattern: lastSweepBits.load(ordering: .relaxed))
        guard nowSeconds - last >= configuration.sweepIntervalSeconds else { return }
        let (exchanged, _) = lastSweepBits.compareExchange(expected: last.bitPattern, desired: nowSeconds.bitPattern, ordering: .relaxed)
        guard exchanged else { return }
        let removed = store.removeExpired(nowSeconds: nowSeconds)
        if removed > 0 { metrics.recordSessions(expired: removed) }
    }

    /// Matches the path, runs the endpoint, turns errors into responses. Returns the route template.
    private func dispatch(_ request: HTTPRequest) -> (String, HTTPResponse) {
        var parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.count > 8 { parts = Array(parts.prefix(9)) }
        let endpoint = ServiceEndpoint.match(method: request.method, parts: parts)
        do {
            guard let (template, route) = endpoint else {
                throw ServiceError.notFound(kind: "endpoint", id: String(request.path.prefix(200)))
            }
            do {
                if case .method(let allowed) = route {
                    if request.method == "OPTIONS" {
                        return (template, crossOrigin.preflight(origin: request.header("Origin"), methods: allowed))
                    }
                    throw ServiceError.methodNotAllowed(method: request.method, allowed: allowed)
                }
                let client = try client(of: request, route: route)
                if request.bodyTooLarge || request.body.count > configuration.maximumBodyBytes {
                    throw ServiceError.payloadTooLarge(limitBytes: configuration.maximumBodyBytes)
                }
                if !request.body.isEmpty {
                    let contentType = request.header("Content-Type") ?? ""
                    guard HTTPFraming.mediaType(contentType) == "application/json" else {
                        throw ServiceError.unsupportedMediaType(contentType: contentType)
                    }
                }
                return (template, try run(route, request, client: client))
            } catch let error as ServiceError {
                record(error)
                return (template, error.response)
            }
        } catch let error as ServiceError {
            record(error)
            return ("unmatched", error.response)
        } catch {
            return ("unmatched", HTTPResponse.json(500, #"{"error":{"status":500,"code":"internal","message":"unexpected error"}}"#))
        }
    }

    /// Counts a request the HTTP layer refused before it reached ``handle(_:)`` (its framing,
    /// ``HTTPDaemon``'s `rejected`): by route `unmatched` and status, and as a rejected input by code.
    public func record(rejected error: ServiceError) {
        metrics.recordRequest(route: "unmatched", method: "other", status: error.httpStatus, seconds: 0)
        record(error)
    }

    private func record(_ error: ServiceError) {
        if let kind = error.limitKind { metrics.recordLimitRejection(kind: kind) }
        switch error {
        case .storeUnavailable, .storeOutcomeUnknown: metrics.recordStoreError()
        default: break
        }
        switch error {
        case .malformedJSON, .badRequest, .payloadTooLarge, .unprocessable, .unauthorized, .clientSessionLimit, .creationRateLimited,
            .closureLimit, .forbidden, .malformedRequest, .notImplemented, .unsupportedMediaType:
            metrics.recordRejected(reason: error.code)
        default: break
        }
    }

    /// The client making `request`: its API key's name when the service has keys (401 without a known
    /// key, except on public endpoints), else `address:` and its IPv4 address.
    private func client(of request: HTTPRequest, route: ServiceEndpoint) throws(ServiceError) -> String {
        guard let keys = configuration.apiKeys else { return "address:" + request.clientAddress }
        if route.isPublic && request.header("Authorization") == nil { return "" }
        return try keys.client(authorization: request.header("Authorization"))
    }

    /// Longest session id a path may carry (`SessionId` in docs/openapi.yaml): a longer one is 400 on
    /// every session operation, not an unknown session.
    public static let maximumSessionIDCharacters = 128

    private func run(_ route: ServiceEndpoint, _ request: HTTPRequest, client: String) throws(ServiceError) -> HTTPResponse {
        switch route {
        case .getSession(let id), .deleteSession(let id), .postLocations(let id), .confirmTransition(let id):
            guard id.count <= Self.maximumSessionIDCharacters else {
                throw .badRequest(field: "sessionId", reason: "at most \(Self.maximumSessionIDCharacters) characters, got \(id.count)")
            }
        default: break
        }
        switch route {
        case .health: return health()
        case .ready: return ready()
        case .metrics:
            return .text(200, metricsText(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        case .venues: return listVenues()
        case .viewer: return try viewerPage(venueID: request.query["venue"])
        case .listSessions: return try listSessions(venueID: request.query["venue"], client: client)
        case .pois(let id): return try pois(venueID: id, query: request.query)
        case .poi(let id, let poiID): return try poiDetails(venueID: id, poiID: poiID, query: request.query)
        case .lookup(let id): return try lookup(venueID: id, query: request.query)
        case .routes(let id): return try planRoute(venueID: id, body: request.body)
        case .addClosure(let id): return try addClosure(venueID: id, body: request.body, client: client)
        case .listClosures(let id): return try listClosures(venueID: id)
        case .deleteClosure(let id, let closureID): return try deleteClosure(venueID: id, closureID: closureID, client: client)
        case .createSession: return try createSession(body: request.body, client: client)
        case .getSession(let id): return try getSession(id: id, client: client)
        case .deleteSession(let id): return try deleteSession(id: id, client: client)
        case .postLocations(let id): return try postLocations(id: id, body: request.body, client: client)
        case .confirmTransition(let id): return try confirmTransition(id: id, client: client)
        case .method(let allowed): throw .methodNotAllowed(method: request.method, allowed: allowed)
        }
    }
}
