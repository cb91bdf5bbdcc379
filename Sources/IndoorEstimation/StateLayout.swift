/// A named layout of a filter's state vector: one case per component, each with its index.
///
/// Declare the layout once, next to the code that owns the state, and use its cases instead of bare
/// indices. An `Int`-backed enum gets ``index`` from its raw value and ``dimension`` from its case
/// count:
///
/// ```swift
/// enum PlanarMotionState: Int, StateLayout {
///     case eastMeters, northMeters, eastVelocityMetersPerSecond, northVelocityMetersPerSecond
/// }
/// let filter = try KalmanFilter(layout: PlanarMotionState.self, initialState: [0, 0, 0, 0],
///                               initialCovariance: .diagonal([25, 25, 1, 1]))
/// let eastMeters = try filter.value(of: PlanarMotionState.eastMeters)
/// ```
///
/// Indices must be `0..<dimension`, each used once; units belong in the case names.
public protocol StateLayout: CaseIterable, Hashable, Sendable {
    /// Zero-based position of this component in the state vector.
    var index: Int { get }
    /// Number of components in the state vector.
    static var dimension: Int { get }
}

extension StateLayout {
    /// The number of cases.
    public static var dimension: Int { allCases.count }
}

extension StateLayout where Self: RawRepresentable, RawValue == Int {
    /// The raw value is the index.
    public var index: Int { rawValue }
}
