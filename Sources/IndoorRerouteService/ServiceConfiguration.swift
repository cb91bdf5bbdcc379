import IndoorConfiguration
import IndoorNavigation

/// Tunables of the session layer. The numeric ones, with their units, defaults and ranges, are in
/// ``tunables`` (`indoornav config service`; the module README's table is generated from it); besides them
/// `apiKeys` (``APIKeys``, `serve --api-keys FILE`; nil = no key needed), `corsAllowedOrigins`
/// (`scheme://host[:port]` or `*`; empty = no CORS headers, ``CrossOriginPolicy``) and `navigation`
/// (validated by Navigation). ``validated()`` checks them all.
public struct ServiceConfiguration: Sendable {
    /// Live sessions allowed at once; creating one more answers 503.
    public var maximumSessions: Int = 10_000
    /// Live sessions one client may hold; creating one more answers 429 (`clientSessionLimit`). The
    /// client is its API key's name, else its IPv4 address (behind a load balancer: the balancer's).
    public var maximumSessionsPerClient: Int = 1_000
    /// Once this fraction of ``maximumSessions`` is live and more than one client holds sessions, a
    /// client may create another only while it holds fewer than its share: that many sessions divided
    /// among the clients holding sessions (at least 1); more answers 429 `clientSessionLimit`. So a few
    /// clients cannot fill the table and leave everyone else 503 `tooManySessions`: at least the rest
    /// of the table stays for clients below their share. 0 turns it off. Kept by the in-memory store
    /// (also with `--state-file`) and by Redis across instances (``FairShare``).
    public var fairShareFraction: Double = 0.5
    /// Sessions one client may create per minute, all at once or spread (a token bucket per instance);
    /// faster answers 429 (`creationRateLimited`) with `Retry-After`.
    public var sessionCreationsPerClientPerMinute: Int = 600
    /// Sessions all clients together may create per minute on this instance (a token bucket checked
    /// after the client's own); faster answers 503 (`serviceCreationRateLimited`) with `Retry-After`.
    /// 0 (the default) sets no such budget: the table's size and the per-client limits bound creations.
    public var sessionCreationsPerMinute: Int = 0
    /// Closures (``VenueClosures``) one client may hold that have not ended; one more answers 429
    /// (`closureLimit`).
    public var maximumClosuresPerClient: Int = 100
    /// Closures one venue may hold that have not ended, from every client; one more answers 429.
    public var maximumClosuresPerVenue: Int = 1_000
    /// Client API keys: with keys every request but the public ones needs `Authorization: Bearer KEY`
    /// and sessions belong to the client that created them (``APIKeys``); nil = no keys.
    public var apiKeys: APIKeys?
    /// A session untouched for this long is removed.
    public var sessionTTLSeconds: Double = 600
    /// Fixes accepted in one `POST /sessions/{id}/locations`.
    public var maximumBatchLocations: Int = 100
    /// Request bodies longer than this are answered with 413 (give the HTTP layer the same limit).
    public var maximumBodyBytes: Int = 65_536
    /// The `Retry-After` sent with 503.
    public var retryAfterSeconds: Int = 5
    /// Expired sessions are swept at most this often (a request for an expired session always misses).
    public var sweepIntervalSeconds: Double = 1
    /// Most sessions listed by `GET /sessions` (the live viewer's list), in id order.
    public var maximumListedSessions: Int = 100
    /// How often the live viewer at `GET /` asks for the sessions.
    public var viewerPollIntervalSeconds: Double = 1
    /// How often `indoornav serve --state-file` writes the sessions (and once more on SIGTERM).
    public var stateSaveIntervalSeconds: Double = 30
    /// How often the journal beside the state file (``SessionJournal``) is written and `fsync`'d: the
    /// most accepted fixes a crash loses.
    public var journalFlushIntervalSeconds: Double = 0.5
    /// How long a session create waits for its journal record to be on disk before it answers 503.
    public var journalCommitTimeoutSeconds: Double = 5
    /// Web origins allowed to call the service from a browser (``CrossOriginPolicy``); empty = none.
    public var corsAllowedOrigins: [String] = []
    /// The configuration of every navigation session.
    public var navigation = NavigationConfiguration.standard

    /// The configuration after checking every range (``tunables``), the origins and the navigation
    /// configuration.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` naming the first bad field.
    public func validated() throws(ServiceError) -> ServiceConfiguration {
        try checkedTable()
        _ = try CrossOriginPolicy.validated(corsAllowedOrigins)
        do { try navigation.validate() } catch {
            throw .invalidConfiguration(field: "navigation", reason: NavigationError(error).description)
        }
        return self
    }
}
