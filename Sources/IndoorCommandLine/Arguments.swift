/// A command line parsed against a ``CommandSpec``: `--flag value`, `--flag=value`, `-o value`, switches
/// and positional arguments, in any order.
///
/// Everything the table does not allow is rejected before the command runs: an unknown option (with the
/// nearest declared name as a suggestion), a single-value option given twice, a value given to a switch,
/// a missing value or required option, too many or too few positional arguments. The command then reads
/// its values by name; reading a name its table does not declare is a programming error, reported as such.
public struct Arguments {
    /// The table the line was parsed against.
    public let spec: CommandSpec
    /// Table check mode (``TableCheck``): the first ``finish()`` stops the command and reports the
    /// declared options it did not read.
    public var checksTable = false
    private var values: [String: [String]] = [:]
    private var positionals: [String] = []
    private var nextPositionalIndex = 0
    private var read: Set<String> = []
    private var undeclaredReads: [String] = []
    /// Options read as numbers that the table declares as text (or the other way round).
    private var wrongKindReads: [String] = []

    /// Parses `items` (the words after the command) against `spec`, rejecting what it does not allow.
    public init(_ items: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        var i = 0
        var onlyPositionals = false
        while i < items.count {
            let item = items[i]
            i += 1
            if onlyPositionals || !Self.looksLikeOption(item) {
                positionals.append(item)
                continue
            }
            if item == "--" {
                onlyPositionals = true
                continue
            }
            var name = item
            var inlineValue: String?
            if let equals = item.firstIndex(of: "="), item.hasPrefix("--") {
                name = String(item[..<equals])
                inlineValue = String(item[item.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else { throw Self.unknown(name, in: spec) }
            switch option.arity {
            case .flag:
                if let inlineValue { throw UsageError("\(option.name) is a switch and takes no value (got '\(inlineValue)')") }
                values[option.name, default: []].append("")
            case .single, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < items.count, spec.option(named: items[i]) == nil, items[i] != "--help" else {
                        throw UsageError("\(option.name) needs a value (\(option.placeholder))")
                    }
                    value = items[i]
                    i += 1
                }
                values[option.name, default: []].append(value)
            }
        }
        for option in spec.options {
            let given = values[option.name] ?? []
            if option.arity == .single, given.count > 1 {
                throw UsageError("\(option.name) given \(given.count) times ('\(given.joined(separator: "', '"))'); it takes one value")
            }
            if case .choice(let choices) = option.kind, let wrong = given.first(where: { !choices.contains($0) }) {
                throw UsageError("\(option.name): expected \(Self.alternatives(choices)), got '\(wrong)'")
            }
        }
        let required = spec.positionals.filter(\.isRequired).count
        if positionals.count < required {
            let missing = spec.positionals.filter(\.isRequired)[positionals.count]
            throw UsageError("missing \(missing.isRepeated ? missing.name + "…" : missing.name): \(missing.help)")
        }
        if !spec.positionals.contains(where: \.isRepeated), positionals.count > spec.positionals.count {
            throw UsageError("unexpected argument '\(positionals[spec.positionals.count])'")
        }
        if let missing = spec.options.first(where: { $0.isRequired && values[$0.name] == nil }) {
            throw UsageError("missing \(missing.shortSynopsis): \(missing.help)")
        }
    }

    /// `--x`, `-o`; not `-`, `-5` or `-2.5,1@L0` (values and negative numbers).
    public static func looksLikeOption(_ item: String) -> Bool {
        guard item.hasPrefix("-"), item.count > 1 else { return false }
        guard let second = item.dropFirst().first else { return false }
        return second == "-" || second.isLetter
    }

    /// "unknown option --form (did you mean --from?)".
    public static func unknown(_ name: String, in spec: CommandSpec) -> UsageError {
        let names = spec.options.flatMap { [$0.name] + $0.aliases }
        let hint = Suggestion.nearest(to: name, among: names).map { " (did you mean \($0)?)" } ?? ""
        return UsageError("unknown option \(name)\(hint); \(spec.name) --help lists the options")
    }

    /// The declared option `name`, or a usage error naming the programming mistake.
    private func declared(_ name: String) throws(UsageError) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            throw UsageError("internal error: \(spec.name) reads \(name), which its option table does not declare")
        }
        return option
    }

    /// The value of a single-value option (its name or an alias), or `nil` when not given.
    public mutating func option(_ name: String) throws(UsageError) -> String? {
        let option = try declared(name)
        read.insert(option.name)
        return values[option.name]?.first
    }

    /// Every value given for a repeatable option, in order.
    public mutating func options(_ name: String) throws(UsageError) -> [String] {
        let option = try declared(name)
        read.insert(option.name)
        return values[option.name] ?? []
    }

    /// Whether the switch `name` is present. (Not throwing, so a switch reads in one word; a name the
    /// table does not declare is reported by ``finish()`` as the programming error it is.)
    public mutating func flag(_ name: String) -> Bool {
        guard let option = spec.option(named: name) else {
            undeclaredReads.append(name)
            return false
        }
        read.insert(option.name)
        return values[option.name] != nil
    }

    /// A required option (the table marks it required, so parsing has already checked it is there).
    public mutating func required(_ name: String) throws(UsageError) -> String {
        guard let v = try option(name) else { throw UsageError("missing \(name)") }
        return v
    }

