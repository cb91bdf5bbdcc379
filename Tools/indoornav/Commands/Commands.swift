import Foundation

/// The command table: every command's ``CommandSpec``, in the order the help and the README list them.
enum Commands {
    /// Every command and subcommand (`replay` first: it is what `make demo` runs).
    static let all: [CommandSpec] = [
        ReplayCommand.spec, RouteCommand.spec, SimulateCommand.spec, ViewCommand.spec, ServeCommand.spec,
        EvalCommand.spec, EvalProvidersCommand.spec, SurveyCommand.spec, BeaconsCommand.auditSpec,
        ImportCommand.recordingSpec(.ilc), ImportCommand.recordingSpec(.ipin), ImportCommand.beaconsSpec,
        VenueInspectCommand.spec, VenueValidateCommand.spec, VenueAtCommand.spec, VenueGraphCommand.spec,
        VenueRenderCommand.spec, VenueGenerateCommand.spec, VenueStoreCommand.spec,
        ScenariosCommand.spec,
        BenchCommand.readSpec, RouteBench.spec, FilterBench.spec, ProvidersBench.spec, FusionBench.spec, ReachBench.spec,
    ]

    /// Commands made of subcommands, with what they are for.
    static let groups: [(name: String, summary: String)] = [
        ("import", "convert public recordings and beacon lists to IndoorNav's formats"),
        ("venue", "venue model tools: inspect, validate, query, export, render, generate, install"),
        ("beacons", "beacon registry tools"),
        ("bench", "benchmarks"),
    ]

    /// The spec whose path is `path`.
    static func spec(_ path: [String]) -> CommandSpec? { all.first { $0.path == path } }

    /// The subcommands of a group, in table order.
    static func subcommands(of group: String) -> [CommandSpec] { all.filter { $0.path.count == 2 && $0.path[0] == group } }

    /// Top-level names (commands and groups), in table order.
    static var topLevelNames: [String] {
        var names: [String] = []
        for spec in all where !names.contains(spec.path[0]) { names.append(spec.path[0]) }
        return names
    }

    /// What `argv` names: a command and its remaining arguments, or a group without a (known) subcommand.
    enum Target {
        case command(CommandSpec, rest: [String])
        case group(String, rest: [String])
    }

    /// Finds the command `argv` names; an unknown name is a usage error with a suggestion.
    static func resolve(_ argv: [String]) throws(UsageError) -> Target {
        guard let name = argv.first else { throw UsageError("missing command\n\(overview)") }
        if groups.contains(where: { $0.name == name }) {
            var rest = Array(argv.dropFirst())
            // Options may come before the subcommand (`import -o rec.jsonl ilc walk.txt`).
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
            throw UsageError("unknown command '\(name)'\(hint); indoornav help lists the commands")
        }
        return .command(spec, rest: Array(argv.dropFirst()))
    }

    static func run(_ argv: [String]) throws -> Int32 {
        guard let first = argv.first else { throw UsageError("missing command\n\(overview)") }
        switch first {
        case "--version", "version":
            print("indoornav \(ToolVersion.semantic)")
            return 0
        case "--help", "-h":
            print(overview)
            return 0
        case "help":
            return try help(Array(argv.dropFirst()))
        default: break
        }
        let wantsHelp = argv.contains { $0 == "--help" || $0 == "-h" }
        switch try resolve(argv) {
        case .group(let name, _):
            if wantsHelp {
                print(CommandHelp.groupText(name))
                return 0
            }
            let names = subcommands(of: name).map { $0.path[1] }
            throw UsageError("\(name): expected a subcommand, one of \(names.joined(separator: ", "))\n\(CommandHelp.groupText(name))")
        case .command(let spec, let rest):
            if wantsHelp {
                print(CommandHelp.text(spec))
                return 0
            }
            var args = try Arguments(rest, spec: spec)
            args.checksTable = ProcessInfo.processInfo.environment["INDOORNAV_CHECK_OPTION_TABLE"] == "1"
            let status = try spec.run(&args)
            try args.finish()
            return status
        }
    }

    /// `indoornav help [CMD [SUBCMD]]`, `indoornav help --markdown [--full]`.
    static func help(_ argv: [String]) throws(UsageError) -> Int32 {
        if argv.first == "--markdown" {
            let rest = argv.dropFirst()
            guard rest.isEmpty || rest == ["--full"] else { throw UsageError("help --markdown: expected nothing or --full after it") }
            print(rest.isEmpty ? CommandHelp.readmeBlock() : CommandHelp.fullReference(), terminator: "")
            return 0
        }
        guard !argv.isEmpty else {
            print(overview)
            return 0
        }
        switch try resolve(argv) {
        case .group(let name, let rest):
            guard rest.isEmpty else { throw UsageError("help: unexpected '\(rest[0])'") }
            print(CommandHelp.groupText(name))
        case .command(let spec, let rest):
            guard rest.isEmpty else { throw UsageError("help: unexpected '\(rest[0])' after \(spec.path.joined(separator: " "))") }
            print(CommandHelp.text(spec))
        }
        return 0
    }

    /// `indoornav help`: every command with its one-line summary.
    static var overview: String { CommandHelp.overview() }
}

/// Writes text to standard output, or to a file through ``OutputFile`` (never half-written).
func emit(_ text: String, to path: String?) throws {
    if let path {
        try OutputFile.write(text, to: path)
    } else {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Prints to standard error.
func warn(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
