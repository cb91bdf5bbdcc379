/// A configuration described by one ``TunableTable``: its name, defaults and tunables; validation,
/// `NAME=VALUE` overrides and the README tables all come from it.
public protocol TunableConfiguration: Sendable {
    /// The configuration's one description.
    static var table: TunableTable<Self> { get }
    /// Rules between fields (e.g. a maximum at least its minimum), checked after every range.
    /// The default has none.
    func validateCombination() throws(ConfigurationError)
}

extension TunableConfiguration {
    /// The defaults (``TunableTable/defaults``).
    public static var standard: Self { table.defaults }
    /// Every tunable, in the order tables list them (``TunableTable/tunables``).
    public static var tunables: [Tunable<Self>] { table.tunables }
    /// The configuration's short name in messages and on the command line (``TunableTable/name``).
    public static var configurationName: String { table.name }

    /// No rules between fields.
    public func validateCombination() throws(ConfigurationError) {}

    /// Checks every tunable against its range (and whole numbers for whole-number fields), then
    /// ``validateCombination()``.
    /// - Throws: ``ConfigurationError`` naming the first bad field.
    public func validate() throws(ConfigurationError) {
        for tunable in Self.tunables {
            let value = tunable.value(in: self)
            guard tunable.range.contains(value) else {
                throw .outOfRange(configuration: Self.configurationName, field: tunable.name, value: value, range: tunable.range)
            }
        }
        try validateCombination()
    }

    /// Requires the value at `field` to be at least the one at `other` (a maximum and its minimum).
    /// - Throws: ``ConfigurationError/invalidCombination(configuration:field:value:rule:)`` naming `field`.
    public func require(_ field: KeyPath<Self, Double>, atLeast other: KeyPath<Self, Double>) throws(ConfigurationError) {
        try check(self[keyPath: field] >= self[keyPath: other], field, "at least", other)
    }

    /// Requires the value at `field` to be at most the one at `other`.
    /// - Throws: ``ConfigurationError/invalidCombination(configuration:field:value:rule:)`` naming `field`.
    public func require(_ field: KeyPath<Self, Double>, atMost other: KeyPath<Self, Double>) throws(ConfigurationError) {
        try check(self[keyPath: field] <= self[keyPath: other], field, "at most", other)
    }

    private func check(
        _ holds: Bool, _ field: KeyPath<Self, Double>, _ rule: String, _ other: KeyPath<Self, Double>
    ) throws(ConfigurationError) {
        guard !holds else { return }
        throw .invalidCombination(
            configuration: Self.configurationName, field: propertyName(field), value: self[keyPath: field],
            rule: "\(rule) \(propertyName(other)) \(TunableFormat.number(self[keyPath: other]))")
    }

    /// The defaults (``standard``) with `changes` applied, then validated: the one way to build a
    /// configuration other than the defaults, e.g. `try FusionConfiguration { $0.gateProbability = 0.95 }`.
    /// - Throws: ``ConfigurationError`` naming the first bad field (``validate()``).
    public init(_ changes: (inout Self) -> Void) throws(ConfigurationError) {
        var configuration = Self.standard
        changes(&configuration)
        try configuration.validate()
        self = configuration
    }

    /// This configuration with `NAME=VALUE` assignments applied in order, validated.
    /// - Throws: ``ConfigurationError`` for an assignment without `=`, an unknown name (listing the
    ///   known ones), a value that is not a finite number (a flag also takes `true`/`false`, `on`/`off`,
    ///   `yes`/`no`), a fraction for a whole number or flag, or a value out of range; and whatever ``validate()`` throws for the result.
    public func replacing(_ assignments: [String]) throws(ConfigurationError) -> Self {
        let name = Self.configurationName
        var result = self
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw .malformedAssignment(configuration: name, assignment: assignment) }
            guard let tunable = Self.tunables.first(where: { $0.name == parts[0] }) else {
                throw .unknownName(configuration: name, name: parts[0], known: Self.tunables.map(\.name))
            }
            guard let value = Self.number(parts[1].trimmingSpaces, flag: tunable.kind == .flag), value.isFinite else {
                throw .notANumber(configuration: name, field: tunable.name, text: parts[1])
            }
            guard tunable.range.contains(value) else {
                throw .outOfRange(configuration: name, field: tunable.name, value: value, range: tunable.range)
            }
            guard tunable.kind == .real || value == value.rounded() else {
                throw .notWholeNumber(configuration: name, field: tunable.name, value: value)
            }
            tunable.write(value, into: &result)
        }
        try result.validate()
        return result
    }

    /// `text` as a number; for a flag also `true`/`on`/`yes` (1) and `false`/`off`/`no` (0), any case.
    static func number(_ text: Substring, flag: Bool) -> Double? {
        if let value = Double(text) { return value }
        guard flag else { return nil }
        switch text.lowercased() {
        case "true", "on", "yes": return 1
        case "false", "off", "no": return 0
        default: return nil
        }
    }

    /// Every tunable's value by name (whole numbers and flags as numbers).
    public var namedValues: [String: Double] {
        var values: [String: Double] = [:]
        for tunable in Self.tunables { values[tunable.name] = tunable.value(in: self) }
        return values
    }

    /// The tunable stored at `keyPath`, if the table lists one (for a command-line option that sets it).
    public static func tunable(at keyPath: PartialKeyPath<Self>) -> Tunable<Self>? {
        let name = propertyName(keyPath)
        return tunables.first { $0.name == name }
    }

    /// The tunable names, in table order.
    public static var tunableNames: [String] { tunables.map(\.name) }

    /// The Markdown table of the tunables: name | unit | default | range | meaning, the default read
    /// from ``standard``.
    public static func markdownTable() -> String {
        var lines = ["| Name | Unit | Default | Range | Meaning |", "|---|---|---|---|---|"]
        for tunable in tunables {
            let value = tunable.value(in: standard)
            let defaultText = tunable.kind == .flag ? (value != 0 ? "on" : "off") : TunableFormat.rounded(value)
            let rangeText = tunable.kind == .flag ? "on-off" : tunable.range.description
            let unit = tunable.unit.isEmpty ? "" : tunable.unit
            lines.append("| `\(tunable.name)` | \(unit) | \(defaultText) | \(rangeText) | \(tunable.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A plain-text table for terminals: one tunable a line.
    public static func textTable() -> String {
        let width = tunables.map(\.name.count).max() ?? 0
        var lines = ["\(configurationName):"]
        for tunable in tunables {
            let value = tunable.value(in: standard)
            let defaultText = tunable.kind == .flag ? (value != 0 ? "on" : "off") : TunableFormat.rounded(value)
            let rangeText = tunable.kind == .flag ? "on-off" : tunable.range.description
            let padded = tunable.name + String(repeating: " ", count: width - tunable.name.count)
            let unit = tunable.unit.isEmpty ? "" : " \(tunable.unit)"
            lines.append("  \(padded)  \(defaultText)\(unit)  (\(rangeText))  \(tunable.summary)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
