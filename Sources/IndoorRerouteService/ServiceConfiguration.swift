import IndoorConfiguration
import IndoorNavigation

/// Tunables of the session layer.
///
/// | setting | unit | default | range |
/// |---|---|---|---|
/// | `maximumSessions` | sessions | 10,000 | 1–1,000,000 |
/// | `sessionTTLSeconds` | s since the last request | 600 | 1–86,400 |
/// | `maximumSessionsPerClient` | live sessions of one client (API key, else address) | 1,000 | 1–1,000,000 |
/// | `fairShareFraction` | fraction of `maximumSessions` from which clients share the table (`serve --fair-share`); 0 = off | 0.5 | 0–1 |
/// | `sessionCreationsPerClientPerMinute` | sessions one client may create a minute (and at once) | 600 | 1–1,000,000 |
/// | `sessionCreationsPerMinute` | sessions all clients together may create a minute on this instance (`serve --max-creates`; 503 beyond); 0 = no budget | 0 | 0–10,000,000 |
/// | `maximumClosuresPerClient` | closures not yet ended one client may hold (`serve --client-closures`) | 100 | 1–100,000 |
/// | `maximumClosuresPerVenue` | closures not yet ended in one venue (`serve --venue-closures`) | 1,000 | 1–100,000 |
/// | `apiKeys` | client keys (`serve --api-keys FILE`) | none (no key needed) | see ``APIKeys`` |
/// | `maximumBatchLocations` | fixes per request | 100 | 1–10,000 |
/// | `retryAfterSeconds` | s (503 `Retry-After`) | 5 | 1–3,600 |
/// | `maximumBodyBytes` | bytes | 65,536 | 1,024–16,777,216 |
/// | `sweepIntervalSeconds` | s between expiry sweeps | 1 | 0–3,600 |
/// | `maximumListedSessions` | sessions in `GET /sessions` | 100 | 1–10,000 |
/// | `viewerPollIntervalSeconds` | s between the live viewer's refreshes | 1 | 0.2–60 |
/// | `stateSaveIntervalSeconds` | s between state-file writes (`serve --state-file`) | 30 | 1–86,400 |
/// | `journalFlushIntervalSeconds` | s between journal writes + fsync (`serve --journal-interval`): the most a crash loses | 0.5 | 0.01–1 |
/// | `journalCommitTimeoutSeconds` | s a session create waits for its journal record to reach the disk before 503 | 5 | 0.1–60 |
/// | `corsAllowedOrigins` | `scheme://host[:port]` or `*` | none (no CORS headers) | http/https origins |
/// | `navigation` | see Navigation's README | defaults | validated by Navigation |
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
    public var navigation = NavigationConfiguration()

    /// The defaults (see the table above).
    public init() {}

    /// The configuration after checking every range.
    /// - Throws: ``ServiceError/invalidConfiguration(field:reason:)`` naming the first bad field.
    public func validated() throws(ServiceError) -> ServiceConfiguration {
        guard (1...1_000_000).contains(maximumSessions) else {
            throw .invalidConfiguration(field: "maximumSessions", reason: "must be 1–1000000, got \(maximumSessions)")
        }
        guard fairShareFraction.isFinite, (0...1).contains(fairShareFraction) else {
            throw .invalidConfiguration(field: "fairShareFraction", reason: "must be 0–1, got \(fairShareFraction)")
        }
        guard (1...1_000_000).contains(maximumSessionsPerClient) else {
            throw .invalidConfiguration(field: "maximumSessionsPerClient", reason: "must be 1–1000000, got \(maximumSessionsPerClient)")
        }
        guard (1...1_000_000).contains(sessionCreationsPerClientPerMinute) else {
            throw .invalidConfiguration(
                field: "sessionCreationsPerClientPerMinute",
                reason: "must be 1–1000000, got \(sessionCreationsPerClientPerMinute)")
        }
        guard (0...10_000_000).contains(sessionCreationsPerMinute) else {
            throw .invalidConfiguration(
                field: "sessionCreationsPerMinute", reason: "must be 0–10000000, got \(sessionCreationsPerMinute)")
        }
        guard (1...100_000).contains(maximumClosuresPerClient) else {
            throw .invalidConfiguration(field: "maximumClosuresPerClient", reason: "must be 1–100000, got \(maximumClosuresPerClient)")
        }
        guard (1...100_000).contains(maximumClosuresPerVenue) else {
            throw .invalidConfiguration(field: "maximumClosuresPerVenue", reason: "must be 1–100000, got \(maximumClosuresPerVenue)")
        }
        guard sessionTTLSeconds.isFinite, (1...86_400).contains(sessionTTLSeconds) else {
            throw .invalidConfiguration(field: "sessionTTLSeconds", reason: "must be 1–86400 s, got \(sessionTTLSeconds)")
        }
        guard (1...10_000).contains(maximumBatchLocations) else {
            throw .invalidConfiguration(field: "maximumBatchLocations", reason: "must be 1–10000, got \(maximumBatchLocations)")
        }
        guard (1_024...16_777_216).contains(maximumBodyBytes) else {
            throw .invalidConfiguration(field: "maximumBodyBytes", reason: "must be 1024–16777216, got \(maximumBodyBytes)")
        }
        guard (1...3_600).contains(retryAfterSeconds) else {
            throw .invalidConfiguration(field: "retryAfterSeconds", reason: "must be 1–3600 s, got \(retryAfterSeconds)")
        }
        guard sweepIntervalSeconds.isFinite, (0...3_600).contains(sweepIntervalSeconds) else {
            throw .invalidConfiguration(field: "sweepIntervalSeconds", reason: "must be 0–3600 s, got \(sweepIntervalSeconds)")
        }
        guard (1...10_000).contains(maximumListedSessions) else {
            throw .invalidConfiguration(field: "maximumListedSessions", reason: "must be 1–10000, got \(maximumListedSessions)")
        }
        guard viewerPollIntervalSeconds.isFinite, (0.2...60).contains(viewerPollIntervalSeconds) else {
            throw .invalidConfiguration(field: "viewerPollIntervalSeconds", reason: "must be 0.2–60 s, got \(viewerPollIntervalSeconds)")
        }
        guard stateSaveIntervalSeconds.isFinite, (1...86_400).contains(stateSaveIntervalSeconds) else {
            throw .invalidConfiguration(field: "stateSaveIntervalSeconds", reason: "must be 1–86400 s, got \(stateSaveIntervalSeconds)")
        }
        guard journalFlushIntervalSeconds.isFinite, (0.01...1).contains(journalFlushIntervalSeconds) else {
            throw .invalidConfiguration(
                field: "journalFlushIntervalSeconds", reason: "must be 0.01–1 s, got \(journalFlushIntervalSeconds)")
        }
        guard journalCommitTimeoutSeconds.isFinite, (0.1...60).contains(journalCommitTimeoutSeconds) else {
            throw .invalidConfiguration(
                field: "journalCommitTimeoutSeconds", reason: "must be 0.1–60 s, got \(journalCommitTimeoutSeconds)")
        }
        _ = try CrossOriginPolicy.validated(corsAllowedOrigins)
        do { try navigation.validate() } catch {
            throw .invalidConfiguration(field: "navigation", reason: NavigationError(error).description)
        }
        return self
    }
}
