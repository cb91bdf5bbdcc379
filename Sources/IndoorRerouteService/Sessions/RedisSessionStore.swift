import Foundation
import IndoorNavigation
import IndoorRouting
import Synchronization

/// Sessions kept in Redis (`indoornav serve --sessions redis://host:port/db`), so any instance serves
/// any session and a session outlives the instance that last served it.
///
/// Keys (all under `indoornav:`):
/// - `session:{id}`, a hash: version `v`, owner `o`, the route with the navigation configuration and
///   route options `r`, the rest of the ``StoredSession`` `d` (``CompactCoder`` bytes; `r` is written
///   only when it changed, so a fix costs the small moving state, written by hand:
///   ``CompactMovingState``), and the score last written to the sets `e`; expiring `ttlSeconds` after
///   its last request (`PEXPIRE`);
/// - `live`, a sorted set of session ids by expiry time: the live count across instances;
/// - `owner:{client}`, the same for one client's sessions: the per-client limit.
///
/// A request renews the session's TTL, but its scores in the two sets only when the renewed expiry has
/// passed them, and then ``RedisConfiguration/setRefreshFraction`` of the TTL beyond it: a session
/// used often rewrites them once per that fraction of the TTL, and an expired one leaves the counts at
/// most that long after it expired (never before). So a location update is `HMGET`, `HSET` and
/// `PEXPIRE` in one script.
///
/// Every operation is one Lua script (sent once, then called by `EVALSHA`), so it is atomic and one
/// round trip. Writes are compare-and-set on the version, so two instances can never interleave one
/// session's fixes: the loser reads the session again and re-applies its request. Decoded sessions are
/// cached per instance; a request that changes a session starts from the cached copy without asking
/// Redis (the compare-and-set of its write is the version check), a read checks the version first, so
/// the hot path is one round trip and decodes nothing. When Redis is down or slower than the pool's
/// timeout, requests answer 503 with `Retry-After`, nothing is written, and the cached copy the request
/// touched is dropped; the next request reconnects.
///
/// Behind Redis Sentinel (`redis-sentinel://`, ``RedisConfiguration/sentinels``) the pool follows the
/// primary the sentinels name through a failover; a create is answered once a replica holds it
/// (``RedisConfiguration/createReplicas``), so every session answered 201 survives the promotion.
/// A fix the promoted replica had not received is lost, never applied twice: the instance's cached
/// copy then carries a version the new primary does not hold, its compare-and-set fails, and the
/// request is applied again to the session as the new primary holds it.
public final class RedisSessionStore: SessionStore {
    /// The connections.
    public let pool: RedisConnectionPool
    /// Most sessions kept at once (across instances).
    public let capacity: Int
    /// Most sessions of one owner kept at once (across instances).
    public let perOwnerCapacity: Int
    /// Live sessions (across instances) from which clients share the table (``FairShare``), or nil.
    public let fairShareFrom: Int?
    /// Seconds without use after which a session expires.
    public let ttlSeconds: Double
    /// The `Retry-After` of 503 answers.
    public let retryAfterSeconds: Int
    private let venues: VenueCatalog
    private let cache = Mutex<[String: ServiceSession]>([:])
    private let lastCount = Atomic<Int>(0)
    private let scripts: RedisScripts
    static let keyPrefix = "indoornav:session:"
    static let liveKey = "indoornav:live"
    static let ownerPrefix = "indoornav:owner:"
    /// The clients holding sessions, each scored by its newest expiry (its owner set's key as member).
    static let ownersKey = "indoornav:owners"

    /// A store on `pool`'s server restoring sessions over `venues`.
    public init(
        pool: RedisConnectionPool, venues: VenueCatalog, capacity: Int, perOwnerCapacity: Int = 1_000_000,
        fairShareFraction: Double = 0, ttlSeconds: Double, retryAfterSeconds: Int
    ) {
        self.pool = pool; self.venues = venues; self.capacity = capacity; self.perOwnerCapacity = perOwnerCapacity
        self.fairShareFrom = FairShare.threshold(capacity: capacity, fraction: fairShareFraction)
        self.ttlSeconds = ttlSeconds; self.retryAfterSeconds = retryAfterSeconds
        self.scripts = RedisScripts(pool: pool)
        let ttl = max(1, Int((ttlSeconds * 1000).rounded()))
        self.ttlMilliseconds = Array(String(ttl).utf8)
        let fraction = min(max(pool.configuration.setRefreshFraction, 0), 0.5)
        self.setSlackMilliseconds = Array(String(Int((Double(ttl) * fraction).rounded())).utf8)
    }

