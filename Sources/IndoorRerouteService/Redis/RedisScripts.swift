import Synchronization

/// The Lua scripts of ``RedisSessionStore``: each operation on a session is one script, so it is atomic
/// and one round trip. A script is sent once (`SCRIPT LOAD`) and then called by its SHA-1 (`EVALSHA`);
/// a server that lost it (restarted) answers `NOSCRIPT` and it is sent again.
///
/// Times are the server's (`TIME`, milliseconds), so instances with different clocks agree on expiry.
/// The live and per-client sets' scores are rewritten only when due (``Script/refreshSets``), so the
/// common `save` is `TIME`, `HMGET`, `HSET` and `PEXPIRE`.
final class RedisScripts: Sendable {
    enum Script: Hashable, CaseIterable {
        /// KEYS: session, live set, owner set, owners set. ARGV: state, route, TTL ms, capacity, per-owner
        /// capacity, owner, set slack ms, version, fair-share threshold (0 = none). 1 = created; 0 = id taken;
        /// -1 = full; -3 = owner at its limit; {-4, share} = past the threshold, the owner holds its share
        /// (``FairShare``; the owners set scores each client holding sessions by its newest expiry).
        case insert
        /// KEYS: session, live set, owner prefix, owners set. ARGV: the version cached, TTL ms, set slack ms. Renews
        /// the TTL (and the sets' scores when due, see ``refreshSets``); nil = no session; {v} = the
        /// cached version is current; {v, state, route} otherwise.
        case load
        /// KEYS: session, live set, owner set, owners set. ARGV: expected version, TTL ms, set slack ms, new
        /// version, state[, route]. Renews the TTL (and the sets' scores when due, see ``refreshSets``). 1 = written;
        /// -1 = the version changed (another writer, or Redis lost writes); -2 = no session. Versions are
        /// random tokens chosen by the writer (compared as strings), not counters: a Redis that lost
        /// writes and was written again can never show an old number for different contents.
        case save
        /// KEYS: session, live set, owner prefix, owners set. 1 = removed, 0 = none.
        case remove
        /// KEYS: live set. The live sessions (expired ids dropped first).
        case count

        static let now = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) "

        /// `refresh(key, e, ttl, slack, ownerKey)`: the session's scores in the live set (`KEYS[2]`) and
        /// its owner's set, its owner's in the owners set (`KEYS[4]`, by the owner's set key), and its
        /// field `e` (the score last written), are rewritten only when the
        /// renewed expiry `now + ttl` has passed `e`, and then set `slack` ms beyond it. So a score is
        /// never below the session's expiry and at most `slack` above it, and a session touched often
        /// writes them once per `slack` ms instead of on every request.
        static let refreshSets = """
            local function refresh(key, e, ttl, slack, owner)
              if e and now + ttl <= tonumber(e) then return end
              local score = now + ttl + slack
              redis.call('HSET', key, 'e', score)
              redis.call('ZADD', KEYS[2], score, key)
              if owner then
                redis.call('ZADD', owner, score, key)
                redis.call('PEXPIRE', owner, ttl + slack)
                redis.call('ZADD', KEYS[4], 'GT', score, owner)
              end
            end

            """

