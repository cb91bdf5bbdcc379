/// A command's inputs declared once: each property is bound to the positional argument or option that
/// fills it, by an ``Option`` or ``Positional`` wrapper carrying that argument's table row.
///
/// The command's table (``CommandSpec/init(path:summary:inputs:notes:exitNotes:examples:run:)``) is taken
/// from the properties in declaration order, and ``read(from:)`` fills every property from the parsed
/// arguments, its type choosing how: `Int`, `Double`, `String` and a ``ChoiceOptionValue`` enumeration take
/// the value or the table's default, their optionals `nil` when not given, `[String]` every value of a repeated option, `Bool` a switch. So
/// an option is declared, documented, parsed and read in one line, and none can be declared but not read.
///
/// ```swift
/// struct Inputs: CommandInputs {
///     @Positional(.init(name: "VENUE", help: "venue folder")) var venuePath: String
///     @Option(.integer("--pairs", "N", "random pairs", in: 1...1000, default: 100)) var pairCount: Int
///     @Option(.flag("--json", "print JSON")) var json: Bool
/// }
/// ```
public protocol CommandInputs {
    /// Inputs whose properties are not yet read.
    init()
}

extension CommandInputs {
    /// The bound properties, in declaration order.
    private var bindings: [any InputBinding] {
        Mirror(reflecting: self).children.compactMap { $0.value as? any InputBinding }
    }

    /// The option rows of the command's table, in declaration order.
    public static var optionSpecs: [OptionSpec] {
        Self().bindings.compactMap { if case .option(let spec) = $0.row { spec } else { nil } }
    }

    /// The positional rows of the command's table, in declaration order.
    public static var positionalSpecs: [PositionalSpec] {
        Self().bindings.compactMap { if case .positional(let spec) = $0.row { spec } else { nil } }
    }

    /// Inputs filled from `arguments`, which are then finished (``Arguments/finish()``): every property
    /// read, nothing left over.
    public static func read(from arguments: inout Arguments) throws -> Self {
        let inputs = Self()
        for binding in inputs.bindings { try binding.read(from: &arguments) }
        try arguments.finish()
        return inputs
    }
}

/// Inputs that run their command with what was read (``CommandSpec/init(path:summary:inputs:notes:exitNotes:examples:)``).
public protocol RunnableInputs: CommandInputs {
    /// Does the command's work and returns its exit status.
    func run() throws -> Int32
}

/// The table row a bound property stands for.
enum InputRow {
    case option(OptionSpec)
    case positional(PositionalSpec)
}

/// A property bound to one row of a command's table.
protocol InputBinding {
    var row: InputRow { get }
    func read(from arguments: inout Arguments) throws(UsageError)
}

/// Where a bound property keeps the value read for it (shared by the copies ``Mirror`` hands out).
final class InputSlot<Value> {
    let name: String
    var value: Value?

    init(name: String) { self.name = name }

    /// The value read; reading it before the arguments is a programming error.
    var readValue: Value {
        guard let value else { preconditionFailure("\(name) is used before the arguments are read") }
        return value
    }
}

/// A property filled from an option of the command's table (see ``CommandInputs``).
@propertyWrapper
public struct Option<Value: OptionValue>: InputBinding {
    private let spec: OptionSpec
    private let slot: InputSlot<Value>

    /// A property bound to the option `spec`.
    public init(_ spec: OptionSpec) { (self.spec, slot) = (spec, InputSlot(name: spec.name)) }

    /// The value read from the command line.
    public var wrappedValue: Value { slot.readValue }

    var row: InputRow { .option(spec) }
    func read(from arguments: inout Arguments) throws(UsageError) { slot.value = try Value.read(spec.name, from: &arguments) }
}

/// A property filled from a positional argument (see ``CommandInputs``).
@propertyWrapper
public struct Positional<Value: PositionalValue>: InputBinding {
    private let spec: PositionalSpec
    private let slot: InputSlot<Value>

