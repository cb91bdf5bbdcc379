import IndoorConfiguration

extension NonlinearLeastSquaresConfiguration: TunableConfiguration {
    /// The one table of the solver's tunables (``covarianceScaling`` is set in code).
    public static let table = TunableTable<Self>(
        name: "least-squares", defaults: Self(),
        [
            Tunable(\.maxIterations, unit: "", range: 1...100_000, "trust-region iteration limit"),
            Tunable(\.stepTolerance, unit: "", range: 1e-15...1e-1, "stop on a small relative step (GSL xtol)"),
            Tunable(\.gradientTolerance, unit: "", range: 1e-15...1e-1, "stop on a small scaled gradient (GSL gtol)"),
            Tunable(\.costTolerance, unit: "", range: 0...1e-1, "stop on a small relative cost change (GSL ftol; 0 = off)"),
            Tunable(
                \.covarianceRankTolerance, unit: "", range: 0...1e-2, "QR pivots below this share count as rank-deficient (GSL epsrel)"),
        ])
}
