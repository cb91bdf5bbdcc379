/// The declarative description of one command: its arguments, its options and what its exit codes mean.
///
/// Parsing (``Arguments``), `indoornav CMD --help` and the README's tool reference are all generated from
/// these tables (``CommandHelp``), so a flag cannot be accepted without being documented, nor documented
/// without being accepted.
struct CommandSpec: Sendable {
    /// Words after `indoornav`: `["route"]`, `["venue", "inspect"]`.
    var path: [String]
    /// One line: what the command does.
    var summary: String
    var positionals: [PositionalSpec] = []
    var options: [OptionSpec] = []
    /// Paragraphs printed after the options (formats, what excludes what).
    var notes: [String] = []
    /// What exit status 2 (and any other non-standard status) means for this command, when it can occur.
    var exitNotes: [Int32: String] = [:]
    /// Example invocations (without the leading `indoornav`).
    var examples: [String] = []
    var run: @Sendable (inout Arguments) throws -> Int32

    /// `indoornav venue inspect`.
    var name: String { (["indoornav"] + path).joined(separator: " ") }

    /// The option declared under `name` or one of its aliases.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.aliases.contains(name) }
    }
}

/// A positional argument: `VENUE`, `FILE…`.
struct PositionalSpec: Sendable {
    var name: String
    var help: String
    var isRequired = true
    /// Takes every remaining positional argument (`PATH…`).
    var isRepeated = false
}

/// One option: its name, the value it takes, its default, what it does and an example.
struct OptionSpec: Sendable {
    enum Arity: Sendable, Equatable {
        /// A switch without a value (`--json`).
        case flag
        /// One value; giving the option twice is an error.
        case single
        /// Any number of values, one per occurrence.
        case repeated
    }

    /// What the value is, and its valid range: parsing checks it, the help states it.
    enum ValueKind: Sendable, Equatable {
        case text
        case integer(ClosedRange<Int>?)
        case number(ClosedRange<Double>?)
    }

    var name: String
    var aliases: [String] = []
    var arity: Arity
    var kind: ValueKind = .text
    /// The value's placeholder (`FILE`, `N`, `derived|authored|FILE|DIR`); empty for flags.
    var placeholder: String
    var isRequired: Bool
    /// The default as the user would type it, or a phrase (`its authored graph, else derived`).
    var defaultValue: String?
    var help: String
    var example: String?

    /// A switch.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, arity: .flag, placeholder: "", isRequired: false, help: help)
    }

    /// An option with one value.
    static func value(
        _ name: String, _ placeholder: String, _ help: String, default defaultValue: String? = nil,
        example: String? = nil, required: Bool = false, aliases: [String] = []
    ) -> OptionSpec {
        OptionSpec(
            name: name, aliases: aliases, arity: .single, placeholder: placeholder, isRequired: required,
            defaultValue: defaultValue, help: help, example: example)
    }

    /// An option whose value is a whole number, within `range` when given.
    static func integer(
        _ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Int>? = nil,
        default defaultValue: String? = nil, example: String? = nil, required: Bool = false
    ) -> OptionSpec {
        var option = value(name, placeholder, help, default: defaultValue, example: example, required: required)
        option.kind = .integer(range)
        return option
    }

    /// An option whose value is a finite number, within `range` when given.
    static func number(
        _ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Double>? = nil,
        default defaultValue: String? = nil, example: String? = nil, required: Bool = false
    ) -> OptionSpec {
        var option = value(name, placeholder, help, default: defaultValue, example: example, required: required)
        option.kind = .number(range)
        return option
    }

    /// The value's kind and range as help text: `whole number 1–1000`, `number 0.5–1000`, or nothing.
    var kindText: String? {
        func text(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        switch kind {
        case .text: return nil
        case .integer(let range?):
            return range.upperBound == Int.max
                ? "whole number ≥ \(range.lowerBound)" : "whole number \(range.lowerBound)–\(range.upperBound)"
        case .integer(nil): return "whole number"
        case .number(let range?): return "number \(text(range.lowerBound))–\(text(range.upperBound))"
        case .number(nil): return "number"
        }
    }

    /// An option that may be given several times.
    static func repeated(
        _ name: String, _ placeholder: String, _ help: String, example: String? = nil,
        required: Bool = false
    ) -> OptionSpec {
        OptionSpec(name: name, arity: .repeated, placeholder: placeholder, isRequired: required, help: help, example: example)
    }

    /// The same option, required.
    var required: OptionSpec {
        var copy = self
        copy.isRequired = true
        return copy
    }

    /// The same option with another help text, default or example (a shared option explained for one command).
    func with(help: String? = nil, default defaultValue: String? = nil, example: String? = nil) -> OptionSpec {
        var copy = self
        if let help { copy.help = help }
        if let defaultValue { copy.defaultValue = defaultValue }
        if let example { copy.example = example }
        return copy
    }

    /// `--graph derived|authored|FILE|DIR`, `--json`, `--via PLACE…`.
    var synopsis: String {
        let names = (aliases + [name]).joined(separator: ", ")
        switch arity {
        case .flag: return names
        case .single: return "\(names) \(placeholder)"
        case .repeated: return "\(names) \(placeholder)…"
        }
    }

    /// The short form for usage lines: `-o FILE`, `--json`.
    var shortSynopsis: String {
        let shown = aliases.first ?? name
        switch arity {
        case .flag: return shown
        case .single: return "\(shown) \(placeholder)"
        case .repeated: return "\(shown) \(placeholder)…"
        }
    }
}

