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

    /// Two independent standard normal draws from one Box–Muller pair (both branches: cosine and sine of
    /// the same u₁, u₂), for callers that need many draws (a particle filter); costs about one ``gaussian()``.
    public mutating func gaussianPair() -> (Double, Double) {
        let u1 = max(Double.leastNormalMagnitude, Double.random(in: 0..<1, using: &self))
        let u2 = Double.random(in: 0..<1, using: &self)
        let radius = (-2 * Foundation.log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        return (radius * Foundation.cos(angle), radius * Foundation.sin(angle))
    }

    /// A normal draw with the given mean and standard deviation (same units as both).
    public mutating func gaussian(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * gaussian()
    }
}
