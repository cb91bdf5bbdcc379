/// Sessions in memory (an ``InMemorySessionStore``) with every change appended to a ``SessionJournal``
/// (`indoornav serve --state-file`): a created session is answered only once its record is on disk; a
/// location update or transition is on disk within the journal's flush interval; a removal is written
/// with the next batch. Sessions that expire are not journalled (replay ages them and the restore
/// leaves them out).
///
/// Each session's records are appended under its store lock, so they are in the order of its changes;
/// like the Redis store, a record carries the route only when it changed since the session's last one.
public final class JournaledSessionStore: SessionStore {
    /// Where the sessions live.
    public let memory: InMemorySessionStore
    /// Where their changes go.
    public let journal: SessionJournal
    /// The `Retry-After` of 503 answers.
    public let retryAfterSeconds: Int

    /// A store keeping `memory`'s sessions' changes in `journal`.
    public init(memory: InMemorySessionStore, journal: SessionJournal) {
        self.memory = memory
        self.journal = journal
        self.retryAfterSeconds = memory.retryAfterSeconds
    }

    /// Appends `session`'s record (route included when it changed); returns its sequence number.
    private func record(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) -> UInt64 {
        do {
            return try session.storeState.withLock { known throws(SessionStateError) -> UInt64 in
                let (stored, generation) = session.storedWithRouteGeneration(nowSeconds: nowSeconds)
                let sequence = try journal.append(stored, withRoute: generation != known.savedRouteGeneration)
                known.savedRouteGeneration = generation
                return sequence
            }
        } catch { throw .storeUnavailable(reason: "\(error)", retryAfterSeconds: retryAfterSeconds) }
    }

    /// Adds the session and waits until its record is on disk.
    /// - Throws: as ``InMemorySessionStore/insert(_:nowSeconds:)``, and
    ///   ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)`` when the record could not be
    ///   written in time (the session is removed again; nothing is kept).
    public func insert(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) {
        try memory.insert(session, nowSeconds: nowSeconds)
        let sequence: UInt64
        do { sequence = try record(session, nowSeconds: nowSeconds) } catch {
            memory.remove(id: session.id)
            throw error
        }
        do { try journal.waitUntilDurable(sequence) } catch {
            memory.remove(id: session.id)
            journal.appendRemoval(id: session.id)
            throw .storeUnavailable(reason: "\(error)", retryAfterSeconds: retryAfterSeconds)
        }
    }

    /// Adds a session read back at start without journalling it (the state file written right after the
    /// restore holds it).
    public func restore(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) {
        try memory.insert(session, nowSeconds: nowSeconds)
    }

    /// The live session `id`, touched at `nowSeconds`.
    public func session(id: String, nowSeconds: Double) -> ServiceSession? { memory.session(id: id, nowSeconds: nowSeconds) }

    /// The in-memory table's limits (``InMemorySessionStore/admission(owner:nowSeconds:)``).
    public func admission(owner: String, nowSeconds: Double) -> ServiceError? { memory.admission(owner: owner, nowSeconds: nowSeconds) }

    /// Appends the changed session's record (written with the next batch); always true.
    /// - Throws: ``ServiceError/storeUnavailable(reason:retryAfterSeconds:)`` when it cannot be encoded.
    public func didUpdate(_ session: ServiceSession, nowSeconds: Double) throws(ServiceError) -> Bool {
        _ = memory.didUpdate(session, nowSeconds: nowSeconds)
        _ = try record(session, nowSeconds: nowSeconds)
        return true
    }

    /// Removes session `id` and appends its removal.
    @discardableResult public func remove(id: String) -> Bool {
        let removed = memory.remove(id: id)
        if removed { journal.appendRemoval(id: id) }
        return removed
    }

    /// Removes expired sessions (not journalled).
    @discardableResult public func removeExpired(nowSeconds: Double) -> Int { memory.removeExpired(nowSeconds: nowSeconds) }

    /// Live sessions.
    public var count: Int { memory.count }

    /// Up to `limit` unexpired sessions in id order.
    public func liveSessions(nowSeconds: Double, limit: Int) -> [ServiceSession] {
        memory.liveSessions(nowSeconds: nowSeconds, limit: limit)
    }

    /// Nil while the journal's writes succeed; otherwise the last failure.
    public func unavailability() -> String? { journal.failure.map { "state journal: the last write failed: \($0)" } }

    /// Seconds the oldest change not yet on disk has waited.
    public var durabilityLagSeconds: Double? { journal.lagSeconds }
}
