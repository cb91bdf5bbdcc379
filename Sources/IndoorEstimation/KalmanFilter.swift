import IndoorConfiguration

/// A linear / extended Kalman filter over an n-component state, with its maths on GSL.
///
/// The filter holds the current estimate x and its covariance P. After ``predict(transition:processNoise:)``
/// they are the prior x⁻, P⁻; after an accepted update they are the posterior x⁺, P⁺. Updates use the
/// Joseph form and the covariance is re-symmetrised after every step, so P stays symmetric positive
/// definite under rounding. Rejected updates (see ``UpdateOutcome``) leave x and P untouched.
///
/// Every GSL buffer is allocated at construction (state size) or on the first update of a given
/// measurement size, then reused: linear predict and update cycles do not allocate GSL memory.
///
/// Not thread-safe and not `Sendable`: one filter belongs to one session.
///
/// Reference: R. E. Kalman, "A New Approach to Linear Filtering and Prediction Problems", 1960;
/// Joseph form and gating as in Bar-Shalom, Li & Kirubarajan, *Estimation with Applications to
/// Tracking and Navigation*, 2001, §5.2 and §2.4.
public final class KalmanFilter {
    /// Number of state components n (≥ 1).
    public let stateDimension: Int
    /// The tunables this filter was created with.
    public let configuration: KalmanFilterConfiguration
    /// The dimension of the ``StateLayout`` given at construction, if any (checked by typed accessors).
    public let layoutDimension: Int?

    /// Current estimate x (prior after predict, posterior after an accepted update).
    var estimate: GSLVector
    /// Current covariance P.
    var estimateCovariance: GSLMatrix
    /// Scratch for the next x, swapped in when a step succeeds.
    var candidateState: GSLVector
    /// Scratch for the next P, swapped in when a step succeeds.
    var candidateCovariance: GSLMatrix
    /// F (or its Jacobian), n × n.
    let transition: GSLMatrix
    /// n × n scratch: F P in predict, (I − K H) P in update.
    let product: GSLMatrix
    /// n × n scratch: I − K H.
    let identityMinusGainMeasurement: GSLMatrix
    /// Buffers per measurement dimension.
    var measurementWorkspaces: [Int: MeasurementWorkspace] = [:]
    /// Buffers per control dimension.
    var controlWorkspaces: [Int: ControlWorkspace] = [:]

    /// A filter starting at `initialState` with covariance `initialCovariance`.
    /// - Parameters:
    ///   - initialState: x₀, n finite values in the caller's state units.
    ///   - initialCovariance: P₀, n × n, finite, symmetric, positive semidefinite (units squared).
    /// - Throws: ``EstimationError`` naming the offending input (`"initial state"`, `"initial covariance"`,
    ///   a configuration field out of its range).
    public convenience init(
        initialState: [Double], initialCovariance: Matrix,
        configuration: KalmanFilterConfiguration = .standard
    ) throws(EstimationError) {
        try self.init(
            initialState: initialState, initialCovariance: initialCovariance,
            configuration: configuration, layoutDimension: nil)
    }

    /// A filter whose state follows a named layout; ``value(of:)`` and ``variance(of:)`` then read by name.
    /// - Throws: as ``init(initialState:initialCovariance:configuration:)``, and
    ///   ``EstimationError/dimensionMismatch(what:expected:got:)`` when the state does not have
    ///   `Layout.dimension` components.
    public convenience init<Layout: StateLayout>(
        layout: Layout.Type, initialState: [Double],
        initialCovariance: Matrix,
        configuration: KalmanFilterConfiguration = .standard
    ) throws(EstimationError) {
        guard initialState.count == Layout.dimension else {
            throw .dimensionMismatch(what: "initial state for layout", expected: Layout.dimension, got: initialState.count)
        }
        try self.init(
            initialState: initialState, initialCovariance: initialCovariance,
            configuration: configuration, layoutDimension: Layout.dimension)
    }

    private init(
        initialState: [Double], initialCovariance: Matrix,
        configuration: KalmanFilterConfiguration, layoutDimension: Int?
    ) throws(EstimationError) {
        do { try configuration.validate() } catch { throw EstimationError(error) }
        let n = initialState.count
        guard n >= 1 else { throw .emptyDimension(what: "initial state") }
        stateDimension = n
        self.configuration = configuration
        self.layoutDimension = layoutDimension
        estimate = try GSLVector(count: n)
        estimateCovariance = try GSLMatrix(rows: n, columns: n)
        candidateState = try GSLVector(count: n)
        candidateCovariance = try GSLMatrix(rows: n, columns: n)
        transition = try GSLMatrix(rows: n, columns: n)
        product = try GSLMatrix(rows: n, columns: n)
        identityMinusGainMeasurement = try GSLMatrix(rows: n, columns: n)
        try setState(initialState)
        try setCovariance(initialCovariance)
    }

    // MARK: Accessors