        var source: String {
            switch self {
            case .insert:
                Self.now + """
                    local ttl = tonumber(ARGV[3])
                    if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
                    redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
                    if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
                    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
                    local held = redis.call('ZCARD', KEYS[3])
                    if held >= tonumber(ARGV[5]) then return -3 end
                    local from = tonumber(ARGV[9])
                    if from > 0 and held > 0 and redis.call('ZCARD', KEYS[2]) >= from then
                      redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
                      local owners = redis.call('ZCARD', KEYS[4])
                      if owners > 1 then
                        local share = math.max(1, math.floor(from / owners))
                        if held >= share then return {-4, share} end
                      end
                    end
                    local slack = tonumber(ARGV[7])
                    local score = now + ttl + slack
                    redis.call('HSET', KEYS[1], 'v', ARGV[8], 'd', ARGV[1], 'r', ARGV[2], 'o', ARGV[6], 'e', score)
                    redis.call('PEXPIRE', KEYS[1], ttl)
                    redis.call('ZADD', KEYS[2], score, KEYS[1])
                    redis.call('ZADD', KEYS[3], score, KEYS[1])
                    redis.call('PEXPIRE', KEYS[3], ttl + slack)
                    redis.call('ZADD', KEYS[4], 'GT', score, KEYS[3])
                    return 1
                    """
            case .load:
                Self.now + Self.refreshSets + """
                    local f = redis.call('HMGET', KEYS[1], 'v', 'o', 'e')
                    local v = f[1]
                    if not v then return false end
                    local ttl = tonumber(ARGV[2])
                    redis.call('PEXPIRE', KEYS[1], ttl)
                    refresh(KEYS[1], f[3], ttl, tonumber(ARGV[3]), f[2] and (KEYS[3] .. f[2]))
                    if v == ARGV[1] then return {v} end
                    local d = redis.call('HMGET', KEYS[1], 'd', 'r')
                    return {v, d[1], d[2]}
                    """
            case .save:
                Self.now + Self.refreshSets + """
                    local f = redis.call('HMGET', KEYS[1], 'v', 'e')
                    local v = f[1]
                    if not v then return -2 end
                    if v ~= ARGV[1] then return -1 end
                    local ttl = tonumber(ARGV[2])
                    if ARGV[6] then
                      redis.call('HSET', KEYS[1], 'v', ARGV[4], 'd', ARGV[5], 'r', ARGV[6])
                    else
                      redis.call('HSET', KEYS[1], 'v', ARGV[4], 'd', ARGV[5])
                    end
                    redis.call('PEXPIRE', KEYS[1], ttl)
                    refresh(KEYS[1], f[2], ttl, tonumber(ARGV[3]), KEYS[3])
                    return 1
                    """
            case .remove:
                """
                local o = redis.call('HGET', KEYS[1], 'o')
                redis.call('ZREM', KEYS[2], KEYS[1])
                if o then
                  local owner = KEYS[3] .. o
                  redis.call('ZREM', owner, KEYS[1])
                  if redis.call('ZCARD', owner) == 0 then redis.call('ZREM', KEYS[4], owner) end
                end
                return redis.call('DEL', KEYS[1])
                """
            case .count:
                Self.now + """
                    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
                    return redis.call('ZCARD', KEYS[1])
                    """
            }
        }
    }

    private let pool: RedisConnectionPool
    private let hashes = Mutex<[Script: [UInt8]]>([:])

    init(pool: RedisConnectionPool) { self.pool = pool }

    /// Runs `script` on `keys` and `arguments` in one round trip (two when the server does not know it yet).
    /// - Throws: ``RedisError``.
    func run(_ script: Script, keys: [String], arguments: [[UInt8]]) throws(RedisError) -> RESPValue {
        try run(script, keyBytes: keys.map { Array($0.utf8) }, arguments: arguments)
    }

    /// ``run(_:keys:arguments:)`` with the keys as bytes (the hot path builds them without `String`s).
    /// With `replicated` and a reply `replicatedWhen` accepts, then waits on the same connection until
    /// the replicas ``RedisConfiguration/createReplicas`` asks for hold the write
    /// (``RedisConnectionPool/waitForReplicas(_:)``).
    /// - Throws: ``RedisError``.
    func run(
        _ script: Script, keyBytes keys: [[UInt8]], arguments: [[UInt8]], replicatedWhen: ((RESPValue) -> Bool)? = nil
    ) throws(RedisError) -> RESPValue {
        let keyCount = keys.count < Self.keyCounts.count ? Self.keyCounts[keys.count] : Array(String(keys.count).utf8)
        return try pool.withConnection { c throws(RedisError) -> RESPValue in
            let reply = try evaluate(script, c, keyCount: keyCount, keys, arguments)
            if let replicatedWhen, replicatedWhen(reply) { try pool.waitForReplicas(c) }
            return reply
        }
    }

    /// `EVALSHA` of `script` on `c`, loading it first when the server does not know it.
    private func evaluate(
        _ script: Script, _ c: RESPConnection, keyCount: [UInt8], _ keys: [[UInt8]], _ arguments: [[UInt8]]
    ) throws(RedisError) -> RESPValue {
        if let sha = hashes.withLock({ $0[script] }) {
            do throws(RedisError) {
                return try c.command(head: [Self.evalsha, sha, keyCount], keys, arguments, name: "EVALSHA")
            } catch {
                guard case .server(_, _, let message) = error, message.hasPrefix("NOSCRIPT") else { throw error }
            }
        }
        guard let sha = try c.command(["SCRIPT", "LOAD", script.source]).bytes else {
            throw .protocolError(endpoint: c.endpoint, reason: "SCRIPT LOAD did not answer a hash")
        }
        hashes.withLock { $0[script] = sha }
        return try c.command(head: [Self.evalsha, sha, keyCount], keys, arguments, name: "EVALSHA")
    }

    private static let evalsha = Array("EVALSHA".utf8)
    /// "0"…"4", the key counts of the scripts.
    private static let keyCounts = (0...4).map { Array(String($0).utf8) }
}
