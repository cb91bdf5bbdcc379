/// A JSON value through any `Codable` coder: `null`, Booleans, numbers, strings, arrays and objects map
/// to the coder's nil, `Bool`, `Double`, `String`, unkeyed and string-keyed containers. Types whose stored
/// form is a JSON file format (radio maps, venue store entries) conform to `Codable` through it, so the
/// file format and the `Codable` form are one format.
extension JSONValue: Codable {
    /// Decodes whichever JSON value the decoder holds (a Boolean before a number, so `true` stays a
    /// Boolean).
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of the six JSON kinds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the value as the coder's nil, `Bool`, `Double`, `String`, array or string-keyed dictionary.
    /// - Throws: what the encoder throws (`JSONEncoder` refuses a non-finite number unless configured).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Reads a JSON value from `decoder` and converts it with `convert` (a file format's own reader, whose
    /// errors name the bad field): how a type whose stored form is a JSON file format implements
    /// `init(from:)`.
    /// - Throws: the decoder's `DecodingError`, or `DecodingError.dataCorrupted` with the description of
    ///   what `convert` threw.
    public static func decode<Value>(from decoder: any Decoder, as convert: (JSONValue) throws -> Value) throws -> Value {
        let value = try JSONValue(from: decoder)
        do {
            return try convert(value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: String(describing: error)))
        }
    }
}
