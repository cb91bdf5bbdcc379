import Synchronization

/// Where live sessions are kept. The service only talks to this protocol, so keeping sessions
/// elsewhere (Redis, PostgreSQL; see docs/SCALING.md) replaces one implementation.
///
/// Times are ``ServiceClock`` seconds. A session untouched for longer than the store's TTL is expired:
/// lookups miss it and sweeps remove it.
public protocol SessionStore: Sendable {
    /// Adds a session. Expired sessions are swept first when the store (or its owner's share) is full.
    /// - Throws: ``ServiceError/tooManySessions(limit:retryAfterSeconds:)`` when it is still full,
    ///   ``ServiceError/clientSessionLimit(limit:retryAfterSeconds:)`` when the session's owner has as
    ///   many live sessions as one client may have.
    func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError)
    /// The live session with `id`, marked as used at `nowSeconds`; nil when unknown or expired.
    /// - Throws: ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)`` when the store cannot answer.
    func session(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession?
    /// See the extension's default: the session for a request that will change it.
    func sessionForUpdate(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession?
    /// Called after a request changed the session, so a store that keeps state outside this process
    /// can write it back. Returns false when another writer changed the stored session since it was
    /// read (the caller reads it again and re-applies its request); the in-memory store only touches it.
    /// - Throws: ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)``; nothing was written then.
    func didUpdate(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) -> Bool
    /// Removes a session; returns whether it was there.
    /// - Throws: ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)``.
    @discardableResult func remove(id: String) throws(ServiceError) -> Bool
    /// Removes every expired session; returns how many.
    @discardableResult func removeExpired(nowSeconds: Double) -> Int
    /// Live sessions (expired ones not yet swept included).
    var count: Int { get }
    /// Up to `limit` live sessions in id order, without marking them as used (for the viewer's list).
    func liveSessions(nowSeconds: Double, limit: Int) -> [ServiceSession]
    /// Nil when the store answers now; otherwise why not (`GET /ready`). A store in this process
    /// always answers.
    func unavailability() -> String?
    /// See the extension's default: adds a session read back at start (``RerouteService/restore(_:)``).
    func restore(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError)
    /// Seconds the oldest accepted change not yet durable has waited; nil when the store does not say.
    var durabilityLagSeconds: Double? { get }
    /// Why a session of `owner` would be refused now (the session limit or the owner's), checked before
    /// a create plans its route so a refusal costs no planning; nil when it would be taken (or the store
    /// cannot tell without a round trip: ``insert(_:nowSeconds:)`` still checks).
    func admission(owner: String, nowSeconds: Double) -> ServiceError?
}

extension SessionStore {
    /// Nil: a store in this process always answers.
    public func unavailability() -> String? { nil }

    /// Nil: the store does not report a lag.
    public var durabilityLagSeconds: Double? { nil }

    /// Nil: the store checks its limits only when a session is inserted.
    public func admission(owner: String, nowSeconds: Double) -> ServiceError? { nil }

    /// The same as ``insert(_:nowSeconds:)``.
    public func restore(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) { try insert(session, nowSeconds: nowSeconds) }

    /// The session for a request that changes it and then calls ``didUpdate(_:nowSeconds:)``. A store
    /// whose writes are compare-and-set may answer its cached copy without asking whether it is current
    /// (a stale copy fails the write, and the request reads the session again); by default the same as
    /// ``session(id:nowSeconds:)``.
    /// - Throws: ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)``.
    public func sessionForUpdate(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession? {
        try session(id: id, nowSeconds: nowSeconds)
    }
}

/// Sessions in a dictionary in this process's memory, behind one lock, with the ids of each owner's
/// sessions for the per-client limit.
///
/// - Complexity: insert, lookup and remove O(1) (an insert for a client at its limit first sweeps that
///   client's sessions, O(its limit)); a sweep O(n).
public final class InMemorySessionStore: SessionStore {
    private struct Table {
        var sessions: [String: ServiceSession] = [:]
        var idsByOwner: [String: Set<String>] = [:]

        mutating func add(_ session: ServiceSession) {
            sessions[session.id] = session
            idsByOwner[session.owner, default: []].insert(session.id)
        }

        @discardableResult mutating func remove(_ id: String) -> Bool {
            guard let session = sessions.removeValue(forKey: id) else { return false }
            idsByOwner[session.owner]?.remove(id)
            if idsByOwner[session.owner]?.isEmpty == true { idsByOwner[session.owner] = nil }
            return true
        }

        /// Removes the expired sessions among `ids` (all when nil); returns how many.
        @discardableResult
        mutating func removeExpired(nowSeconds: Double, ttlSeconds: Double, among ids: Set<String>? = nil) -> Int {
            let candidates = ids.map(Array.init) ?? Array(sessions.keys)
            var removed = 0
            for id in candidates where sessions[id]?.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) == true {
                remove(id)
                removed += 1
            }
            return removed
        }
    }

    private let table = Mutex(Table())
    /// Most sessions kept at once.
    public let capacity: Int
    /// Most sessions of one owner kept at once.
    public let perOwnerCapacity: Int
    /// Seconds without use after which a session expires.
    public let ttlSeconds: Double
    /// The `Retry-After` of the 503 when full.
    public let retryAfterSeconds: Int

    /// A store for at most `capacity` sessions (`perOwnerCapacity` of one owner) expiring after
    /// `ttlSeconds` without use.
    public init(capacity: Int, perOwnerCapacity: Int = .max, fairShareFraction: Double = 0, ttlSeconds: Double, retryAfterSeconds: Int) {
        self.capacity = capacity; self.perOwnerCapacity = perOwnerCapacity; self.ttlSeconds = ttlSeconds
        self.retryAfterSeconds = retryAfterSeconds
        self.fairShareFrom = FairShare.threshold(capacity: capacity, fraction: fairShareFraction)
    }

    /// Live sessions from which clients share the table (``ServiceConfiguration/fairShareFraction`` of
    /// the capacity), or nil when they do not.
    public let fairShareFrom: Int?

    /// - Throws: ``ServiceError/tooManySessions(limit:retryAfterSeconds:)`` when full,
    ///   ``ServiceError/clientSessionLimit(limit:retryAfterSeconds:)`` when the owner has
    ///   ``perOwnerCapacity`` live sessions.
    public func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) {
        session.touch(nowSeconds: nowSeconds)
        let refusal: ServiceError? = table.withLock { t in
            if let broken = limitBroken(owner: session.owner, in: &t, nowSeconds: nowSeconds) { return broken }
            t.add(session)
            return nil
        }
        if let refusal { throw refusal }
    }

    /// `tooManySessions` when the table is full, `clientSessionLimit` when `owner` holds its limit
    /// (expired sessions dropped first, as ``insert(_:nowSeconds:)`` does), else nil.
    public func admission(owner: String, nowSeconds: Double) -> ServiceError? {
        table.withLock { t in limitBroken(owner: owner, in: &t, nowSeconds: nowSeconds) }
    }

    /// The limit a new session of `owner` would break in `t`, expired sessions dropped first.
    private func limitBroken(owner: String, in t: inout Table, nowSeconds: Double) -> ServiceError? {
        if t.sessions.count >= capacity { t.removeExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) }
        guard t.sessions.count < capacity else { return .tooManySessions(limit: capacity, retryAfterSeconds: retryAfterSeconds) }
        if let ids = t.idsByOwner[owner], ids.count >= perOwnerCapacity {
            t.removeExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds, among: ids)
            if (t.idsByOwner[owner]?.count ?? 0) >= perOwnerCapacity {
                return .clientSessionLimit(limit: perOwnerCapacity, retryAfterSeconds: retryAfterSeconds)
            }
        }
        // Past the fair-share mark, a client holding its share of it (among the clients holding
        // sessions) waits; clients below theirs go on.
        if let from = fairShareFrom, t.sessions.count >= from, t.idsByOwner.count > 1, let held = t.idsByOwner[owner]?.count {
            let share = FairShare.share(threshold: from, owners: t.idsByOwner.count)
            if held >= share { return .clientSessionLimit(limit: share, retryAfterSeconds: retryAfterSeconds) }
        }
        return nil
    }

    /// The live session `id`, touched at `nowSeconds`; `nil` when unknown or expired.
    public func session(id: String, nowSeconds: Double) -> ServiceSession? {
        table.withLock { t -> ServiceSession? in
            guard let s = t.sessions[id] else { return nil }
            if s.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) {
                t.remove(id)
                return nil
            }
            s.touch(nowSeconds: nowSeconds)
            return s
        }
    }

    /// Records that `session` changed at `nowSeconds` (in memory the object itself is the state); always true.
    public func didUpdate(_ session: ServiceSession, nowSeconds: Double) -> Bool { session.touch(nowSeconds: nowSeconds); return true }

    /// Removes session `id`; false when there was none.
    @discardableResult public func remove(id: String) -> Bool {
        table.withLock { $0.remove(id) }
    }

    /// Removes the sessions idle past their time to live at `nowSeconds`; returns how many.
    @discardableResult public func removeExpired(nowSeconds: Double) -> Int {
        table.withLock { $0.removeExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) }
    }

    /// Live sessions in this process.
    public var count: Int { table.withLock { $0.sessions.count } }

    /// Up to `limit` unexpired sessions in id order (not touched).
    public func liveSessions(nowSeconds: Double, limit: Int) -> [ServiceSession] {
        let live = table.withLock { t in t.sessions.values.filter { !$0.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) } }
        return Array(live.sorted { $0.id < $1.id }.prefix(max(0, limit)))
    }
}

/// The fair share of the session table (``ServiceConfiguration/fairShareFraction``): the one rule of the
/// in-memory and the Redis store. Past the threshold, a client that holds sessions may hold at most its
/// share of the threshold among the clients holding sessions; newcomers and clients below it go on.
public enum FairShare {
    /// Live sessions from which clients share the table: `fraction` (clamped to 0–1) of `capacity`,
    /// rounded up, at least 1; nil when `fraction` is 0 or not finite (no sharing).
    public static func threshold(capacity: Int, fraction: Double) -> Int? {
        let fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return fraction > 0 ? max(1, Int((Double(capacity) * fraction).rounded(.up))) : nil
    }

    /// A client's share of `threshold` among `owners` clients holding sessions (at least 1).
    public static func share(threshold: Int, owners: Int) -> Int { max(1, threshold / max(1, owners)) }
}
