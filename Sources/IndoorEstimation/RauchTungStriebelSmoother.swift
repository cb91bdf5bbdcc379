/// A Gaussian estimate of an n-component state: its mean and covariance, in the caller's state units.
public struct GaussianEstimate: Hashable, Sendable {
    /// The mean, n values.
    public var mean: [Double]
    /// The covariance, n × n, symmetric (units squared).
    public var covariance: Matrix

    /// An estimate from its mean and covariance (checked when handed to a smoother).
    public init(mean: [Double], covariance: Matrix) { self.mean = mean; self.covariance = covariance }
}

/// What a filter's time update from one filtered estimate to the next left behind: the prediction
/// x⁻ₖ₊₁ = f(x⁺ₖ), P⁻ₖ₊₁ = F P⁺ₖ Fᵀ + Q, and F = ∂f/∂x at x⁺ₖ (the transition matrix of a linear model).
public struct SmoothingTransition: Hashable, Sendable {
    /// x⁻ₖ₊₁ and P⁻ₖ₊₁.
    public var predicted: GaussianEstimate
    /// F, n × n.
    public var jacobian: Matrix

    /// A transition from its prediction and Jacobian.
    public init(predicted: GaussianEstimate, jacobian: Matrix) { self.predicted = predicted; self.jacobian = jacobian }
}

/// The Rauch–Tung–Striebel fixed-interval smoother: the backward pass over a whole run of a Kalman
/// filter, giving each state the estimate conditioned on every measurement, earlier and later.
///
/// Given the filtered estimates (x⁺ₖ, P⁺ₖ), k = 0…N, and the N time updates between them
/// (x⁻ₖ₊₁, P⁻ₖ₊₁, Fₖ), from the last backwards (xˢ_N = x⁺_N, Pˢ_N = P⁺_N):
///
/// - gain Cₖ = P⁺ₖ Fₖᵀ (P⁻ₖ₊₁)⁻¹ (P⁻ₖ₊₁ by Cholesky, `gsl_linalg_cholesky_decomp1` / `_invert`),
/// - xˢₖ = x⁺ₖ + Cₖ (xˢₖ₊₁ − x⁻ₖ₊₁),
/// - Pˢₖ = P⁺ₖ + Cₖ (Pˢₖ₊₁ − P⁻ₖ₊₁) Cₖᵀ, then (Pˢₖ + Pˢₖᵀ)/2.
///
/// The filtered estimate may differ from what the measurement updates alone would give (a state the
/// caller set after the update, such as a map matcher's mean): the smoother takes it as given. For an
/// extended filter this is the extended RTS smoother (the Jacobians at the filtered means).
///
/// Reference: H. E. Rauch, F. Tung, C. T. Striebel, "Maximum likelihood estimates of linear dynamic
/// systems", AIAA Journal 3(8), 1965; Särkkä, *Bayesian Filtering and Smoothing*, 2013, §8.2 and §9.1.
///
/// Not `Sendable` (it owns GSL buffers, reused for every step): one smoother per thread.
public final class RauchTungStriebelSmoother {
    /// Number of state components n.
    public let stateDimension: Int
    private let predictedInverse: GSLMatrix
    private let filteredCovariance: GSLMatrix
    private let jacobian: GSLMatrix
    /// P⁺ Fᵀ, then C.
    private let crossProduct: GSLMatrix
    private let gain: GSLMatrix
    /// Pˢₖ₊₁ − P⁻ₖ₊₁, then the smoothed covariance.
    private let difference: GSLMatrix
    private let gainTimesDifference: GSLMatrix
    private let meanDifference: GSLVector
    private let smoothedMean: GSLVector

    /// A smoother for n-component states.
    /// - Throws: ``EstimationError/emptyDimension(what:)`` for n < 1.
    public init(stateDimension n: Int) throws(EstimationError) {
        guard n >= 1 else { throw .emptyDimension(what: "smoother state") }
        stateDimension = n
        predictedInverse = try GSLMatrix(rows: n, columns: n)
        filteredCovariance = try GSLMatrix(rows: n, columns: n)
        jacobian = try GSLMatrix(rows: n, columns: n)
        crossProduct = try GSLMatrix(rows: n, columns: n)
        gain = try GSLMatrix(rows: n, columns: n)
        difference = try GSLMatrix(rows: n, columns: n)
        gainTimesDifference = try GSLMatrix(rows: n, columns: n)
        meanDifference = try GSLVector(count: n)
        smoothedMean = try GSLVector(count: n)
    }

