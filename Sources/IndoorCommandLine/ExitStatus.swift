/// The tool's exit statuses (`indoornav help` and the README list them).
public enum ExitStatus {
    /// The command did what was asked.
    public static let success: Int32 = 0
    /// A runtime failure: a file could not be read or written, or its data is unusable.
    public static let failure: Int32 = 1
    /// Not found: no route, an unknown place or id, a walk that did not arrive.
    public static let notFound: Int32 = 2
    /// A usage error: unknown, repeated or malformed options or arguments (BSD `EX_USAGE`).
    public static let usage: Int32 = 64
    /// Table check mode found declared options the command does not read (``TableCheck``).
    public static let tableMismatch: Int32 = 70
}

/// A runtime failure about the user's files or data, said as a sentence (exit status 1).
public struct ToolFailure: Error, CustomStringConvertible {
    /// What went wrong, as a sentence.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Something the user asked for is not there: a place, an id, a route (exit status 2).
public struct NotFound: Error, CustomStringConvertible {
    /// What went wrong, as a sentence.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
