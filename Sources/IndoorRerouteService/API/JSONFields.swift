import IndoorJSON

/// Parses a request body as JSON (strict: no trailing commas, bounded nesting).
enum JSONBody {
    static var parser: JSONParser { JSONParser(allowTrailingCommas: false, maxDepth: 64, rejectDuplicateMembers: true) }

    /// The body's JSON value.
    /// - Throws: ``ServiceError/malformedJSON(line:column:reason:)`` with the position of the problem,
    ///   or for an empty body.
    static func parse(_ bytes: [UInt8]) throws(ServiceError) -> JSONValue {
        guard !bytes.isEmpty else { throw .malformedJSON(line: 1, column: 1, reason: "empty body, expected a JSON value") }
        if let offset = firstInvalidUTF8(bytes) {
            let (line, column) = position(of: offset, in: bytes)
            throw .malformedJSON(line: line, column: column, reason: "not UTF-8 (byte \(offset))")
        }
        do { return try parser.parse(bytes).value } catch {
            throw .malformedJSON(line: error.position.line, column: error.position.column, reason: error.message)
        }
    }
}

extension JSONBody {
    /// The offset of the first byte that does not belong to well-formed UTF-8, or nil (the JSON reader
    /// would otherwise read it as U+FFFD).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            guard (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) { return i }
            i += length
        }
        return nil
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<offset] {
            if b == 10 { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}

/// Reads typed fields of one JSON object; errors name the field by its path (`via[2].place`).
struct JSONFields {
    let object: [String: JSONValue]
    /// The object's own path, empty at the top level.
    let path: String

    /// Reads `value` as an object at `path`.
    /// - Throws: ``ServiceError/badRequest(field:reason:)`` when it is not an object.
    init(_ value: JSONValue, path: String) throws(ServiceError) {
        guard let object = value.object else {
            throw .badRequest(field: path.isEmpty ? "body" : path, reason: "expected an object, got \(value.typeName)")
        }
        self.object = object; self.path = path
    }

    /// The full path of member `key`.
    func field(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Rejects members not in `allowed`, so a misspelt option is not silently ignored.
    func rejectUnknown(_ allowed: Set<String>) throws(ServiceError) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw .badRequest(field: field(key), reason: "unknown field (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// The member, treating `null` as absent.
    func value(_ key: String) -> JSONValue? {
        guard let v = object[key], !v.isNull else { return nil }
        return v
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    func string(_ key: String) throws(ServiceError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.string else { throw .badRequest(field: field(key), reason: "expected a string, got \(v.typeName)") }
        return s
    }

    func requiredString(_ key: String) throws(ServiceError) -> String {
        guard let s = try string(key) else { throw .badRequest(field: field(key), reason: "required") }
        return s
    }

    /// A number; non-finite values (overflowing literals) are rejected as unprocessable.
    func double(_ key: String) throws(ServiceError) -> Double? {
        guard let v = value(key) else { return nil }
        guard let d = v.double else { throw .badRequest(field: field(key), reason: "expected a number, got \(v.typeName)") }
        guard d.isFinite else { throw .unprocessable(field: field(key), reason: "must be a finite number") }
        return d
    }

    func requiredDouble(_ key: String) throws(ServiceError) -> Double {
        guard let d = try double(key) else { throw .badRequest(field: field(key), reason: "required") }
        return d
    }

    /// A whole number within Int range.
    func int(_ key: String) throws(ServiceError) -> Int? {
        guard let d = try double(key) else { return nil }
        guard d == d.rounded(), abs(d) < 1e15 else { throw .unprocessable(field: field(key), reason: "must be a whole number, got \(d)") }
        return Int(d)
    }

    func bool(_ key: String) throws(ServiceError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v.bool else { throw .badRequest(field: field(key), reason: "expected true or false, got \(v.typeName)") }
        return b
    }

    func array(_ key: String) throws(ServiceError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard let a = v.array else { throw .badRequest(field: field(key), reason: "expected an array, got \(v.typeName)") }
        return a
    }

    /// A string naming one case of `T`; an unknown name is unprocessable and lists the known ones.
    func enumeration<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(ServiceError) -> T?
    where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let v = T(rawValue: s) else {
            throw .unprocessable(
                field: field(key),
                reason: "unknown value \(ServiceError.quoted(s)) (expected one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return v
    }
}
