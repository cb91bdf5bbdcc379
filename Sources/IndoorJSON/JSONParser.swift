/// Where a parse failed or warned: 1-based line and column (in bytes) of the input.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes from the line start.
    public var column: Int
    /// A position at `line` and `column` (both 1-based).
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}

/// A syntax error in JSON text, with its position.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the parser stopped.
    public var position: JSONPosition
    /// What is wrong there, e.g. `unexpected '}': expected a value`.
    public var message: String
    /// `line L, column C: message`.
    public var description: String { "\(position): \(message)" }
}

/// Something the tolerant parser accepted although strict JSON forbids it.
public struct JSONWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where the tolerated construct is.
    public var position: JSONPosition
    /// What was tolerated, e.g. a trailing comma.
    public var message: String
    /// `line L, column C: message`.
    public var description: String { "\(position): \(message)" }
}

/// A small, fast JSON parser over UTF-8 bytes that reports line and column on error.
///
/// With `allowTrailingCommas` (the default) a comma before `]` or `}` is accepted and reported as a
/// warning; everything else is strict RFC 8259. Nesting is limited to `maxDepth` levels. With
/// `rejectDuplicateMembers` a member name repeated in one object is an error naming it (otherwise
/// the last value wins, as RFC 8259 permits).
/// - Complexity: O(n) in the input length.
public struct JSONParser {
    /// Whether a comma before `]` or `}` is accepted (with a warning).
    public var allowTrailingCommas: Bool
    /// Deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// Whether a member name repeated in one object is an error.
    public var rejectDuplicateMembers: Bool

    /// A parser with the given tolerances.
    public init(allowTrailingCommas: Bool = true, maxDepth: Int = 512, rejectDuplicateMembers: Bool = false) {
        self.allowTrailingCommas = allowTrailingCommas
        self.maxDepth = maxDepth
        self.rejectDuplicateMembers = rejectDuplicateMembers
    }

    /// Parses one JSON document; returns it with the warnings collected.
    public func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONParseError) -> (value: JSONValue, warnings: [JSONWarning])
    where Bytes.Element == UInt8 {
        let result: Result<(JSONValue, [JSONWarning]), JSONParseError>? = bytes.withContiguousStorageIfAvailable { buf in
            var s = Scanner(buf, options: self)
            return Result { () throws(JSONParseError) in try s.document() }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        let copied = copy.withUnsafeBufferPointer { buf in
            var s = Scanner(buf, options: self)
            return Result { () throws(JSONParseError) in try s.document() }
        }
        return try copied.get()
    }

    /// Parses a string.
    public func parse(_ text: String) throws(JSONParseError) -> (value: JSONValue, warnings: [JSONWarning]) {
        var text = text
        let result = text.withUTF8 { buf in
            var s = Scanner(buf, options: self)
            return Result { () throws(JSONParseError) in try s.document() }
        }
        return try result.get()
    }
}

extension JSONParser {
    /// Parses a top-level object, handing the elements of its array member `key` to `body` one at a
    /// time instead of keeping them: a large GeoJSON FeatureCollection then never exists as one tree.
    /// Returns the object without that member. `body` may throw to stop; its error is rethrown.
    public func parseObject<Bytes: Collection>(
        _ bytes: Bytes, streamingArrayMember key: String,
        _ body: (_ element: JSONValue, _ index: Int, _ position: JSONPosition) throws(JSONParseError) -> Void
    ) throws(JSONParseError) -> (value: JSONValue, warnings: [JSONWarning]) where Bytes.Element == UInt8 {
        let copy = bytes.withContiguousStorageIfAvailable { _ in 0 } == nil ? Array(bytes) : nil
        func run(_ buf: UnsafeBufferPointer<UInt8>) -> Result<(JSONValue, [JSONWarning]), JSONParseError> {
            var s = Scanner(buf, options: self)
            return Result { () throws(JSONParseError) in try s.streamingDocument(key: key, body) }
        }
        let result: Result<(JSONValue, [JSONWarning]), JSONParseError>?
        if let copy { result = copy.withUnsafeBufferPointer(run) } else { result = bytes.withContiguousStorageIfAvailable(run) }
        guard let result else { throw JSONParseError(position: JSONPosition(line: 1, column: 1), message: "input is not contiguous") }
        return try result.get()
    }
}

