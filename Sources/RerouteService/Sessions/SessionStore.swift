import Synchronization

/// Where live sessions are kept. The service only talks to this protocol, so keeping sessions
/// elsewhere (Redis, PostgreSQL; see docs/SCALING.md) replaces one implementation.
///
/// Times are ``ServiceClock`` seconds. A session untouched for longer than the store's TTL is expired:
/// lookups miss it and sweeps remove it.
public protocol SessionStore: Sendable {
    /// Adds a session. Expired sessions are swept first when the store is full.
    /// - Throws: ``ServiceError/tooManySessions(limit:retryAfterSeconds:)`` when it is still full.
    func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError)
    /// The live session with `id`, marked as used at `nowSeconds`; nil when unknown or expired.
    /// - Throws: ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)`` when the store cannot answer.
    func session(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession?
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
}

/// Sessions in a dictionary in this process's memory, behind one lock.
///
/// - Complexity: insert, lookup and remove O(1); a sweep O(n).
public final class InMemorySessionStore: SessionStore {
    private let sessions = Mutex<[String: ServiceSession]>([:])
    /// Most sessions kept at once.
    public let capacity: Int
    /// Seconds without use after which a session expires.
    public let ttlSeconds: Double
    /// The `Retry-After` of the 503 when full.
    public let retryAfterSeconds: Int

    /// A store for at most `capacity` sessions expiring after `ttlSeconds` without use.
    public init(capacity: Int, ttlSeconds: Double, retryAfterSeconds: Int) {
        self.capacity = capacity; self.ttlSeconds = ttlSeconds; self.retryAfterSeconds = retryAfterSeconds
    }

    public func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) {
        session.touch(nowSeconds: nowSeconds)
        let inserted = sessions.withLock { table -> Bool in
            if table.count >= capacity { table = table.filter { !$0.value.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) } }
            guard table.count < capacity else { return false }
            table[session.id] = session
            return true
        }
        guard inserted else { throw .tooManySessions(limit: capacity, retryAfterSeconds: retryAfterSeconds) }
    }

    public func session(id: String, nowSeconds: Double) -> ServiceSession? {
        sessions.withLock { table -> ServiceSession? in
            guard let s = table[id] else { return nil }
            if s.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) {
                table[id] = nil
                return nil
            }
            s.touch(nowSeconds: nowSeconds)
            return s
        }
    }

    public func didUpdate(_ session: ServiceSession, nowSeconds: Double) -> Bool { session.touch(nowSeconds: nowSeconds); return true }

    @discardableResult public func remove(id: String) -> Bool {
        sessions.withLock { $0.removeValue(forKey: id) != nil }
    }

    @discardableResult public func removeExpired(nowSeconds: Double) -> Int {
        sessions.withLock { table in
            let before = table.count
            table = table.filter { !$0.value.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) }
            return before - table.count
        }
    }

    public var count: Int { sessions.withLock { $0.count } }

    /// Up to `limit` unexpired sessions in id order (not touched).
    public func liveSessions(nowSeconds: Double, limit: Int) -> [ServiceSession] {
        let live = sessions.withLock { table in table.values.filter { !$0.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) } }
        return Array(live.sorted { $0.id < $1.id }.prefix(max(0, limit)))
    }
}
