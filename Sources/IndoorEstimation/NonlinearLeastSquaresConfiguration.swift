import IndoorConfiguration

/// Tunables of ``NonlinearLeastSquares``: defaults, units and ranges are in ``tunables`` (the table in the
/// module README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct NonlinearLeastSquaresConfiguration: Hashable, Sendable {
    /// How the parameter covariance is scaled.
    public enum CovarianceScaling: Hashable, Sendable {
        /// The weights are inverse variances (wᵢ = 1/σᵢ²): covariance = (Jᵀ W J)⁻¹.
        case weightsAreInverseVariances
        /// The weights are only relative: covariance = (Jᵀ W J)⁻¹ · Σ wᵢ rᵢ² / (n − p), the residual
        /// variance estimated from the fit (factor 1 when n = p, where it cannot be estimated).
        case estimatedFromResiduals
    }

    /// Largest number of trust-region iterations.
    public var maxIterations = 100
    /// Convergence when every step component satisfies |δᵢ| ≤ tol · (|xᵢ| + tol) (GSL `xtol`).
    public var stepTolerance = 1e-10
    /// Convergence when the scaled gradient max |gᵢ · max(|xᵢ|, 1)| ≤ tol · max(Σ wᵢ rᵢ², 1) (GSL `gtol`).
    public var gradientTolerance = 1e-10
    /// Convergence on the relative change of the cost (GSL `ftol`); 0 disables it.
    public var costTolerance = 0.0
    /// Directions whose QR pivot falls below this fraction of the largest are treated as undetermined
    /// and get zero rows/columns in the covariance (GSL `epsrel`).
    public var covarianceRankTolerance = 1e-12
    /// How the covariance is scaled. Default ``CovarianceScaling/weightsAreInverseVariances``.
    public var covarianceScaling: CovarianceScaling = .weightsAreInverseVariances
}
