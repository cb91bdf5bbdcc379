import Foundation

/// Help texts and the README's tool reference, generated from the ``CommandSpec`` tables.
enum CommandHelp {
    /// Exit statuses every command shares (a command's own meanings of 2 and others are in its spec).
    static let standardExitCodes: [(Int32, String)] = [
        (ExitStatus.success, "success"),
        (ExitStatus.failure, "a file could not be read or written, or its data is unusable"),
        (ExitStatus.usage, "usage error: an unknown, repeated or malformed option or argument"),
    ]

    /// The exit statuses of one command, in order.
    static func exitCodes(_ spec: CommandSpec) -> [(Int32, String)] {
        (standardExitCodes + spec.exitNotes.map { ($0.key, $0.value) }).sorted { $0.0 < $1.0 }
    }

    /// `indoornav route VENUE --from PLACE --to PLACE… [--via PLACE…] … [--json]`, every option shown.
    static func synopsis(_ spec: CommandSpec) -> String { synopsisParts(spec).joined(separator: " ") }

    /// The words of the synopsis; a bracketed option is one part, never split across lines.
    static func synopsisParts(_ spec: CommandSpec) -> [String] {
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
    static func wrappedSynopsis(_ spec: CommandSpec, width: Int, indent: Int) -> String {
        wrap(parts: synopsisParts(spec), width: width, indent: indent)
    }

    /// `text` wrapped at `width` columns, continuation lines indented by `indent` spaces.
    static func wrap(_ text: String, width: Int = 100, indent: Int) -> String {
        wrap(parts: text.split(separator: " ").map(String.init), width: width, indent: indent)
    }

    /// Parts joined by spaces, wrapped at `width` columns between parts.
    static func wrap(parts: [String], width: Int, indent: Int) -> String {
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
    static func text(_ spec: CommandSpec) -> String {
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
            for e in spec.examples { out += "  indoornav \(e)\n" }
        }
        return out
    }

    /// `indoornav GROUP --help`: its subcommands.
    static func groupText(_ group: String) -> String {
        let subs = Commands.subcommands(of: group)
        let summary = Commands.groups.first { $0.name == group }?.summary ?? ""
        var out =
            "usage: indoornav \(group) <subcommand> [options]\n\n\(summary.prefix(1).uppercased() + summary.dropFirst()).\n\nsubcommands:\n"
        let width = (subs.map { $0.path[1].count }.max() ?? 0) + 4
        for s in subs { out += "  " + s.path[1].padding(toLength: width, withPad: " ", startingAt: 0) + s.summary + "\n" }
        out += "\nindoornav help \(group) SUBCOMMAND (or \(group) SUBCOMMAND --help) lists its options.\n"
        return out
    }

    /// `indoornav help`: the commands and what they do.
    static func overview() -> String {
        var out = "usage: indoornav <command> [options]   (indoornav \(ToolVersion.semantic))\n\ncommands:\n"
        let rows = Commands.all.map { ($0.path.joined(separator: " "), $0.summary) }
        let width = (rows.map(\.0.count).max() ?? 0) + 3
        for (name, summary) in rows { out += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + summary + "\n" }
        out += """

            indoornav help CMD [SUBCMD], or CMD --help: every option with its value, default and an example.
            indoornav --version: the version.

            exit status:

            """
        var codes = standardExitCodes
        codes.append((ExitStatus.notFound, "not found: no route, an unknown place or id, or a walk that did not arrive"))
        for (code, meaning) in codes.sorted(by: { $0.0 < $1.0 }) {
            out += "  \(code)".padding(toLength: 6, withPad: " ", startingAt: 0) + meaning + "\n"
        }
        return out
    }

    static let readmeBegin = "<!-- tool-reference:begin (generated by `indoornav help --markdown`; Tests/CLITests checks it) -->"
    static let readmeEnd = "<!-- tool-reference:end -->"

    /// The README's tool block: every command's synopsis with its summary, and the exit statuses.
    static func readmeBlock() -> String {
        var out = readmeBegin + "\n```sh\n"
        for spec in Commands.all {
            out += wrappedSynopsis(spec, width: 110, indent: 4) + "\n"
            out += "    # " + spec.summary + "\n"
        }
        out += "```\n\nExit status: "
        var codes = standardExitCodes
        codes.append((ExitStatus.notFound, "not found (no route, an unknown place, a walk that did not arrive)"))
        out += codes.sorted { $0.0 < $1.0 }.map { "`\($0.0)` \($0.1)" }.joined(separator: "; ")
        out += "; `beacons audit` exits `3` when a beacon is suspect. "
        out += "`indoornav help CMD` (or `CMD --help`) explains every option with its default and an example; "
        out += "all of them are in [docs/cli.md](docs/cli.md).\n"
        out += readmeEnd + "\n"
        return out
    }

    /// `docs/cli.md`: every command's options as tables.
    static func fullReference() -> String {
        var out = "# indoornav command reference\n\n"
        out += "Generated from the tool's option tables by `indoornav help --markdown --full`; a test checks that this file "
        out += "agrees with them. Version \(ToolVersion.semantic).\n"
        for spec in Commands.all {
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
                out += "\n```sh\n" + spec.examples.map { "indoornav \($0)" }.joined(separator: "\n") + "\n```\n"
            }
        }
        return out
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
