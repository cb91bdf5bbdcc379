import IndoorJSON

/// Decodes canonical JSON Lines: the header on the first non-blank line, then one sample per line.
/// Sample lines in the writer's own shape go through ``CanonicalFastLine``; other flat lines through
/// ``FlatJSONObject``; lines with nested values fall back to ``JSONParser``.
struct CanonicalLineDecoder: RecordLineDecoder {
    let file: String
    var format: RecordingFormat { .canonical }
    private(set) var header = RecordingHeader()
    private var headerSeen = false
    private var scanner = FlatJSONObject()
    private let fast: CanonicalFastLine

    init(file: String) {
        self.file = file
        fast = CanonicalFastLine(strings: scanner.interner)
    }

    @inline(__always)
    func commonSample(_ line: UnsafeBufferPointer<UInt8>) -> SensorSample? { headerSeen ? fast.decode(line) : nil }

    mutating func decode(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> DecodedLine {
        if isBlank(line) { return .ignored }
        guard headerSeen else { return decodeHeader(line, lineNumber: lineNumber) }
        switch scanner.scan(line) {
        case .ok:
            return decodeSample(scanner)
        case .notFlat:
            do {
                let value = try JSONParser(allowTrailingCommas: false).parse(line).value
                guard let object = value.object else {
                    return .problem(recordType: nil, message: "expected a JSON object, found \(value.typeName)")
                }
                return decodeSample(JSONObjectFields(object: object))
            } catch {
                return .problem(recordType: nil, message: "invalid JSON: \(error.message) at column \(error.position.column)")
            }
        case .syntax(let message):
            return .problem(recordType: nil, message: "invalid JSON: \(message)")
        }
    }

    private func decodeSample<Fields: CanonicalFields>(_ fields: Fields) -> DecodedLine {
        let (kind, text) = fields.sampleKind()
        guard let kind else {
            if let text { return .skipped(recordType: text) }
            if case .missing = fields.field(.type) { return .problem(recordType: nil, message: "missing field 'type'") }
            return .problem(recordType: nil, message: "field 'type' must be a string")
        }
        var decoder = CanonicalSampleDecoder(fields)
        switch decoder.decode(kind: kind) {
        case .success(let sample): return .sample(sample)
        case .failure(let problem): return .problem(recordType: kind.rawValue, message: problem.message)
        }
    }

    private mutating func decodeHeader(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> DecodedLine {
        do {
            let value = try JSONParser().parse(line).value
            header = try RecordingHeader(json: value)
            headerSeen = true
            return .header(header)
        } catch let error as JSONParseError {
            return .fatal(
                .badHeader(file: file, line: lineNumber, message: "invalid JSON: \(error.message) at column \(error.position.column)"))
        } catch let error as LineProblemMessage {
            return .fatal(.badHeader(file: file, line: lineNumber, message: error.description))
        } catch {
            return .fatal(.badHeader(file: file, line: lineNumber, message: "\(error)"))
        }
    }
}

/// Whether a line holds only spaces and tabs.
func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    for c in line where c != 0x20 && c != 0x09 && c != 0x0D { return false }
    return true
}
