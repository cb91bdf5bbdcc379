import Foundation

/// Help texts and the README's tool reference, generated from the ``CommandSpec`` tables of a
/// ``CommandTable``.
public enum CommandHelp {
    /// Exit statuses every command shares (a command's own meanings of 2 and others are in its spec).
    public static let standardExitCodes: [(Int32, String)] = [
        (ExitStatus.success, "success"),
        (ExitStatus.failure, "a file could not be read or written, or its data is unusable"),
        (ExitStatus.usage, "usage error: an unknown, repeated or malformed option or argument"),
    ]

    /// The exit statuses of one command, in order.
    public static func exitCodes(_ spec: CommandSpec) -> [(Int32, String)] {
        (standardExitCodes + spec.exitNotes.map { ($0.key, $0.value) }).sorted { $0.0 < $1.0 }
    }

    /// `indoornav route VENUE --from PLACE --to PLACE… [--via PLACE…] … [--json]`, every option shown.
    public static func synopsis(_ spec: CommandSpec) -> String { synopsisParts(spec).joined(separator: " ") }

    /// The words of the synopsis; a bracketed option is one part, never split across lines.
    public static func synopsisParts(_ spec: CommandSpec) -> [String] {
        var parts = [spec.name]
        for p in spec.positionals {
            let word = p.isRepeated ? "\(p.name)…" : p.name
            parts.append(p.isRequired ? word : "[\(word)]")
        }
        for o in spec.options where o.isRequired { parts.append(o.shortSynopsis) }
        for o in spec.options where !o.isRequired { parts.append("[\(o.shortSynopsis)]") }
        return parts
    }

    /// The synopsis wrapped at `width` columns, continuation lines indented by `indent` spaces.
    public static func wrappedSynopsis(_ spec: CommandSpec, width: Int, indent: Int) -> String {
        wrap(parts: synopsisParts(spec), width: width, indent: indent)
    }

    /// `text` wrapped at `width` columns, continuation lines indented by `indent` spaces.
    public static func wrap(_ text: String, width: Int = 100, indent: Int) -> String {
        wrap(parts: text.split(separator: " ").map(String.init), width: width, indent: indent)
    }

