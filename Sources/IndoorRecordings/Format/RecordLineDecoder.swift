import IndoorJSON

/// What one line of a recording turned out to be.
enum DecodedLine {
    /// A sample.
    case sample(SensorSample)
    /// Nothing to deliver: blank line, comment, or header metadata absorbed by the decoder.
    case ignored
    /// The canonical header line.
    case header(RecordingHeader)
    /// A well-formed record of a type this reader does not use; counted per type.
    case skipped(recordType: String)
    /// A malformed record.
    case problem(recordType: String?, message: String)
    /// The file cannot be read as this format at all.
    case fatal(RecordingError)
}

/// Decodes the lines of one format, in file order (it may keep state such as the time origin).
protocol RecordLineDecoder {
    /// The format decoded.
    var format: RecordingFormat { get }
    /// Decodes one line (without its line ending); `lineNumber` is 1-based.
    mutating func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> DecodedLine
    /// The sample of a line in the format's usual shape, decoded the short way; `nil` sends the line to
    /// ``decode(_:lineNumber:)``, which must then give what this would have (the reader tries this first).
    mutating func commonSample(_ line: UnsafeBufferPointer<UInt8>) -> SensorSample?
    /// Metadata gathered so far, for the canonical header of a converted file.
    var header: RecordingHeader { get }
}

extension RecordLineDecoder {
    /// No short way: every line goes to ``decode(_:lineNumber:)``.
    mutating func commonSample(_ line: UnsafeBufferPointer<UInt8>) -> SensorSample? { nil }
}

/// Splits a line at a one-byte separator into reusable field ranges.
struct FieldSplitter {
    private(set) var ranges: [Range<Int>] = []

    init() { ranges.reserveCapacity(16) }

    mutating func split(_ line: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        ranges.removeAll(keepingCapacity: true)
        guard let base = line.baseAddress else { ranges.append(0..<0); return }
        var start = 0
        var i = 0
        let n = line.count
        while i < n {
            if base[i] == separator {
                ranges.append(start..<i)
                start = i + 1
            }
            i += 1
        }
        ranges.append(start..<n)
    }

    var count: Int { ranges.count }

    func bytes(_ line: UnsafeBufferPointer<UInt8>, _ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[ranges[index]])
    }

    func text(_ line: UnsafeBufferPointer<UInt8>, _ index: Int) -> String {
        String(decoding: bytes(line, index), as: UTF8.self)
    }

    func equals(_ line: UnsafeBufferPointer<UInt8>, _ index: Int, _ word: StaticString) -> Bool {
        let r = ranges[index]
        guard r.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<r.count where line[r.lowerBound + k] != w[k] { return false }
        return true
    }
}

/// Reads numbered fields of a delimited record, remembering the first problem.
struct DelimitedFieldReader {
    let line: UnsafeBufferPointer<UInt8>
    let fields: FieldSplitter
    /// Names of the fields by index, for messages (index 0 is the first field of the line).
    let names: [String]
    /// Shares the strings the lines repeat.
    let strings: StringInterner
    private(set) var problem: String?

    init(line: UnsafeBufferPointer<UInt8>, fields: FieldSplitter, names: [String], strings: StringInterner) {
        self.line = line
        self.fields = fields
        self.names = names
        self.strings = strings
    }

    private func name(_ index: Int) -> String {
        index < names.count ? "field \(index + 1) (\(names[index]))" : "field \(index + 1)"
    }

    mutating func fail(_ message: String) { if problem == nil { problem = message } }

    /// The bytes of the field at `index`, or `nil` (the problem noted) when the record is too short.
    private mutating func present(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard index < fields.count else {
            fail("truncated record: \(name(index)) missing (\(fields.count) fields)")
            return nil
        }
        return fields.bytes(line, index)
    }

    /// The field at `index` as `parse` reads it; `missing` (the problem noted, saying the field is not
    /// `what`) when the record is too short or `parse` gives `nil`.
    @inline(__always)
    private mutating func parsed<Value>(
        _ index: Int, as what: String, missing: Value, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?
    ) -> Value {
        guard let bytes = present(index) else { return missing }
        guard let value = parse(bytes) else {
            fail("\(name(index)): '\(NumberScanning.text(bytes))' is not \(what)")
            return missing
        }
        return value
    }

    /// A required finite number at `index`.
    mutating func number(_ index: Int) -> Double {
        parsed(index, as: "a finite number", missing: .nan) { NumberScanning.double($0) }
    }

    /// An optional number: missing or empty → nil; present but malformed → problem.
    mutating func optionalNumber(_ index: Int) -> Double? {
        guard index < fields.count, !fields.bytes(line, index).isEmpty else { return nil }
        return number(index)
    }

    /// A required integer at `index`.
    mutating func int(_ index: Int) -> Int {
        parsed(index, as: "an integer", missing: 0) { NumberScanning.int($0) }
    }

    /// An optional integer.
    mutating func optionalInt(_ index: Int) -> Int? {
        guard index < fields.count, !fields.bytes(line, index).isEmpty else { return nil }
        return int(index)
    }

    /// A required text field (may be empty).
    mutating func text(_ index: Int) -> String {
        guard let bytes = present(index) else { return "" }
        return strings.string(bytes)
    }
}
