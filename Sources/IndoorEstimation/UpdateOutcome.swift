/// What a Kalman update did. Rejections leave the filter's state and covariance untouched.
public enum UpdateOutcome: Hashable, Sendable {
    /// The measurement was fused.
    case accepted(AcceptedUpdate)
    /// The measurement was not fused, and why.
    case rejected(UpdateRejection)

    /// True for ``accepted(_:)``.
    public var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}

/// Diagnostics of a fused measurement.
public struct AcceptedUpdate: Hashable, Sendable {
    /// The innovation y = z − h(x⁻) (or the caller's residual), in the measurement's units.
    public let innovation: [Double]
    /// The squared Mahalanobis distance d² = yᵀ S⁻¹ y (unitless).
    public let mahalanobisSquared: Double
    /// The gate threshold that d² was compared to, or nil when the update was not gated.
    public let gateThreshold: Double?
}

/// Why a measurement was not fused.
public enum UpdateRejection: Hashable, Sendable {
    /// d² = yᵀ S⁻¹ y exceeded the gate threshold (both unitless).
    case gated(mahalanobisSquared: Double, threshold: Double)
    /// An input or a model output was NaN or infinite.
    case nonFinite(NonFiniteInput)
    /// The named matrix (the innovation covariance S = H P Hᵀ + R) has no Cholesky factor.
    case notPositiveDefinite(matrix: String)
}

/// Which value of an update was NaN or infinite; indices are flat (row-major for matrices).
public enum NonFiniteInput: Hashable, Sendable {
    /// The measurement vector z.
    case measurement(index: Int)
    /// The measurement noise covariance R.
    case measurementNoise(index: Int)
    /// The predicted measurement h(x⁻).
    case predictedMeasurement(index: Int)
    /// The measurement Jacobian ∂h/∂x at x⁻.
    case measurementJacobian(index: Int)
    /// The caller's residual function output.
    case residual(index: Int)
    /// The innovation covariance S = H P Hᵀ + R overflowed.
    case innovationCovariance
    /// The posterior state or covariance overflowed.
    case posterior
}
