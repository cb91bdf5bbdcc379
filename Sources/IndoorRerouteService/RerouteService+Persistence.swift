/// What restoring stored sessions did.
public struct SessionRestoreReport: Sendable {
    /// Sessions back in the store.
    public var restored: Int
    /// Sessions left out because their TTL had passed.
    public var expired: Int
    /// Sessions left out for another reason (unknown venue, inconsistent snapshot, store full).
    public var failures: [SessionStateError]
}

extension RerouteService {
    /// Every live session as a value (each taken under its own lock), for a state file or another store.
    public func storedSessions() -> [StoredSession] {
        let now = clock()
        return store.liveSessions(nowSeconds: now, limit: Int.max).map { $0.stored(nowSeconds: now) }
    }

    /// Puts stored sessions back into the store; their TTL continues from their stored idle time.
    /// Sessions that cannot be restored are reported, not fatal.
    @discardableResult
    public func restore(_ stored: [StoredSession]) -> SessionRestoreReport {
        var report = SessionRestoreReport(restored: 0, expired: 0, failures: [])
        let now = clock()
        for s in stored {
            guard s.idleSeconds <= configuration.sessionTTLSeconds else { report.expired += 1; continue }
            guard let served = venues[s.venueID] else {
                report.failures.append(.invalidSession(id: s.id, reason: "venue '\(s.venueID)' is not served"))
                continue
            }
            do {
                let session = try ServiceSession(restoring: s, served: served, nowSeconds: now)
                try store.restore(session, nowSeconds: now)
                session.touch(nowSeconds: now - s.idleSeconds)
                report.restored += 1
            } catch let error as SessionStateError {
                report.failures.append(error)
            } catch {
                report.failures.append(.invalidSession(id: s.id, reason: "\(error)"))
            }
        }
        return report
    }
}
