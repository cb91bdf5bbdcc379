import Foundation
import IndoorGeometry

/// How honest a track's reported covariance is against its errors (filter consistency, Bar-Shalom et
/// al., "Estimation with Applications to Tracking and Navigation", 2001, §5.4).
///
/// For each scored point with error vector e (estimate − truth, metres) and reported covariance P
/// (m²), the normalised estimation error squared is NEES = eᵀ P⁻¹ e. For a consistent two-dimensional
/// Gaussian estimate NEES is χ² with 2 degrees of freedom: its mean is 2 and the share of points within
/// k σ (NEES ≤ k²) is 1 − exp(−k²/2), i.e. 39.3 %, 86.5 % and 98.9 % for k = 1, 2, 3. Higher NEES
/// means the estimate claims more than it holds. ``shareBeyondLargestSigma(_:)`` measures what the
/// navigation corridor trusts: the error against k × the covariance's largest one-sigma.
public struct ConsistencyStatistics: Hashable, Sendable {
    /// NEES of each point with a usable covariance, in input order.
    public let nees: [Double]
    /// Error distance over the covariance's largest one-sigma, for each point with a usable covariance.
    public let largestSigmaRatios: [Double]
    /// Points that had no usable covariance (missing, not positive definite or not finite).
    public let pointsWithoutCovariance: Int

    /// The statistics of `points`: each an error vector (metres, any frame) and the covariance reported
    /// for it in the same frame.
    public init(_ points: [(error: LocalVector, covariance: Covariance2D?)]) {
        var nees: [Double] = []
        var ratios: [Double] = []
        var missing = 0
        for (error, covariance) in points {
            guard let p = covariance else {
                missing += 1
                continue
            }
            let det = p.xx * p.yy - p.xy * p.xy
            let sigma = p.largestSigmaMeters
            guard det > 0, det.isFinite, p.xx > 0, sigma > 0, sigma.isFinite, error.dx.isFinite, error.dy.isFinite else {
                missing += 1
                continue
            }
            // eᵀ P⁻¹ e with P⁻¹ = [yy −xy; −xy xx] / det.
            nees.append((p.yy * error.dx * error.dx - 2 * p.xy * error.dx * error.dy + p.xx * error.dy * error.dy) / det)
            ratios.append((error.dx * error.dx + error.dy * error.dy).squareRoot() / sigma)
        }
        self.nees = nees
        self.largestSigmaRatios = ratios
        self.pointsWithoutCovariance = missing
    }

    /// Statistics from figures already computed (e.g. several runs' ``nees`` pooled).
    public init(nees: [Double], largestSigmaRatios: [Double], pointsWithoutCovariance: Int = 0) {
        self.nees = nees
        self.largestSigmaRatios = largestSigmaRatios
        self.pointsWithoutCovariance = pointsWithoutCovariance
    }

    /// Several runs' statistics as one (their points pooled, in order).
    public init(pooling parts: [ConsistencyStatistics]) {
        self.init(
            nees: parts.flatMap(\.nees), largestSigmaRatios: parts.flatMap(\.largestSigmaRatios),
            pointsWithoutCovariance: parts.reduce(0) { $0 + $1.pointsWithoutCovariance })
    }

    /// The share of points within `k` σ of a two-dimensional Gaussian: 1 − exp(−k²/2).
    public static func gaussianShare(withinSigmas k: Double) -> Double { 1 - exp(-k * k / 2) }

    /// The share of points with NEES ≤ k² (within `k` σ of their covariance ellipse); nil without points.
    public func shareWithin(sigmas k: Double) -> Double? {
        guard !nees.isEmpty else { return nil }
        return Double(nees.filter { $0 <= k * k }.count) / Double(nees.count)
    }

    /// The share of points whose error exceeds `k` × the largest one-sigma of their covariance (what the
    /// navigation corridor, arrival and off-route trust); nil without points.
    public func shareBeyondLargestSigma(_ k: Double) -> Double? {
        guard !largestSigmaRatios.isEmpty else { return nil }
        return Double(largestSigmaRatios.filter { $0 > k }.count) / Double(largestSigmaRatios.count)
    }

    /// The mean NEES (2 for a consistent estimate); nil without points.
    public var meanNEES: Double? { nees.isEmpty ? nil : nees.reduce(0, +) / Double(nees.count) }
}

extension FusionReplay {
    /// The consistency of the fused track's reported covariance at the scored truth points.
    public var consistency: ConsistencyStatistics {
        ConsistencyStatistics(
            zip(zip(truth.scoredPoints, estimatesAtTruth), covariancesAtTruth).map { pair, covariance in
                (LocalVector(dx: pair.1.x - pair.0.point.x, dy: pair.1.y - pair.0.point.y), covariance)
            })
    }
}
