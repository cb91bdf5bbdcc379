/// The declarative description of one command: its arguments, its options and what its exit codes mean.
///
/// Parsing (``Arguments``), `indoornav CMD --help` and the README's tool reference are all generated from
/// these tables (``CommandHelp``), so a flag cannot be accepted without being documented, nor documented
/// without being accepted.
public struct CommandSpec: Sendable {
    /// Words after `indoornav`: `["route"]`, `["venue", "inspect"]`.
    public var path: [String]
    /// One line: what the command does.
    public var summary: String
    /// Its positional arguments, in order.
    public var positionals: [PositionalSpec] = []
    /// Its options, in help order.
    public var options: [OptionSpec] = []
    /// Paragraphs printed after the options (formats, what excludes what).
    public var notes: [String] = []
    /// What exit status 2 (and any other non-standard status) means for this command, when it can occur.
    public var exitNotes: [Int32: String] = [:]
    /// Example invocations (without the leading `indoornav`).
    public var examples: [String] = []
    /// Reads the parsed arguments, does the work and returns the exit status.
    public var run: @Sendable (inout Arguments) throws -> Int32
    /// The program's name (set by the ``CommandTable`` the command is in).
    public var program = "indoornav"

    /// A command at `path`.
    public init(
        path: [String], summary: String, positionals: [PositionalSpec] = [], options: [OptionSpec] = [], notes: [String] = [],
        exitNotes: [Int32: String] = [:], examples: [String] = [], run: @escaping @Sendable (inout Arguments) throws -> Int32
    ) {
        self.path = path
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.notes = notes
        self.exitNotes = exitNotes
        self.examples = examples
        self.run = run
    }

    /// A command whose positional arguments and options are the bound properties of `inputs`
    /// (``CommandInputs``): they are read, and the line finished, before `run` is called with them.
    public init<Inputs: CommandInputs>(
        path: [String], summary: String, inputs: Inputs.Type, notes: [String] = [], exitNotes: [Int32: String] = [:],
        examples: [String] = [], run: @escaping @Sendable (Inputs) throws -> Int32
    ) {
        self.init(
            path: path, summary: summary, positionals: Inputs.positionalSpecs, options: Inputs.optionSpecs, notes: notes,
            exitNotes: exitNotes, examples: examples
        ) { arguments in try run(try Inputs.read(from: &arguments)) }
    }

    /// A command whose bound properties (``RunnableInputs``) are read and then run.
    public init<Inputs: RunnableInputs>(
        path: [String], summary: String, inputs: Inputs.Type, notes: [String] = [], exitNotes: [Int32: String] = [:],
        examples: [String] = []
    ) {
        self.init(path: path, summary: summary, inputs: inputs, notes: notes, exitNotes: exitNotes, examples: examples) { try $0.run() }
    }

    /// `indoornav venue inspect`.
    public var name: String { ([program] + path).joined(separator: " ") }

    /// The option declared under `name` or one of its aliases.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.aliases.contains(name) }
    }
}

/// A positional argument: `VENUE`, `FILE…`.
public struct PositionalSpec: Sendable {
    /// The placeholder (`VENUE`).
    public var name: String
    /// What it is.
    public var help: String
    /// Whether it must be given.
    public var isRequired = true
    /// Takes every remaining positional argument (`PATH…`).
    public var isRepeated = false

    /// A positional argument `name`.
    public init(name: String, help: String, isRequired: Bool = true, isRepeated: Bool = false) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
        self.isRepeated = isRepeated
    }
}

/// One option: its name, the value it takes, its default, what it does and an example.
public struct OptionSpec: Sendable {
    /// How many values the option takes.
    public enum Arity: Sendable, Equatable {
        /// A switch without a value (`--json`).
        case flag
        /// One value; giving the option twice is an error.
        case single
        /// Any number of values, one per occurrence.
        case repeated
    }

    /// What the value is, and its valid range: parsing checks it, the help states it.
    public enum ValueKind: Sendable, Equatable {
        /// Any text.
        case text
        /// A whole number, within the range when given.
        case integer(ClosedRange<Int>?)
        /// A finite number, within the range when given.
        case number(ClosedRange<Double>?)
        /// One of these words, exactly (the placeholder lists them: `fastest|shortest`).
        case choice([String])
    }

    /// The name (`--repeat`).
    public var name: String
    /// Other names (`-o`).
    public var aliases: [String] = []
    /// Whether it takes no value, one or many.
    public var arity: Arity
    /// What its value is.
    public var kind: ValueKind = .text
    /// The value's placeholder (`FILE`, `N`, `derived|authored|FILE|DIR`); empty for flags.
    public var placeholder: String
    /// Whether it must be given.
    public var isRequired: Bool
    /// The value used when the option is not given, when it is one value (``Arguments/integer(_:)``
    /// and its siblings return it); the help shows it as typed.
    public var typedDefault: OptionDefault?
    /// What the help says when the option is not given: the typed default as the user would type it, or
    /// a phrase (`authored when the archive has one, else derived`) where the default is not one value.
    public var defaultValue: String?
    /// What it does.
    public var help: String
    /// An example (`--repeat 10`).
    public var example: String?

