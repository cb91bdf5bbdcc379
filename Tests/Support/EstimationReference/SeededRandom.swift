import Foundation
import IndoorGeometry

/// Uniform draws for randomised filter tests and benchmarks, on IndoorNav's seeded generator (its
/// Gaussian draws are IndoorGeometry's ``SplitMix64/gaussian()``).
extension SplitMix64 {
    /// A uniform value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }
}

/// Random matrices for cross-checks (all from a caller-owned generator).
public enum RandomMatrices {
    /// A rows × columns matrix with entries uniform in `range`.
    public static func uniform(
        rows: Int, columns: Int, in range: ClosedRange<Double>,
        using generator: inout SplitMix64
    ) -> [[Double]] {
        (0..<rows).map { _ in (0..<columns).map { _ in generator.uniform(range) } }
    }

    /// A symmetric positive definite n × n matrix A Aᵀ + floor·I with A uniform in ±scale.
    public static func symmetricPositiveDefinite(
        _ n: Int, scale: Double, floor: Double,
        using generator: inout SplitMix64
    ) -> [[Double]] {
        let a = uniform(rows: n, columns: n, in: -scale...scale, using: &generator)
        var spd = ReferenceLinearAlgebra.multiply(a, ReferenceLinearAlgebra.transpose(a))
        for i in 0..<n { spd[i][i] += floor }
        return spd
    }

    /// A transition-like matrix I + small perturbation (entries of the perturbation in ±spread).
    public static func nearIdentity(_ n: Int, spread: Double, using generator: inout SplitMix64) -> [[Double]] {
        let perturbation = uniform(rows: n, columns: n, in: -spread...spread, using: &generator)
        return ReferenceLinearAlgebra.add(ReferenceLinearAlgebra.identity(n), perturbation)
    }
}
