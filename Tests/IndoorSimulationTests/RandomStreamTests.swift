import IndoorGeometry
import Testing

/// The simulator draws each random process from its own ``SplitMix64`` stream.
@Suite struct RandomStreamTests {
    @Test func sameSeedAndStreamRepeat() {
        var a = SplitMix64(seed: 42, stream: 3)
        var b = SplitMix64(seed: 42, stream: 3)
        var c = SplitMix64(seed: 42, stream: 4)
        let xs = (0..<100).map { _ in a.next() }
        #expect(xs == (0..<100).map { _ in b.next() })
        #expect(xs != (0..<100).map { _ in c.next() })
    }
}
