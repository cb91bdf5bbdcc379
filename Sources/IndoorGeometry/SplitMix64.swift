/// A small seeded pseudo-random generator (Steele, Lea & Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): a Weyl sequence scrambled by a 64-bit finaliser.
///
/// Deterministic for a seed on every platform; not for cryptography. The one seeded generator of
/// IndoorNav: generators, simulators, benchmarks and tests all draw from it, never from a global one.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The Weyl sequence position: advances by the golden-ratio increment on every draw; saving it
    /// resumes the sequence exactly (a session snapshot keeps its generator's state this way).
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. - Complexity: O(1)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform index in `0..<count` (`count` > 0), by Lemire's multiply-shift (bias below 2⁻³²
    /// for the small counts used here).
    public mutating func index(below count: Int) -> Int {
        Int(((next() >> 32) &* UInt64(count)) >> 32)
    }

    /// A uniform value in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform value in [0, 1) (the same as ``unit()``).
    public mutating func nextUnit() -> Double { unit() }
}
