import IndoorConfiguration

extension KalmanFilterConfiguration: TunableConfiguration {
    /// The one table of the filter's tunables (a `nil` gate, no gating, is read as the default gate).
    public static let table = TunableTable<Self>(
        name: "kalman-filter", defaults: Self(),
        [
            Tunable(
                name: "gateProbability", unit: "", kind: .real, range: TunableRange(0.5..<1),
                summary: "chi-square gate probability per measurement dimension (nil in code: no gate)",
                read: { $0.gateProbability ?? 0.99 }, write: { $0.gateProbability = $1 }),
            Tunable(\.symmetryTolerance, unit: "", range: 0...1e-3, "accepted relative asymmetry of P, Q and R"),
            Tunable(
                \.semidefiniteTolerance, unit: "", range: 0...1e-6, "accepted negative eigenvalue of P, relative to its largest diagonal"),
        ])
}