    /// A property bound to the positional argument `spec`.
    public init(_ spec: PositionalSpec) { (self.spec, slot) = (spec, InputSlot(name: spec.name)) }

    /// The value read from the command line.
    public var wrappedValue: Value { slot.readValue }

    var row: InputRow { .positional(spec) }
    func read(from arguments: inout Arguments) throws(UsageError) { slot.value = try Value.read(spec, from: &arguments) }
}

/// A type an option's value is read as.
public protocol OptionValue {
    /// The value of option `name` in `arguments`.
    static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Self
}

/// A type an option that may be absent is read as (its optional is then an ``OptionValue``).
public protocol OptionalOptionValue {
    /// The value of option `name` in `arguments`, `nil` when not given.
    static func readIfGiven(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Self?
}

extension Int: OptionValue, OptionalOptionValue {
    /// The given whole number, else the table's default.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Int {
        try arguments.integer(name)
    }
    /// The given whole number.
    public static func readIfGiven(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Int? {
        try arguments.int(name)
    }
}

extension Double: OptionValue, OptionalOptionValue {
    /// The given number, else the table's default.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Double {
        try arguments.number(name)
    }
    /// The given number.
    public static func readIfGiven(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Double? {
        try arguments.double(name)
    }
}

extension String: OptionValue, OptionalOptionValue {
    /// The given text, else the table's default.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> String {
        try arguments.text(name)
    }
    /// The given text.
    public static func readIfGiven(_ name: String, from arguments: inout Arguments) throws(UsageError) -> String? {
        try arguments.option(name)
    }
}

/// An enumeration an option's value is read as, by raw value: the option is declared with
/// ``OptionSpec/choice(_:_:_:default:defaultText:example:)`` over the type, which then conforms with an
/// empty extension (`extension FollowUserMode: ChoiceOptionValue {}`). The property takes the given case,
/// or the table's default; its optional `nil` when not given.
public protocol ChoiceOptionValue: RawRepresentable, OptionValue, OptionalOptionValue where RawValue == String {}

extension ChoiceOptionValue {
    /// The given case, else the table's default.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Self {
        try arguments.choiceOrDefault(name, as: Self.self)
    }
    /// The given case.
    public static func readIfGiven(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Self? {
        try arguments.choice(name, as: Self.self)
    }
}

extension Bool: OptionValue {
    /// Whether the switch is given.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Bool {
        arguments.flag(name)
    }
}

extension Optional: OptionValue where Wrapped: OptionalOptionValue {
    /// The given value, `nil` when not given.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> Wrapped? {
        try Wrapped.readIfGiven(name, from: &arguments)
    }
}

extension Array: OptionValue where Element == String {
    /// Every value of a repeated option, in order.
    public static func read(_ name: String, from arguments: inout Arguments) throws(UsageError) -> [String] {
        try arguments.options(name)
    }
}

/// A type a positional argument is read as: `String` (required), `String?` (optional), `[String]`
/// (every remaining one).
public protocol PositionalValue {
    /// The value of positional argument `spec` in `arguments`.
    static func read(_ spec: PositionalSpec, from arguments: inout Arguments) throws(UsageError) -> Self
}

extension String: PositionalValue {
    /// The next positional argument.
    public static func read(_ spec: PositionalSpec, from arguments: inout Arguments) throws(UsageError) -> String {
        try arguments.positional(spec.name)
    }
}

extension Optional: PositionalValue where Wrapped == String {
    /// The next positional argument, if any.
    public static func read(_ spec: PositionalSpec, from arguments: inout Arguments) throws(UsageError) -> String? {
        arguments.nextPositional()
    }
}

extension Array: PositionalValue where Element == String {
    /// Every remaining positional argument.
    public static func read(_ spec: PositionalSpec, from arguments: inout Arguments) throws(UsageError) -> [String] {
        arguments.remainingPositionals()
    }
}
