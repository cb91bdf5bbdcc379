// `@preconcurrency`: GSL exposes its method descriptors (`gsl_multifit_nlinear_trust`, `…_trs_lm`) as
// C globals. They are set at load time and never written, so reading them from any thread is safe.
@preconcurrency import CGSL

// With GSLLeastSquares.swift, the only files in IndoorNav that call GSL. Every C call goes through
// them; status codes become `EstimationError`. GSL's default error handler aborts the process, so it is switched off once,
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