    /// The smoothed estimates, one per filtered estimate (the last is the last filtered one).
    /// - Parameters:
    ///   - filtered: x⁺ₖ, P⁺ₖ for k = 0…N (at least one).
    ///   - transitions: the N time updates; `transitions[k]` leads from `filtered[k]` to `filtered[k + 1]`.
    /// - Throws: ``EstimationError/emptyDimension(what:)`` for no estimates,
    ///   ``EstimationError/dimensionMismatch(what:expected:got:)`` for a wrong count or size (naming the
    ///   step), ``EstimationError/nonFinite(what:index:)`` for NaN/∞ inputs, and
    ///   ``EstimationError/notPositiveSemidefinite(matrix:smallestEigenvalue:)`` when a predicted
    ///   covariance is not positive definite (the gain needs its inverse).
    /// - Complexity: O(N n³), no GSL allocation per step.
    public func smooth(filtered: [GaussianEstimate], transitions: [SmoothingTransition]) throws(EstimationError) -> [GaussianEstimate] {
        guard let last = filtered.last else { throw .emptyDimension(what: "filtered estimates") }
        guard transitions.count == filtered.count - 1 else {
            throw .dimensionMismatch(what: "smoothing transitions", expected: filtered.count - 1, got: transitions.count)
        }
        try check(last, name: "filtered estimate \(filtered.count - 1)")
        var smoothed = filtered
        for k in stride(from: filtered.count - 2, through: 0, by: -1) {
            let transition = transitions[k]
            try check(filtered[k], name: "filtered estimate \(k)")
            try check(transition.predicted, name: "predicted estimate \(k + 1)")
            try checkSquare(transition.jacobian, name: "transition Jacobian \(k)")
            smoothed[k] = try step(filtered: filtered[k], transition: transition, next: smoothed[k + 1], index: k)
        }
        return smoothed
    }

    /// One backward step from the smoothed estimate of k + 1 to that of k.
    private func step(
        filtered: GaussianEstimate, transition: SmoothingTransition, next: GaussianEstimate, index k: Int
    ) throws(EstimationError) -> GaussianEstimate {
        let n = stateDimension
        predictedInverse.load(transition.predicted.covariance)
        predictedInverse.symmetrize()
        guard try GSL.choleskyDecompose(predictedInverse) else {
            let smallest = try GSL.smallestEigenvalue(ofSymmetric: try Self.gslMatrix(transition.predicted.covariance))
            throw .notPositiveSemidefinite(matrix: "predicted covariance \(k + 1)", smallestEigenvalue: smallest)
        }
        try GSL.choleskyInvert(predictedInverse)
        filteredCovariance.load(filtered.covariance)
        jacobian.load(transition.jacobian)
        // P⁺ Fᵀ
        try GSL.gemm(filteredCovariance, transposed: false, jacobian, transposed: true, into: crossProduct)
        // C = P⁺ Fᵀ (P⁻)⁻¹
        try GSL.gemm(crossProduct, transposed: false, predictedInverse, transposed: false, into: gain)
        // xˢ = x⁺ + C (xˢₖ₊₁ − x⁻)
        for i in 0..<n { meanDifference[i] = next.mean[i] - transition.predicted.mean[i] }
        smoothedMean.load(filtered.mean)
        try GSL.gemv(gain, transposed: false, meanDifference, beta: 1, into: smoothedMean)
        // Pˢ = P⁺ + C (Pˢₖ₊₁ − P⁻) Cᵀ
        for r in 0..<n {
            for c in 0..<n { difference[r, c] = next.covariance[r, c] - transition.predicted.covariance[r, c] }
        }
        try GSL.gemm(gain, transposed: false, difference, transposed: false, into: gainTimesDifference)
        difference.copy(from: filteredCovariance)
        try GSL.gemm(gainTimesDifference, transposed: false, gain, transposed: true, beta: 1, into: difference)
        difference.symmetrize()
        guard smoothedMean.isFinite, difference.isFinite else {
            throw .nonFinite(
                what: "smoothed estimate \(k)", index: (smoothedMean.values + difference.value.elements).firstNonFiniteIndex ?? 0)
        }
        return GaussianEstimate(mean: smoothedMean.values, covariance: difference.value)
    }

    private func check(_ estimate: GaussianEstimate, name: String) throws(EstimationError) {
        guard estimate.mean.count == stateDimension else {
            throw .dimensionMismatch(what: "\(name) mean", expected: stateDimension, got: estimate.mean.count)
        }
        if let bad = estimate.mean.firstNonFiniteIndex { throw .nonFinite(what: "\(name) mean", index: bad) }
        try checkSquare(estimate.covariance, name: "\(name) covariance")
    }

    private func checkSquare(_ matrix: Matrix, name: String) throws(EstimationError) {
        guard matrix.rows == stateDimension else {
            throw .dimensionMismatch(what: "\(name) rows", expected: stateDimension, got: matrix.rows)
        }
        guard matrix.columns == stateDimension else {
            throw .dimensionMismatch(what: "\(name) columns", expected: stateDimension, got: matrix.columns)
        }
        if let bad = matrix.firstNonFiniteIndex { throw .nonFinite(what: name, index: bad) }
    }

    private static func gslMatrix(_ matrix: Matrix) throws(EstimationError) -> GSLMatrix {
        let result = try GSLMatrix(rows: matrix.rows, columns: matrix.columns)
        result.load(matrix)
        return result
    }
}
