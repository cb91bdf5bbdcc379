/// What kind of value a tunable holds, which decides the values `NAME=VALUE` accepts.
public enum TunableKind: String, Sendable, Hashable {
    /// Any finite number in the range.
    case real
    /// A whole number in the range.
    case wholeNumber = "whole number"
    /// An on-off switch: 0 (off) or 1 (on).
    case flag = "on-off"
}

/// The values a tunable accepts: a closed range, or one open at the top (`0.5 ..< 1`).
public struct TunableRange: Sendable, Hashable, CustomStringConvertible {
    /// The smallest value accepted.
    public let lowerBound: Double
    /// The largest value (accepted unless ``upperIsOpen``).
    public let upperBound: Double
    /// Whether ``upperBound`` itself lies outside the range.
    public let upperIsOpen: Bool

    /// A closed range.
    public init(_ range: ClosedRange<Double>) {
        lowerBound = range.lowerBound
        upperBound = range.upperBound
        upperIsOpen = false
    }

    /// A range open at the top.
    public init(_ range: Range<Double>) {
        lowerBound = range.lowerBound
        upperBound = range.upperBound
        upperIsOpen = true
    }

    /// Whether `value` is finite and in the range.
    public func contains(_ value: Double) -> Bool {
        value.isFinite && value >= lowerBound && (upperIsOpen ? value < upperBound : value <= upperBound)
    }

    /// `0.5 ... 20` or `0.5 ..< 1`, numbers as ``TunableFormat/number(_:)`` writes them.
    public var description: String {
        "\(TunableFormat.number(lowerBound)) \(upperIsOpen ? "..<" : "...") \(TunableFormat.number(upperBound))"
    }
}

/// How tables and messages write numbers: whole numbers without a fraction, π and its halves and
/// quarters by name, others as Swift prints them (tables round those to six significant digits).
public enum TunableFormat {
    /// `3`, `0.25`, `-95`, `π/4`, `10000000`; whole numbers beyond 10¹⁵ as Swift writes them (`1e+16`).
    public static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) <= 1e15 { return String(Int(value)) }
        for (multiple, name) in [(1.0, "π"), (0.5, "π/2"), (0.25, "π/4")] {
            if abs(value) == Double.pi * multiple { return (value < 0 ? "-" : "") + name }
        }
        return "\(value)"
    }

    /// ``number(_:)`` rounded to six significant digits (`0.174533` for 10°): a table's default.
    public static func rounded(_ value: Double) -> String {
        guard value.isFinite, value != 0, abs(value) < 1e6, number(value).contains(".") else { return number(value) }
        var scale = 1.0
        while abs(value) * scale < 1e5 { scale *= 10 }
        return number((value * scale).rounded() / scale)
    }
}

/// One tunable of a configuration: its name (the property's), unit, kind, valid range and one line of
/// documentation, and how to read and write it. The table of a ``TunableConfiguration`` is the one
/// place its ranges are written.
public struct Tunable<Configuration>: Sendable {
    /// The property's name, also the `NAME` of `NAME=VALUE`.
    public let name: String
    /// "m", "s", "rad", "dBm", "m/s", … or "" for a plain number.
    public let unit: String
    /// Real, whole number or on-off flag.
    public let kind: TunableKind
    /// The values accepted.
    public let range: TunableRange
    /// One line saying what the tunable does.
    public let summary: String
    private let readValue: @Sendable (Configuration) -> Double
    private let writeValue: @Sendable (inout Configuration, Double) -> Void

    /// A tunable read and written by closures (for a value that is not a plain stored number).
    public init(
        name: String, unit: String, kind: TunableKind, range: TunableRange, summary: String,
        read: @escaping @Sendable (Configuration) -> Double, write: @escaping @Sendable (inout Configuration, Double) -> Void
    ) {
        self.name = name
        self.unit = unit
        self.kind = kind
        self.range = range
        self.summary = summary
        readValue = read
        writeValue = write
    }

