import Foundation

/// The command table: the first argument picks a command, the rest is its own.
enum Commands {
    /// Every top-level command and the function that runs it (arguments after the command name).
    static let table: [String: @Sendable (inout Arguments) throws -> Int32] = [
        "venue": VenueCommand.run,
        "import": ImportCommand.run,
        "bench": BenchCommand.run,
        "route": RouteCommand.run,
        "scenarios": ScenariosCommand.run,
        "eval-providers": EvalProvidersCommand.run,
        "eval": EvalCommand.run,
        "beacons": BeaconsCommand.run,
        "simulate": SimulateCommand.run,
        "replay": ReplayCommand.run,
        "serve": ServeCommand.run,
        "survey": SurveyCommand.run,
        "view": ViewCommand.run,
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        guard let name = argv.first, name != "help", name != "--help", name != "-h" else {
            print(usage)
            return argv.isEmpty ? 1 : 0
        }
        guard let command = table[name] else { throw UsageError("unknown command '\(name)'\n\(usage)") }
        var args = Arguments(Array(argv.dropFirst()))
        return try command(&args)
    }
}

/// Writes text to standard output or a file.
func emit(_ text: String, to path: String?) throws {
    if let path {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } else {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Prints to standard error.
func warn(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
