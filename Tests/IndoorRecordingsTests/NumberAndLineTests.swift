import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

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