    /// A real-valued tunable stored at `keyPath`, named after the property.
    public init(
        _ keyPath: WritableKeyPath<Configuration, Double> & Sendable, unit: String, range: ClosedRange<Double>, _ summary: String
    ) {
        self.init(keyPath, unit: unit, range: TunableRange(range), summary)
    }

    /// A real-valued tunable stored at `keyPath`, range open at the top.
    public init(_ keyPath: WritableKeyPath<Configuration, Double> & Sendable, unit: String, range: Range<Double>, _ summary: String) {
        self.init(keyPath, unit: unit, range: TunableRange(range), summary)
    }

    private init(_ keyPath: WritableKeyPath<Configuration, Double> & Sendable, unit: String, range: TunableRange, _ summary: String) {
        self.init(
            name: propertyName(keyPath), unit: unit, kind: .real, range: range, summary: summary,
            read: { $0[keyPath: keyPath] }, write: { $0[keyPath: keyPath] = $1 })
    }

    /// A whole-number tunable stored at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Configuration, Int> & Sendable, unit: String, range: ClosedRange<Double>, _ summary: String) {
        self.init(
            name: propertyName(keyPath), unit: unit, kind: .wholeNumber, range: TunableRange(range), summary: summary,
            read: { Double($0[keyPath: keyPath]) }, write: { $0[keyPath: keyPath] = Int($1) })
    }

    /// A whole-number tunable stored as an unsigned number at `keyPath` (seeds).
    public init(
        _ keyPath: WritableKeyPath<Configuration, UInt64> & Sendable, unit: String, range: ClosedRange<Double>, _ summary: String
    ) {
        self.init(
            name: propertyName(keyPath), unit: unit, kind: .wholeNumber, range: TunableRange(range), summary: summary,
            read: { Double($0[keyPath: keyPath]) }, write: { $0[keyPath: keyPath] = UInt64($1) })
    }

    /// An on-off tunable stored at `keyPath` (0 = false, 1 = true), named after the property or `name`.
    public init(_ keyPath: WritableKeyPath<Configuration, Bool> & Sendable, name: String? = nil, _ summary: String) {
        self.init(
            name: name ?? propertyName(keyPath), unit: "", kind: .flag, range: TunableRange(0...1), summary: summary,
            read: { $0[keyPath: keyPath] ? 1 : 0 }, write: { $0[keyPath: keyPath] = $1 != 0 })
    }

    /// This tunable as one of a configuration that holds this one at `keyPath`: a nested configuration's
    /// table carried in its owner's, with the same name, unit, kind, range and `summaryPrefix` + summary.
    public func lifted<Outer>(
        into keyPath: WritableKeyPath<Outer, Configuration> & Sendable, summaryPrefix: String = ""
    ) -> Tunable<Outer> {
        let inner = self
        return Tunable<Outer>(
            name: name, unit: unit, kind: kind, range: range, summary: summaryPrefix + summary,
            read: { inner.value(in: $0[keyPath: keyPath]) }, write: { inner.write($1, into: &$0[keyPath: keyPath]) })
    }

    /// The value in `configuration` (flags as 0 or 1).
    public func value(in configuration: Configuration) -> Double { readValue(configuration) }

    /// Writes `value` into `configuration` unchecked (``TunableConfiguration/replacing(_:)`` checks first).
    public func write(_ value: Double, into configuration: inout Configuration) { writeValue(&configuration, value) }

    /// Whether `value` is one this tunable accepts: in range, and whole for whole numbers and flags.
    public func accepts(_ value: Double) -> Bool {
        range.contains(value) && (kind == .real || value == value.rounded())
    }
}

/// The name of the property `keyPath` ends at: `lengthMeters` for `\Sample.lengthMeters` (the key path's
/// description, which the runtime writes from the type's reflection metadata; a test checks every table's
/// names are identifiers).
func propertyName(_ keyPath: AnyKeyPath) -> String {
    let path = String(describing: keyPath)
    let last = path.split(whereSeparator: { $0 == "." || $0 == "?" || $0 == "!" }).last
    return last.map(String.init) ?? path
}
