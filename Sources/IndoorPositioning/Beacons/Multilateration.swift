import IndoorEstimation
import IndoorGeometry

/// A measured range to a known point.
public struct RangeMeasurement: Hashable, Sendable {
    /// The anchor (beacon) position, local frame.
    public var anchor: LocalPoint
    /// Measured distance, metres.
    public var rangeMeters: Double
    /// One-sigma uncertainty of the distance, metres (> 0).
    public var sigmaMeters: Double

    /// A range.
    public init(anchor: LocalPoint, rangeMeters: Double, sigmaMeters: Double) {
        self.anchor = anchor
        self.rangeMeters = rangeMeters
        self.sigmaMeters = sigmaMeters
    }
}

/// A multilateration result.
public struct MultilaterationFix: Hashable, Sendable {
    /// The estimated position, local frame.
    public var point: LocalPoint
    /// Covariance (Jᵀ W J)⁻¹ of the fit, m², before any inflation.
    public var covariance: Covariance2D
    /// χ² = Σ (rᵢ / σᵢ)² at the solution.
    public var cost: Double
    /// Whether the solver reported convergence.
    public var converged: Bool
}

/// 2-D position from ranges to known anchors by weighted nonlinear least squares.
///
/// Minimises Σ wᵢ (‖p − aᵢ‖ − dᵢ)² with wᵢ = 1/σᵢ² through ``NonlinearLeastSquares`` (GSL
/// Levenberg–Marquardt), starting at the weighted centroid of the anchors (weights 1/dᵢ²).
public enum Multilateration {
    /// The solver used unless another is given: GSL's iteration stops at steps and gradients of 10⁻⁷
    /// relative (a micrometre at 10 m from the origin, 0.1 mm at 1 km, far below any range's error)
    /// instead of the general solver's 10⁻¹⁰, which cost a fifth more iterations for digits no RSSI range
    /// supports.
    public static let solver: NonlinearLeastSquares = {
        var configuration = NonlinearLeastSquaresConfiguration.standard
        configuration.stepTolerance = 1e-7
        configuration.gradientTolerance = 1e-7
        return NonlinearLeastSquares(configuration: configuration)
    }()

    /// The weighted centroid Σ aᵢ/dᵢ² / Σ 1/dᵢ² (ranges below 0.1 m count as 0.1 m); `nil` for no range.
    public static func weightedCentroid(_ ranges: [RangeMeasurement]) -> LocalPoint? {
        var sx = 0.0, sy = 0.0, sw = 0.0
        for r in ranges {
            let d = max(r.rangeMeters, 0.1)
            let w = 1 / (d * d)
            sx += w * r.anchor.x
            sy += w * r.anchor.y
            sw += w
        }
        guard sw > 0 else { return nil }
        return LocalPoint(x: sx / sw, y: sy / sw)
    }

    /// Solves for the position; needs at least 2 ranges (3 for an unambiguous fix).
    /// - Throws: ``EstimationError`` from the solver (bad weights, too few ranges, GSL failure).
    /// - Complexity: O(iterations · n).
    public static func solve(
        _ ranges: [RangeMeasurement], solver: NonlinearLeastSquares = Multilateration.solver,
        initialGuess: LocalPoint? = nil, workspaces: LeastSquaresWorkspaces? = nil
    ) throws(EstimationError) -> MultilaterationFix {
        let start = initialGuess ?? weightedCentroid(ranges) ?? .zero
        let weights = ranges.map { 1 / ($0.sigmaMeters * $0.sigmaMeters) }
        let solution = try ranges.withUnsafeBufferPointer { ranges throws(EstimationError) in
            try solver.solve(
                initialGuess: [start.x, start.y], weights: weights,
                writingResiduals: { p, out in
                    // rᵢ = ‖p − aᵢ‖ − dᵢ
                    for (i, r) in ranges.enumerated() {
                        let dx = p[0] - r.anchor.x, dy = p[1] - r.anchor.y
                        out[i] = (dx * dx + dy * dy).squareRoot() - r.rangeMeters
                    }
                },
                writingJacobian: { p, out in
                    // ∂rᵢ/∂p = (p − aᵢ) / ‖p − aᵢ‖ (the unit vector from the anchor; 0 on the anchor itself)
                    for (i, r) in ranges.enumerated() {
                        let dx = p[0] - r.anchor.x, dy = p[1] - r.anchor.y
                        let norm = (dx * dx + dy * dy).squareRoot()
                        out[2 * i] = norm > 1e-9 ? dx / norm : 0
                        out[2 * i + 1] = norm > 1e-9 ? dy / norm : 0
                    }
                }, workspaces: workspaces)
        }
        let c = solution.covariance
        let covariance = Covariance2D(xx: c[0, 0], xy: (c[0, 1] + c[1, 0]) / 2, yy: c[1, 1])
        return MultilaterationFix(
            point: LocalPoint(x: solution.parameters[0], y: solution.parameters[1]),
            covariance: covariance, cost: solution.cost, converged: solution.convergence.isConverged)
    }
}
