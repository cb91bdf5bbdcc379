extension JSONValue {
    /// JSON text with object keys sorted (stable output). Non-finite numbers are written as `null`.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(256)
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// Appends this value's JSON text to `out`.
    public func write(into out: inout String, pretty: Bool = false, indent: Int = 0) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): JSONValue.writeNumber(d, into: &out)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            out += "["
            for (k, v) in a.enumerated() {
                if k > 0 { out += "," }
                if pretty { out += "\n"; out += String(repeating: "  ", count: indent + 1) }
                v.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n"; out += String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            out += "{"
            for (k, key) in o.keys.sorted().enumerated() {
                if k > 0 { out += "," }
                if pretty { out += "\n"; out += String(repeating: "  ", count: indent + 1) }
                JSONValue.writeString(key, into: &out)
                out += pretty ? ": " : ":"
                o[key]?.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n"; out += String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Shortest round-trip text for a number; integers without a fraction; `null` when not finite.
    public static func writeNumber(_ d: Double, into out: inout String) {
        guard d.isFinite else { out += "null"; return }
        if d.rounded() == d, abs(d) < 1e15 {
            out += String(Int64(d))
        } else {
            out += "\(d)"
        }
    }

    /// A JSON string literal with the required escapes.
    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
