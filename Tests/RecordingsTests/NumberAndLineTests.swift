import IndoorGeometry
import Foundation
import Testing
@testable import Recordings

@Suite struct NumberScanningTests {
    private func parse(_ s: String) -> Double? {
        Array(s.utf8).withUnsafeBufferPointer { NumberScanning.double($0) }
    }

    @Test func matchesSwiftParserOnRandomDecimals() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...20, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            for k in 0..<digits {
                if k == Int.random(in: 0..<digits, using: &rng) && !text.contains(".") && k > 0 { text += "." }
                text += String(Int.random(in: 0...9, using: &rng))
            }
            if Int.random(in: 0..<4, using: &rng) == 0 { text += "e\(Int.random(in: -30...30, using: &rng))" }
            let expected = Double(text)
            #expect(parse(text) == expected, "\(text)")
        }
    }

    @Test func roundTripsShortestDescriptions() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)
            #expect(parse(value.description) == value)
        }
    }

    @Test func rejectsNonNumbers() {
        for text in ["", "-", ".", "nan", "NaN", "inf", "-Infinity", "1e", "1e+", "12a", "1.2.3", "0x10", " 1", "1e400", "--1"] {
            #expect(parse(text) == nil, "\(text)")
        }
        #expect(parse("1.") == 1)
        #expect(parse("-0.5E1") == -5)
    }

    @Test func integers() {
        func int(_ s: String) -> Int? { Array(s.utf8).withUnsafeBufferPointer { NumberScanning.int($0) } }
        #expect(int("1574559529168") == 1_574_559_529_168)
        #expect(int("-42") == -42)
        #expect(int("4.5") == nil)
        #expect(int("") == nil)
        #expect(int("99999999999999999999") == nil)
    }
}

@Suite struct LineReaderTests {
    private func lines(_ text: String, chunk: Int, maxLine: Int = 1 << 20) throws -> [String] {
        let reader = LineReader(MemoryByteSource(text: text), chunkBytes: chunk, maxLineBytes: maxLine)
        var out: [String] = []
        while let chunk = try reader.next() {
            switch chunk {
            case .line(let bytes): out.append(String(decoding: bytes, as: UTF8.self))
            case .overlong(let n): out.append("<overlong \(n)>")
            }
        }
        return out
    }

    @Test func splitsAcrossEveryChunkSize() throws {
        var rng = SplitMix64(seed: 3)
        var text = ""
        for i in 0..<300 {
            text += String(repeating: "x", count: Int.random(in: 0...70, using: &rng)) + "\(i)"
            text += i % 7 == 0 ? "\r\n" : "\n"
        }
        text += "last-without-newline"
        // Split the bytes independently ("\r\n" is one Character in Swift, so split the UTF-8).
        let expected = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
        }
        for chunk in [16, 17, 64, 1000, 1 << 16] {
            #expect(try lines(text, chunk: chunk) == expected, "chunk \(chunk)")
        }
    }

    @Test func reportsOverlongLinesAndContinues() throws {
        let text = "short\n" + String(repeating: "y", count: 100) + "\nafter\n"
        #expect(try lines(text, chunk: 16, maxLine: 32) == ["short", "<overlong 100>", "after"])
    }

    @Test func emptyInputHasNoLines() throws {
        #expect(try lines("", chunk: 16).isEmpty)
    }
}
