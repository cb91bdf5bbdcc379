import IndoorJSON

/// Whether the periodic state-file writes (`serve --state-file`) keep up: what `GET /ready` reports.
struct SnapshotState: Sendable {
    /// The interval the writer was started with; nil = no state file, nothing to report.
    var intervalSeconds: Double?
    /// Service-clock seconds of the last successful write, or of the start when none yet.
    var lastSuccessSeconds = 0.0
    /// Why the last write failed; nil when it succeeded.
    var lastFailure: String?
}

extension RerouteService {
    /// A state file is written every `intervalSeconds` from now: `GET /ready` then reports 503 when the
    /// last write failed or none succeeded for ``snapshotLagFactor`` intervals.
    public func expectSnapshots(everySeconds intervalSeconds: Double) {
        let now = clock()
        snapshots.withLock { s in
            s.intervalSeconds = intervalSeconds
            s.lastSuccessSeconds = now
            s.lastFailure = nil
        }
    }

    /// Records the outcome of one state-file write: `failure` nil for success, else why it failed.
    public func recordSnapshot(failure: String?) {
        let now = clock()
        snapshots.withLock { s in
            s.lastFailure = failure
            if failure == nil { s.lastSuccessSeconds = now }
        }
        if failure != nil { metrics.recordStoreError() }
    }

    /// Snapshots are late once this many intervals passed without a successful write.
    public static let snapshotLagFactor = 2.0

    /// Why the service is not ready now (empty when it is): the session store does not answer, or the
    /// state file's last write failed or is late.
    public func unreadiness() -> [String] {
        var reasons: [String] = []
        if let store = store.unavailability() { reasons.append("session store: \(store)") }
        let now = clock()
        let s = snapshots.withLock { $0 }
        if let interval = s.intervalSeconds {
            if let failure = s.lastFailure {
                reasons.append("state file: the last write failed: \(failure)")
            } else if now - s.lastSuccessSeconds > Self.snapshotLagFactor * interval {
                reasons.append("state file: no write for \(Int(now - s.lastSuccessSeconds)) s (interval \(Int(interval)) s)")
            }
        }
        return reasons
    }

    /// `GET /ready`: 200 `{status: "ready"}`, or 503 `{status: "notReady", reasons}` with `Retry-After`.
    /// `GET /health` stays liveness (200 while the process answers).
    func ready() -> HTTPResponse {
        let reasons = unreadiness()
        guard !reasons.isEmpty else { return .json(200, #"{"status":"ready"}"#) }
        let body: JSONValue = ["status": "notReady", "reasons": .array(reasons.map { .string($0) })]
        return .json(503, body.serialized(), headers: [("Retry-After", String(configuration.retryAfterSeconds))])
    }

    /// The metrics text, with the readiness and the state file's age as gauges.
    func metricsText() -> String {
        var out = metrics.render(liveSessions: store.count)
        out += "# HELP indoornav_ready 1 when GET /ready answers 200.\n# TYPE indoornav_ready gauge\n"
        out += "indoornav_ready \(unreadiness().isEmpty ? 1 : 0)\n"
        let s = snapshots.withLock { $0 }
        if s.intervalSeconds != nil {
            out += "# HELP indoornav_state_file_age_seconds Seconds since the last successful state-file write.\n"
            out += "# TYPE indoornav_state_file_age_seconds gauge\n"
            out += "indoornav_state_file_age_seconds \(max(0, clock() - s.lastSuccessSeconds))\n"
        }
        if let lag = store.durabilityLagSeconds {
            out += "# HELP indoornav_journal_lag_seconds Seconds the oldest accepted change not yet on disk has waited.\n"
            out += "# TYPE indoornav_journal_lag_seconds gauge\n"
            out += "indoornav_journal_lag_seconds \(lag)\n"
        }
        return out
    }
}
