/// The linear Kalman filter in plain Swift, for cross-checking the GSL implementation.
///
/// Same maths (predict, Joseph-form update, symmetrisation, Mahalanobis gate) computed differently:
/// nested arrays, a hand-written Cholesky, d² from the whitened innovation ‖L⁻¹ y‖², and the gain
/// from solving S Kᵀ = H P column by column instead of inverting S.
public struct ReferenceKalmanFilter: Sendable {
    /// What an update did.
    public enum Outcome: Equatable, Sendable {
        /// Fused; innovation y and d².
        case accepted(innovation: [Double], mahalanobisSquared: Double)
        /// d² above the threshold.
        case gated(mahalanobisSquared: Double)
        /// S = H P Hᵀ + R has no Cholesky factor.
        case notPositiveDefinite
    }

    /// The estimate x.
    public private(set) var state: [Double]
    /// The covariance P.
    public private(set) var covariance: [[Double]]

    /// A filter at x₀, P₀ (not validated).
    public init(state: [Double], covariance: [[Double]]) { self.state = state; self.covariance = covariance }

    typealias LA = ReferenceLinearAlgebra

    /// x⁻ = F x⁺ + B u, P⁻ = F P⁺ Fᵀ + Q, then P⁻ symmetrised.
    public mutating func predict(
        transition f: [[Double]], processNoise q: [[Double]],
        control b: [[Double]]? = nil, input u: [Double]? = nil
    ) {
        var xPrior = LA.multiply(f, state)
        if let b, let u {
            xPrior = zip(xPrior, LA.multiply(b, u)).map { $0 + $1 }
        }
        let pPrior = LA.add(LA.multiply(LA.multiply(f, covariance), LA.transpose(f)), q)
        state = xPrior
        covariance = LA.symmetrized(pPrior)
    }

    /// Update with z and a linear model H: y = z − H x⁻.
    public mutating func update(
        measurement z: [Double], model h: [[Double]], noise r: [[Double]],
        gateThreshold: Double?
    ) -> Outcome {
        let y = zip(z, LA.multiply(h, state)).map { $0 - $1 }
        return update(innovation: y, model: h, noise: r, gateThreshold: gateThreshold)
    }

    /// Update with a given innovation y and (linearised) model H; Joseph form.
    public mutating func update(
        innovation y: [Double], model h: [[Double]], noise r: [[Double]],
        gateThreshold: Double?
    ) -> Outcome {
        let hT = LA.transpose(h)
        let s = LA.symmetrized(LA.add(LA.multiply(LA.multiply(h, covariance), hT), r))
        guard let l = LA.cholesky(s) else { return .notPositiveDefinite }
        let whitened = LA.forwardSubstitute(l, y)
        let d2 = whitened.reduce(0) { $0 + $1 * $1 }
        if let gateThreshold, d2 > gateThreshold { return .gated(mahalanobisSquared: d2) }
        // Kᵀ = S⁻¹ (H P): one Cholesky solve per column of H P.
        let hp = LA.multiply(h, covariance)
        let n = state.count
        var kT = Array(repeating: Array(repeating: 0.0, count: n), count: y.count)
        for column in 0..<n {
            let solved = LA.choleskySolve(l, hp.map { $0[column] })
            for row in 0..<y.count { kT[row][column] = solved[row] }
        }
        let k = LA.transpose(kT)
        let xPosterior = zip(state, LA.multiply(k, y)).map { $0 + $1 }
        let a = LA.subtract(LA.identity(n), LA.multiply(k, h))
        let joseph = LA.add(
            LA.multiply(LA.multiply(a, covariance), LA.transpose(a)),
            LA.multiply(LA.multiply(k, r), kT))
        state = xPosterior
        covariance = LA.symmetrized(joseph)
        return .accepted(innovation: y, mahalanobisSquared: d2)
    }

    /// The short-form posterior covariance (I − K H) P⁻ for the optimal gain, without changing the
    /// filter; equal to the Joseph form in exact arithmetic. Nil when S is not positive definite.
    public func shortFormPosteriorCovariance(model h: [[Double]], noise r: [[Double]]) -> [[Double]]? {
        let s = LA.add(LA.multiply(LA.multiply(h, covariance), LA.transpose(h)), r)
        guard let l = LA.cholesky(s) else { return nil }
        let hp = LA.multiply(h, covariance)
        let n = state.count
        var kT = Array(repeating: Array(repeating: 0.0, count: n), count: h.count)
        for column in 0..<n {
            let solved = LA.choleskySolve(l, hp.map { $0[column] })
            for row in 0..<h.count { kT[row][column] = solved[row] }
        }
        return LA.multiply(LA.subtract(LA.identity(n), LA.multiply(LA.transpose(kT), h)), covariance)
    }
}
