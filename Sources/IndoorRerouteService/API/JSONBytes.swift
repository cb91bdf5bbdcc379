import IndoorJSON

/// JSON text of a ``JSONValue`` written straight into bytes, for response bodies: the same text as
/// `JSONValue.serialized()` (members in key order, whole numbers below 10¹⁵ without a fraction, other
/// numbers in Swift's shortest round-trip form, the same escapes), several times faster on the hot
/// path (strings without characters to escape are copied as UTF-8 in one piece instead of scalar by
/// scalar into a `String`).
///
/// - Complexity: O(size of the text) plus sorting each object's keys.
enum JSONBytes {
    /// The JSON text of `value` as UTF-8.
    static func encode(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(2_048)
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out += [110, 117, 108, 108]
        case .bool(let b): out += b ? [116, 114, 117, 101] : [102, 97, 108, 115, 101]
        case .number(let d): writeNumber(d, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (k, v) in a.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                write(v, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            for (k, key) in o.keys.sorted().enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if let v = o[key] { write(v, into: &out) }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// As `JSONValue.writeNumber`: non-finite → `null`, whole numbers below 10¹⁵ as integers.
    static func writeNumber(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else { out += [110, 117, 108, 108]; return }
        if d.rounded() == d, abs(d) < 1e15 {
            writeInteger(Int64(d), into: &out)
        } else {
            out += d.description.utf8
        }
    }

    static func writeInteger(_ n: Int64, into out: inout [UInt8]) {
        if n == 0 { out.append(UInt8(ascii: "0")); return }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var m = n.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            while m > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            }
            if n < 0 { out.append(UInt8(ascii: "-")) }
            out += buffer[(20 - count)...]
        }
    }

    /// A string literal with the escapes of `JSONValue.writeString`.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                out.append(contentsOf: bytes)
                return
            }
            for b in bytes {
                switch b {
                case UInt8(ascii: "\""): out += [92, 34]
                case UInt8(ascii: "\\"): out += [92, 92]
                case 10: out += [92, 110]
                case 13: out += [92, 114]
                case 9: out += [92, 116]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out += [92, 117, 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]]
                default: out.append(b)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// One JSON object written member by member straight into bytes, without building a ``JSONValue``
/// tree first (the hot path's answers). Members must be written in ascending key order — the order
/// ``JSONBytes`` writes a tree's keys in — so the text is the same as the tree's; debug builds check it.
struct JSONObjectBytes {
    private(set) var out: [UInt8]
    private var isFirst = true
    #if DEBUG
    private var lastKey: String?
    #endif

    private init(out: [UInt8]) { self.out = out }

    /// A whole object appended to `out`; `members` writes its members.
    static func write(into out: inout [UInt8], _ members: (inout JSONObjectBytes) -> Void) {
        var object = JSONObjectBytes(out: [])
        swap(&object.out, &out)
        object.out.append(UInt8(ascii: "{"))
        members(&object)
        object.out.append(UInt8(ascii: "}"))
        swap(&object.out, &out)
    }

    /// The bytes of one object.
    static func encode(_ members: (inout JSONObjectBytes) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(2_048)
        write(into: &out, members)
        return out
    }

    /// Writes `"key":`; the value must follow.
    private mutating func key(_ key: StaticString) {
        #if DEBUG
        let name = key.description
        if let lastKey { assert(lastKey < name, "JSON member '\(name)' written after '\(lastKey)': not in key order") }
        lastKey = name
        #endif
        if !isFirst { out.append(UInt8(ascii: ",")) }
        isFirst = false
        out.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// A member with a tree value.
    mutating func value(_ key: StaticString, _ value: JSONValue) {
        self.key(key)
        JSONBytes.write(value, into: &out)
    }

    /// A string member, `null` when nil.
    mutating func string(_ key: StaticString, _ value: String?) {
        self.key(key)
        if let value { JSONBytes.writeString(value, into: &out) } else { out += [110, 117, 108, 108] }
    }

    /// A member whose value `write` appends.
    mutating func member(_ key: StaticString, _ write: (inout [UInt8]) -> Void) {
        self.key(key)
        write(&out)
    }

    /// A member whose value is an object.
    mutating func object(_ key: StaticString, _ members: (inout JSONObjectBytes) -> Void) {
        self.key(key)
        Self.write(into: &out, members)
    }

    /// A member whose value is an array, each element written by `element`.
    mutating func array<S: Sequence>(_ key: StaticString, _ items: S, _ element: (S.Element, inout [UInt8]) -> Void) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        for (k, item) in items.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            element(item, &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension HTTPResponse {
    /// A JSON response whose body is written by ``JSONBytes``.
    static func json(_ status: Int, _ value: JSONValue, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        json(status, bytes: JSONBytes.encode(value), headers: headers)
    }

    /// A JSON response with its body already written (``JSONObjectBytes``).
    static func json(_ status: Int, bytes: [UInt8], headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: bytes)
    }
}
