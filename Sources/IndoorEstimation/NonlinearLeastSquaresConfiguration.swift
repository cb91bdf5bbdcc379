/// Tunables of ``NonlinearLeastSquares``, validated when created. See the module README for the table.
public struct NonlinearLeastSquaresConfiguration: Hashable, Sendable {
    /// How the parameter covariance is scaled.
    public enum CovarianceScaling: Hashable, Sendable {
        /// The weights are inverse variances (wᵢ = 1/σᵢ²): covariance = (Jᵀ W J)⁻¹.
        case weightsAreInverseVariances
        /// The weights are only relative: covariance = (Jᵀ W J)⁻¹ · Σ wᵢ rᵢ² / (n − p), the residual
        /// variance estimated from the fit (factor 1 when n = p, where it cannot be estimated).
        case estimatedFromResiduals
    }

    /// Largest number of trust-region iterations. Default 100; range 1 ... 100 000.
    public let maxIterations: Int
    /// Convergence when every step component satisfies |δᵢ| ≤ tol · (|xᵢ| + tol).
    /// Relative, unitless; default 1e-10; range 1e-15 ... 1e-1.
    public let stepTolerance: Double
    /// Convergence when the scaled gradient max |gᵢ · max(|xᵢ|, 1)| ≤ tol · max(Σ wᵢ rᵢ², 1).
    /// Unitless; default 1e-10; range 1e-15 ... 1e-1.
    public let gradientTolerance: Double
    /// Convergence on the relative change of the cost (GSL `ftol`); 0 disables it.
    /// Unitless; default 0; range 0 ... 1e-1.
    public let costTolerance: Double
    /// Directions whose QR pivot falls below this fraction of the largest are treated as undetermined
    /// and get zero rows/columns in the covariance (GSL `epsrel`). Unitless; default 1e-12; range 0 ... 1e-2.
    public let covarianceRankTolerance: Double
    /// How the covariance is scaled. Default ``CovarianceScaling/weightsAreInverseVariances``.
    public let covarianceScaling: CovarianceScaling

    /// The defaults: 100 iterations, step and gradient tolerances 1e-10, no cost test, rank tolerance
    /// 1e-12, weights taken as inverse variances.
    public static var standard: NonlinearLeastSquaresConfiguration {
        NonlinearLeastSquaresConfiguration(
            unchecked: 100, stepTolerance: 1e-10, gradientTolerance: 1e-10, costTolerance: 0,
            covarianceRankTolerance: 1e-12, covarianceScaling: .weightsAreInverseVariances)
    }

    /// A configuration; every value is checked against its documented range.
    /// - Throws: ``EstimationError/invalidConfiguration(parameter:value:validRange:)`` naming the value.
    public init(
        maxIterations: Int = 100, stepTolerance: Double = 1e-10, gradientTolerance: Double = 1e-10,
        costTolerance: Double = 0, covarianceRankTolerance: Double = 1e-12,
        covarianceScaling: CovarianceScaling = .weightsAreInverseVariances
    ) throws(EstimationError) {
        guard (1...100_000).contains(maxIterations) else {
            throw .invalidConfiguration(parameter: "maxIterations", value: Double(maxIterations), validRange: "1 ... 100000")
        }
        guard stepTolerance >= 1e-15 && stepTolerance <= 1e-1 else {
            throw .invalidConfiguration(parameter: "stepTolerance", value: stepTolerance, validRange: "1e-15 ... 1e-1")
        }
        guard gradientTolerance >= 1e-15 && gradientTolerance <= 1e-1 else {
            throw .invalidConfiguration(parameter: "gradientTolerance", value: gradientTolerance, validRange: "1e-15 ... 1e-1")
        }
        guard costTolerance >= 0 && costTolerance <= 1e-1 else {
            throw .invalidConfiguration(parameter: "costTolerance", value: costTolerance, validRange: "0 ... 1e-1")
        }
        guard covarianceRankTolerance >= 0 && covarianceRankTolerance <= 1e-2 else {
            throw .invalidConfiguration(
                parameter: "covarianceRankTolerance", value: covarianceRankTolerance,
                validRange: "0 ... 1e-2")
        }
        self.init(
            unchecked: maxIterations, stepTolerance: stepTolerance, gradientTolerance: gradientTolerance,
            costTolerance: costTolerance, covarianceRankTolerance: covarianceRankTolerance,
            covarianceScaling: covarianceScaling)
    }

    private init(
        unchecked maxIterations: Int, stepTolerance: Double, gradientTolerance: Double, costTolerance: Double,
        covarianceRankTolerance: Double, covarianceScaling: CovarianceScaling
    ) {
        self.maxIterations = maxIterations
        self.stepTolerance = stepTolerance
        self.gradientTolerance = gradientTolerance
        self.costTolerance = costTolerance
        self.covarianceRankTolerance = covarianceRankTolerance
        self.covarianceScaling = covarianceScaling
    }
}