    /// Parts joined by spaces, wrapped at `width` columns between parts.
    public static func wrap(parts: [String], width: Int, indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in parts {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += line.isEmpty ? word : " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// `indoornav CMD --help`.
    public static func text(_ spec: CommandSpec) -> String {
        var out = "usage: " + wrappedSynopsis(spec, width: 100, indent: 7 + spec.name.count + 1) + "\n\n"
        out += spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ".\n"
        if !spec.positionals.isEmpty {
            out += "\narguments:\n"
            for p in spec.positionals {
                out += "  \(p.isRepeated ? p.name + "…" : p.name)\n"
                out += "      " + wrap(p.help + (p.isRequired ? "" : " (optional)"), width: 94, indent: 6) + "\n"
            }
        }
        out += "\noptions:\n"
        for o in spec.options {
            out += "  \(o.synopsis)\(o.isRequired ? "  (required)" : "")\n"
            var detail = o.help
            if let k = o.kindText { detail += " (\(k))" }
            if let d = o.defaultValue { detail += "; default: \(d)" }
            out += "      " + wrap(detail, width: 94, indent: 6) + "\n"
            if let e = o.example { out += "      example: \(e)\n" }
        }
        out += "  -h, --help\n      this text\n"
        for note in spec.notes { out += "\n" + wrap(note, indent: 0) + "\n" }
        out += "\nexit status:\n"
        for (code, meaning) in exitCodes(spec) { out += "  \(code)".padding(toLength: 6, withPad: " ", startingAt: 0) + meaning + "\n" }
        if !spec.examples.isEmpty {
            out += "\nexamples:\n"
            for e in spec.examples { out += "  \(spec.program) \(e)\n" }
        }
        return out
    }

    /// `indoornav GROUP --help`: its subcommands.
    public static func groupText(_ group: String, in table: CommandTable) -> String {
        let subs = table.subcommands(of: group)
        let summary = table.groups.first { $0.name == group }?.summary ?? ""
        let program = table.program
        var out =
            "usage: \(program) \(group) <subcommand> [options]\n\n\(summary.prefix(1).uppercased() + summary.dropFirst()).\n\nsubcommands:\n"
        let width = (subs.map { $0.path[1].count }.max() ?? 0) + 4
        for s in subs { out += "  " + s.path[1].padding(toLength: width, withPad: " ", startingAt: 0) + s.summary + "\n" }
        out += "\n\(program) help \(group) SUBCOMMAND (or \(group) SUBCOMMAND --help) lists its options.\n"
        return out
    }

    /// `indoornav help`: the commands and what they do.
    public static func overview(_ table: CommandTable) -> String {
        let program = table.program
        var out = "usage: \(program) <command> [options]   (\(program) \(table.version))\n\ncommands:\n"
        let rows = table.commands.map { ($0.path.joined(separator: " "), $0.summary) }
        let width = (rows.map(\.0.count).max() ?? 0) + 3
        for (name, summary) in rows { out += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + summary + "\n" }
        out += """

            \(program) help CMD [SUBCMD], or CMD --help: every option with its value, default and an example.
            \(program) --version: the version.

            exit status:

            """
        for (code, meaning) in (standardExitCodes + table.exitCodes).sorted(by: { $0.0 < $1.0 }) {
            out += "  \(code)".padding(toLength: 6, withPad: " ", startingAt: 0) + meaning + "\n"
        }
        return out
    }

    /// The line before the README's tool block.
    public static func readmeBegin(_ table: CommandTable) -> String {
        "<!-- tool-reference:begin (generated by `\(table.program) help --markdown`; Tests/CLITests checks it) -->"
    }
    /// The line after the README's tool block.
    public static let readmeEnd = "<!-- tool-reference:end -->"

    /// The README's tool block: every command's synopsis with its summary, the exit statuses and the
    /// table's ``CommandTable/readmeNote``.
    public static func readmeBlock(_ table: CommandTable) -> String {
        var out = readmeBegin(table) + "\n```sh\n"
        for spec in table.commands {
            out += wrappedSynopsis(spec, width: 110, indent: 4) + "\n"
            out += "    # " + spec.summary + "\n"
        }
        out += "```\n\nExit status: "
        out += (standardExitCodes + table.readmeExitCodes).sorted { $0.0 < $1.0 }.map { "`\($0.0)` \($0.1)" }.joined(separator: "; ")
        out += table.readmeNote + "\n"
        out += readmeEnd + "\n"
        return out
    }

    /// `docs/cli.md`: every command's options as tables.
    public static func fullReference(_ table: CommandTable) -> String {
        let program = table.program
        var out = "# \(program) command reference\n\n"
        out += "Generated from the tool's option tables by `\(program) help --markdown --full`; a test checks that this file "
        out += "agrees with them. Version \(table.version).\n"
        for spec in table.commands {
            out += "\n## \(spec.path.joined(separator: " "))\n\n"
            out += spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ".\n\n"
            out += "```sh\n" + wrappedSynopsis(spec, width: 100, indent: 4) + "\n```\n\n"
            if !spec.positionals.isEmpty {
                out += "| argument | what |\n|---|---|\n"
                for p in spec.positionals {
                    out +=
                        "| \(cell("`" + (p.isRepeated ? p.name + "…" : p.name) + "`")) | \(cell(p.help))\(p.isRequired ? "" : " (optional)") |\n"
                }
                out += "\n"
            }
            out += "| option | what | default | example |\n|---|---|---|---|\n"
            for o in spec.options {
                out +=
                    "| \(cell("`" + o.synopsis + "`"))\(o.isRequired ? " (required)" : "") | \(cell(o.help + (o.kindText.map { " (\($0))" } ?? ""))) | \(o.defaultValue.map(cell) ?? "") | \(o.example.map { cell("`" + $0 + "`") } ?? "") |\n"
            }
            for note in spec.notes { out += "\n" + note + "\n" }
            out += "\nExit status: " + exitCodes(spec).map { "`\($0.0)` \($0.1)" }.joined(separator: "; ") + ".\n"
            if !spec.examples.isEmpty {
                out += "\n```sh\n" + spec.examples.map { "\(program) \($0)" }.joined(separator: "\n") + "\n```\n"
            }
        }
        return out
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
