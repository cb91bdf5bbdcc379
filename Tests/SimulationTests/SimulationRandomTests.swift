import Testing
@testable import Simulation

@Suite struct SimulationRandomTests {
    @Test func sameSeedAndStreamRepeat() {
        var a = SimulationRandom(seed: 42, stream: 3)
        var b = SimulationRandom(seed: 42, stream: 3)
        var c = SimulationRandom(seed: 42, stream: 4)
        let xs = (0..<100).map { _ in a.next() }
        #expect(xs == (0..<100).map { _ in b.next() })
        #expect(xs != (0..<100).map { _ in c.next() })
    }

    @Test func uniformAndGaussianMoments() {
        var r = SimulationRandom(seed: 2024)
        let n = 200_000
        var sum = 0.0, sumSquares = 0.0, uniformSum = 0.0
        var inOneSigma = 0
        for _ in 0..<n {
            let u = r.uniform()
            #expect(u >= 0 && u < 1)
            uniformSum += u
            let g = r.gaussian()
            sum += g; sumSquares += g * g
            if abs(g) < 1 { inOneSigma += 1 }
        }
        let mean = sum / Double(n)
        let variance = sumSquares / Double(n) - mean * mean
        #expect(abs(uniformSum / Double(n) - 0.5) < 0.005)
        #expect(abs(mean) < 0.01)
        #expect(abs(variance - 1) < 0.015)
        // P(|Z| < 1) = 0.6827 for a standard normal.
        #expect(abs(Double(inOneSigma) / Double(n) - 0.6827) < 0.005)
    }
}
