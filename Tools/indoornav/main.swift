import Foundation

/// `indoornav` — the command-line face of IndoorNav. Commands and their options: ``Commands/all``;
/// exit statuses: ``ExitStatus``.
let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
do {
    exitCode = try Commands.run(arguments)
} catch let error as UsageError {
    warn("indoornav: \(error)")
    exitCode = ExitStatus.usage
} catch let check as TableCheck {
    print(check)
    exitCode = check.unread.isEmpty ? ExitStatus.success : 70
} catch let error as NotFound {
    warn("indoornav: \(error)")
    exitCode = ExitStatus.notFound
} catch {
    warn("indoornav: \(ErrorText.sentence(error))")
    exitCode = ExitStatus.failure
}
exit(exitCode)
