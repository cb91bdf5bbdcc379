// `@preconcurrency`: GSL's method descriptors (`gsl_multifit_nlinear_trust`, `…_trs_lm`) are C
// globals, set at load time and never written (see GSL.swift).
@preconcurrency import CGSL

// GSL's nonlinear least squares (gsl_multifit_nlinear), beside GSL.swift the only other file that calls
// GSL: the callbacks that reach the caller's functions and the solver's workspace.

/// The caller's residual and Jacobian functions, reached from GSL's C callbacks through the `params`
/// pointer. Each writes into GSL's own storage (the residual vector, the row-major Jacobian) without
/// copies; the first failure (a thrown error, a NaN or ∞ written) is kept and the callback returns
/// `GSL_EBADFUNC`.
final class LeastSquaresCallbacks {
    let residualCount: Int
    let parameterCount: Int
    let residuals: NonlinearLeastSquares.ResidualFunction
    let jacobian: NonlinearLeastSquares.JacobianFunction
    var failure: EstimationError?
    /// Scratch for the rare vector or matrix GSL does not store contiguously.
    private var parameterScratch: [Double]
    private var outputScratch: [Double]

    init(
        residualCount: Int, parameterCount: Int, residuals: @escaping NonlinearLeastSquares.ResidualFunction,
        jacobian: @escaping NonlinearLeastSquares.JacobianFunction
    ) {
        self.residualCount = residualCount
        self.parameterCount = parameterCount
        self.residuals = residuals
        self.jacobian = jacobian
        parameterScratch = Array(repeating: 0, count: parameterCount)
        outputScratch = Array(repeating: 0, count: residualCount * parameterCount)
    }

    static func parameters(_ x: UnsafePointer<gsl_vector>) -> [Double] {
        (0..<x.pointee.size).map { gsl_vector_get(x, $0) }
    }

    func fail(_ error: EstimationError) -> Int32 {
        if failure == nil { failure = error }
        return Int32(GSL_EBADFUNC)
    }

    /// Runs `body` on x as a contiguous buffer (GSL's own vectors are; others are copied).
    private func withParameters(_ x: UnsafePointer<gsl_vector>, _ body: (UnsafeBufferPointer<Double>) -> Int32) -> Int32 {
        if x.pointee.stride == 1, let data = x.pointee.data {
            return body(UnsafeBufferPointer(start: data, count: x.pointee.size))
        }
        for i in parameterScratch.indices { parameterScratch[i] = gsl_vector_get(x, i) }
        return parameterScratch.withUnsafeBufferPointer(body)
    }

    /// r(x) into `f`, checked for NaN/∞.
    func evaluateResiduals(at x: UnsafePointer<gsl_vector>, into f: UnsafeMutablePointer<gsl_vector>) -> Int32 {
        withParameters(x) { parameters in
            let n = residualCount
            if f.pointee.stride == 1, let data = f.pointee.data {
                return fill(UnsafeMutableBufferPointer(start: data, count: n), at: parameters, residuals, "residual function")
            }
            return outputScratch.withUnsafeMutableBufferPointer { scratch in
                let out = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
                let status = fill(out, at: parameters, residuals, "residual function")
                if status == Int32(GSL_SUCCESS) { for i in 0..<n { gsl_vector_set(f, i, out[i]) } }
                return status
            }
        }
    }

    /// ∂r/∂x into `matrix` (row-major n × p), checked for NaN/∞.
    func evaluateJacobian(at x: UnsafePointer<gsl_vector>, into matrix: UnsafeMutablePointer<gsl_matrix>) -> Int32 {
        withParameters(x) { parameters in
            let n = residualCount, p = parameterCount
            if matrix.pointee.tda == p, let data = matrix.pointee.data {
                return fill(UnsafeMutableBufferPointer(start: data, count: n * p), at: parameters, jacobian, "Jacobian")
            }
            return outputScratch.withUnsafeMutableBufferPointer { out in
                let status = fill(out, at: parameters, jacobian, "Jacobian")
                if status == Int32(GSL_SUCCESS) { for i in 0..<(n * p) { gsl_matrix_set(matrix, i / p, i % p, out[i]) } }
                return status
            }
        }
    }

    /// Runs `function` into `out` and checks what it wrote.
    private func fill(
        _ out: UnsafeMutableBufferPointer<Double>, at parameters: UnsafeBufferPointer<Double>,
        _ function: NonlinearLeastSquares.ResidualFunction, _ name: String
    ) -> Int32 {
        do { try function(parameters, out) } catch { return fail(error) }
        for i in out.indices where !out[i].isFinite { return fail(.nonFiniteFunctionValue(function: name, index: i)) }
        return Int32(GSL_SUCCESS)
    }
}

/// A trust-region Levenberg–Marquardt workspace (`gsl_multifit_nlinear_trust` with the `lm`
/// subproblem, Moré scaling and QR solver — GSL's defaults) for n residuals and p parameters, with the
/// vectors a solve loads (start, weights) and the covariance it writes. Every ``run`` starts afresh
/// (`gsl_multifit_nlinear_winit` resets the iteration), so a workspace can serve solve after solve.
final class GSLLeastSquaresWorkspace {
    let residualCount: Int
    let parameterCount: Int
    /// x₀, loaded before a run.
    let start: GSLVector
    /// wᵢ, loaded before a run.
    let weights: GSLVector
    private let covarianceMatrix: GSLMatrix
    private let workspace: UnsafeMutablePointer<gsl_multifit_nlinear_workspace>
    private let functions: UnsafeMutablePointer<gsl_multifit_nlinear_fdf>

