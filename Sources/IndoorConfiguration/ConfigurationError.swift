/// A configuration value that cannot be used, naming the configuration and the field.
public enum ConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A value outside the field's range (or not finite).
    case outOfRange(configuration: String, field: String, value: Double, range: TunableRange)
    /// A whole-number or on-off field given a fraction.
    case notWholeNumber(configuration: String, field: String, value: Double)
    /// A `NAME=VALUE` whose VALUE is not a finite number.
    case notANumber(configuration: String, field: String, text: String)
    /// A `NAME=VALUE` whose NAME is no field of the configuration.
    case unknownName(configuration: String, name: String, known: [String])
    /// An assignment without `=`, or with an empty NAME.
    case malformedAssignment(configuration: String, assignment: String)
    /// A value allowed by its own range but not with the others (e.g. a maximum below its minimum).
    case invalidCombination(configuration: String, field: String, value: Double, rule: String)

    /// The field the error is about (the assignment for a malformed one).
    public var field: String {
        switch self {
        case .outOfRange(_, let field, _, _), .notWholeNumber(_, let field, _), .notANumber(_, let field, _),
            .invalidCombination(_, let field, _, _):
            field
        case .unknownName(_, let name, _): name
        case .malformedAssignment(_, let assignment): assignment
        }
    }

    /// A one-line message for users.
    public var description: String {
        switch self {
        case .outOfRange(let configuration, let field, let value, let range):
            "\(configuration) configuration: \(field) = \(TunableFormat.number(value)) is outside \(range)"
        case .notWholeNumber(let configuration, let field, let value):
            "\(configuration) configuration: \(field) = \(TunableFormat.number(value)) is not a whole number"
        case .notANumber(let configuration, let field, let text):
            "\(configuration) configuration: \(field) = '\(text)' is not a number"
        case .unknownName(let configuration, let name, let known):
            "\(configuration) configuration: no setting '\(name)'; known: \(known.joined(separator: ", "))"
        case .malformedAssignment(let configuration, let assignment):
            "\(configuration) configuration: '\(assignment)' is not NAME=VALUE"
        case .invalidCombination(let configuration, let field, let value, let rule):
            "\(configuration) configuration: \(field) = \(TunableFormat.number(value)) must be \(rule)"
        }
    }
}
