import IndoorJSON

/// The keys a canonical sample line may carry; any other key is allowed and ignored.
enum CanonicalKey: Int, CaseIterable {
    case t, type, accuracy, x, y, z, bx, by, bz, qw, qx, qy, qz, pitch, roll, yaw, hPa
    case uuid, major, minor, mac, rssi, tx, dist, bssid, ssid, freq, seen
    case lat, lon, hacc, alt, bearing, speed, sats, satsUsed, fixTime, level, floor, floorNumber, frame, text

    /// The key as written in the file.
    var name: String { "\(self)" }

    /// Finds the key whose UTF-8 is `bytes[from..<to]`: a hash of the bytes picks a slot of a small
    /// table, and the slot's key is compared byte for byte.
    struct Table {
        private static let slotBits = 7
        private let slots: [Int8]
        private let names: [[UInt8]]

        init() {
            names = CanonicalKey.allCases.map { Array($0.name.utf8) }
            var slots = [Int8](repeating: -1, count: 1 << Self.slotBits)
            for (index, name) in names.enumerated() {
                var slot = Self.hash(name.withUnsafeBufferPointer { $0 })
                while slots[slot] >= 0 { slot = (slot + 1) & ((1 << Self.slotBits) - 1) }
                slots[slot] = Int8(index)
            }
            self.slots = slots
        }

        @inline(__always)
        private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var h: UInt32 = 0x811c_9dc5
            for byte in bytes { h = (h ^ UInt32(byte)) &* 0x0100_0193 }
            return Int(truncatingIfNeeded: (h ^ (h >> 15)) & ((1 << slotBits) - 1))
        }

        @inline(__always)
        func key(_ bytes: UnsafeBufferPointer<UInt8>) -> CanonicalKey? {
            guard bytes.count <= 11 else { return nil }
            var slot = Self.hash(bytes)
            return slots.withUnsafeBufferPointer { slots in
                while true {
                    let index = Int(slots[slot])
                    if index < 0 { return nil }
                    if names[index].elementsEqual(bytes) { return CanonicalKey(rawValue: index) }
                    slot = (slot + 1) & ((1 << Self.slotBits) - 1)
                }
            }
        }
    }

    /// The one table (built on first use).
    static let table = Table()
}

/// A fast scanner for one-line JSON objects whose values are all scalars (numbers, strings, booleans,
/// null) — the shape of every canonical sample line. One pass over the line: each key is looked up in
/// ``CanonicalKey/Table`` as it is read, numbers are parsed on the spot (``NumberScanning/doublePrefix(_:from:to:)``)
/// and the value is put in the key's slot (the first of repeated keys counts); string values stay views
/// into the line until asked for. Anything else (nested values) is reported as `.notFlat` so the caller
/// can fall back to the full ``IndoorJSON/JSONParser``.
struct FlatJSONObject {
    enum ValueKind { case number, string, bool, null }

    struct Field {
        var kind: ValueKind
        var number: Double
        var valueStart: Int
        var valueEnd: Int
        var escaped: Bool
    }

    enum ScanResult { case ok, notFlat, syntax(String) }

    /// The value of each known key on the current line (valid where ``present`` has its bit).
    private(set) var slots: [Field]
    /// Bit `key.rawValue` is set when the current line has the key.
    private(set) var present: UInt64 = 0
    private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private let keys = CanonicalKey.table
    /// Shares the strings the lines repeat.
    let interner = StringInterner()

    init() {
        slots = Array(
            repeating: Field(kind: .null, number: 0, valueStart: 0, valueEnd: 0, escaped: false), count: CanonicalKey.allCases.count)
    }

    /// Scans `line` (which must stay alive while this object's fields are used).
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> ScanResult {
        self.line = line
        present = 0
        guard let base = line.baseAddress else { return .syntax("expected '{' at column 1") }
        let keys = self.keys
        return slots.withUnsafeMutableBufferPointer { slots in
            Self.scan(base, line.count, keys, slots, &present)
        }
    }

    @inline(__always)
    private static func scan(
        _ line: UnsafePointer<UInt8>, _ n: Int, _ keys: CanonicalKey.Table, _ slots: UnsafeMutableBufferPointer<Field>,
        _ present: inout UInt64
    ) -> ScanResult {
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
            guard let (keyStart, keyEnd, keyEscaped) = stringBounds(line, n, &i) else {
                return .syntax("unterminated key at column \(i + 1)")
            }
            skipSpace()
            guard i < n, line[i] == UInt8(ascii: ":") else { return .syntax("expected ':' at column \(i + 1)") }
            i += 1
            skipSpace()
            guard i < n else { return .syntax("truncated line: value missing at column \(i + 1)") }
            var field = Field(kind: .null, number: 0, valueStart: i, valueEnd: i, escaped: false)
            switch line[i] {
            case UInt8(ascii: "\""):
                guard let (s, e, esc) = stringBounds(line, n, &i) else {
                    return .syntax("unterminated string at column \(field.valueStart + 1)")
                }
                field.kind = .string; field.valueStart = s; field.valueEnd = e; field.escaped = esc
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return .notFlat
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let start = i
                while i < n, line[i] >= UInt8(ascii: "a"), line[i] <= UInt8(ascii: "z") { i += 1 }
                let word = UnsafeBufferPointer(start: line + start, count: i - start)
                if word.elementsEqual("true".utf8) {
                    field.kind = .bool; field.number = 1
                } else if word.elementsEqual("false".utf8) {
                    field.kind = .bool; field.number = 0
                } else if word.elementsEqual("null".utf8) {
                    field.kind = .null
                } else {
                    return .syntax("invalid value '\(String(decoding: word, as: UTF8.self))' at column \(start + 1)")
                }
            default:
                let start = i
                if let (value, end) = NumberScanning.doublePrefix(line, from: i, to: n),
                    end == n || line[end] == UInt8(ascii: ",") || line[end] == UInt8(ascii: "}") || line[end] == 0x20
                {
                    i = end
                    field.kind = .number; field.number = value
                } else {
                    while i < n, line[i] != UInt8(ascii: ","), line[i] != UInt8(ascii: "}"), line[i] != 0x20 { i += 1 }
                    let bytes = UnsafeBufferPointer(start: line + start, count: i - start)
                    return .syntax("invalid number '\(NumberScanning.text(bytes))' at column \(start + 1)")
                }
            }
            if !keyEscaped, let key = keys.key(UnsafeBufferPointer(start: line + keyStart, count: keyEnd - keyStart)) {
                let bit: UInt64 = 1 << UInt64(key.rawValue)
                if present & bit == 0 {
                    present |= bit
                    slots[key.rawValue] = field
                }
            }
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

    /// Bounds of the string starting at the quote at `i` (contents only) and whether it holds an
    /// escape; moves `i` past the closing quote.
    @inline(__always)
    private static func stringBounds(_ line: UnsafePointer<UInt8>, _ n: Int, _ i: inout Int) -> (Int, Int, Bool)? {
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

    /// The field for `key`, if the line has it.
    @inline(__always)
    func field(for key: CanonicalKey) -> Field? {
        present & (1 << UInt64(key.rawValue)) != 0 ? slots[key.rawValue] : nil
    }

    /// The decoded string value of `field` (escapes resolved through the full parser).
    func string(_ f: Field) -> String? {
        guard f.kind == .string else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: line[f.valueStart..<f.valueEnd])
        if !f.escaped { return interner.string(bytes) }
        let quoted = UnsafeBufferPointer(rebasing: line[(f.valueStart - 1)..<(f.valueEnd + 1)])
        return (try? JSONParserBridge.parseString(quoted)) ?? nil
    }
}
