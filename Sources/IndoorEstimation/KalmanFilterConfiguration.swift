import IndoorConfiguration

/// Tunables of a ``KalmanFilter``: defaults, units and ranges are in ``tunables`` (the table in the module
/// README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct KalmanFilterConfiguration: Hashable, Sendable {
    /// Probability of the chi-square gate: an update is rejected when its squared Mahalanobis distance
    /// d² = yᵀ S⁻¹ y exceeds the chi-square quantile of this probability, with as many degrees of
    /// freedom as the measurement has components (0.99: thresholds 6.63, 9.21, 11.34 for 1, 2, 3
    /// components). `nil` disables gating.
    public var gateProbability: Double? = 0.99
    /// Largest accepted asymmetry of a caller-supplied covariance (P, Q, R), relative to the larger of
    /// the two mirrored elements' magnitudes (and at least 1).
    public var symmetryTolerance = 1e-9
    /// How negative the smallest eigenvalue of a caller-supplied state covariance may be, relative to
    /// its largest diagonal element (and at least 1), before it is refused as not positive semidefinite.
    public var semidefiniteTolerance = 1e-12

    /// The configured gate threshold on d² for a measurement with `dimension` components (nil: no gate).
    /// - Complexity: one inverse chi-square CDF evaluation; the filter caches it per dimension.
    public func gateThreshold(measurementDimension dimension: Int) -> Double? {
        guard let gateProbability, dimension >= 1 else { return nil }
        return GSL.chiSquareQuantile(probability: gateProbability, degreesOfFreedom: dimension)
    }
}

/// Which gate an individual update uses.
public enum MeasurementGate: Hashable, Sendable {
    /// The threshold from ``KalmanFilterConfiguration/gateProbability`` for the measurement's dimension.
    case configured
    /// A caller-chosen threshold on d² (unitless, finite, > 0).
    case threshold(Double)
    /// No gate: every finite update with a positive definite innovation covariance is accepted.
    case disabled
}
