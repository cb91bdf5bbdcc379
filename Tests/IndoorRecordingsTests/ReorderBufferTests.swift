import IndoorGeometry
import Testing

@testable import IndoorRecordings

/// ``ReorderBuffer``: samples come out by time, ties in arrival order, whatever order they went in.
@Suite struct ReorderBufferTests {
    @Test func popsInTimeOrderWithTiesInArrivalOrderAcrossReuse() {
        var rng = SplitMix64(seed: 7)
        var buffer = ReorderBuffer()
        for round in 0..<3 {
            // 500 samples with times on a 0.5 s grid (many ties), markers naming their arrival.
            var pushed: [(time: Double, name: String)] = []
            for k in 0..<500 {
                let time = Double(rng.next() % 100) / 2
                pushed.append((time, "r\(round)-\(k)"))
                buffer.push(SensorSample(timeSeconds: time, reading: .marker("r\(round)-\(k)")), line: k + 1)
                // Interleave pops, as the player does once its window has passed.
                if k % 7 == 6, let entry = buffer.pop() { pushed.removeAll { $0.name == Self.name(entry.sample) } }
            }
            // Expected: a stable sort of what is left by time (arrival order kept for equal times).
            let expected = pushed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.name)
            #expect(buffer.count == expected.count)
            var popped: [String] = []
            while let entry = buffer.pop() { popped.append(Self.name(entry.sample)) }
            #expect(popped == expected, "round \(round)")
            #expect(buffer.isEmpty && buffer.first == nil)
            buffer.removeAll()
        }
    }

    static func name(_ sample: SensorSample) -> String {
        if case .marker(let text) = sample.reading { return text }
        return ""
    }
}
