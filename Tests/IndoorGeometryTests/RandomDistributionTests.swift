import Foundation
import Testing

@testable import IndoorGeometry

/// The one seeded Gaussian and the stream constructor of ``SplitMix64``.
@Suite struct RandomDistributionTests {
    @Test func firstGaussianFollowsFromThePublishedSequence() {
        // SplitMix64's published first outputs for seed 0; a uniform draw keeps the low 53 bits × 2⁻⁵³.
        let bits: [UInt64] = [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC]
        let u = bits.map { Double($0 & ((1 << 53) - 1)) * 0x1p-53 }
        let expected = [
            (-2 * log(u[0])).squareRoot() * cos(2 * Double.pi * u[1]),
            (-2 * log(u[2])).squareRoot() * cos(2 * Double.pi * u[3]),
        ]
        var rng = SplitMix64(seed: 0)
        #expect(abs(rng.gaussian() - expected[0]) < 1e-15)
        #expect(abs(rng.gaussian(mean: 10, standardDeviation: 2) - (10 + 2 * expected[1])) < 1e-14)
    }

    @Test func gaussianMoments() {
        var rng = SplitMix64(seed: 2024, stream: 1)
        let n = 100_000
        var sum = 0.0, sumSquares = 0.0, inOneSigma = 0
        for _ in 0..<n {
            let g = rng.gaussian()
            sum += g
            sumSquares += g * g
            if abs(g) < 1 { inOneSigma += 1 }
        }
        let mean = sum / Double(n)
        // Standard errors: mean 1/√n ≈ 0.0032, variance √(2/n) ≈ 0.0045, P(|Z| < 1) ≈ 0.0015.
        #expect(abs(mean) < 0.015)
        #expect(abs(sumSquares / Double(n) - mean * mean - 1) < 0.02)
        // P(|Z| < 1) = 0.6827 for a standard normal.
        #expect(abs(Double(inOneSigma) / Double(n) - 0.6827) < 0.007)
    }

    @Test func uniformInRangeStaysInside() {
        var rng = SplitMix64(seed: 5, stream: 2)
        var sum = 0.0
        for _ in 0..<10_000 {
            let x = rng.uniform(in: -3...5)
            #expect(x >= -3 && x <= 5)
            sum += x
        }
        #expect(abs(sum / 10_000 - 1) < 0.1)
    }

    @Test func streamsOfOneSeedDiffer() {
        var a = SplitMix64(seed: 7, stream: 0)
        var b = SplitMix64(seed: 7, stream: 1)
        var c = SplitMix64(seed: 7, stream: 0)
        let xs = (0..<8).map { _ in a.next() }
        #expect(xs != (0..<8).map { _ in b.next() })
        #expect(xs == (0..<8).map { _ in c.next() })
    }

    @Test func quantizedGaussianUsesNormalQuantilesAtBinCentres() {
        // Reference quantiles Φ⁻¹((i + ½)/4096) from an independent inverse-CDF implementation.
        let q = QuantizedNormal.quantiles
        #expect(q.count == 4_096)
        #expect(abs(q[0] - -3.668329285121323) < 1e-9)
        #expect(abs(q[2_047] - -0.0003059849015802712) < 1e-9)
        #expect(abs(q[2_048] - 0.0003059849015802712) < 1e-9)
        #expect(abs(q[4_000] - 1.989637706239501) < 1e-9)
        #expect(zip(q, q.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func quantizedGaussianMoments() {
        var rng = SplitMix64(seed: 11, stream: 3)
        let n = 100_000
        var sum = 0.0, sumSquares = 0.0, inOneSigma = 0, largest = 0.0
        for _ in 0..<n {
            let g = rng.quantizedGaussian()
            sum += g; sumSquares += g * g
            largest = max(largest, abs(g))
            if abs(g) < 1 { inOneSigma += 1 }
        }
        let mean = sum / Double(n)
        #expect(abs(mean) < 0.015)
        #expect(abs(sumSquares / Double(n) - mean * mean - 1) < 0.02)
        #expect(abs(Double(inOneSigma) / Double(n) - 0.6827) < 0.007)
        #expect(largest <= 3.6684)
    }

    /// Every index comes up about equally often (it once returned 0 always: `>>` binds tighter than `&*`).
    @Test func indexBelowIsUniform() {
        var random = SplitMix64(seed: 7)
        var counts = [Int](repeating: 0, count: 7)
        let n = 70_000
        for _ in 0..<n {
            let i = random.index(below: 7)
            #expect((0..<7).contains(i))
            counts[i] += 1
        }
        // 10,000 expected per index, binomial sigma ≈ 93.
        for count in counts { #expect(abs(count - 10_000) < 500) }
    }
}
