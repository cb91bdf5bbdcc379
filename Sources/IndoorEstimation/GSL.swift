// `@preconcurrency`: GSL exposes its method descriptors (`gsl_multifit_nlinear_trust`, `…_trs_lm`) as
// C globals. They are set at load time and never written, so reading them from any thread is safe.
@preconcurrency import CGSL

// The only file in IndoorNav that calls GSL. Every C call goes through here; status codes become
// `EstimationError`. GSL's default error handler aborts the process, so it is switched off once,
// before the first allocation, through a lazily initialised static (thread-safe by Swift's rules).

/// GSL process setup and free functions (BLAS, Cholesky, eigenvalues, quantiles).
enum GSL {
    /// Switches GSL's aborting error handler off exactly once per process.
    private static let errorHandlerDisabled: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Call before any GSL function; cheap after the first call.
    static func prepare() {
        _ = errorHandlerDisabled
    }

    /// GSL's explanation of a status code.
    static func reason(_ status: Int32) -> String {
        guard let text = gsl_strerror(status) else { return "unknown error" }
        return String(cString: text)
    }

    /// Throws ``EstimationError/gsl(status:call:reason:)`` unless `status` is `GSL_SUCCESS`.
    static func check(_ status: Int32, _ call: String) throws(EstimationError) {
        guard status == Int32(GSL_SUCCESS) else {
            throw .gsl(status: status, call: call, reason: reason(status))
        }
    }

    private static func transpose(_ flag: Bool) -> CBLAS_TRANSPOSE_t {
        flag ? CblasTrans : CblasNoTrans
    }

    /// `c = alpha · op(a) · op(b) + beta · c` (BLAS dgemm).
    static func gemm(
        _ a: GSLMatrix, transposed transA: Bool, _ b: GSLMatrix, transposed transB: Bool,
        alpha: Double = 1, beta: Double = 0, into c: GSLMatrix
    ) throws(EstimationError) {
        try check(
            gsl_blas_dgemm(transpose(transA), transpose(transB), alpha, a.raw, b.raw, beta, c.raw),
            "gsl_blas_dgemm")
    }

    /// `y = alpha · op(a) · x + beta · y` (BLAS dgemv).
    static func gemv(
        _ a: GSLMatrix, transposed: Bool, _ x: GSLVector,
        alpha: Double = 1, beta: Double = 0, into y: GSLVector
    ) throws(EstimationError) {
        try check(gsl_blas_dgemv(transpose(transposed), alpha, a.raw, x.raw, beta, y.raw), "gsl_blas_dgemv")
    }

    /// `xᵀ y` (BLAS ddot).
    static func dot(_ x: GSLVector, _ y: GSLVector) throws(EstimationError) -> Double {
        var result = 0.0
        try check(gsl_blas_ddot(x.raw, y.raw, &result), "gsl_blas_ddot")
        return result
    }

    /// Replaces the lower triangle of a symmetric matrix by its Cholesky factor L (A = L Lᵀ).
    /// - Returns: false when the matrix is not positive definite (`GSL_EDOM`); other failures throw.
    static func choleskyDecompose(_ matrix: GSLMatrix) throws(EstimationError) -> Bool {
        let status = gsl_linalg_cholesky_decomp1(matrix.raw)
        if status == Int32(GSL_EDOM) { return false }
        try check(status, "gsl_linalg_cholesky_decomp1")
        return true
    }

    /// Solves `A x = b` given the Cholesky factor of A from ``choleskyDecompose(_:)``.
    static func choleskySolve(_ factor: GSLMatrix, _ b: GSLVector, into x: GSLVector) throws(EstimationError) {
        try check(gsl_linalg_cholesky_solve(factor.raw, b.raw, x.raw), "gsl_linalg_cholesky_solve")
    }

    /// Replaces a Cholesky factor by the full inverse of the original matrix.
    static func choleskyInvert(_ factor: GSLMatrix) throws(EstimationError) {
        try check(gsl_linalg_cholesky_invert(factor.raw), "gsl_linalg_cholesky_invert")
    }

    /// Smallest eigenvalue of a symmetric matrix (the matrix is left untouched).
    static func smallestEigenvalue(ofSymmetric matrix: GSLMatrix) throws(EstimationError) -> Double {
        let n = matrix.rows
        let copy = try GSLMatrix(rows: n, columns: n)
        copy.copy(from: matrix)
        let values = try GSLVector(count: n)
        guard let workspace = gsl_eigen_symm_alloc(n) else { throw .allocationFailed(what: "eigen workspace") }
        defer { gsl_eigen_symm_free(workspace) }
        try check(gsl_eigen_symm(copy.raw, values.raw, workspace), "gsl_eigen_symm")
        return (0..<n).map { values[$0] }.min() ?? 0
    }

    /// The `probability` quantile of the chi-square distribution with `degreesOfFreedom` degrees.
    static func chiSquareQuantile(probability: Double, degreesOfFreedom: Int) -> Double {
        prepare()
        return gsl_cdf_chisq_Pinv(probability, Double(degreesOfFreedom))
    }
}

