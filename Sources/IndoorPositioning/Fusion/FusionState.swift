import IndoorEstimation

/// The fusion filter's state layout: position, heading bias and stride scale.
///
/// The engine reads and writes its state vector, covariance and model matrices through these cases
/// (`state[.strideScale]`, `covariance[.headingBiasRadians, .headingBiasRadians]`), never through bare indices.
public enum FusionState: Int, StateLayout {
    /// Metres east of the local frame's origin.
    case eastMeters
    /// Metres north of the local frame's origin.
    case northMeters
    /// Added to every step heading, radians clockwise.
    case headingBiasRadians
    /// Multiplies every step length (unitless, 1 = as detected).
    case strideScale

    /// The components in state-vector order.
    static let ordered: [FusionState] = allCases.sorted { $0.index < $1.index }

    /// A state vector with `value(component)` at each component's index.
    static func vector(_ value: (FusionState) -> Double) -> [Double] {
        ordered.map(value)
    }

    /// A `dimension × dimension` zero matrix, to fill by component (noise, Jacobian terms).
    static func squareZeros() -> Matrix {
        Matrix.zeros(rows: dimension, columns: dimension)
    }

    /// The measurement matrix H that reads `components`, one row each in the given order: row r has a 1
    /// in the column of `components[r]`. An empty list gives a one-row zero matrix.
    static func measurementModel(reading components: [FusionState]) -> Matrix {
        var model = Matrix.zeros(rows: components.count, columns: dimension)
        for (row, component) in components.enumerated() { model[row, component.index] = 1 }
        return model
    }

    /// H for a position measurement (east, north).
    static let positionModel = measurementModel(reading: [.eastMeters, .northMeters])
}

extension Array where Element == Double {
    /// The element of a fusion state vector for `component`.
    subscript(component: FusionState) -> Double {
        get { self[component.index] }
        set { self[component.index] = newValue }
    }
}

extension Matrix {
    /// The element of a fusion covariance or model matrix at (`row`, `column`) components.
    subscript(row: FusionState, column: FusionState) -> Double {
        get { self[row.index, column.index] }
        set { self[row.index, column.index] = newValue }
    }
}
