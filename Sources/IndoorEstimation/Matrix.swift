/// A dense real matrix stored row-major, used to hand models (F, Q, H, R, B) to the filter.
///
/// A plain value type: build it once and mutate elements in place (e.g. the time step inside a
/// transition matrix) to avoid allocating on every filter step. Units are those of the quantity it
/// describes (a covariance in m² carries m², a transition matrix is unitless or s for position/velocity).
public struct Matrix: Hashable, Sendable, CustomStringConvertible {
    /// Number of rows (≥ 1).
    public let rows: Int
    /// Number of columns (≥ 1).
    public let columns: Int
    /// The elements, row after row: element (r, c) is at `r * columns + c`.
    public private(set) var elements: [Double]

    /// A matrix from its row-major elements.
    /// - Throws: ``EstimationError/emptyDimension(what:)`` for a zero dimension,
    ///   ``EstimationError/dimensionMismatch(what:expected:got:)`` when `elements.count != rows * columns`.
    public init(rows: Int, columns: Int, elements: [Double]) throws(EstimationError) {
        guard rows >= 1 else { throw .emptyDimension(what: "matrix rows") }
        guard columns >= 1 else { throw .emptyDimension(what: "matrix columns") }
        guard elements.count == rows * columns else {
            throw .dimensionMismatch(what: "matrix elements", expected: rows * columns, got: elements.count)
        }
        self.rows = rows
        self.columns = columns
        self.elements = elements
    }

    /// A matrix from an array of equally long rows.
    /// - Throws: ``EstimationError/emptyDimension(what:)`` for no rows or empty rows,
    ///   ``EstimationError/dimensionMismatch(what:expected:got:)`` naming the first ragged row.
    public init(_ rowArrays: [[Double]]) throws(EstimationError) {
        guard let first = rowArrays.first else { throw .emptyDimension(what: "matrix rows") }
        var flat: [Double] = []
        flat.reserveCapacity(rowArrays.count * first.count)
        for (index, row) in rowArrays.enumerated() {
            guard row.count == first.count else {
                throw .dimensionMismatch(what: "matrix row \(index) length", expected: first.count, got: row.count)
            }
            flat.append(contentsOf: row)
        }
        try self.init(rows: rowArrays.count, columns: first.count, elements: flat)
    }

    /// An all-zero matrix. Dimensions below 1 are raised to 1.
    public static func zeros(rows: Int, columns: Int) -> Matrix {
        Matrix(
            checkedRows: max(rows, 1), columns: max(columns, 1),
            elements: Array(repeating: 0, count: max(rows, 1) * max(columns, 1)))
    }

    /// The n × n identity. A dimension below 1 is raised to 1.
    public static func identity(_ dimension: Int) -> Matrix {
        var m = zeros(rows: dimension, columns: dimension)
        for i in 0..<m.rows { m[i, i] = 1 }
        return m
    }

    /// A diagonal matrix with `diagonal` on its diagonal (a 1 × 1 zero when `diagonal` is empty).
    public static func diagonal(_ diagonal: [Double]) -> Matrix {
        var m = zeros(rows: diagonal.count, columns: diagonal.count)
        for (i, value) in diagonal.enumerated() { m[i, i] = value }
        return m
    }

    /// Element at (`row`, `column`), zero-based. Out-of-range indices trap, like `Array`.
    public subscript(row: Int, column: Int) -> Double {
        get { elements[row * columns + column] }
        set { elements[row * columns + column] = newValue }
    }

    /// The rows as nested arrays.
    public var rowArrays: [[Double]] {
        (0..<rows).map { r in Array(elements[(r * columns)..<((r + 1) * columns)]) }
    }

    /// Rows × columns and a few significant digits, for messages and debugging.
    public var description: String {
        "Matrix(\(rows)×\(columns): \(rowArrays))"
    }

    /// Memberwise initialiser for callers that have already checked the sizes.
    init(checkedRows rows: Int, columns: Int, elements: [Double]) { self.rows = rows; self.columns = columns; self.elements = elements }

    /// Index of the first non-finite element, if any.
    var firstNonFiniteIndex: Int? { elements.firstNonFiniteIndex }
}

extension Array where Element == Double {
    /// Index of the first NaN or infinite value, if any.
    var firstNonFiniteIndex: Int? {
        for index in indices where !self[index].isFinite { return index }
        return nil
    }
}
