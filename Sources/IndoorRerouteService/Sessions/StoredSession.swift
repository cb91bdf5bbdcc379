import Foundation
import IndoorNavigation
import IndoorRouting

/// A service session as a value, for keeping it outside the process (a state file, a shared store):
/// its id and venue, how long it has been idle, the destination it still waits to start towards, the
/// time of its last applied fix, and the navigation session's snapshot.
public struct StoredSession: Hashable, Sendable, Codable {
    /// The format written by this code.
    public static let currentFormatVersion = 1

    /// Format of this value (``currentFormatVersion`` when written by this code).
    public var formatVersion: Int
    /// The session id.
    public var id: String
    /// The venue it navigates in.
    public var venueID: String
    /// The client that created it (``ServiceSession/owner``); absent in files written before owners
    /// were kept (read as no owner).
    public var owner: String?
    /// Seconds since its last request when it was stored (its TTL continues from there).
    public var idleSeconds: Double
    /// The destination of a session still waiting for its first location.
    public var pendingDestination: NavigationDestination?
    /// The waypoints of a session still waiting for its first location.
    public var pendingWaypoints: [Waypoint]
    /// Time of the last applied fix (client clock seconds); older fixes are rejected.
    public var lastFixSeconds: Double?
    /// The navigation session.
    public var navigation: NavigationSession.Snapshot
}

/// Why stored sessions could not be read, written or restored. Each case names the file or session.
public enum SessionStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The state file cannot be written (or renamed into place).
    case unwritable(path: String, reason: String)
    /// The state file is not a session state file (truncated, another format).
    case malformed(path: String, reason: String)
    /// The state file or a session in it has a format version this build does not read.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// One stored session cannot be restored (unknown venue, inconsistent snapshot).
    case invalidSession(id: String, reason: String)
    /// A journal segment beside the state file (``SessionJournal``) is damaged at byte `offset`
    /// (a record cut short at its end is skipped with a warning instead).
    case corruptJournal(path: String, offset: Int, reason: String)

    /// A sentence naming the session and what could not be restored.
    public var description: String {
        switch self {
        case .unreadable(let p, let r): "state file \(p): cannot read: \(r)"
        case .unwritable(let p, let r): "state file \(p): cannot write: \(r)"
        case .malformed(let p, let r): "state file \(p): not a session state file: \(r)"
        case .unsupportedVersion(let p, let f, let s): "state file \(p): format version \(f) is not supported (this build reads \(s))"
        case .invalidSession(let id, let r): "stored session \(id): \(r)"
        case .corruptJournal(let p, let o, let r): "journal \(p), record at byte \(o): \(r)"
        }
    }
}

extension StoredSession {
    /// The value as a binary property list (the encoding of state files and of the Redis store).
    /// - Throws: ``SessionStateError/unwritable(path:reason:)`` naming the session when it cannot be encoded.
    public func encoded() throws(SessionStateError) -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        do { return Array(try encoder.encode(self)) } catch { throw .unwritable(path: "session \(id)", reason: "\(error)") }
    }

    /// A value from ``encoded()`` bytes.
    /// - Throws: ``SessionStateError/malformed(path:reason:)`` naming `source`.
    public init(encoded bytes: [UInt8], source: String) throws(SessionStateError) {
        do { self = try PropertyListDecoder().decode(StoredSession.self, from: Data(bytes)) } catch {
            throw .malformed(path: source, reason: SessionStateFile.describe(error))
        }
    }
}

extension ServiceSession {
    /// The session as a value at `nowSeconds` (service clock), taken under its lock.
    public func stored(nowSeconds: Double) -> StoredSession { storedWithRouteGeneration(nowSeconds: nowSeconds).stored }

    /// The session as a value and its route generation, taken together under its lock.
    func storedWithRouteGeneration(nowSeconds: Double) -> (stored: StoredSession, routeGeneration: Int) {
        let idle = max(0, nowSeconds - lastUsedSeconds)
        return state.withLock { s in
            (
                StoredSession(
                    formatVersion: StoredSession.currentFormatVersion, id: id, venueID: venueID, owner: owner.isEmpty ? nil : owner,
                    idleSeconds: idle,
                    pendingDestination: s.pending?.destination, pendingWaypoints: s.pending?.waypoints ?? [],
                    lastFixSeconds: s.lastFixSeconds, navigation: s.navigation.snapshot()), s.routeGeneration
            )
        }
    }

    /// A session continuing from `stored` over `served`, last used `stored.idleSeconds` before `nowSeconds`.
    /// - Throws: ``SessionStateError/unsupportedVersion(path:found:supported:)`` for another format,
    ///   ``SessionStateError/invalidSession(id:reason:)`` for another venue or an inconsistent snapshot.
    public convenience init(restoring stored: StoredSession, served: ServedVenue, nowSeconds: Double) throws(SessionStateError) {
        guard stored.formatVersion == StoredSession.currentFormatVersion else {
            throw .unsupportedVersion(
                path: "session \(stored.id)", found: stored.formatVersion, supported: StoredSession.currentFormatVersion)
        }
        guard !stored.id.isEmpty, stored.id.utf8.count <= 128 else {
            throw .invalidSession(id: String(stored.id.prefix(128)), reason: "id must be 1–128 bytes")
        }
        guard stored.venueID == served.id else {
            throw .invalidSession(id: stored.id, reason: "stored for venue '\(stored.venueID)', restored on '\(served.id)'")
        }
        guard stored.idleSeconds.isFinite, stored.idleSeconds >= 0 else {
            throw .invalidSession(id: stored.id, reason: "idleSeconds must be a finite number ≥ 0, got \(stored.idleSeconds)")
        }
        let navigation: NavigationSession
        do {
            navigation = try NavigationSession(venue: served.venue, routers: served.routers, snapshot: stored.navigation)
        } catch { throw .invalidSession(id: stored.id, reason: error.description) }
        let pending = stored.pendingDestination.map { (destination: $0, waypoints: stored.pendingWaypoints) }
        self.init(
            id: stored.id, venueID: served.id, owner: stored.owner ?? "",
            state: State(navigation: navigation, pending: pending, lastFixSeconds: stored.lastFixSeconds),
            lastUsedSeconds: nowSeconds - stored.idleSeconds)
    }
}
