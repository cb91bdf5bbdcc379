/// How `indoornav serve --sessions redis://…` makes sure Redis keeps what it acknowledged when Redis
/// itself crashes (`--redis-durability`).
///
/// The guarantee with `require` or `set`: Redis writes every command to its append-only file before it
/// answers and `fsync`s that file every second (`appendonly yes`, `appendfsync everysec`, or `always`:
/// every write). A Redis process killed (SIGKILL, a crash) loses nothing acknowledged — the file is
/// written before the answer; a machine that loses power loses at most about the last second (two in
/// the worst case Redis documents, when an `fsync` is slow). Without it (Redis' default, `appendonly no`)
/// a Redis restart keeps only its last RDB snapshot, if any.
public enum RedisDurability: String, Sendable, Hashable, CaseIterable {
    /// Ask Redis at start (`CONFIG GET`) and warn when it does not write an append-only file with
    /// `fsync` at least every second (or when it does not say).
    case check
    /// Refuse to start unless Redis writes an append-only file with `appendfsync everysec` or `always`.
    case require
    /// Turn it on at start (`CONFIG SET appendonly yes`, `CONFIG SET appendfsync everysec` unless it is
    /// `always`), then check as `require` does.
    case set
}

/// What a Redis server persists, as `CONFIG GET` reports it.
public struct RedisPersistence: Sendable, Hashable, CustomStringConvertible {
    /// `appendonly`: whether it writes an append-only file.
    public var appendOnly: Bool
    /// `appendfsync`: `always`, `everysec` or `no`.
    public var appendFsync: String

    /// Whether a command acknowledged survives a crash of Redis, and at most about a second is lost
    /// to a power cut.
    public var keepsAcknowledgedWrites: Bool { appendOnly && (appendFsync == "everysec" || appendFsync == "always") }

    /// `appendonly yes, appendfsync everysec`.
    public var description: String { "appendonly \(appendOnly ? "yes" : "no"), appendfsync \(appendFsync)" }

    /// What the server behind `pool` persists.
    /// - Throws: ``RedisError`` when it cannot be asked (`CONFIG` renamed or refused included).
    public static func read(_ pool: RedisConnectionPool) throws(RedisError) -> RedisPersistence {
        try pool.withConnection { c throws(RedisError) -> RedisPersistence in
            func value(_ name: String) throws(RedisError) -> String {
                guard case .array(let pair) = try c.command(["CONFIG", "GET", name]), pair.count == 2, let bytes = pair[1].bytes else {
                    throw .protocolError(endpoint: c.endpoint, reason: "CONFIG GET \(name) did not answer a name and a value")
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            return RedisPersistence(appendOnly: try value("appendonly") == "yes", appendFsync: try value("appendfsync"))
        }
    }

    /// Applies `durability` to the server behind `pool`; returns a warning for `check` when Redis does
    /// not keep acknowledged writes (or cannot say), else nil.
    /// - Throws: ``RedisError/notDurable(endpoint:reason:)`` for `require` and `set` when Redis does not
    ///   (or cannot be made to) keep acknowledged writes.
    public static func ensure(_ durability: RedisDurability, pool: RedisConnectionPool) throws(RedisError) -> String? {
        let endpoint = pool.endpointDescription
        if durability == .set {
            do {
                let now = try read(pool)
                try pool.withConnection { c throws(RedisError) in
                    if !now.appendOnly { _ = try c.command(["CONFIG", "SET", "appendonly", "yes"]) }
                    if now.appendFsync != "always" && now.appendFsync != "everysec" {
                        _ = try c.command(["CONFIG", "SET", "appendfsync", "everysec"])
                    }
                }
            } catch { throw .notDurable(endpoint: endpoint, reason: "cannot turn on the append-only file: \(error)") }
        }
        let found: RedisPersistence
        do { found = try read(pool) } catch {
            guard durability == .check else { throw .notDurable(endpoint: endpoint, reason: "cannot ask what it persists: \(error)") }
            return "redis \(endpoint): cannot ask what it persists (\(error)); a Redis crash may lose sessions"
        }
        guard !found.keepsAcknowledgedWrites else { return nil }
        let reason =
            "\(found): a Redis restart loses what it acknowledged since its last snapshot (want appendonly yes, appendfsync everysec)"
        guard durability == .check else { throw .notDurable(endpoint: endpoint, reason: reason) }
        return "redis \(endpoint): \(reason); --redis-durability set turns it on"
    }
}