/// Options and arguments several commands share, declared once.
enum SharedOptions {
    /// The venue as the first argument.
    static let venue = PositionalSpec(
        name: "VENUE", help: "a venue folder or .zip archive (IMDF, an ILC site folder, or an authored graph)")

    /// `--graph derived|authored|FILE|DIR` (``VenueGraphChoice``).
    static let graph = OptionSpec.value(
        "--graph", "derived|authored|FILE|DIR",
        "which navigation graph to use: derived from the geometry, the archive's authored one (navPath.geojson, node.geojson + edge.geojson or graph.geojson in or beside it), a node/edge graph FILE, or a DIR holding one of those",
        default: "authored when the archive has one, else derived", example: "--graph derived")

    /// `--venue V` for commands that take the venue as an option.
    static let venueOption = OptionSpec.value(
        "--venue", "VENUE", "venue folder or .zip archive whose frame and levels are used (an ILC site folder or an IMDF venue)",
        example: "--venue Recordings/venues/campus")

    /// `--beacons FILE`: a beacon registry.
    static let beacons = OptionSpec.value(
        "--beacons", "FILE", "beacon registry: an indoornav-beacons JSON file or an IPIN BLE_Locations.csv",
        example: "--beacons b.json")

    /// `-o, --output FILE`.
    static func output(_ placeholder: String, _ help: String, required: Bool = false, example: String? = nil) -> OptionSpec {
        .value("--output", placeholder, help, example: example ?? "-o \(placeholder.lowercased())", required: required, aliases: ["-o"])
    }

    /// `--json`.
    static let json = OptionSpec.flag("--json", "print the result as JSON instead of text")

    /// `--lang CODE`, repeatable: preferred languages of names.
    static let languages = OptionSpec.repeated("--lang", "CODE", "preferred language of names, in order (repeatable)", example: "--lang de")

    /// `--radio-map MAP` (``RadioMapSelection``).
    static let radioMap = OptionSpec.value(
        "--radio-map", "MAP", "radio map (from indoornav survey) to match each Wi-Fi/BLE scan against", example: "--radio-map ilc-map.json")

    /// `--track-sigma M`: a track survey's ``TrackSurveyConfiguration/maximumSigmaMeters``.
    static let trackSigma = OptionSpec.number(
        "--track-sigma", "M",
        "place a scan on a smoothed track only where the track's one-sigma is at most M metres (else it is left out)", in: 0.1...1_000,
        default: "4", example: "--track-sigma 3")

    /// `--fingerprint-option NAME=VALUE`, repeatable.
    static let fingerprintOption = OptionSpec.repeated(
        "--fingerprint-option", "NAME=VALUE", "override one FingerprintConfiguration value (repeatable; A/B runs)",
        example: "--fingerprint-option maximumStalenessSeconds=5")
}