extension Result where Failure == JSONParseError {
    init(_ body: () throws(JSONParseError) -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }
}

private struct Scanner {
    let b: UnsafeBufferPointer<UInt8>
    let options: JSONParser
    var i = 0
    var line = 1
    var lineStart = 0
    var warnings: [JSONWarning] = []

    init(_ b: UnsafeBufferPointer<UInt8>, options: JSONParser) { self.b = b; self.options = options }

    var position: JSONPosition { JSONPosition(line: line, column: i - lineStart + 1) }

    func fail(_ message: String) -> JSONParseError { JSONParseError(position: position, message: message) }

    mutating func document() throws(JSONParseError) -> (JSONValue, [JSONWarning]) {
        // Skip a UTF-8 byte-order mark.
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3; lineStart = 3 }
        skipSpace()
        guard i < b.count else { throw fail("empty input: expected a JSON value") }
        let v = try value(depth: 0)
        skipSpace()
        guard i == b.count else { throw fail("unexpected \(describe(b[i])) after the JSON value") }
        return (v, warnings)
    }

    /// A top-level object whose array member `key` is streamed element by element.
    mutating func streamingDocument(
        key: String, _ body: (JSONValue, Int, JSONPosition) throws(JSONParseError) -> Void
    ) throws(JSONParseError) -> (JSONValue, [JSONWarning]) {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3; lineStart = 3 }
        skipSpace()
        guard i < b.count else { throw fail("empty input: expected a JSON value") }
        let result: JSONValue
        if b[i] == UInt8(ascii: "{") {
            var out: [String: JSONValue] = [:]
            try members { (s: inout Scanner, name: String) throws(JSONParseError) in
                if name == key, s.i < s.b.count, s.b[s.i] == UInt8(ascii: "[") {
                    try s.elements { (s: inout Scanner, index: Int, at: JSONPosition) throws(JSONParseError) in
                        try body(try s.value(depth: 2), index, at)
                    }
                    out[name] = .array([])
                } else {
                    out[name] = try s.value(depth: 1)
                }
            }
            result = .object(out)
        } else {
            result = try value(depth: 0)  // not an object: parsed whole so the caller can say what it is
        }
        skipSpace()
        guard i == b.count else { throw fail("unexpected \(describe(b[i])) after the JSON value") }
        return (result, warnings)
    }

    /// Walks the members of the object at `i` (which is at `{`), handing each name to `body` with the
    /// scanner at the member's value; `body` must consume the value. Handles separators, trailing
    /// commas and every syntax error of the object itself.
    mutating func members(_ body: (inout Scanner, String) throws(JSONParseError) -> Void) throws(JSONParseError) {
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return }
        while true {
            if try endsAtTrailingComma("}", container: "object") { return }
            guard b[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(b[i])): expected a member name") }
            let name = try string()
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else {
                throw fail(
                    i < b.count ? "unexpected \(describe(b[i])): expected ':' after member name" : "unexpected end of input: expected ':'")
            }
            i += 1
            skipSpace()
            try body(&self, name)
            if try endsAfterItem("}", container: "object") { return }
        }
    }

    /// Walks the elements of the array at `i` (which is at `[`), handing each index and position to
    /// `body` with the scanner at the element; `body` must consume it.
    mutating func elements(_ body: (inout Scanner, Int, JSONPosition) throws(JSONParseError) -> Void) throws(JSONParseError) {
        i += 1
        var index = 0
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return }
        while true {
            if try endsAtTrailingComma("]", container: "array") { return }
            try body(&self, index, position)
            index += 1
            if try endsAfterItem("]", container: "array") { return }
        }
    }

    /// Where a member or element is due (after the opening bracket or a comma): consumes `closer` and
    /// says true when it comes instead, a trailing comma (an error unless the options allow it, then a
    /// warning); false with the scanner at the item. Unexpected end of input is an error.
    mutating func endsAtTrailingComma(_ closer: Unicode.Scalar, container: String) throws(JSONParseError) -> Bool {
        skipSpace()
        guard i < b.count else { throw fail("unexpected end of input: unterminated \(container)") }
        guard b[i] == UInt8(ascii: closer) else { return false }
        guard options.allowTrailingCommas else { throw fail("trailing comma before '\(closer)'") }
        warnings.append(JSONWarning(position: position, message: "trailing comma before '\(closer)'"))
        i += 1
        return true
    }

    /// After a member or element: consumes a comma (false: another item is due) or `closer` (true: the
    /// container ends); anything else, or the end of input, is an error.
    mutating func endsAfterItem(_ closer: Unicode.Scalar, container: String) throws(JSONParseError) -> Bool {
        skipSpace()
        guard i < b.count else { throw fail("unexpected end of input: unterminated \(container)") }
        if b[i] == UInt8(ascii: ",") { i += 1; return false }
        if b[i] == UInt8(ascii: closer) { i += 1; return true }
        throw fail("unexpected \(describe(b[i])): expected ',' or '\(closer)'")
    }

    mutating func skipSpace() {
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0D { i += 1 } else if c == 0x0A { i += 1; line += 1; lineStart = i } else { return }
        }
    }

    func describe(_ c: UInt8) -> String {
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16))"
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < options.maxDepth else { throw fail("nesting deeper than \(options.maxDepth) levels") }
        guard i < b.count else { throw fail("unexpected end of input: expected a value") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describe(b[i])): expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        guard i + n <= b.count else { throw fail("unexpected end of input in literal") }
        for k in 0..<n where b[i + k] != w[k] { throw fail("invalid literal: expected \(word)") }
        i += n
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        var out: [String: JSONValue] = [:]
        out.reserveCapacity(8)
        try members { (s: inout Scanner, name: String) throws(JSONParseError) in
            if s.options.rejectDuplicateMembers, out[name] != nil { throw s.fail("duplicate member name '\(name)' in one object") }
            out[name] = try s.value(depth: depth + 1)
        }
        return .object(out)
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        var out: [JSONValue] = []
        try elements { (s: inout Scanner, _: Int, _: JSONPosition) throws(JSONParseError) in out.append(try s.value(depth: depth + 1)) }
        return .array(out)
    }

    mutating func number() throws(JSONParseError) -> Double {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ s: inout Scanner) -> Int {
            let s0 = s.i
            while s.i < s.b.count, s.b[s.i] >= 0x30, s.b[s.i] <= 0x39 { s.i += 1 }
            return s.i - s0
        }
        // JSON's grammar first (no leading zeros, a digit after '.' and in the exponent), then the value
        // from the one number scanner.
        let intStart = i
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw fail("invalid number: expected a digit") }
        if intDigits > 1, b[intStart] == UInt8(ascii: "0") { throw fail("invalid number: leading zero") }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw fail("invalid number: expected a digit after '.'") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw fail("invalid number: expected a digit in the exponent") }
        }
        let text = UnsafeBufferPointer(rebasing: b[start..<i])
        guard let value = NumberScanning.double(text) else {
            throw fail("number '\(NumberScanning.text(text))' is out of the range of a double")
        }
        return value
    }

    mutating func string() throws(JSONParseError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw fail("control character \(describe(c)) in string") }
            i += 1
        }
        var bytes = Array(b[start..<i])
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return String(decoding: bytes, as: UTF8.self) }
            if c < 0x20 { throw fail("control character \(describe(c)) in string") }
            if c != UInt8(ascii: "\\") { bytes.append(c); i += 1; continue }
            i += 1
            guard i < b.count else { break }
            let e = b[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): bytes.append(0x22)
            case UInt8(ascii: "\\"): bytes.append(0x5C)
            case UInt8(ascii: "/"): bytes.append(0x2F)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate in \\u escape")
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                bytes.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                i -= 1
                throw fail("invalid escape \\\(Character(Unicode.Scalar(e)))")
            }
        }
        throw fail("unexpected end of input: unterminated string")
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= b.count else { throw fail("unexpected end of input in \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("invalid hex digit \(describe(c)) in \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}