    /// The TTL in milliseconds, as a script argument (computed once).
    private let ttlMilliseconds: [UInt8]
    /// How far the sets' expiry scores may run ahead of a session's expiry, in milliseconds, as a script
    /// argument (``RedisConfiguration/setRefreshFraction`` of the TTL).
    private let setSlackMilliseconds: [UInt8]

    /// 503: `storeOutcomeUnknown` when the script was sent whole and no reply came (it may have run),
    /// or it ran but the replicas did not confirm it (a failover may lose it); else `storeUnavailable`
    /// (nothing was written: no connection, no primary, or refused, e.g. `READONLY` from a demoted one).
    private func unavailable(_ error: any Error) -> ServiceError {
        switch error as? RedisError {
        case .noReply?, .notReplicated?: .storeOutcomeUnknown(reason: "\(error)", retryAfterSeconds: retryAfterSeconds)
        default: .storeUnavailable(reason: "\(error)", retryAfterSeconds: retryAfterSeconds)
        }
    }

    private func run(
        _ script: RedisScripts.Script, keys: [[UInt8]], _ arguments: [[UInt8]], replicatedWhen: ((RESPValue) -> Bool)? = nil
    ) throws(ServiceError) -> RESPValue {
        do { return try scripts.run(script, keyBytes: keys, arguments: arguments, replicatedWhen: replicatedWhen) } catch {
            throw unavailable(error)
        }
    }

    private static let keyPrefixBytes = Array(keyPrefix.utf8)
    private static let liveKeyBytes = Array(liveKey.utf8)
    private static let ownerPrefixBytes = Array(ownerPrefix.utf8)
    private static let ownersKeyBytes = Array(ownersKey.utf8)

    private static func sessionKey(_ id: String) -> [UInt8] { keyPrefixBytes + id.utf8 }

    /// The session's key, the live set, its owner's set and the owners set.
    private func keys(_ id: String, owner: String) -> [[UInt8]] {
        [Self.sessionKey(id), Self.liveKeyBytes, Self.ownerPrefixBytes + owner.utf8, Self.ownersKeyBytes]
    }

    /// The session's key, the live set, the prefix of the owners' sets and the owners set.
    private func keysWithOwnerPrefix(_ id: String) -> [[UInt8]] {
        [Self.sessionKey(id), Self.liveKeyBytes, Self.ownerPrefixBytes, Self.ownersKeyBytes]
    }

    /// The moving state (``CompactMovingState``) and, when it changed since `saved`, the parts that
    /// change only with a new route (the route, the navigation configuration and route options),
    /// encoded (``CompactCoder``).
    private static func encode(_ stored: StoredSession, routeChanged: Bool) throws(SessionStateError) -> (state: [UInt8], route: [UInt8]?) {
        do {
            let state = try CompactMovingState.encode(stored)
            guard routeChanged else { return (state, nil) }
            return (state, try CompactCoder.encode(RouteBox(of: stored)))
        } catch { throw .unwritable(path: "session \(stored.id)", reason: "\(error)") }
    }

    /// A session from its stored state and route blobs.
    private static func decode(state: [UInt8], route: [UInt8], id: String) throws(SessionStateError) -> StoredSession {
        var stored: StoredSession
        do { stored = try CompactCoder.decode(StoredSession.self, from: state) } catch {
            throw .malformed(path: "redis session \(id)", reason: SessionStateFile.describe(error))
        }
        do { try CompactCoder.decode(RouteBox.self, from: route).apply(to: &stored) } catch {
            throw .malformed(path: "redis session \(id) route", reason: SessionStateFile.describe(error))
        }
        return stored
    }

    /// What changes only with a new route: written beside the moving state, and only when it changed.
    struct RouteBox: Codable, Hashable, Sendable {
        var route: Route?
        var configuration: NavigationConfiguration
        var routeOptions: RouteOptions

        init(of stored: StoredSession) {
            route = stored.navigation.route
            configuration = stored.navigation.configuration
            routeOptions = stored.navigation.routeOptions
        }

