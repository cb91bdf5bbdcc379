import IndoorConfiguration

/// Weighted nonlinear least squares: minimises Σ wᵢ rᵢ(x)² over the parameters x.
///
/// Runs GSL's trust-region solver with the Levenberg–Marquardt subproblem (Moré 1978, "The
/// Levenberg–Marquardt algorithm: implementation and theory"), with the caller's residual and Jacobian
/// closures. Used for beacon multilateration: parameters are a position, residuals are measured minus
/// predicted ranges, weights are 1/σ² of each range.
///
/// A value type holding only its configuration; each solve allocates and frees its own GSL workspace, so
/// one solver can be shared between threads, unless the caller lends it ``LeastSquaresWorkspaces`` of its
/// own to keep (for one thread that solves often).
public struct NonlinearLeastSquares: Hashable, Sendable {
    /// The tunables.
    public let configuration: NonlinearLeastSquaresConfiguration
    /// Why ``configuration`` is out of its ranges, found once here and thrown by every solve (nil: valid).
    private let configurationProblem: EstimationError?

    /// A solver with the given tunables (checked here; a bad value makes every solve throw).
    public init(configuration: NonlinearLeastSquaresConfiguration = .standard) {
        self.configuration = configuration
        do {
            try configuration.validate()
            configurationProblem = nil
        } catch {
            configurationProblem = EstimationError(error)
        }
    }

    /// Writes the n residuals r(x) for the p parameters x into the buffer (every element, unweighted).
    public typealias ResidualFunction = (
        _ parameters: UnsafeBufferPointer<Double>, _ residuals: UnsafeMutableBufferPointer<Double>
    ) throws(EstimationError) -> Void
    /// Writes ∂r/∂x at x into the buffer, n × p row-major (element i·p + j is ∂rᵢ/∂xⱼ, unweighted).
    public typealias JacobianFunction = ResidualFunction

    /// Minimises Σ wᵢ rᵢ(x)² starting from `initialGuess`, with functions that return arrays (the
    /// convenient form; ``solve(initialGuess:weights:writingResiduals:writingJacobian:)`` writes in place).
    /// - Parameters:
    ///   - initialGuess: x₀, p finite parameters (p ≥ 1).
    ///   - weights: wᵢ, one finite value > 0 per residual (n ≥ p); 1/σᵢ² for a calibrated covariance.
    ///   - residuals: r(x), returns n unweighted residuals.
    ///   - jacobian: ∂r/∂x at x, n × p (unweighted).
    /// - Returns: the solution; a run that stops at the iteration limit still returns its best point,
    ///   with ``LeastSquaresConvergence/iterationLimitReached``.
    /// - Throws: ``EstimationError`` for wrong sizes, bad weights, too few residuals, closures returning
    ///   NaN/∞ or the wrong size, and GSL failures.
    /// - Complexity: O(iterations · n p²).
    public func solve(
        initialGuess: [Double], weights: [Double],
        residuals: ([Double]) -> [Double],
        jacobian: ([Double]) -> Matrix
    ) throws(EstimationError) -> LeastSquaresSolution {
        let n = weights.count
        let p = initialGuess.count
        return try withoutActuallyEscaping(residuals) { residuals throws(EstimationError) in
            try withoutActuallyEscaping(jacobian) { jacobian throws(EstimationError) in
                try solve(
                    initialGuess: initialGuess, weights: weights,
                    writingResiduals: { x, out throws(EstimationError) in
                        let values = residuals(Array(x))
                        guard values.count == n else {
                            throw .dimensionMismatch(what: "residual function output", expected: n, got: values.count)
                        }
                        for i in 0..<n { out[i] = values[i] }
                    },
                    writingJacobian: { x, out throws(EstimationError) in
                        let matrix = jacobian(Array(x))
                        guard matrix.rows == n else { throw .dimensionMismatch(what: "Jacobian rows", expected: n, got: matrix.rows) }
                        guard matrix.columns == p else {
                            throw .dimensionMismatch(what: "Jacobian columns", expected: p, got: matrix.columns)
                        }
                        for i in 0..<(n * p) { out[i] = matrix.elements[i] }
                    })
            }
        }
    }

