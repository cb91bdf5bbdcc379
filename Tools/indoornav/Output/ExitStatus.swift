/// The tool's exit statuses (`indoornav help` and the README list them).
enum ExitStatus {
    /// The command did what was asked.
    static let success: Int32 = 0
    /// A runtime failure: a file could not be read or written, or its data is unusable.
    static let failure: Int32 = 1
    /// Not found: no route, an unknown place or id, a walk that did not arrive.
    static let notFound: Int32 = 2
    /// A usage error: unknown, repeated or malformed options or arguments (BSD `EX_USAGE`).
    static let usage: Int32 = 64
}

/// The tool's semantic version, kept here only (`indoornav --version`, the help and docs/cli.md show it).
enum ToolVersion {
    static let semantic = "0.9.0"
}

/// A runtime failure about the user's files or data, said as a sentence (exit status 1).
struct ToolFailure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Something the user asked for is not there: a place, an id, a route (exit status 2).
struct NotFound: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
