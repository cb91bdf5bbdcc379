import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// Filter consistency figures (NEES, shares within k σ), the per-walk comparison with dead reckoning,
/// and the widening of fixes with persistent errors.
@Suite struct ConsistencyStatisticsTests {
    @Test func neesIsTheErrorInTheCovariancesMetric() throws {
        // P = diag(4, 1): an error of (2, 0) is 1 σ along x (NEES 1), (0, 2) is 2 σ along y (NEES 4).
        // With a correlation: P = [2 1; 1 2], P⁻¹ = [2 −1; −1 2] / 3, e = (1, 1): NEES = (2 − 2 + 2) / 3 = 2/3.
        let p = Covariance2D(xx: 4, xy: 0, yy: 1)
        let statistics = ConsistencyStatistics([
            (LocalVector(dx: 2, dy: 0), p), (LocalVector(dx: 0, dy: 2), p),
            (LocalVector(dx: 1, dy: 1), Covariance2D(xx: 2, xy: 1, yy: 2)),
            (LocalVector(dx: 1, dy: 1), nil), (LocalVector(dx: 1, dy: 1), Covariance2D(xx: 1, xy: 2, yy: 1)),
        ])
        #expect(statistics.nees.count == 3)
        #expect(abs(statistics.nees[0] - 1) < 1e-12)
        #expect(abs(statistics.nees[1] - 4) < 1e-12)
        #expect(abs(statistics.nees[2] - 2.0 / 3) < 1e-12)
        // A missing and a singular (not positive definite) covariance are counted apart.
        #expect(statistics.pointsWithoutCovariance == 2)
        #expect(abs((statistics.meanNEES ?? 0) - (1 + 4 + 2.0 / 3) / 3) < 1e-12)
        #expect(statistics.shareWithin(sigmas: 1) == 2.0 / 3)
        #expect(statistics.shareWithin(sigmas: 2) == 1)
        // Against the largest sigma (2 m for diag(4, 1), √3 for [2 1; 1 2]): ratios 1, 1 and √2/√3 ≈ 0.816.
        #expect(statistics.shareBeyondLargestSigma(0.8) == 1)
        #expect(statistics.shareBeyondLargestSigma(0.9) == 2.0 / 3)
        #expect(statistics.shareBeyondLargestSigma(1) == 0)
        #expect(ConsistencyStatistics([]).meanNEES == nil)
        #expect(ConsistencyStatistics([]).shareWithin(sigmas: 1) == nil)
    }

    @Test func gaussianErrorsMatchTheChiSquareShares() {
        // 20,000 errors drawn from the reported covariance itself: the shares must match 1 − exp(−k²/2).
        var random = SplitMix64(seed: 7)
        let p = Covariance2D(xx: 9, xy: 2, yy: 4)
        // Cholesky factor of P: L = [a 0; b c], a = 3, b = 2/3, c = √(4 − 4/9).
        let a = 3.0, b = 2.0 / 3, c = (4 - b * b).squareRoot()
        var points: [(error: LocalVector, covariance: Covariance2D?)] = []
        for _ in 0..<20_000 {
            let u = random.gaussian(), v = random.gaussian()
            points.append((LocalVector(dx: a * u, dy: b * u + c * v), p))
        }
        let statistics = ConsistencyStatistics(points)
        #expect(abs(ConsistencyStatistics.gaussianShare(withinSigmas: 1) - 0.3935) < 1e-4)
        #expect(abs(ConsistencyStatistics.gaussianShare(withinSigmas: 2) - 0.8647) < 1e-4)
        #expect(abs(ConsistencyStatistics.gaussianShare(withinSigmas: 3) - 0.9889) < 1e-4)
        for k in [1.0, 2, 3] {
            #expect(abs((statistics.shareWithin(sigmas: k) ?? 0) - ConsistencyStatistics.gaussianShare(withinSigmas: k)) < 0.01)
        }
        #expect(abs((statistics.meanNEES ?? 0) - 2) < 0.05)
    }

    @Test func persistentErrorsWidenFixesByTheirRate() {
        var inflation = CorrelatedErrorInflation(correlationSeconds: 10)
        #expect(inflation.covarianceFactor(deliveredAtSeconds: 0) == 1)  // the first fix
        #expect(inflation.covarianceFactor(deliveredAtSeconds: 2) == 5)  // 5 fixes per 10 s
        #expect(inflation.covarianceFactor(deliveredAtSeconds: 2.5) == 20)
        #expect(inflation.covarianceFactor(deliveredAtSeconds: 30) == 1)  // longer apart than τ
        var off = CorrelatedErrorInflation(correlationSeconds: 0)
        #expect(off.covarianceFactor(deliveredAtSeconds: 0) == 1)
        #expect(off.covarianceFactor(deliveredAtSeconds: 0.1) == 1)
        #expect(CorrelatedErrorInflation(correlationSeconds: .nan).correlationSeconds == 0)
    }
}