/// An owned `gsl_matrix` (rows × columns, contiguous: `tda == columns`), freed on deinit.
/// Not Sendable: each filter or solver owns its own.
final class GSLMatrix {
    let raw: UnsafeMutablePointer<gsl_matrix>
    let rows: Int
    let columns: Int
    private let data: UnsafeMutablePointer<Double>

    /// Allocates an uninitialised matrix.
    init(rows: Int, columns: Int) throws(EstimationError) {
        GSL.prepare()
        guard rows >= 1, columns >= 1 else { throw .emptyDimension(what: "matrix \(rows)×\(columns)") }
        guard let raw = gsl_matrix_alloc(rows, columns), let data = raw.pointee.data else {
            throw .allocationFailed(what: "matrix \(rows)×\(columns)")
        }
        self.raw = raw
        self.rows = rows
        self.columns = columns
        self.data = data
    }

    deinit { gsl_matrix_free(raw) }

    subscript(row: Int, column: Int) -> Double {
        get { data[row * columns + column] }
        set { data[row * columns + column] = newValue }
    }

    /// Copies a value matrix of the same shape (checked by the caller).
    func load(_ matrix: Matrix) {
        matrix.elements.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            data.update(from: base, count: min(source.count, rows * columns))
        }
    }

    /// Copies another GSL matrix of the same shape.
    func copy(from other: GSLMatrix) {
        _ = gsl_matrix_memcpy(raw, other.raw)
    }

    func setZero() { gsl_matrix_set_zero(raw) }
    func setIdentity() { gsl_matrix_set_identity(raw) }

    /// Replaces the matrix by (A + Aᵀ) / 2 (square matrices only).
    func symmetrize() {
        for r in 0..<rows {
            for c in stride(from: r + 1, to: columns, by: 1) {
                let mean = 0.5 * (data[r * columns + c] + data[c * columns + r])
                data[r * columns + c] = mean
                data[c * columns + r] = mean
            }
        }
    }

    /// True when every element is finite.
    var isFinite: Bool {
        for i in 0..<(rows * columns) where !data[i].isFinite { return false }
        return true
    }

    /// A copy as a value matrix.
    var value: Matrix {
        Matrix(checkedRows: rows, columns: columns, elements: Array(UnsafeBufferPointer(start: data, count: rows * columns)))
    }
}

/// An owned, contiguous `gsl_vector`, freed on deinit. Not Sendable.
final class GSLVector {
    let raw: UnsafeMutablePointer<gsl_vector>
    let count: Int
    private let data: UnsafeMutablePointer<Double>

    /// Allocates an uninitialised vector.
    init(count: Int) throws(EstimationError) {
        GSL.prepare()
        guard count >= 1 else { throw .emptyDimension(what: "vector length") }
        guard let raw = gsl_vector_alloc(count), let data = raw.pointee.data else {
            throw .allocationFailed(what: "vector of \(count)")
        }
        self.raw = raw
        self.count = count
        self.data = data
    }

    deinit { gsl_vector_free(raw) }

    subscript(index: Int) -> Double {
        get { data[index] }
        set { data[index] = newValue }
    }

    /// Copies the first `count` values of `values`.
    func load(_ values: [Double]) {
        values.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            data.update(from: base, count: min(source.count, count))
        }
    }

    /// Copies another GSL vector of the same length.
    func copy(from other: GSLVector) {
        _ = gsl_vector_memcpy(raw, other.raw)
    }

    /// A copy as a Swift array.
    var values: [Double] { Array(UnsafeBufferPointer(start: data, count: count)) }

    /// True when every element is finite.
    var isFinite: Bool {
        for i in 0..<count where !data[i].isFinite { return false }
        return true
    }
}

// MARK: - Nonlinear least squares (gsl_multifit_nlinear)

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
/// subproblem, Moré scaling and QR solver — GSL's defaults) for n residuals and p parameters.
final class GSLLeastSquaresWorkspace {
    let residualCount: Int
    let parameterCount: Int
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
        functions = .allocate(capacity: 1)
        functions.initialize(to: gsl_multifit_nlinear_fdf())
    }

    deinit {
        gsl_multifit_nlinear_free(workspace)
        functions.deinitialize(count: 1)
        functions.deallocate()
    }

    /// Runs the driver from `initialGuess`; returns GSL's status and `info` (1 small step, 2 small gradient).
    func run(
        callbacks: LeastSquaresCallbacks, initialGuess: GSLVector, weights: GSLVector, maxIterations: Int,
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
        let initStatus = gsl_multifit_nlinear_winit(initialGuess.raw, weights.raw, functions, workspace)
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
        let result = try GSLMatrix(rows: parameterCount, columns: parameterCount)
        guard let jacobian = gsl_multifit_nlinear_jac(workspace) else {
            throw .gsl(status: Int32(GSL_EFAULT), call: "gsl_multifit_nlinear_jac", reason: "no Jacobian")
        }
        try GSL.check(gsl_multifit_nlinear_covar(jacobian, rankTolerance, result.raw), "gsl_multifit_nlinear_covar")
        return result.value
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
