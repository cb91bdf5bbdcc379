import Foundation
import IndoorJSON

/// A program's commands: what `main` runs, resolves `PROGRAM GROUP SUB …` against, and generates every
/// help text and reference from (``CommandHelp``).
public struct CommandTable: Sendable {
    /// The program's name as the user types it (`indoornav`).
    public let program: String
    /// Its version (`--version`, the help and the reference show it).
    public let version: String
    /// Every command, in help order; each spec's ``CommandSpec/program`` is this table's.
    public let commands: [CommandSpec]
    /// Command groups (`venue`, `bench`): a name and one line saying what its subcommands do.
    public let groups: [(name: String, summary: String)]
    /// Exit statuses beyond the standard ones that the overview lists.
    public let exitCodes: [(Int32, String)]
    /// Exit statuses beyond the standard ones that the README block lists.
    public let readmeExitCodes: [(Int32, String)]
    /// Sentences after the README block's exit statuses.
    public let readmeNote: String

    /// A table of `commands` for `program`.
    public init(
        program: String, version: String, commands: [CommandSpec], groups: [(name: String, summary: String)] = [],
        exitCodes: [(Int32, String)] = [], readmeExitCodes: [(Int32, String)] = [], readmeNote: String = ""
    ) {
        self.program = program
        self.version = version
        self.commands = commands.map { spec in
            var spec = spec
            spec.program = program
            return spec
        }
        self.groups = groups
        self.exitCodes = exitCodes
        self.readmeExitCodes = readmeExitCodes
        self.readmeNote = readmeNote
    }

    /// The command at `path` (`["venue", "inspect"]`).
    public func spec(_ path: [String]) -> CommandSpec? { commands.first { $0.path == path } }

    /// The subcommands of `group`, in table order.
    public func subcommands(of group: String) -> [CommandSpec] {
        commands.filter { $0.path.count == 2 && $0.path[0] == group }
    }

    /// The first words of every command, each once, in table order.
    public var topLevelNames: [String] {
        var names: [String] = []
        for spec in commands where !names.contains(spec.path[0]) { names.append(spec.path[0]) }
        return names
    }

    /// What a command line names: a command with the arguments after its name, or a group without a
    /// (known) subcommand.
    public enum Target {
        /// A command and the arguments after its name.
        case command(CommandSpec, rest: [String])
        /// A group and what followed it.
        case group(String, rest: [String])
    }

    /// The command or group `argv` names; a group's options may come before its subcommand.
    public func resolve(_ argv: [String]) throws(UsageError) -> Target {
        guard let name = argv.first else { throw UsageError("missing command\n\(CommandHelp.overview(self))") }
        if groups.contains(where: { $0.name == name }) {
            var rest = Array(argv.dropFirst())
            let names = Set(subcommands(of: name).map { $0.path[1] })
            if let first = rest.first, Arguments.looksLikeOption(first), let at = rest.firstIndex(where: names.contains) {
                rest.insert(rest.remove(at: at), at: 0)
            }
            guard let sub = rest.first, !Arguments.looksLikeOption(sub) else { return .group(name, rest: rest) }
            guard let spec = spec([name, sub]) else {
                let names = subcommands(of: name).map { $0.path[1] }
                let hint = Suggestion.nearest(to: sub, among: names).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("\(name): unknown subcommand '\(sub)'\(hint); expected one of \(names.joined(separator: ", "))")
            }
            return .command(spec, rest: Array(rest.dropFirst()))
        }
        guard let spec = spec([name]) else {
            let hint = Suggestion.nearest(to: name, among: topLevelNames).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown command '\(name)'\(hint); \(program) help lists the commands")
        }
        return .command(spec, rest: Array(argv.dropFirst()))
    }