    /// The current estimate x, in the caller's state units.
    public var state: [Double] { estimate.values }

    /// The current covariance P (n × n, symmetric).
    public var covariance: Matrix { estimateCovariance.value }

    /// Replaces the estimate.
    /// - Throws: ``EstimationError/dimensionMismatch(what:expected:got:)`` or
    ///   ``EstimationError/nonFinite(what:index:)`` (`"state"`); the filter is unchanged then.
    public func setState(_ newState: [Double]) throws(EstimationError) {
        guard newState.count == stateDimension else {
            throw .dimensionMismatch(what: "state", expected: stateDimension, got: newState.count)
        }
        if let bad = newState.firstNonFiniteIndex { throw .nonFinite(what: "state", index: bad) }
        estimate.load(newState)
    }

    /// Replaces the covariance after checking it is n × n, finite, symmetric within
    /// ``KalmanFilterConfiguration/symmetryTolerance`` and positive semidefinite within
    /// ``KalmanFilterConfiguration/semidefiniteTolerance``; stores its symmetric part.
    /// - Throws: the matching ``EstimationError`` (matrix `"covariance"`); the filter is unchanged then.
    /// - Complexity: O(n³) (a symmetric eigenvalue decomposition).
    public func setCovariance(_ newCovariance: Matrix) throws(EstimationError) {
        try validateSquare(newCovariance, name: "covariance")
        candidateCovariance.load(newCovariance)
        let smallest = try GSL.smallestEigenvalue(ofSymmetric: candidateCovariance)
        let largestDiagonal = (0..<stateDimension).map { abs(newCovariance[$0, $0]) }.max() ?? 0
        guard smallest >= -configuration.semidefiniteTolerance * max(1, largestDiagonal) else {
            throw .notPositiveSemidefinite(matrix: "covariance", smallestEigenvalue: smallest)
        }
        candidateCovariance.symmetrize()
        swap(&estimateCovariance, &candidateCovariance)
    }

    /// The estimate of one named component.
    /// - Throws: ``EstimationError/layoutMismatch(layoutDimension:stateDimension:)`` when
    ///   `Layout.dimension` differs from ``stateDimension``.
    public func value<Layout: StateLayout>(of component: Layout) throws(EstimationError) -> Double {
        try checkLayout(Layout.self, component)
        return estimate[component.index]
    }

    /// The variance (diagonal of P) of one named component, in its units squared.
    /// - Throws: as ``value(of:)``.
    public func variance<Layout: StateLayout>(of component: Layout) throws(EstimationError) -> Double {
        try checkLayout(Layout.self, component)
        return estimateCovariance[component.index, component.index]
    }

    /// One element of P: the covariance of two named components, in their units' product.
    /// - Throws: as ``value(of:)``.
    public func covariance<Layout: StateLayout>(of a: Layout, _ b: Layout) throws(EstimationError) -> Double {
        try checkLayout(Layout.self, a)
        try checkLayout(Layout.self, b)
        return estimateCovariance[a.index, b.index]
    }

    private func checkLayout<Layout: StateLayout>(_ layout: Layout.Type, _ component: Layout) throws(EstimationError) {
        guard Layout.dimension == stateDimension, (0..<stateDimension).contains(component.index) else {
            throw .layoutMismatch(layoutDimension: Layout.dimension, stateDimension: stateDimension)
        }
    }

    // MARK: Validation shared by predict and update

    /// Checks an n × n (or given size) matrix is finite; throws naming it.
    func validateShape(_ matrix: Matrix, name: String, rows: Int, columns: Int) throws(EstimationError) {
        guard matrix.rows == rows else { throw .dimensionMismatch(what: "\(name) rows", expected: rows, got: matrix.rows) }
        guard matrix.columns == columns else {
            throw .dimensionMismatch(what: "\(name) columns", expected: columns, got: matrix.columns)
        }
    }

    /// Checks a covariance-like matrix: n × n (n = state dimension), finite, symmetric.
    func validateSquare(_ matrix: Matrix, name: String, dimension: Int? = nil) throws(EstimationError) {
        let size = dimension ?? stateDimension
        try validateShape(matrix, name: name, rows: size, columns: size)
        if let bad = matrix.firstNonFiniteIndex { throw .nonFinite(what: name, index: bad) }
        try validateSymmetric(matrix, name: name)
    }

    /// Checks symmetry within the configured relative tolerance.
    func validateSymmetric(_ matrix: Matrix, name: String) throws(EstimationError) {
        let tolerance = configuration.symmetryTolerance
        for r in 0..<matrix.rows {
            for c in stride(from: r + 1, to: matrix.columns, by: 1) {
                let upper = matrix[r, c]
                let lower = matrix[c, r]
                if abs(upper - lower) > tolerance * max(1, abs(upper), abs(lower)) {
                    throw .notSymmetric(matrix: name, row: r, column: c)
                }
            }
        }
    }
}
