// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

import IndoorJSON

@testable import IndoorRecordings

/// A fast scanner for one-line JSON objects whose values are all scalars (numbers, strings, booleans,
/// null) — the shape of every canonical sample line. Keys and string values stay views into the line;
/// numbers are parsed on the spot. Anything else (nested values) is reported as `.notFlat` so the caller
/// can fall back to the full ``IndoorJSON/JSONParser``.
struct ReferenceFlatJSONObject {
    enum ValueKind { case number, string, bool, null }

    struct Field {
        var keyStart: Int
        var keyEnd: Int
        var kind: ValueKind
        var number: Double
        var valueStart: Int
        var valueEnd: Int
        var escaped: Bool
    }

    enum ScanResult { case ok, notFlat, syntax(String) }

    private(set) var fields: [Field] = []
    private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init() { fields.reserveCapacity(16) }

    /// Scans `line` (which must stay alive while this object's fields are used).
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> ScanResult {
        self.line = line
        fields.removeAll(keepingCapacity: true)
        let n = line.count
        var i = 0
        @inline(__always) func skipSpace() { while i < n, line[i] == 0x20 || line[i] == 0x09 || line[i] == 0x0D { i += 1 } }
        skipSpace()
        guard i < n, line[i] == UInt8(ascii: "{") else { return .syntax("expected '{' at column \(i + 1)") }
        i += 1
        skipSpace()
        if i < n, line[i] == UInt8(ascii: "}") {
            i += 1; skipSpace(); return i == n ? .ok : .syntax("unexpected text after '}' at column \(i + 1)")
        }
        while true {
            skipSpace()
            guard i < n, line[i] == UInt8(ascii: "\"") else { return .syntax("expected a key in quotes at column \(i + 1)") }
            guard let (keyStart, keyEnd, _) = stringBounds(&i) else { return .syntax("unterminated key at column \(i + 1)") }
            skipSpace()
            guard i < n, line[i] == UInt8(ascii: ":") else { return .syntax("expected ':' at column \(i + 1)") }
            i += 1
            skipSpace()
            guard i < n else { return .syntax("truncated line: value missing at column \(i + 1)") }
            var field = Field(keyStart: keyStart, keyEnd: keyEnd, kind: .null, number: 0, valueStart: i, valueEnd: i, escaped: false)
            switch line[i] {
            case UInt8(ascii: "\""):
                guard let (s, e, esc) = stringBounds(&i) else { return .syntax("unterminated string at column \(field.valueStart + 1)") }
                field.kind = .string; field.valueStart = s; field.valueEnd = e; field.escaped = esc
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return .notFlat
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let start = i
                while i < n, line[i] >= UInt8(ascii: "a"), line[i] <= UInt8(ascii: "z") { i += 1 }
                let word = String(decoding: UnsafeBufferPointer(rebasing: line[start..<i]), as: UTF8.self)
                switch word {
                case "true": field.kind = .bool; field.number = 1
                case "false": field.kind = .bool; field.number = 0
                case "null": field.kind = .null
                default: return .syntax("invalid value '\(word)' at column \(start + 1)")
                }
            default:
                let start = i
                while i < n, line[i] != UInt8(ascii: ","), line[i] != UInt8(ascii: "}"), line[i] != 0x20 { i += 1 }
                let bytes = UnsafeBufferPointer(rebasing: line[start..<i])
                guard let value = NumberScanning.double(bytes) else {
                    return .syntax("invalid number '\(NumberScanning.text(bytes))' at column \(start + 1)")
                }
                field.kind = .number; field.number = value
            }
            fields.append(field)
            skipSpace()
            guard i < n else { return .syntax("truncated line: missing '}'") }
            if line[i] == UInt8(ascii: ",") { i += 1; continue }
            if line[i] == UInt8(ascii: "}") {
                i += 1
                skipSpace()
                return i == n ? .ok : .syntax("unexpected text after '}' at column \(i + 1)")
            }
            return .syntax("expected ',' or '}' at column \(i + 1)")
        }
    }

    /// Bounds of the string starting at the quote at `i` (contents only); moves `i` past the closing quote.
    private func stringBounds(_ i: inout Int) -> (Int, Int, Bool)? {
        let n = line.count
        var k = i + 1
        var escaped = false
        while k < n {
            let c = line[k]
            if c == UInt8(ascii: "\"") { let r = (i + 1, k, escaped); i = k + 1; return r }
            if c == UInt8(ascii: "\\") { escaped = true; k += 2; continue }
            k += 1
        }
        return nil
    }

    /// The index of the field named `key`, if present.
    func index(of key: StaticString) -> Int? {
        let count = key.utf8CodeUnitCount
        let keyBytes = key.utf8Start
        outer: for (index, field) in fields.enumerated() where field.keyEnd - field.keyStart == count {
            for k in 0..<count where line[field.keyStart + k] != keyBytes[k] { continue outer }
            return index
        }
        return nil
    }

    /// Whether the string value of field `index` equals `word`.
    func stringEquals(_ index: Int, _ word: StaticString) -> Bool {
        let f = fields[index]
        guard f.kind == .string, !f.escaped, f.valueEnd - f.valueStart == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where line[f.valueStart + k] != w[k] { return false }
        return true
    }

    /// The decoded string value of field `index` (escapes resolved through the full parser).
    func string(_ index: Int) -> String? {
        let f = fields[index]
        guard f.kind == .string else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: line[f.valueStart..<f.valueEnd])
        if !f.escaped { return String(decoding: bytes, as: UTF8.self) }
        let quoted = UnsafeBufferPointer(rebasing: line[(f.valueStart - 1)..<(f.valueEnd + 1)])
        return (try? ReferenceJSONParserBridge.parseString(quoted)) ?? nil
    }
}