    init(residualCount: Int, parameterCount: Int) throws(EstimationError) {
        GSL.prepare()
        var parameters = gsl_multifit_nlinear_default_parameters()
        parameters.trs = gsl_multifit_nlinear_trs_lm
        guard
            let workspace = gsl_multifit_nlinear_alloc(
                gsl_multifit_nlinear_trust, &parameters,
                residualCount, parameterCount)
        else {
            throw .allocationFailed(what: "least-squares workspace \(residualCount)×\(parameterCount)")
        }
        self.workspace = workspace
        self.residualCount = residualCount
        self.parameterCount = parameterCount
        do {
            start = try GSLVector(count: parameterCount)
            weights = try GSLVector(count: residualCount)
            covarianceMatrix = try GSLMatrix(rows: parameterCount, columns: parameterCount)
        } catch {
            gsl_multifit_nlinear_free(workspace)
            throw error
        }
        functions = .allocate(capacity: 1)
        functions.initialize(to: gsl_multifit_nlinear_fdf())
    }

    deinit {
        gsl_multifit_nlinear_free(workspace)
        functions.deinitialize(count: 1)
        functions.deallocate()
    }

    /// Runs the driver from ``start`` with ``weights``; returns GSL's status and `info` (1 small step,
    /// 2 small gradient).
    func run(
        callbacks: LeastSquaresCallbacks, maxIterations: Int,
        stepTolerance: Double, gradientTolerance: Double, costTolerance: Double
    ) -> (status: Int32, info: Int32) {
        functions.pointee.f = { x, params, f in
            guard let x, let params, let f else { return Int32(GSL_EINVAL) }
            return Unmanaged<LeastSquaresCallbacks>.fromOpaque(params).takeUnretainedValue().evaluateResiduals(at: x, into: f)
        }
        functions.pointee.df = { x, params, jacobian in
            guard let x, let params, let jacobian else { return Int32(GSL_EINVAL) }
            return Unmanaged<LeastSquaresCallbacks>.fromOpaque(params).takeUnretainedValue().evaluateJacobian(
                at: x, into: jacobian)
        }
        functions.pointee.fvv = nil
        functions.pointee.n = residualCount
        functions.pointee.p = parameterCount
        functions.pointee.params = Unmanaged.passUnretained(callbacks).toOpaque()
        defer { functions.pointee.params = nil }
        let initStatus = gsl_multifit_nlinear_winit(start.raw, weights.raw, functions, workspace)
        guard initStatus == Int32(GSL_SUCCESS) else { return (initStatus, 0) }
        var info: Int32 = 0
        let status = gsl_multifit_nlinear_driver(
            maxIterations, stepTolerance, gradientTolerance, costTolerance,
            nil, nil, &info, workspace)
        return (status, info)
    }

    /// The current parameter vector.
    var position: [Double] {
        guard let x = gsl_multifit_nlinear_position(workspace) else { return [] }
        return LeastSquaresCallbacks.parameters(x)
    }

    /// Number of iterations of the last run.
    var iterations: Int { gsl_multifit_nlinear_niter(workspace) }

    /// Σ wᵢ rᵢ² at the current position (GSL keeps the weighted residual √wᵢ rᵢ).
    var weightedSquaredResidualSum: Double {
        guard let f = gsl_multifit_nlinear_residual(workspace) else { return .nan }
        return (0..<f.pointee.size).reduce(0) { sum, i in
            let value = gsl_vector_get(f, i)
            return sum + value * value
        }
    }

    /// GSL's gradient test at the current position: max |gᵢ| · max(|xᵢ|, 1) ≤ tol · max(½ Σ wᵢ rᵢ², 1),
    /// with g = Jᵀ W r as kept by the workspace.
    func gradientTestPasses(tolerance: Double) -> Bool {
        guard let g = workspace.pointee.g, let x = workspace.pointee.x else { return false }
        var norm = 0.0
        for i in 0..<g.pointee.size {
            norm = max(norm, abs(gsl_vector_get(g, i)) * max(abs(gsl_vector_get(x, i)), 1))
        }
        return norm <= tolerance * max(0.5 * weightedSquaredResidualSum, 1)
    }

    /// (Jᵀ W J)⁻¹ at the current position, dropping directions whose QR pivot is below
    /// `rankTolerance` times the largest.
    func covariance(rankTolerance: Double) throws(EstimationError) -> Matrix {
        guard let jacobian = gsl_multifit_nlinear_jac(workspace) else {
            throw .gsl(status: Int32(GSL_EFAULT), call: "gsl_multifit_nlinear_jac", reason: "no Jacobian")
        }
        try GSL.check(
            gsl_multifit_nlinear_covar(jacobian, rankTolerance, covarianceMatrix.raw), "gsl_multifit_nlinear_covar")
        return covarianceMatrix.value
    }
}

extension LeastSquaresConvergence {
    /// Interprets `gsl_multifit_nlinear_driver`'s status and `info`; other statuses throw.
    init(status: Int32, info: Int32) throws(EstimationError) {
        switch status {
        case Int32(GSL_SUCCESS):
            switch info {
            case 1: self = .smallStep
            case 2: self = .smallGradient
            default: self = .machinePrecision
            }
        case Int32(GSL_EMAXITER):
            self = info == Int32(GSL_ENOPROG) ? .noProgressFromStart : .iterationLimitReached
        default:
            throw .gsl(status: status, call: "gsl_multifit_nlinear_driver", reason: GSL.reason(status))
        }
    }
}
