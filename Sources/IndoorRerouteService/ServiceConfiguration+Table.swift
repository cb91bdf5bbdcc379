import IndoorConfiguration

extension ServiceConfiguration: TunableConfiguration {
    /// The one table of the session layer's numeric tunables (`serve`'s flags take their ranges from it).
    public static let table = TunableTable<Self>(
        name: "service", defaults: Self(),
        [
            Tunable(\.maximumSessions, unit: "sessions", range: 1...1_000_000, "live sessions at once (503 beyond)"),
            Tunable(\.maximumSessionsPerClient, unit: "sessions", range: 1...1_000_000, "live sessions one client may hold (429 beyond)"),
            Tunable(\.fairShareFraction, unit: "", range: 0...1, "share of maximumSessions from which clients share the table (0 = off)"),
            Tunable(\.sessionCreationsPerClientPerMinute, unit: "1/min", range: 1...1_000_000, "sessions one client may create a minute"),
            Tunable(
                \.sessionCreationsPerMinute, unit: "1/min", range: 0...10_000_000, "sessions all clients may create a minute (0 = none)"),
            Tunable(\.maximumClosuresPerClient, unit: "closures", range: 1...100_000, "closures not yet ended one client may hold"),
            Tunable(\.maximumClosuresPerVenue, unit: "closures", range: 1...100_000, "closures not yet ended one venue may hold"),
            Tunable(\.sessionTTLSeconds, unit: "s", range: 1...86_400, "an untouched session is removed after this"),
            Tunable(\.maximumBatchLocations, unit: "fixes", range: 1...10_000, "fixes in one request"),
            Tunable(\.maximumBodyBytes, unit: "bytes", range: 1_024...16_777_216, "longest request body (413 beyond)"),
            Tunable(\.retryAfterSeconds, unit: "s", range: 1...3_600, "the Retry-After sent with 503"),
            Tunable(\.sweepIntervalSeconds, unit: "s", range: 0...3_600, "expired sessions swept at most this often"),
            Tunable(\.maximumListedSessions, unit: "sessions", range: 1...10_000, "sessions in GET /sessions"),
            Tunable(\.viewerPollIntervalSeconds, unit: "s", range: 0.2...60, "between the live viewer's refreshes"),
            Tunable(\.stateSaveIntervalSeconds, unit: "s", range: 1...86_400, "between state-file writes (serve --state-file)"),
            Tunable(\.journalFlushIntervalSeconds, unit: "s", range: 0.01...1, "between journal writes and fsync: the most a crash loses"),
            Tunable(
                \.journalCommitTimeoutSeconds, unit: "s", range: 0.1...60, "a create waits this long for its journal record before 503"),
        ])
}
