import Foundation
import Synchronization

/// Sessions kept in Redis (`indoornav serve --sessions redis://host:port/db`), so any instance serves
/// any session and a session outlives the instance that last served it.
///
/// Each session is one hash `indoornav:session:{id}` with a version `v` and the encoded
/// ``StoredSession`` `d`, expiring `ttlSeconds` after its last request (Redis `PEXPIRE`). Writes are
/// compare-and-set on the version in a Lua script, so two instances can never interleave one
/// session's fixes: the loser of a race reads the session again and re-applies its request. Decoded
/// sessions are cached per instance and reused while their version is current, so the hot path is
/// one round trip to read (version check and TTL renewal) and one to write. The database must hold
/// nothing else: the live count is its `DBSIZE`. When Redis is down or slower than the pool's timeout,
/// requests answer 503 with `Retry-After` and nothing is written; the next request reconnects.
public final class RedisSessionStore: SessionStore {
    /// The connections.
    public let pool: RedisConnectionPool
    /// Most sessions kept at once (across instances).
    public let capacity: Int
    /// Seconds without use after which a session expires.
    public let ttlSeconds: Double
    /// The `Retry-After` of 503 answers.
    public let retryAfterSeconds: Int
    private let venues: VenueCatalog
    private let cache = Mutex<[String: ServiceSession]>([:])
    private let lastCount = Atomic<Int>(0)
    static let keyPrefix = "indoornav:session:"

    /// A store on `pool`'s server restoring sessions over `venues`.
    public init(pool: RedisConnectionPool, venues: VenueCatalog, capacity: Int, ttlSeconds: Double, retryAfterSeconds: Int) {
        self.pool = pool; self.venues = venues; self.capacity = capacity; self.ttlSeconds = ttlSeconds
        self.retryAfterSeconds = retryAfterSeconds
    }

    private var ttlMilliseconds: String { String(max(1, Int((ttlSeconds * 1000).rounded()))) }

    private func unavailable(_ error: any Error) -> ServiceError {
        .storeUnavailable(reason: "\(error)", retryAfterSeconds: retryAfterSeconds)
    }

    private func run(_ script: String, key: String, _ arguments: [[UInt8]]) throws(ServiceError) -> RESPValue {
        do {
            return try pool.withConnection { c throws(RedisError) in
                try c.command([Array("EVAL".utf8), Array(script.utf8), Array("1".utf8), Array((Self.keyPrefix + key).utf8)] + arguments, name: "EVAL")
            }
        } catch { throw unavailable(error) }
    }

    static let insertScript = """
        if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
        if redis.call('DBSIZE') >= tonumber(ARGV[3]) then return -1 end
        redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[1])
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        return 1
        """

    static let loadScript = """
        local v = redis.call('HGET', KEYS[1], 'v')
        if not v then return false end
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        if v == ARGV[1] then return {v} end
        return {v, redis.call('HGET', KEYS[1], 'd')}
        """

    static let saveScript = """
        local v = redis.call('HGET', KEYS[1], 'v')
        if not v then return -2 end
        if v ~= ARGV[1] then return -1 end
        local n = tonumber(v) + 1
        redis.call('HSET', KEYS[1], 'v', n, 'd', ARGV[2])
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        return n
        """