        func apply(to stored: inout StoredSession) {
            stored.navigation.route = route
            stored.navigation.configuration = configuration
            stored.navigation.routeOptions = routeOptions
        }
    }

    /// Stores a new session under its id with the configured expiry.
    public func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) {
        session.touch(nowSeconds: nowSeconds)
        let (stored, generation) = session.storedWithRouteGeneration(nowSeconds: nowSeconds)
        let blobs: (state: [UInt8], route: [UInt8]?)
        do { blobs = try Self.encode(stored, routeChanged: true) } catch { throw unavailable(error) }
        let version = Self.newVersion()
        let reply = try run(
            .insert, keys: keys(session.id, owner: session.owner),
            [
                blobs.state, blobs.route ?? [], ttlMilliseconds, Array(String(capacity).utf8),
                Array(String(perOwnerCapacity).utf8), Array(session.owner.utf8), setSlackMilliseconds, Array(String(version).utf8),
                Array(String(fairShareFrom ?? 0).utf8),
            ], replicatedWhen: { $0.integer == 1 })
        if case .array(let items) = reply, items.count == 2, items[0].integer == -4, let share = items[1].integer {
            throw .clientSessionLimit(limit: share, retryAfterSeconds: retryAfterSeconds)
        }
        switch reply.integer {
        case 1:
            session.storeState.withLock { $0 = ServiceSession.StoreState(version: version, savedRouteGeneration: generation) }
            cache.withLock { $0[session.id] = session }
        case -1: throw .tooManySessions(limit: capacity, retryAfterSeconds: retryAfterSeconds)
        case -3: throw .clientSessionLimit(limit: perOwnerCapacity, retryAfterSeconds: retryAfterSeconds)
        default: throw .storeUnavailable(reason: "session id \(session.id) already taken", retryAfterSeconds: retryAfterSeconds)
        }
    }

    /// Session `id` from the local cache when its version is current, else decoded from Redis; `nil` when unknown or expired.
    public func session(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession? {
        let cached = cache.withLock { $0[id] }
        let known = cached.map { c in c.storeState.withLock { $0.version } } ?? 0
        let reply = try run(.load, keys: keysWithOwnerPrefix(id), [Array(String(known).utf8), ttlMilliseconds, setSlackMilliseconds])
        guard case .array(let items) = reply, let first = items.first?.bytes, let version = Int(String(decoding: first, as: UTF8.self))
        else {
            cache.withLock { $0[id] = nil }
            return nil
        }
        if items.count == 1, let cached, version == known {
            cached.touch(nowSeconds: nowSeconds)
            return cached
        }
        guard items.count == 3, let state = items[1].bytes, let routeBlob = items[2].bytes else {
            throw .storeUnavailable(reason: "session \(id): no data stored", retryAfterSeconds: retryAfterSeconds)
        }
        let restored: ServiceSession
        do {
            let stored = try Self.decode(state: state, route: routeBlob, id: id)
            guard let served = venues[stored.venueID] else {
                throw SessionStateError.invalidSession(id: id, reason: "venue '\(stored.venueID)' is not served")
            }
            restored = try ServiceSession(restoring: stored, served: served, nowSeconds: nowSeconds)
        } catch { throw .storeUnavailable(reason: "\(error)", retryAfterSeconds: retryAfterSeconds) }
        // A restored session starts at route generation 0: the route in Redis is the one it holds.
        restored.storeState.withLock { $0 = ServiceSession.StoreState(version: version, savedRouteGeneration: 0) }
        restored.touch(nowSeconds: nowSeconds)
        cache.withLock { $0[id] = restored }
        return restored
    }

    /// The cached copy when there is one (no round trip: the compare-and-set of ``didUpdate(_:nowSeconds:)``
    /// checks its version), else the session read from Redis.
    public func sessionForUpdate(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession? {
        if let cached = cache.withLock({ $0[id] }), !cached.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) {
            cached.touch(nowSeconds: nowSeconds)
            return cached
        }
        return try session(id: id, nowSeconds: nowSeconds)
    }

    /// Writes `session` back if nobody wrote it since it was read (compare-and-set on its version); false when another instance did.
    public func didUpdate(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) -> Bool {
        session.touch(nowSeconds: nowSeconds)
        let saved: Bool
        do {
            saved = try session.storeState.withLock { known throws(ServiceError) -> Bool in
                let (stored, generation) = session.storedWithRouteGeneration(nowSeconds: nowSeconds)
                let blobs: (state: [UInt8], route: [UInt8]?)
                do { blobs = try Self.encode(stored, routeChanged: generation != known.savedRouteGeneration) } catch {
                    throw unavailable(error)
                }
                let version = Self.newVersion()
                var arguments = [
                    Array(String(known.version).utf8), ttlMilliseconds, setSlackMilliseconds, Array(String(version).utf8), blobs.state,
                ]
                if let route = blobs.route { arguments.append(route) }
                let reply = try run(.save, keys: keys(session.id, owner: session.owner), arguments)
                guard reply.integer == 1 else { return false }
                known = ServiceSession.StoreState(version: version, savedRouteGeneration: generation)
                return true
            }
        } catch {
            // Not written (or not known to be): the next request reads the stored session.
            forget(session)
            throw error
        }
        // A copy that could not be saved is not kept: the next request reads the stored one.
        if !saved { forget(session) }
        return saved
    }

    /// A fresh version token: random, so a version number seen once never stands for other contents
    /// (after Redis lost writes, a counter would reach the same numbers again with different states).
    static func newVersion() -> Int { Int.random(in: 1...Int.max) }

    private func forget(_ session: ServiceSession) {
        cache.withLock { table in if table[session.id] === session { table[session.id] = nil } }
    }

    /// Deletes session `id` in Redis and the local cache; false when there was none.
    @discardableResult public func remove(id: String) throws(ServiceError) -> Bool {
        cache.withLock { $0[id] = nil }
        return (try run(.remove, keys: keysWithOwnerPrefix(id), []).integer ?? 0) > 0
    }

    /// Redis expires sessions itself; this drops cached copies unused for longer than the TTL and
    /// returns 0.
    @discardableResult public func removeExpired(nowSeconds: Double) -> Int {
        cache.withLock { table in table = table.filter { !$0.value.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) } }
        return 0
    }

    /// Live sessions in Redis, across instances (the `live` set after dropping expired ids); the last
    /// known count when Redis does not answer.
    public var count: Int {
        if let n = try? scripts.run(.count, keys: [Self.liveKey], arguments: []).integer {
            lastCount.store(n, ordering: .relaxed)
            return n
        }
        return lastCount.load(ordering: .relaxed)
    }

    /// Nil when Redis answers `PING` within the pool's timeout; otherwise the error.
    public func unavailability() -> String? {
        do {
            let reply = try pool.withConnection { c throws(RedisError) in try c.command(["PING"]) }
            return reply == .simple("PONG") ? nil : "PING answered \(reply)"
        } catch { return "\(error)" }
    }

    /// Up to `limit` sessions in id order, read without renewing their TTL (empty when Redis does not answer).
    public func liveSessions(nowSeconds: Double, limit: Int) -> [ServiceSession] {
        guard limit > 0 else { return [] }
        var ids: [String] = []
        var cursor = "0"
        repeat {
            guard
                case .array(let page)? = try? pool.withConnection({ c throws(RedisError) in
                    try c.command(["SCAN", cursor, "MATCH", Self.keyPrefix + "*", "COUNT", "1000"])
                }), page.count == 2, let next = page[0].bytes, case .array(let keys) = page[1]
            else { return [] }
            cursor = String(decoding: next, as: UTF8.self)
            ids += keys.compactMap { $0.bytes.map { String(decoding: $0, as: UTF8.self).dropFirst(Self.keyPrefix.count) }.map(String.init) }
        } while cursor != "0" && ids.count < 100_000
        var out: [ServiceSession] = []
        for id in ids.sorted() where out.count < limit {
            guard
                case .array(let fields)? = try? pool.withConnection({ c throws(RedisError) in
                    try c.command(["HMGET", Self.keyPrefix + id, "d", "r"])
                }),
                fields.count == 2, let blob = fields[0].bytes, let routeBlob = fields[1].bytes,
                let stored = try? Self.decode(state: blob, route: routeBlob, id: id)
            else { continue }
            guard let served = venues[stored.venueID],
                let session = try? ServiceSession(restoring: stored, served: served, nowSeconds: nowSeconds)
            else { continue }
            out.append(session)
        }
        return out
    }
}
