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

    /// Commands with a usage text of their own (the others are described by their lines of the overview).
    static let usageTexts: [String: String] = [
        "beacons": BeaconsCommand.usage, "eval": EvalCommand.usage, "eval-providers": EvalProvidersCommand.usage,
        "import": ImportCommand.usage, "serve": ServeCommand.usage, "simulate": SimulateCommand.usage,
        "survey": SurveyCommand.usage, "view": ViewCommand.usage,
    ]

    /// The help of one command: its usage text, else its lines of the overview.
    static func help(for name: String) -> String {
        if let text = usageTexts[name] { return text }
        var lines: [String] = []
        var inCommand = false
        for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  \(name) ") { inCommand = true } else if !line.hasPrefix("      ") { inCommand = false }
            if inCommand { lines.append(String(line)) }
        }
        return "usage: indoornav " + lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n  ")
    }

    static func run(_ argv: [String]) throws -> Int32 {
        guard let name = argv.first, name != "help", name != "--help", name != "-h" else {
            if argv.count >= 2, argv[0] == "help" {
                guard table[argv[1]] != nil else { throw UsageError("help: unknown command '\(argv[1])'\n\(usage)") }
                print(help(for: argv[1]))
                return 0
            }
            print(usage)
            return argv.isEmpty ? 1 : 0
        }
        guard let command = table[name] else { throw UsageError("unknown command '\(name)'\n\(usage)") }
        if argv.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(help(for: name))
            return 0
        }
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