    public func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) {
        session.touch(nowSeconds: nowSeconds)
        let blob: [UInt8]
        do { blob = try session.stored(nowSeconds: nowSeconds).encoded() } catch { throw unavailable(error) }
        let reply = try run(Self.insertScript, key: session.id, [blob, Array(ttlMilliseconds.utf8), Array(String(capacity).utf8)])
        switch reply.integer {
        case 1:
            session.storeVersion.withLock { $0 = 1 }
            cache.withLock { $0[session.id] = session }
        case -1: throw .tooManySessions(limit: capacity, retryAfterSeconds: retryAfterSeconds)
        default: throw .storeUnavailable(reason: "session id \(session.id) already taken", retryAfterSeconds: retryAfterSeconds)
        }
    }

    public func session(id: String, nowSeconds: Double) throws(ServiceError) -> ServiceSession? {
        let cached = cache.withLock { $0[id] }
        let known = cached.map { c in c.storeVersion.withLock { $0 } } ?? 0
        let reply = try run(Self.loadScript, key: id, [Array(String(known).utf8), Array(ttlMilliseconds.utf8)])
        guard case .array(let items) = reply, let first = items.first?.bytes, let version = Int(String(decoding: first, as: UTF8.self)) else {
            cache.withLock { $0[id] = nil }
            return nil
        }
        if items.count == 1, let cached, version == known {
            cached.touch(nowSeconds: nowSeconds)
            return cached
        }
        guard items.count == 2, let blob = items[1].bytes else { throw .storeUnavailable(reason: "session \(id): no data stored", retryAfterSeconds: retryAfterSeconds) }
        let restored: ServiceSession
        do {
            let stored = try StoredSession(encoded: blob, source: "redis session \(id)")
            guard let served = venues[stored.venueID] else { throw SessionStateError.invalidSession(id: id, reason: "venue '\(stored.venueID)' is not served") }
            restored = try ServiceSession(restoring: stored, served: served, nowSeconds: nowSeconds)
        } catch { throw .storeUnavailable(reason: "\(error)", retryAfterSeconds: retryAfterSeconds) }
        restored.storeVersion.withLock { $0 = version }
        restored.touch(nowSeconds: nowSeconds)
        cache.withLock { $0[id] = restored }
        return restored
    }

    public func didUpdate(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) -> Bool {
        session.touch(nowSeconds: nowSeconds)
        let saved = try session.storeVersion.withLock { version throws(ServiceError) -> Bool in
            let blob: [UInt8]
            do { blob = try session.stored(nowSeconds: nowSeconds).encoded() } catch { throw unavailable(error) }
            let reply = try run(Self.saveScript, key: session.id, [Array(String(version).utf8), blob, Array(ttlMilliseconds.utf8)])
            guard let n = reply.integer, n > 0 else { return false }
            version = n
            return true
        }
        // A copy that could not be saved is not kept: the next request reads the stored one.
        if !saved { forget(session) }
        return saved
    }

    private func forget(_ session: ServiceSession) {
        cache.withLock { table in if table[session.id] === session { table[session.id] = nil } }
    }

    @discardableResult public func remove(id: String) throws(ServiceError) -> Bool {
        cache.withLock { $0[id] = nil }
        do {
            let reply = try pool.withConnection { c throws(RedisError) in try c.command(["DEL", Self.keyPrefix + id]) }
            return (reply.integer ?? 0) > 0
        } catch { throw unavailable(error) }
    }

    /// Redis expires sessions itself; this drops cached copies unused for longer than the TTL and
    /// returns 0.
    @discardableResult public func removeExpired(nowSeconds: Double) -> Int {
        cache.withLock { table in table = table.filter { !$0.value.isExpired(nowSeconds: nowSeconds, ttlSeconds: ttlSeconds) } }
        return 0
    }

    /// Sessions in Redis (`DBSIZE`); the last known count when Redis does not answer.
    public var count: Int {
        if let n = try? pool.withConnection({ c throws(RedisError) in try c.command(["DBSIZE"]) }).integer {
            lastCount.store(n, ordering: .relaxed)
            return n
        }
        return lastCount.load(ordering: .relaxed)
    }

    /// Up to `limit` sessions in id order, read without renewing their TTL (empty when Redis does not answer).
    public func liveSessions(nowSeconds: Double, limit: Int) -> [ServiceSession] {
        guard limit > 0 else { return [] }
        var ids: [String] = []
        var cursor = "0"
        repeat {
            guard case .array(let page)? = try? pool.withConnection({ c throws(RedisError) in
                try c.command(["SCAN", cursor, "MATCH", Self.keyPrefix + "*", "COUNT", "1000"])
            }), page.count == 2, let next = page[0].bytes, case .array(let keys) = page[1] else { return [] }
            cursor = String(decoding: next, as: UTF8.self)
            ids += keys.compactMap { $0.bytes.map { String(decoding: $0, as: UTF8.self).dropFirst(Self.keyPrefix.count) }.map(String.init) }
        } while cursor != "0" && ids.count < 100_000
        var out: [ServiceSession] = []
        for id in ids.sorted() where out.count < limit {
            guard let blob = try? pool.withConnection({ c throws(RedisError) in try c.command(["HGET", Self.keyPrefix + id, "d"]) }).bytes,
                  let stored = try? StoredSession(encoded: blob, source: id), let served = venues[stored.venueID],
                  let session = try? ServiceSession(restoring: stored, served: served, nowSeconds: nowSeconds) else { continue }
            out.append(session)
        }
        return out
    }
}
