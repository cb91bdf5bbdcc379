/// A bad command line: what is wrong, naming the flag or argument (exit status 64).
public struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, naming the flag or argument.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
