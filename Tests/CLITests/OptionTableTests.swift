import Foundation
import Testing

/// The option tables: every command explains itself, unknown and repeated flags are refused with a
/// suggestion, and the version is semantic.
@Suite struct OptionTableTests {
    /// Every command and subcommand the overview lists (`replay`, `venue inspect`, …).
    static func listedCommands() throws -> [[String]] {
        let overview = try CLIRunner.run(["help"]).stdout
        let body = overview.components(separatedBy: "commands:\n").dropFirst().first ?? ""
        var commands: [[String]] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("  ") else { break }
            let words = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            commands.append(words.split(separator: " ").map(String.init))
        }
        return commands
    }

    @Test func theOverviewListsEveryCommandWithReplayFirst() throws {
        let commands = try Self.listedCommands()
        #expect(commands.first == ["replay"])
        for expected in [
            ["route"], ["eval"], ["eval-providers"], ["survey"], ["serve"], ["view"], ["simulate"], ["scenarios"],
            ["beacons", "audit"], ["import", "ilc"], ["import", "ipin"], ["import", "beacons-ipin"],
            ["venue", "inspect"], ["venue", "validate"], ["venue", "at"], ["venue", "graph"], ["venue", "render"],
            ["venue", "generate"], ["venue", "store"], ["bench", "read"], ["bench", "route"], ["bench", "filter"],
            ["bench", "providers"], ["bench", "fusion"], ["bench", "reach"],
        ] {
            #expect(commands.contains(expected), "\(expected) missing from \(commands)")
        }
    }

    @Test func everyCommandAndSubcommandHasHelpWithOptionsAndExitStatus() throws {
        for command in try Self.listedCommands() {
            let flag = try CLIRunner.run(command + ["--help"])
            #expect(flag.status == 0, "\(command): \(flag.stderr)")
            #expect(flag.stdout.hasPrefix("usage: indoornav \(command.joined(separator: " "))"), "\(command): \(flag.stdout)")
            #expect(flag.stdout.contains("\noptions:\n"), "\(command)")
            #expect(flag.stdout.contains("\nexit status:\n") && flag.stdout.contains("  64  usage error"), "\(command)")
            let viaHelp = try CLIRunner.run(["help"] + command)
            #expect(viaHelp.status == 0 && viaHelp.stdout == flag.stdout, "\(command)")
        }
    }

    @Test func everyOptionWithAValueHasAnExample() throws {
        for command in try Self.listedCommands() {
            let text = try CLIRunner.run(command + ["--help"]).stdout
            let section = text.components(separatedBy: "\noptions:\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
            // Option headers are indented two spaces; their help, default and example lines six.
            var blocks: [[String]] = []
            for line in section.split(separator: "\n").map(String.init) {
                if line.hasPrefix("  -") { blocks.append([line]) } else if !blocks.isEmpty { blocks[blocks.count - 1].append(line) }
            }
            #expect(blocks.count >= 2, "\(command): \(section)")
            for block in blocks {
                let words = block[0].replacingOccurrences(of: "  (required)", with: "").split(separator: " ")
                let takesValue = words.contains { !$0.hasPrefix("-") }
                if takesValue { #expect(block.contains { $0.hasPrefix("      example: ") }, "\(command): \(block[0]) has no example") }
            }
        }
    }

    @Test func aMisspelledOptionIsNamedWithTheNearestOne() throws {
        let r = try CLIRunner.run(["route", "Recordings/venues/campus", "--form", "am-info", "--to", "occ-staff-lounge"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("unknown option --form (did you mean --from?)"), "\(r.stderr)")
        let far = try CLIRunner.run(["scenarios", "--frobnicate"])
        #expect(far.stderr.contains("unknown option --frobnicate") && !far.stderr.contains("did you mean"), "\(far.stderr)")
        let sub = try CLIRunner.run(["venue", "inspcet", "Recordings/venues/campus"])
        #expect(sub.stderr.contains("did you mean inspect?"), "\(sub.stderr)")
        let command = try CLIRunner.run(["reply"])
        #expect(command.stderr.contains("unknown command 'reply' (did you mean replay?)"), "\(command.stderr)")
    }

    @Test func aRepeatedSingleValueOptionIsRefused() throws {
        let r = try CLIRunner.run(["route", "Recordings/venues/campus", "--from", "am-info", "--from", "x", "--to", "occ-staff-lounge"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--from given 2 times"), "\(r.stderr)")
        // Repeatable ones add up.
        let ok = try CLIRunner.run([
            "route", "Recordings/venues/campus", "--from", "am-info", "--to", "occ-staff-lounge",
            "--avoid", "stairs", "--avoid", "escalator", "--format", "json",
        ])
        #expect(ok.status == 0 || ok.status == 2, "\(ok.stderr)")
    }

    @Test func switchesTakeNoValueAndValuesAreNeverOptions() throws {
        let r = try CLIRunner.run(["scenarios", "--json=yes"])
        #expect(r.stderr.contains("--json is a switch"), "\(r.stderr)")
        let missing = try CLIRunner.run(["route", "Recordings/venues/campus", "--from", "--to", "x"])
        #expect(missing.stderr.contains("--from needs a value"), "\(missing.stderr)")
        let extra = try CLIRunner.run(["venue", "inspect", "Recordings/venues/campus", "surplus"])
        #expect(extra.stderr.contains("unexpected argument 'surplus'"), "\(extra.stderr)")
    }

    @Test func optionsMayComeBeforeTheSubcommand() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("walk.jsonl").path
        let r = try CLIRunner.run(["import", "-o", out, "ilc", "Recordings/samples/ilc-site1-B1-5ddb8a08.txt"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// Each command's first example, run in table check mode, stops once its arguments are read and
    /// names any declared option its code never reads (a table and its command that disagree).
    @Test func everyDeclaredOptionIsReadByItsCommand() throws {
        for command in try Self.listedCommands() {
            let help = try CLIRunner.run(command + ["--help"]).stdout
            let examples = help.components(separatedBy: "\nexamples:\n").dropFirst().first ?? ""
            let example = try #require(examples.split(separator: "\n").first, "\(command) has no example")
            let words = example.trimmingCharacters(in: .whitespaces).split(separator: " ").dropFirst().map(String.init)
            let r = try CLIRunner.run(words, environment: ["INDOORNAV_CHECK_OPTION_TABLE": "1"])
            #expect(r.status == 0 && r.stdout.contains("every declared option is read"), "\(command): \(r.stdout)\(r.stderr)")
        }
    }

    /// Every option whose help declares a number, and every option whose placeholder lists its words
    /// (`fastest|shortest`), refuses a malformed value with a usage error naming it, on top of its
    /// command's first example in table check mode (so the line is only parsed and read: nothing runs,
    /// no server starts, no file is written).
    @Test func everyNumberAndChoiceOptionRefusesAMalformedValue() throws {
        var checked = 0
        for command in try Self.listedCommands() {
            let help = try CLIRunner.run(command + ["--help"]).stdout
            let examples = help.components(separatedBy: "\nexamples:\n").dropFirst().first ?? ""
            let example = try #require(examples.split(separator: "\n").first, "\(command) has no example")
            let base = example.trimmingCharacters(in: .whitespaces).split(separator: " ").dropFirst().map(String.init)
            for option in Self.valueOptions(in: help) {
                let malformed: [String]
                if option.placeholder.range(of: #"^[a-z][A-Za-z0-9-]*(\|[a-z][A-Za-z0-9-]*)+$"#, options: .regularExpression) != nil {
                    malformed = ["no-such-word", option.placeholder.split(separator: "|")[0].uppercased()]
                } else if option.text.contains("(number") || option.text.contains("(whole number") {
                    malformed = ["abc", "nan", "inf", "1x"]
                } else {
                    continue
                }
                for value in malformed {
                    var words = base
                    if let index = words.firstIndex(of: option.name), index + 1 < words.count {
                        words[index + 1] = value
                    } else {
                        words += [option.name, value]
                    }
                    let r = try CLIRunner.run(words, environment: ["INDOORNAV_CHECK_OPTION_TABLE": "1"])
                    #expect(r.status == 64 && r.stderr.contains("\(option.name): "), "\(words) → \(r.status): \(r.stderr)")
                    checked += 1
                }
            }
        }
        // 73 number options and 10 choice options over 27 commands (312 values): the help must still list them.
        #expect(checked >= 300, "only \(checked) malformed values tried")
    }

    /// The options of a command's help that take a value: name, placeholder and their help text.
    static func valueOptions(in help: String) -> [(name: String, placeholder: String, text: String)] {
        let section = help.components(separatedBy: "\noptions:\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
        var blocks: [[String]] = []
        for line in section.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  -") { blocks.append([line]) } else if !blocks.isEmpty { blocks[blocks.count - 1].append(line) }
        }
        return blocks.compactMap { block in
            let words = block[0].replacingOccurrences(of: "  (required)", with: "").split(separator: " ").map(String.init)
            guard words.count == 2, let name = words.first(where: { $0.hasPrefix("--") }) else { return nil }
            return (name, words[1], block.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
        }
    }

    @Test func numericRangesComeFromTheTableAndAreEnforced() throws {
        let help = try CLIRunner.run(["scenarios", "--help"]).stdout
        #expect(help.contains("seeded walks per scenario (whole number 1–10000); default: 20"), "\(help)")
        let low = try CLIRunner.run(["scenarios", "--seeds", "0"])
        #expect(low.status == 64 && low.stderr.contains("--seeds: 0 is outside 1...10000"), "\(low.stderr)")
        let notWhole = try CLIRunner.run(["scenarios", "--seeds", "2.5"])
        #expect(notWhole.status == 64 && notWhole.stderr.contains("not a whole number"), "\(notWhole.stderr)")
        let negativeSeed = try CLIRunner.run(["bench", "reach", "Recordings/venues/campus", "--seed", "-1"])
        #expect(negativeSeed.status == 64 && negativeSeed.stderr.contains("--seed: -1 is below 0"), "\(negativeSeed.stderr)")
    }

    @Test func versionIsSemantic() throws {
        let r = try CLIRunner.run(["--version"])
        #expect(r.status == 0)
        let version = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.range(of: #"^indoornav [0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil, "\(version)")
    }
}

/// The README's tool block and docs/cli.md are the option tables' output, so they cannot drift.
@Suite struct ReferenceDocumentTests {
    @Test func theReadmeToolBlockIsGeneratedFromTheOptionTables() throws {
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let generated = try CLIRunner.run(["help", "--markdown"])
        #expect(generated.status == 0)
        let begin = try #require(readme.range(of: "<!-- tool-reference:begin"))
        let end = try #require(readme.range(of: "<!-- tool-reference:end -->\n"))
        let block = String(readme[begin.lowerBound..<end.upperBound])
        #expect(
            block == generated.stdout, "README.md's tool block differs from `indoornav help --markdown`; regenerate with `make reference`")
        // replay first, every listed command in it.
        let firstCommand = block.split(separator: "\n").first { $0.hasPrefix("indoornav ") }
        #expect(firstCommand?.hasPrefix("indoornav replay ") == true)
        for command in try OptionTableTests.listedCommands() {
            #expect(block.contains("indoornav \(command.joined(separator: " ")) "), "\(command) missing from the README")
        }
    }

    @Test func docsCliIsGeneratedFromTheOptionTables() throws {
        let file = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let generated = try CLIRunner.run(["help", "--markdown", "--full"])
        #expect(generated.status == 0)
        #expect(file == generated.stdout, "docs/cli.md differs from `indoornav help --markdown --full`; regenerate with `make reference`")
        for option in ["--from", "--cross-validate", "--state-file", "--fingerprint-option", "--queries-out", "--beacons-out"] {
            #expect(file.contains("`\(option) "), "\(option)")
        }
    }
}
