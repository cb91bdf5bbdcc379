/// A parsed JSON document, the common currency of IndoorNav's file formats and JSON output.
///
/// Objects are unordered dictionaries; ``JSONValue/serialized(pretty:)`` writes keys sorted, so output
/// is stable.
public enum JSONValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; integers are exact up to 2⁵³. Build non-finite values with ``JSONValue/finite(_:)``, which
    /// writes `null` for them.
    case number(Double)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members by key (unordered; written with sorted keys).
    case object([String: JSONValue])

    /// The member `key` of an object; `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    /// The string, or `nil` for any other kind of value.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, or `nil` for any other kind of value.
    public var double: Double? { if case .number(let d) = self { return d } else { return nil } }
    /// The Boolean, or `nil` for any other kind of value.
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements, or `nil` when the value is not an array.
    public var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, or `nil` when the value is not an object.
    public var object: [String: JSONValue]? { if case .object(let o) = self { return o } else { return nil } }

    /// An integer value when the number is integral and in range.
    public var int: Int? {
        guard case .number(let d) = self, d.rounded() == d, abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    /// A short name of the value's JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number value from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A Boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// `.number` for a finite value, `.null` otherwise (JSON has no NaN or infinity).
    public static func finite(_ d: Double) -> JSONValue { d.isFinite ? .number(d) : .null }
    /// `.string` or `.null`.
    public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
}