    /// A switch.
    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, arity: .flag, placeholder: "", isRequired: false, help: help)
    }

    /// An option with one text value; `default` is the value used without it, `defaultText` a phrase for
    /// the help where the default is not one value.
    public static func value(
        _ name: String, _ placeholder: String, _ help: String, default typed: String? = nil, defaultText: String? = nil,
        example: String? = nil, required: Bool = false, aliases: [String] = []
    ) -> OptionSpec {
        OptionSpec(
            name: name, aliases: aliases, arity: .single, placeholder: placeholder, isRequired: required,
            typedDefault: typed.map(OptionDefault.text), defaultValue: typed ?? defaultText, help: help, example: example)
    }

    /// An option whose value is a whole number, within `range` when given.
    public static func integer(
        _ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Int>? = nil,
        default typed: Int? = nil, defaultText: String? = nil, example: String? = nil, required: Bool = false
    ) -> OptionSpec {
        value(name, placeholder, help, defaultText: defaultText, example: example, required: required)
            .typed(.integer(range), typed.map(OptionDefault.integer))
    }

    /// An option whose value is a finite number, within `range` when given.
    public static func number(
        _ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Double>? = nil,
        default typed: Double? = nil, defaultText: String? = nil, example: String? = nil, required: Bool = false
    ) -> OptionSpec {
        value(name, placeholder, help, defaultText: defaultText, example: example, required: required)
            .typed(.number(range), typed.map(OptionDefault.number))
    }

    /// An option whose value is one of `choices` (listed, in order, as its placeholder: `fastest|shortest`);
    /// parsing refuses any other word. `default` is the value used without it, `defaultText` a phrase for the
    /// help where the default is not one value.
    public static func choice(
        _ name: String, _ choices: [String], _ help: String, default typed: String? = nil, defaultText: String? = nil,
        example: String? = nil
    ) -> OptionSpec {
        value(name, choices.joined(separator: "|"), help, default: typed, defaultText: defaultText, example: example)
            .typed(.choice(choices), nil)
    }

    /// An option whose value is one of `Choice`'s cases, by raw value, in their declaration order;
    /// ``Arguments/choice(_:as:)`` reads it as that type.
    public static func choice<Choice: CaseIterable & RawRepresentable>(
        _ name: String, _ type: Choice.Type, _ help: String, default typed: Choice? = nil, defaultText: String? = nil,
        example: String? = nil
    ) -> OptionSpec where Choice.RawValue == String {
        choice(name, type.allCases.map(\.rawValue), help, default: typed?.rawValue, defaultText: defaultText, example: example)
    }

    /// The same option with a value of `kind` and, when given, the typed default `value`.
    private func typed(_ kind: ValueKind, _ value: OptionDefault?) -> OptionSpec {
        var copy = self
        copy.kind = kind
        copy.setDefault(value)
        return copy
    }

    /// Sets the typed default and the help's text of it (nothing when `value` is nil).
    private mutating func setDefault(_ value: OptionDefault?) {
        guard let value else { return }
        typedDefault = value
        defaultValue = value.text
    }

    /// The value's kind and range as help text: `whole number 1–1000`, `number 0.5–1000`, or nothing.
    public var kindText: String? {
        let text = NumberText.plain
        switch kind {
        case .text: return nil
        case .integer(let range?):
            return range.upperBound == Int.max
                ? "whole number ≥ \(range.lowerBound)" : "whole number \(range.lowerBound)–\(range.upperBound)"
        case .integer(nil): return "whole number"
        case .number(let range?): return "number \(text(range.lowerBound))–\(text(range.upperBound))"
        case .number(nil): return "number"
        case .choice: return nil
        }
    }

    /// An option that may be given several times.
    public static func repeated(
        _ name: String, _ placeholder: String, _ help: String, example: String? = nil,
        required: Bool = false
    ) -> OptionSpec {
        OptionSpec(name: name, arity: .repeated, placeholder: placeholder, isRequired: required, help: help, example: example)
    }

    /// The same option, required.
    public var required: OptionSpec {
        var copy = self
        copy.isRequired = true
        return copy
    }

    /// The same option with another help text, default (a text value), default phrase or example (a
    /// shared option explained for one command).
    public func with(help: String? = nil, default typed: String? = nil, defaultText: String? = nil, example: String? = nil) -> OptionSpec {
        var copy = self
        if let help { copy.help = help }
        if let typed { copy.setDefault(.text(typed)) }
        if let defaultText {
            copy.typedDefault = nil
            copy.defaultValue = defaultText
        }
        if let example { copy.example = example }
        return copy
    }

    /// `--graph derived|authored|FILE|DIR`, `--json`, `--via PLACE…`.
    public var synopsis: String {
        let names = (aliases + [name]).joined(separator: ", ")
        switch arity {
        case .flag: return names
        case .single: return "\(names) \(placeholder)"
        case .repeated: return "\(names) \(placeholder)…"
        }
    }

    /// The short form for usage lines: `-o FILE`, `--json`.
    public var shortSynopsis: String {
        let shown = aliases.first ?? name
        switch arity {
        case .flag: return shown
        case .single: return "\(shown) \(placeholder)"
        case .repeated: return "\(shown) \(placeholder)…"
        }
    }
}

/// An option's default as a value: what ``Arguments`` returns when the option is not given, and what
/// the help shows (written once, in the option table).
public enum OptionDefault: Sendable, Equatable {
    /// A whole number.
    case integer(Int)
    /// A finite number.
    case number(Double)
    /// Text.
    case text(String)

    /// The whole number, when it is one.
    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    /// The number, when it is one.
    public var number: Double? { if case .number(let value) = self { value } else { nil } }

    /// The text, when it is text.
    public var textValue: String? { if case .text(let value) = self { value } else { nil } }

    /// The value as the user would type it: `5`, `0.5`, `600` (a whole number without `.0`), `derived`.
    public var text: String {
        switch self {
        case .integer(let value): String(value)
        case .number(let value): NumberText.plain(value)
        case .text(let value): value
        }
    }
}

/// Numbers as the help and the messages write them.
enum NumberText {
    /// `600` for 600.0, `0.5`, `1e-09`: whole numbers without a fraction, others as Swift prints them.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
