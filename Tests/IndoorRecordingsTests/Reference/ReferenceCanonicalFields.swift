// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

import IndoorJSON

@testable import IndoorRecordings

/// One field value of a canonical line, as the sample decoder sees it.
enum ReferenceCanonicalField {
    case missing
    case number(Double)
    case string(String)
    case other(typeName: String)
}

/// Read access to the fields of one canonical line, whichever parser produced them.
protocol ReferenceCanonicalFields {
    /// The field named `key`.
    func field(_ key: StaticString) -> ReferenceCanonicalField
    /// The `"type"` field: a known kind, or the unknown text (`nil` when missing or not a string).
    func sampleKind() -> (kind: SampleKind?, text: String?)
}

extension ReferenceFlatJSONObject: ReferenceCanonicalFields {
    private static let kindBytes: [(SampleKind, [UInt8])] = SampleKind.allCases.map { ($0, Array($0.rawValue.utf8)) }

    func field(_ key: StaticString) -> ReferenceCanonicalField {
        guard let index = index(of: key) else { return .missing }
        let f = fields[index]
        switch f.kind {
        case .number: return .number(f.number)
        case .string: return string(index).map(ReferenceCanonicalField.string) ?? .other(typeName: "invalid string")
        case .bool: return .other(typeName: "boolean")
        case .null: return .other(typeName: "null")
        }
    }

    func sampleKind() -> (kind: SampleKind?, text: String?) {
        guard let index = index(of: "type") else { return (nil, nil) }
        let f = fields[index]
        guard f.kind == .string else { return (nil, nil) }
        let length = f.valueEnd - f.valueStart
        candidates: for (kind, bytes) in Self.kindBytes where bytes.count == length && !f.escaped {
            for k in 0..<length where line[f.valueStart + k] != bytes[k] { continue candidates }
            return (kind, kind.rawValue)
        }
        return (nil, string(index))
    }
}

/// Fields of a line parsed by the full JSON parser (lines with nested values).
struct ReferenceJSONObjectFields: ReferenceCanonicalFields {
    var object: [String: JSONValue]

    func field(_ key: StaticString) -> ReferenceCanonicalField {
        guard let value = object[key.description] else { return .missing }
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
enum ReferenceJSONParserBridge {
    static func parseString(_ quoted: UnsafeBufferPointer<UInt8>) throws -> String? {
        try JSONParser().parse(quoted).value.string
    }
}
