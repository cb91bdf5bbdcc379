/// Widens fixes whose errors persist from one fix to the next, so that a run of them carries about the
/// information of one fix per correlation time instead of one per fix.
///
/// A Kalman filter takes every measurement's error as independent. Fixes from satellites (multipath)
/// or from a radio map (a walk off the surveyed paths matches the same wrong place scan after scan) err
/// alike for a while. Modelling the error as constant over τ seconds, n = τ / δt fixes in that time
/// (δt since the previous delivered fix) carry the information of one, so each fix's covariance is
/// multiplied by τ / min(τ, δt): its sigma by the square root of that.
public struct CorrelatedErrorInflation: Hashable, Sendable {
    /// How long a fix's error persists, seconds (0 = independent errors, no inflation).
    public let correlationSeconds: Double
    private var lastDeliveredSeconds: Double?

    /// An inflation for errors that persist `correlationSeconds` (at least 0; non-finite counts as 0).
    public init(correlationSeconds: Double) {
        self.correlationSeconds = correlationSeconds.isFinite ? max(0, correlationSeconds) : 0
    }

    /// The factor on the covariance of a fix delivered at `timeSeconds` (τ / min(τ, δt); τ / τ = 1 for the
    /// first fix), remembering the time for the next one.
    public mutating func covarianceFactor(deliveredAtSeconds timeSeconds: Double) -> Double {
        defer { lastDeliveredSeconds = timeSeconds }
        let tau = correlationSeconds
        guard tau > 0 else { return 1 }
        let interval = lastDeliveredSeconds.map { max(1e-3, timeSeconds - $0) } ?? tau
        return tau / min(tau, interval)
    }
}