    /// Runs the command `argv` names (or prints the help, the version) and returns its exit status. With
    /// `checksTables` the command stops after reading its arguments (``TableCheck``).
    public func run(_ argv: [String], checksTables: Bool = false) throws -> Int32 {
        guard let first = argv.first else { throw UsageError("missing command\n\(CommandHelp.overview(self))") }
        switch first {
        case "--version", "version":
            print("\(program) \(version)")
            return ExitStatus.success
        case "--help", "-h":
            print(CommandHelp.overview(self))
            return ExitStatus.success
        case "help":
            return try help(Array(argv.dropFirst()))
        default: break
        }
        let wantsHelp = argv.contains { $0 == "--help" || $0 == "-h" }
        switch try resolve(argv) {
        case .group(let name, _):
            if wantsHelp {
                print(CommandHelp.groupText(name, in: self))
                return ExitStatus.success
            }
            let names = subcommands(of: name).map { $0.path[1] }
            throw UsageError(
                "\(name): expected a subcommand, one of \(names.joined(separator: ", "))\n\(CommandHelp.groupText(name, in: self))")
        case .command(let spec, let rest):
            if wantsHelp {
                print(CommandHelp.text(spec))
                return ExitStatus.success
            }
            var args = try Arguments(rest, spec: spec)
            args.checksTable = checksTables
            let status = try spec.run(&args)
            try args.finish()
            return status
        }
    }

    /// `PROGRAM help [CMD [SUB]]`, `help --markdown` (the README block) and `help --markdown --full`
    /// (the full reference).
    public func help(_ argv: [String]) throws(UsageError) -> Int32 {
        if argv.first == "--markdown" {
            let rest = argv.dropFirst()
            guard rest.isEmpty || rest == ["--full"] else { throw UsageError("help --markdown: expected nothing or --full after it") }
            print(rest.isEmpty ? CommandHelp.readmeBlock(self) : CommandHelp.fullReference(self), terminator: "")
            return ExitStatus.success
        }
        guard !argv.isEmpty else {
            print(CommandHelp.overview(self))
            return ExitStatus.success
        }
        switch try resolve(argv) {
        case .group(let name, let rest):
            guard rest.isEmpty else { throw UsageError("help: unexpected '\(rest[0])'") }
            print(CommandHelp.groupText(name, in: self))
        case .command(let spec, let rest):
            guard rest.isEmpty else { throw UsageError("help: unexpected '\(rest[0])' after \(spec.path.joined(separator: " "))") }
            print(CommandHelp.text(spec))
        }
        return ExitStatus.success
    }

    /// Runs `argv` and turns what it throws into the exit status and a message on standard error
    /// (``exitStatus(program:_:)``). With `INDOORNAV_CHECK_OPTION_TABLE=1` in the environment the command
    /// runs in table check mode.
    public func main(_ argv: [String]) -> Int32 {
        Self.exitStatus(program: program) { () throws -> Int32 in
            try run(argv, checksTables: ProcessInfo.processInfo.environment["INDOORNAV_CHECK_OPTION_TABLE"] == "1")
        }
    }

    /// A program of one command (`path` empty): `--help` prints its help, anything else is parsed against
    /// `spec` and run; errors become exit statuses as in ``main(_:)``.
    public static func main(single spec: CommandSpec, program: String, _ argv: [String]) -> Int32 {
        var spec = spec
        spec.program = program
        return exitStatus(program: program) { () throws -> Int32 in
            if argv.contains(where: { $0 == "--help" || $0 == "-h" }) {
                print(CommandHelp.text(spec))
                return ExitStatus.success
            }
            var args = try Arguments(argv, spec: spec)
            let status = try spec.run(&args)
            try args.finish()
            return status
        }
    }

    /// What `body` returns, or the exit status of what it throws, with a message on standard error:
    /// usage errors 64, ``NotFound`` 2, a table check 0 or 70, anything else 1 (`IOErrorText.sentence`).
    static func exitStatus(program: String, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let error as UsageError {
            warn("\(program): \(error)")
            return ExitStatus.usage
        } catch let check as TableCheck {
            print(check)
            return check.unread.isEmpty ? ExitStatus.success : ExitStatus.tableMismatch
        } catch let error as NotFound {
            warn("\(program): \(error)")
            return ExitStatus.notFound
        } catch {
            warn("\(program): \(IOErrorText.sentence(error))")
            return ExitStatus.failure
        }
    }
}

/// Writes `text` and a newline to standard error.
public func warn(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
