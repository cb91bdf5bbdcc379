/// The outcome of running a command in table check mode (`INDOORNAV_CHECK_OPTION_TABLE=1`): the command
/// stops where it has read its arguments, before any work, and names the declared options it never read,
/// so a test can prove each table and its command's code agree (exit 0 when they do, 70 otherwise).
public struct TableCheck: Error, CustomStringConvertible {
    /// The command checked.
    public var command: String
    /// The declared options it did not read.
    public var unread: [String]
    /// What the check found, as a sentence.
    public var description: String {
        unread.isEmpty
            ? "\(command): every declared option is read"
            : "\(command): declares \(unread.joined(separator: ", ")) but does not read \(unread.count == 1 ? "it" : "them")"
    }
}
