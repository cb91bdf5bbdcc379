import Foundation
import IndoorCommandLine
import Testing

/// Resolving command lines against a program's table, and the texts generated from it.
@Suite struct CommandTableTests {
    static func command(_ path: [String], _ summary: String) -> CommandSpec {
        CommandSpec(path: path, summary: summary, options: [.flag("--json", "JSON out")], examples: [path.joined(separator: " ")]) { args in
            args.flag("--json") ? 3 : 0
        }
    }

    static let table = CommandTable(
        program: "demo", version: "1.2.3",
        commands: [
            command(["route"], "plan a route"), command(["venue", "inspect"], "show a venue"), command(["venue", "render"], "draw"),
        ],
        groups: [("venue", "venue tools")], exitCodes: [(2, "not found")], readmeNote: ". See the docs.")

    @Test func commandsAndGroupsResolve() throws {
        guard case .command(let spec, let rest) = try Self.table.resolve(["venue", "--json", "inspect"]) else {
            Issue.record("not a command")
            return
        }
        #expect(spec.path == ["venue", "inspect"] && rest == ["--json"] && spec.name == "demo venue inspect")
        guard case .group(let name, _) = try Self.table.resolve(["venue"]) else { Issue.record("not a group"); return }
        #expect(name == "venue")
        #expect(try Self.table.run(["route", "--json"]) == 3)
        #expect(try Self.table.run(["route"]) == 0)
    }

    @Test(arguments: [
        (["rout"], "unknown command 'rout' (did you mean route?); demo help lists the commands"),
        (["venue", "inspekt"], "venue: unknown subcommand 'inspekt' (did you mean inspect?); expected one of inspect, render"),
        (["route", "--jsn"], "unknown option --jsn (did you mean --json?); demo route --help lists the options"),
    ])
    func unknownNamesAreAnsweredWithTheNearest(_ argv: [String], _ message: String) {
        do {
            _ = try Self.table.run(argv)
            Issue.record("\(argv) ran")
        } catch let error as UsageError {
            #expect(error.message == message)
        } catch { Issue.record("\(error)") }
    }

    @Test func exitStatusesFollowWhatIsThrown() {
        #expect(Self.table.main(["route"]) == ExitStatus.success)
        #expect(Self.table.main(["nope"]) == ExitStatus.usage)
        let failing = CommandSpec(path: [], summary: "fails") { _ in throw NotFound("no such place") }
        #expect(CommandTable.main(single: failing, program: "one", []) == ExitStatus.notFound)
        #expect(CommandTable.main(single: failing, program: "one", ["--help"]) == ExitStatus.success)
        #expect(CommandTable.main(single: failing, program: "one", ["--bad"]) == ExitStatus.usage)
    }

    @Test func textsComeFromTheTable() {
        let overview = CommandHelp.overview(Self.table)
        #expect(overview.hasPrefix("usage: demo <command> [options]   (demo 1.2.3)"))
        #expect(overview.contains("venue inspect") && overview.contains("  2   not found"))
        let group = CommandHelp.groupText("venue", in: Self.table)
        #expect(group.contains("inspect") && group.contains("render") && !group.contains("route"))
        let readme = CommandHelp.readmeBlock(Self.table)
        #expect(readme.hasPrefix(CommandHelp.readmeBegin(Self.table)) && readme.hasSuffix(CommandHelp.readmeEnd + "\n"))
        #expect(readme.contains(". See the docs."))
        let reference = CommandHelp.fullReference(Self.table)
        #expect(reference.contains("## venue render") && reference.contains("demo venue render") && reference.contains("Version 1.2.3"))
    }
}
