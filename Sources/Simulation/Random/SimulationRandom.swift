import Foundation

/// The simulator's own seeded random generator: SplitMix64 (Steele, Lea & Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014) with Gaussian draws by the Box–Muller transform.
///
/// Every random process of a simulation draws from its own stream (``init(seed:stream:)``), so adding
/// a sensor or changing one sensor's rate leaves the other sensors' noise unchanged. Nothing here
/// reads a global generator or a clock: the same seed gives the same numbers on every platform.
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    private var spareGaussian: Double?

    /// A generator for `stream` of the simulation seeded with `seed`.
    public init(seed: UInt64, stream: UInt64 = 0) {
        // Mix seed and stream through one SplitMix64 step so nearby seeds give unrelated streams.
        var mixer = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        state = Self.mix(&mixer)
    }

    private static func mix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { Self.mix(&state) }

    /// A uniform draw in [0, 1) with 53 random bits.
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform draw in `range`.
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
    }

    /// A standard normal draw (mean 0, standard deviation 1).
    ///
    /// Box–Muller: with u₁ ∈ (0, 1] and u₂ ∈ [0, 1), r = √(−2 ln u₁), the pair
    /// (r cos 2πu₂, r sin 2πu₂) is two independent standard normals; the second is kept for the next call.
    public mutating func gaussian() -> Double {
        if let spare = spareGaussian {
            spareGaussian = nil
            return spare
        }
        let u1 = 1 - uniform()
        let u2 = uniform()
        let radius = (-2 * log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        spareGaussian = radius * sin(angle)
        return radius * cos(angle)
    }

    /// A normal draw with the given mean and standard deviation.
    public mutating func gaussian(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * gaussian()
    }
}
