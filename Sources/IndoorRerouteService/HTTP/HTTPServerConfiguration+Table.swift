import IndoorConfiguration

extension HTTPServerConfiguration: TunableConfiguration {
    /// The one table of the HTTP layer's numeric tunables (`serve`'s flags take their ranges from it).
    public static let table = TunableTable<Self>(
        name: "http-server", defaults: Self(),
        [
            Tunable(\.port, unit: "TCP port", range: 0...65_535, "port to listen on (0 = ephemeral)"),
            Tunable(\.maximumBodyBytes, unit: "bytes", range: 1_024...16_777_216, "longest request body"),
            Tunable(\.connectionLimit, unit: "connections", range: 1...65_536, "open connections (503 beyond)"),
            Tunable(\.connectionTimeoutSeconds, unit: "s", range: 1...3_600, "idle connections closed after"),
            Tunable(\.perClientConnectionLimit, unit: "connections", range: 1...65_536, "open connections from one address (429 beyond)"),
            Tunable(\.requestHeaderTimeoutSeconds, unit: "s", range: 0.1...3_600, "to deliver the request line and headers"),
            Tunable(\.requestReadTimeoutSeconds, unit: "s", range: 0.1...3_600, "to deliver a whole request (headers and body)"),
            Tunable(\.overloadRetryAfterSeconds, unit: "s", range: 1...3_600, "the Retry-After of the connection refusals"),
        ])
}
