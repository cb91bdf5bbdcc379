import Foundation
import IndoorCommandLine

/// `indoornav` — the command-line face of IndoorNav. Commands and their options: ``Commands/table``;
/// exit statuses: ``ExitStatus``.
exit(Commands.table.main(Array(CommandLine.arguments.dropFirst())))
