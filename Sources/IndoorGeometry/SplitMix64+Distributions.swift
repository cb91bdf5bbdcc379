import Foundation

extension SplitMix64 {
    /// A generator for `stream` of a run seeded with `seed`: seed and stream are mixed through one
    /// SplitMix64 step, so nearby seeds and streams give unrelated sequences. Give every random process
    /// of a run its own stream, so adding one process leaves the others' draws unchanged.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        self.init(seed: mixer.next())
    }

    /// A uniform value in `range` (from ``unit()``: 53 random bits).
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A standard normal draw (mean 0, standard deviation 1): the one seeded Gaussian of IndoorNav.
    ///
    /// Box–Muller, cosine branch: with u₁ = max(u, smallest normal Double) and u₂ = u′, where u and u′
    /// are `Double.random(in: 0..<1, using:)` draws (53 random bits each), z = √(−2 ln u₁) · cos 2πu₂. Stateless (the sine branch is not kept), so a draw
    /// depends only on the generator's state. Cost per draw: two 64-bit draws, one `log`, one square
    /// root and one `cos` (some tens of nanoseconds). |z| ≤ √(−2 ln 2⁻¹⁰²²) ≈ 37.6.
    public mutating func gaussian() -> Double {
        let u1 = max(Double.leastNormalMagnitude, Double.random(in: 0..<1, using: &self))
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
    }

    /// A standard normal draw quantized to 4,096 equally likely values: one 64-bit draw picks a bin and
    /// the value is the normal quantile at the bin's centre (``QuantizedNormal``), so no logarithm or
    /// trigonometry is evaluated. For particle noise, where hundreds of draws per step dominate the cost
    /// of a Box–Muller draw; its variance is 0.9997 and |z| ≤ 3.67 (the tails beyond are cut).
    public mutating func quantizedGaussian() -> Double {
        QuantizedNormal.quantiles[Int(truncatingIfNeeded: next() >> 52)]
    }

    /// A normal draw with the given mean and standard deviation (same units as both).
    public mutating func gaussian(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * gaussian()
    }
}

/// The 4,096 quantiles of the standard normal at probabilities (i + ½) / 4,096 behind
/// ``SplitMix64/quantizedGaussian()``, computed once by bisection on `erfc`.
enum QuantizedNormal {
    static let binCount = 4_096

    static let quantiles: [Double] = (0..<binCount).map { i in
        let p = (Double(i) + 0.5) / Double(binCount)
        // Φ(z) = erfc(−z/√2)/2 is increasing: bisect for Φ(z) = p on [−10, 10] to below 1e-12.
        var low = -10.0, high = 10.0
        while high - low > 1e-12 {
            let mid = (low + high) / 2
            if Foundation.erfc(-mid / 2.0.squareRoot()) / 2 < p { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
