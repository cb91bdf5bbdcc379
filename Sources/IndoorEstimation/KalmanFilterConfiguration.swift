/// Tunables of a ``KalmanFilter``, validated when created. See the module README for the table.
public struct KalmanFilterConfiguration: Hashable, Sendable {
    /// Probability of the chi-square gate: an update is rejected when its squared Mahalanobis distance
    /// d² = yᵀ S⁻¹ y exceeds the chi-square quantile of this probability, with as many degrees of
    /// freedom as the measurement has components. `nil` disables gating.
    /// Unitless; default 0.99 (thresholds 6.63, 9.21, 11.34 for 1, 2, 3 components); range 0.5 ..< 1.
    public let gateProbability: Double?
    /// Largest accepted asymmetry of a caller-supplied covariance (P, Q, R), relative to the larger of
    /// the two mirrored elements' magnitudes (and at least 1). Unitless; default 1e-9; range 0 ... 1e-3.
    public let symmetryTolerance: Double
    /// How negative the smallest eigenvalue of a caller-supplied state covariance may be, relative to
    /// its largest diagonal element (and at least 1), before it is refused as not positive semidefinite.
    /// Unitless; default 1e-12; range 0 ... 1e-6.
    public let semidefiniteTolerance: Double

    /// The defaults: 99 % gate, 1e-9 symmetry tolerance, 1e-12 semidefinite tolerance.
    public static var standard: KalmanFilterConfiguration {
        KalmanFilterConfiguration(unchecked: 0.99, symmetryTolerance: 1e-9, semidefiniteTolerance: 1e-12)
    }

    /// A configuration; every value is checked against its documented range.
    /// - Throws: ``EstimationError/invalidConfiguration(parameter:value:validRange:)`` naming the value.
    public init(
        gateProbability: Double? = 0.99, symmetryTolerance: Double = 1e-9,
        semidefiniteTolerance: Double = 1e-12
    ) throws(EstimationError) {
        if let gateProbability, !(gateProbability >= 0.5 && gateProbability < 1) {
            throw .invalidConfiguration(parameter: "gateProbability", value: gateProbability, validRange: "0.5 ..< 1")
        }
        guard symmetryTolerance >= 0 && symmetryTolerance <= 1e-3 else {
            throw .invalidConfiguration(parameter: "symmetryTolerance", value: symmetryTolerance, validRange: "0 ... 1e-3")
        }
        guard semidefiniteTolerance >= 0 && semidefiniteTolerance <= 1e-6 else {
            throw .invalidConfiguration(
                parameter: "semidefiniteTolerance", value: semidefiniteTolerance,
                validRange: "0 ... 1e-6")
        }
        self.init(
            unchecked: gateProbability, symmetryTolerance: symmetryTolerance,
            semidefiniteTolerance: semidefiniteTolerance)
    }

    private init(unchecked gateProbability: Double?, symmetryTolerance: Double, semidefiniteTolerance: Double) {
        self.gateProbability = gateProbability
        self.symmetryTolerance = symmetryTolerance
        self.semidefiniteTolerance = semidefiniteTolerance
    }

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
