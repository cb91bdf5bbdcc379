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
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
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

extension HTTPResponse {
    /// A JSON response whose body is written by ``JSONBytes``.
    static func json(_ status: Int, _ value: JSONValue, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: JSONBytes.encode(value))
    }
}