    /// Minimises Σ wᵢ rᵢ(x)² starting from `initialGuess`, the functions writing straight into GSL's
    /// storage (no array a call: the form for solvers run often, such as multilateration).
    /// - Parameters: as ``solve(initialGuess:weights:residuals:jacobian:)``; `writingResiduals` fills n
    ///   values, `writingJacobian` n × p row-major; either may throw, which ends the solve with that error.
    ///   `workspaces`, when given, supplies GSL's workspace for this size, kept for the next solve of it
    ///   (the result is the same as with a fresh one).
    /// - Throws: ``EstimationError`` for a configuration value out of its range, bad weights, too few
    ///   residuals, NaN/∞ written, a function's error, and GSL failures.
    public func solve(
        initialGuess: [Double], weights: [Double],
        writingResiduals residuals: ResidualFunction,
        writingJacobian jacobian: JacobianFunction,
        workspaces: LeastSquaresWorkspaces? = nil
    ) throws(EstimationError) -> LeastSquaresSolution {
        if let configurationProblem { throw configurationProblem }
        let p = initialGuess.count
        let n = weights.count
        guard p >= 1 else { throw .emptyDimension(what: "initial guess") }
        guard n >= p else { throw .underdetermined(residualCount: n, parameterCount: p) }
        if let bad = initialGuess.firstNonFiniteIndex { throw .nonFinite(what: "initial guess", index: bad) }
        if let bad = weights.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
            throw .invalidWeight(index: bad, value: weights[bad])
        }
        let result: Result<LeastSquaresSolution, EstimationError> = withoutActuallyEscaping(residuals) { residuals in
            withoutActuallyEscaping(jacobian) { jacobian in
                let callbacks = LeastSquaresCallbacks(
                    residualCount: n, parameterCount: p,
                    residuals: residuals, jacobian: jacobian)
                return Result { () throws(EstimationError) -> LeastSquaresSolution in
                    try run(callbacks: callbacks, initialGuess: initialGuess, weights: weights, workspaces: workspaces)
                }
            }
        }
        return try result.get()
    }

    private func run(
        callbacks: LeastSquaresCallbacks, initialGuess: [Double],
        weights: [Double], workspaces: LeastSquaresWorkspaces?
    ) throws(EstimationError) -> LeastSquaresSolution {
        let n = weights.count
        let p = initialGuess.count
        let workspace: GSLLeastSquaresWorkspace
        if let workspaces {
            workspace = try workspaces.workspace(residualCount: n, parameterCount: p)
        } else {
            workspace = try GSLLeastSquaresWorkspace(residualCount: n, parameterCount: p)
        }
        workspace.start.load(initialGuess)
        workspace.weights.load(weights)
        let (status, info) = workspace.run(
            callbacks: callbacks, maxIterations: configuration.maxIterations, stepTolerance: configuration.stepTolerance,
            gradientTolerance: configuration.gradientTolerance, costTolerance: configuration.costTolerance)
        if let failure = callbacks.failure { throw failure }
        var convergence = try LeastSquaresConvergence(status: status, info: info)
        // GSL reports "no progress" when the initial guess already is a stationary point; that is a
        // converged solve when the gradient test holds there.
        if convergence == .noProgressFromStart, workspace.gradientTestPasses(tolerance: configuration.gradientTolerance) {
            convergence = .smallGradient
        }
        let cost = workspace.weightedSquaredResidualSum
        var covariance = try workspace.covariance(rankTolerance: configuration.covarianceRankTolerance)
        if configuration.covarianceScaling == .estimatedFromResiduals, n > p {
            // Cov = (Jᵀ W J)⁻¹ · χ² / (n − p)
            let factor = cost / Double(n - p)
            covariance = Matrix(checkedRows: p, columns: p, elements: covariance.elements.map { $0 * factor })
        }
        return LeastSquaresSolution(
            parameters: workspace.position, covariance: covariance, cost: cost,
            iterations: workspace.iterations, convergence: convergence)
    }
}

/// The result of ``NonlinearLeastSquares/solve(initialGuess:weights:residuals:jacobian:)``.
public struct LeastSquaresSolution: Hashable, Sendable {
    /// The parameters x̂ at the minimum, in the caller's parameter units.
    public let parameters: [Double]
    /// Covariance of x̂, p × p, scaled per ``NonlinearLeastSquaresConfiguration/covarianceScaling``.
    public let covariance: Matrix
    /// The final cost χ² = Σ wᵢ rᵢ(x̂)² (unitless when wᵢ = 1/σᵢ²).
    public let cost: Double
    /// Trust-region iterations performed.
    public let iterations: Int
    /// Why the iteration stopped.
    public let convergence: LeastSquaresConvergence
}

/// Why the least-squares iteration stopped.
public enum LeastSquaresConvergence: Hashable, Sendable {
    /// Converged: the step fell below ``NonlinearLeastSquaresConfiguration/stepTolerance``.
    case smallStep
    /// Converged: the gradient fell below ``NonlinearLeastSquaresConfiguration/gradientTolerance``.
    case smallGradient
    /// Converged: no further improvement is possible within machine precision.
    case machinePrecision
    /// Not converged: ``NonlinearLeastSquaresConfiguration/maxIterations`` was reached.
    case iterationLimitReached
    /// Not converged: no step from the initial guess lowered the cost although the gradient test fails
    /// there (a start that already is a stationary point is reported as ``smallGradient``).
    case noProgressFromStart

    /// True for the three converged cases.
    public var isConverged: Bool {
        switch self {
        case .smallStep, .smallGradient, .machinePrecision: return true
        case .iterationLimitReached, .noProgressFromStart: return false
        }
    }
}
