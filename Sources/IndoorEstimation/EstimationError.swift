import IndoorConfiguration

/// Everything that can go wrong in the Estimation module, with the context needed to fix the input.
///
/// Rejected Kalman updates (gated, non-finite measurement, innovation covariance not positive definite)
/// are *not* errors: they come back as ``UpdateOutcome/rejected(_:)``. Errors are reserved for inputs
/// that break the contract of a call (wrong sizes, a covariance that is not a covariance, bad settings)
/// and for failures reported by GSL.
public enum EstimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A vector or matrix has the wrong size: `what` names the argument and the axis
    /// (e.g. "measurement matrix columns"), `expected` and `got` are element counts.
    case dimensionMismatch(what: String, expected: Int, got: Int)
    /// A dimension that must be at least 1 is zero or negative (`what` names it).
    case emptyDimension(what: String)
    /// A value that must be finite is NaN or infinite; `index` is the flat (row-major) element index.
    case nonFinite(what: String, index: Int)
    /// A matrix that must be symmetric is not, within the configured tolerance, at (`row`, `column`).
    case notSymmetric(matrix: String, row: Int, column: Int)
    /// A covariance has a negative eigenvalue beyond rounding; `smallestEigenvalue` is in the matrix's units.
    case notPositiveSemidefinite(matrix: String, smallestEigenvalue: Double)
    /// A configuration value is outside its documented range.
    case invalidConfiguration(parameter: String, value: Double, validRange: String)
    /// A least-squares weight is not a finite, strictly positive number.
    case invalidWeight(index: Int, value: Double)
    /// A least-squares problem has fewer residuals than parameters, so the solution is not unique.
    case underdetermined(residualCount: Int, parameterCount: Int)
    /// A user-supplied function (residual, Jacobian, measurement or transition model) returned a
    /// value that is not finite; `function` names it, `index` is the flat element index.
    case nonFiniteFunctionValue(function: String, index: Int)
    /// A typed state accessor was used with a ``StateLayout`` whose dimension differs from the filter's.
    case layoutMismatch(layoutDimension: Int, stateDimension: Int)
    /// GSL could not allocate `what` (out of memory).
    case allocationFailed(what: String)
    /// A GSL call returned a non-zero status: `status` is the `GSL_E…` code, `call` the C function,
    /// `reason` GSL's own text for the code.
    case gsl(status: Int32, call: String, reason: String)

    /// A one-line English explanation naming the offending input.
    public var description: String {
        switch self {
        case let .dimensionMismatch(what, expected, got):
            return "\(what): expected \(expected), got \(got)"
        case let .emptyDimension(what):
            return "\(what) must be at least 1"
        case let .nonFinite(what, index):
            return "\(what): element \(index) is not finite"
        case let .notSymmetric(matrix, row, column):
            return "\(matrix) is not symmetric at (\(row), \(column))"
        case let .notPositiveSemidefinite(matrix, smallestEigenvalue):
            return "\(matrix) is not positive semidefinite (smallest eigenvalue \(smallestEigenvalue))"
        case let .invalidConfiguration(parameter, value, validRange):
            return "\(parameter) = \(value) is outside \(validRange)"
        case let .invalidWeight(index, value):
            return "weight \(index) = \(value) must be finite and > 0"
        case let .underdetermined(residualCount, parameterCount):
            return "\(residualCount) residuals cannot determine \(parameterCount) parameters"
        case let .nonFiniteFunctionValue(function, index):
            return "\(function) returned a non-finite value at element \(index)"
        case let .layoutMismatch(layoutDimension, stateDimension):
            return "state layout has \(layoutDimension) components but the filter has \(stateDimension)"
        case let .allocationFailed(what):
            return "could not allocate \(what)"
        case let .gsl(status, call, reason):
            return "\(call) failed with GSL status \(status): \(reason)"
        }
    }
}

extension EstimationError {
    /// A ``ConfigurationError`` as ``invalidConfiguration(parameter:value:validRange:)``, naming its field.
    public init(_ error: ConfigurationError) {
        self = .invalidConfiguration(parameter: error.field, value: error.value, validRange: error.validValues)
    }
}