    /// An option parsed as a finite number, within `range`, else within the range its table declares.
    public mutating func double(_ name: String, in range: ClosedRange<Double>? = nil) throws(UsageError) -> Double? {
        let declaredRange: ClosedRange<Double>?
        switch try declared(name).kind {
        case .number(let r): declaredRange = r
        default: declaredRange = nil; wrongKindReads.append("\(name) (read as a number)")
        }
        guard let text = try option(name) else { return nil }
        guard let v = Double(text), v.isFinite else { throw UsageError("\(name): '\(text)' is not a number") }
        if let range = range ?? declaredRange, !range.contains(v) {
            throw UsageError("\(name): \(text) is outside \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))")
        }
        return v
    }

    /// An option parsed as a whole number, within `range`, else within the range its table declares.
    public mutating func int(_ name: String, in range: ClosedRange<Int>? = nil) throws(UsageError) -> Int? {
        let declaredRange: ClosedRange<Int>?
        switch try declared(name).kind {
        case .integer(let r): declaredRange = r
        default: declaredRange = nil; wrongKindReads.append("\(name) (read as a whole number)")
        }
        guard let text = try option(name) else { return nil }
        guard let v = Int(text) else { throw UsageError("\(name): '\(text)' is not a whole number") }
        if let range = range ?? declaredRange, !range.contains(v) {
            throw UsageError(
                range.upperBound == Int.max
                    ? "\(name): \(text) is below \(range.lowerBound)"
                    : "\(name): \(text) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    /// A whole-number option's value, or its table's default when not given.
    public mutating func integer(_ name: String) throws(UsageError) -> Int {
        if let given = try int(name) { return given }
        return try declaredDefault(name, \.integer)
    }

    /// A number option's value, or its table's default when not given.
    public mutating func number(_ name: String) throws(UsageError) -> Double {
        if let given = try double(name) { return given }
        return try declaredDefault(name, \.number)
    }

    /// A text option's value, or its table's default when not given.
    public mutating func text(_ name: String) throws(UsageError) -> String {
        if let given = try option(name) { return given }
        return try declaredDefault(name, \.textValue)
    }

    /// A choice option's value as `Choice` (parsing has checked it is one of the table's words), `nil` when
    /// not given.
    public mutating func choice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        if case .choice = try declared(name).kind {} else { wrongKindReads.append("\(name) (read as a choice)") }
        guard let text = try option(name) else { return nil }
        return try Self.converted(text, for: name, as: type, in: spec)
    }

    /// A choice option's value as `Choice`, or its table's default when not given.
    public mutating func choiceOrDefault<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) throws(UsageError) -> Choice
    where Choice.RawValue == String {
        if let given = try choice(name, as: type) { return given }
        return try Self.converted(try declaredDefault(name, \.textValue), for: name, as: type, in: spec)
    }

    /// `text` as `Choice`; a word the table lists but the type lacks is the programming error it is.
    private static func converted<Choice: RawRepresentable>(
        _ text: String, for name: String, as type: Choice.Type, in spec: CommandSpec
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        guard let value = Choice(rawValue: text) else {
            throw UsageError("internal error: \(spec.name) declares '\(text)' for \(name), which \(Choice.self) does not have")
        }
        return value
    }

    /// `a`, `a or b`, `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last else { return "nothing" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The default the table declares for `name`, of the kind `value` picks.
    private func declaredDefault<T>(_ name: String, _ value: KeyPath<OptionDefault, T?>) throws(UsageError) -> T {
        guard let typed = try declared(name).typedDefault?[keyPath: value] else { throw Self.noDefault(name, in: spec) }
        return typed
    }

    /// The programming error of reading a default the table does not declare.
    private static func noDefault(_ name: String, in spec: CommandSpec) -> UsageError {
        UsageError("internal error: \(spec.name) reads the default of \(name), which its option table does not declare")
    }

    /// The next positional argument, or a usage error naming what is missing.
    public mutating func positional(_ what: String) throws(UsageError) -> String {
        guard let v = nextPositional() else { throw UsageError("missing \(what)") }
        return v
    }

    /// The next positional argument, if any.
    public mutating func nextPositional() -> String? {
        guard nextPositionalIndex < positionals.count else { return nil }
        defer { nextPositionalIndex += 1 }
        return positionals[nextPositionalIndex]
    }

    /// Every remaining positional argument.
    public mutating func remainingPositionals() -> [String] {
        var all: [String] = []
        while let next = nextPositional() { all.append(next) }
        return all
    }

    /// Fails when the command left a given option or argument unread (its table and its code disagree).
    /// In table check mode, stops the command here with the declared options it has not read.
    public func finish() throws {
        if let name = undeclaredReads.first {
            throw UsageError("internal error: \(spec.name) reads \(name), which its option table does not declare")
        }
        if let read = wrongKindReads.first {
            throw UsageError("internal error: \(spec.name) reads \(read), which its option table declares otherwise")
        }
        if checksTable { throw TableCheck(command: spec.name, unread: spec.options.map(\.name).filter { !read.contains($0) }) }
        if nextPositionalIndex < positionals.count {
            throw UsageError("unexpected argument '\(positionals[nextPositionalIndex])'")
        }
        if let unread = values.keys.sorted().first(where: { !read.contains($0) }) {
            throw UsageError("internal error: \(spec.name) declares \(unread) but does not read it")
        }
    }

    private static func format(_ value: Double) -> String { NumberText.plain(value) }
}
