/// A problem with one line of a recording file: which file, which line, what is wrong.
public struct RecordingLineIssue: Hashable, Sendable, CustomStringConvertible, Error {
    /// The file (path or a name given by the caller).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// The record type named on the line (`TYPE_WIFI`, `ACCE`, `acc`), when it could be read.
    public var recordType: String?
    /// What is wrong, e.g. "field 3 (x): 'abc' is not a number".
    public var message: String

    /// An issue.
    public init(file: String, line: Int, recordType: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.recordType = recordType
        self.message = message
    }

    /// `file:line: [TYPE] message`.
    public var description: String {
        "\(file):\(line): " + (recordType.map { "\($0): " } ?? "") + message
    }
}

/// The errors of the Recordings module.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened, read or written.
    case io(file: String, message: String)
    /// The file holds no records at all.
    case emptyFile(file: String)
    /// The content is not in the format the caller asked for (e.g. an IPIN logfile handed to the ILC importer).
    case wrongFormat(file: String, expected: RecordingFormat, found: RecordingFormat?)
    /// The format of the content could not be recognised.
    case unrecognisedFormat(file: String, firstLine: String)
    /// The canonical header is missing, malformed or of an unsupported version.
    case badHeader(file: String, line: Int, message: String)
    /// A line could not be read (strict mode stops at the first one).
    case malformedLine(RecordingLineIssue)
    /// A beacon registry entry (or the file itself) is invalid.
    case beaconRegistry(file: String, entry: String?, field: String?, message: String)
    /// A configuration value is outside its valid range.
    case invalidConfiguration(field: String, message: String)
    /// A sample arrived too late for the reorder window (strict playback only).
    case sampleTooLate(file: String, line: Int, timeSeconds: Double, alreadyEmittedSeconds: Double)
    /// The source cannot go back in time (seeking backwards needs a rewindable source).
    case cannotRewind(source: String)

    /// A human-readable message naming the file and place.
    public var description: String {
        switch self {
        case .io(let file, let message): "\(file): \(message)"
        case .emptyFile(let file): "\(file): the file is empty (no records)"
        case .wrongFormat(let file, let expected, let found):
            if let found {
                "\(file): this looks like \(found.articleName), not \(expected.articleName)"
            } else {
                "\(file): this is not \(expected.articleName) (format not recognised)"
            }
        case .unrecognisedFormat(let file, let firstLine):
            "\(file): unrecognised format (first line: \(firstLine.prefix(80)))"
        case .badHeader(let file, let line, let message): "\(file):\(line): header: \(message)"
        case .malformedLine(let issue): issue.description
        case .beaconRegistry(let file, let entry, let field, let message):
            "\(file): " + (entry.map { "beacon \($0): " } ?? "") + (field.map { "\($0): " } ?? "") + message
        case .invalidConfiguration(let field, let message): "\(field): \(message)"
        case .sampleTooLate(let file, let line, let t, let emitted):
            "\(file):\(line): sample at \(t) s arrived after \(emitted) s was already played (outside the reorder window)"
        case .cannotRewind(let source): "\(source): cannot seek backwards in this source"
        }
    }
}
