import IndoorJSON

/// One field value of a canonical line, as the sample decoder sees it.
enum CanonicalField {
    case missing
    case number(Double)
    case string(String)
    case other(typeName: String)
}

/// Read access to the fields of one canonical line, whichever parser produced them.
protocol CanonicalFields {
    /// The field named `key`.
    func field(_ key: CanonicalKey) -> CanonicalField
    /// The `"type"` field: a known kind, or the unknown text (`nil` when missing or not a string).
    func sampleKind() -> (kind: SampleKind?, text: String?)
}

extension FlatJSONObject: CanonicalFields {
    private static let kindBytes: [(SampleKind, [UInt8])] = SampleKind.allCases.map { ($0, Array($0.rawValue.utf8)) }

    @inline(__always)
    func field(_ key: CanonicalKey) -> CanonicalField {
        guard let f = field(for: key) else { return .missing }
        switch f.kind {
        case .number: return .number(f.number)
        case .string: return string(f).map(CanonicalField.string) ?? .other(typeName: "invalid string")
        case .bool: return .other(typeName: "boolean")
        case .null: return .other(typeName: "null")
        }
    }

    func sampleKind() -> (kind: SampleKind?, text: String?) {
        guard let f = field(for: .type), f.kind == .string else { return (nil, nil) }
        if !f.escaped {
            let value = UnsafeBufferPointer(rebasing: line[f.valueStart..<f.valueEnd])
            for (kind, bytes) in Self.kindBytes where bytes.elementsEqual(value) { return (kind, kind.rawValue) }
        }
        return (nil, string(f))
    }
}

/// Fields of a line parsed by the full JSON parser (lines with nested values).
struct JSONObjectFields: CanonicalFields {
    var object: [String: JSONValue]

    func field(_ key: CanonicalKey) -> CanonicalField {
        guard let value = object[key.name] else { return .missing }
        switch value {
        case .number(let d): return .number(d)
        case .string(let s): return .string(s)
        default: return .other(typeName: value.typeName)
        }
    }

    func sampleKind() -> (kind: SampleKind?, text: String?) {
        guard let text = object["type"]?.string else { return (nil, nil) }
        return (SampleKind(rawValue: text), text)
    }
}

/// Escaped strings are rare; the full parser resolves them.
enum JSONParserBridge {
    static func parseString(_ quoted: UnsafeBufferPointer<UInt8>) throws -> String? {
        try JSONParser().parse(quoted).value.string
    }
}
