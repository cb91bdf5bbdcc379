import Foundation

/// `indoornav` — the command-line face of IndoorNav. Commands and their options: ``Commands/all``.
let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
do {
    exitCode = try Commands.run(arguments)
} catch let error as UsageError {
    warn("indoornav: \(error)")
    exitCode = 1
} catch {
    warn("indoornav: \(error)")
    exitCode = 1
}
exit(exitCode)
