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

    /// The value given (NaN where there is none: a value that is no number, an unknown name).
    public var value: Double {
        switch self {
        case .outOfRange(_, _, let value, _), .notWholeNumber(_, _, let value), .invalidCombination(_, _, let value, _): value
        case .notANumber, .unknownName, .malformedAssignment: .nan
        }
    }

    /// The values the field accepts, in words: `1 ... 50`, `whole numbers`, a combination's rule.
    public var validValues: String {
        switch self {
        case .outOfRange(_, _, _, let range): "\(range)"
        case .notWholeNumber: "whole numbers"
        case .notANumber: "finite numbers"
        case .unknownName, .malformedAssignment: "no such setting"
        case .invalidCombination(_, _, _, let rule): rule
        }
    }

    /// What is wrong, without the configuration's name (for errors that name it themselves):
    /// `5 is outside 1 ... 50`.
    public var reason: String {
        switch self {
        case .outOfRange(_, _, let value, let range): "\(TunableFormat.number(value)) is outside \(range)"
        case .notWholeNumber(_, _, let value): "\(TunableFormat.number(value)) is not a whole number"
        case .notANumber(_, _, let text): "'\(text)' is not a number"
        case .unknownName(_, _, let known): "no such setting; known: \(known.joined(separator: ", "))"
        case .malformedAssignment(_, let assignment): "'\(assignment)' is not NAME=VALUE"
        case .invalidCombination(_, _, let value, let rule): "\(TunableFormat.number(value)) must be \(rule)"
        }
    }

    /// A one-line message for users.
    public var description: String {
        switch self {
        case .outOfRange(let configuration, let field, _, _), .notWholeNumber(let configuration, let field, _),
            .notANumber(let configuration, let field, _), .invalidCombination(let configuration, let field, _, _):
            "\(configuration) configuration: \(field) = \(reason)"
        case .unknownName(let configuration, let name, let known):
            "\(configuration) configuration: no setting '\(name)'; known: \(known.joined(separator: ", "))"
        case .malformedAssignment(let configuration, _):
            "\(configuration) configuration: \(reason)"
        }
    }
}
