/// Where in a source a problem was found: file, optional line, feature id and field.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file (or archive member) path.
    public var file: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// The feature's id, when the problem is in one.
    public var featureID: String?
    /// The field at fault (`properties.level_id`), when known.
    public var field: String?

    /// A location; only the file is required.
    public init(file: String, line: Int? = nil, featureID: String? = nil, field: String? = nil) {
        self.file = file; self.line = line; self.featureID = featureID; self.field = field
    }

    /// `file[:line]: feature-id: field` — the prefix of every venue message.
    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        if let featureID { s += ": \(featureID)" }
        if let field { s += ": \(field)" }
        return s
    }
}

/// Everything that can go wrong loading, validating or querying a venue. Each case says where.
public enum VenueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file the format requires is absent.
    case missingFile(path: String)
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// JSON syntax error at a line and column.
    case malformedJSON(path: String, line: Int, column: Int, reason: String)
    /// A feature (or the file's top level) has a missing or wrong-typed field or bad geometry.
    case invalidFeature(SourceLocation, problem: String)
    /// A feature refers to an id that does not exist.
    case danglingReference(SourceLocation, targetID: String)
    /// A folder is not in any venue format IndoorNav reads.
    case unsupportedFormat(path: String, reason: String)
    /// Nothing is at the path given as a venue (no folder, archive or file).
    case noSuchPath(path: String)
    /// A lookup found nothing: `kind` is `level`, `space`, `poi`, `building` or `venue`.
    case notFound(kind: String, id: String)
    /// A reference matches several features of `kind` (two levels with one ordinal or short name).
    case ambiguous(kind: String, reference: String, candidates: [String])
    /// An archive file (`.zip`) could not be unpacked.
    case badArchive(path: String, reason: String)

    /// `path[:line[:column]]: problem`, one sentence naming the file and what is wrong.
    public var description: String {
        switch self {
        case .missingFile(let p): "\(p): required file is missing"
        case .noSuchPath(let p): "\(p): no such folder or archive"
        case .unreadable(let p, let r): "\(p): cannot read: \(r)"
        case .malformedJSON(let p, let l, let c, let r): "\(p):\(l):\(c): malformed JSON: \(r)"
        case .invalidFeature(let loc, let problem): "\(loc): \(problem)"
        case .danglingReference(let loc, let target): "\(loc): refers to unknown id '\(target)'"
        case .unsupportedFormat(let p, let r): "\(p): not a venue IndoorNav can read: \(r)"
        case .notFound(let kind, let id): "no \(kind) with id '\(id)'"
        case .ambiguous(let kind, let reference, let candidates):
            "\(kind) '\(reference)' is ambiguous: it matches \(candidates.joined(separator: ", ")); use one of these ids"
        case .badArchive(let path, let reason): "\(path): not a readable zip archive: \(reason)"
        }
    }
}

/// A problem found while loading or validating a venue that did not stop it from loading.
///
/// Loaders skip a feature they cannot use and record an `.error` issue for it; things they tolerate
/// (trailing commas, unknown files or properties) are `.warning`s. `indoornav venue validate` exits 1
/// when any `.error` issue exists.
public struct VenueIssue: Hashable, Sendable, CustomStringConvertible {
    /// How bad an issue is: a warning is tolerated, an error skipped the feature.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// `warning`: tolerated input; `error`: a feature that was skipped.
        case warning, error
        /// Warnings sort before errors.
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }
    /// Whether the feature was tolerated or skipped.
    public var severity: Severity
    /// Where in the source the problem is.
    public var location: SourceLocation
    /// What is wrong, as a sentence about the input.
    public var message: String

    /// An issue of the given severity.
    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity; self.location = location; self.message = message
    }

    /// A tolerated problem at `location`.
    public static func warning(_ location: SourceLocation, _ message: String) -> VenueIssue { VenueIssue(.warning, location, message) }
    /// A problem that made the loader skip the feature at `location`.
    public static func error(_ location: SourceLocation, _ message: String) -> VenueIssue { VenueIssue(.error, location, message) }

    /// `file: feature-id: problem`.
    public var description: String { "\(location): \(message)" }
}
