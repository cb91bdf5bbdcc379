extension KalmanFilter {
    /// Linear measurement update with innovation y = z − H x⁻.
    /// - Parameters:
    ///   - measurement: z, m values in the measurement's units.
    ///   - model: H, m × n, finite.
    ///   - noise: R, m × m, symmetric measurement noise covariance (measurement units squared).
    ///   - gate: which Mahalanobis gate applies (default: the configured one).
    /// - Returns: ``UpdateOutcome/accepted(_:)`` with the innovation and d², or the rejection reason
    ///   (NaN/∞ in z or R, S not positive definite, gated). A rejection leaves the filter unchanged.
    /// - Throws: ``EstimationError`` for wrong sizes, a non-finite H, an asymmetric R or a bad gate threshold.
    /// - Complexity: O(n³ + m³), no GSL allocation after the first update of size m.
    public func update(
        measurement: [Double], model: Matrix, noise: Matrix,
        gate: MeasurementGate = .configured
    ) throws(EstimationError) -> UpdateOutcome {
        let m = measurement.count
        guard m >= 1 else { throw .emptyDimension(what: "measurement") }
        try validateShape(model, name: "measurement matrix", rows: m, columns: stateDimension)
        if let bad = model.firstNonFiniteIndex { throw .nonFinite(what: "measurement matrix", index: bad) }
        if let rejection = try checkMeasurementAndNoise(measurement, noise: noise) { return .rejected(rejection) }
        let workspace = try measurementWorkspace(for: m)
        workspace.measurementMatrix.load(model)
        workspace.measurementNoise.load(noise)
        workspace.innovation.load(measurement)
        // y = z − H x⁻
        try GSL.gemv(workspace.measurementMatrix, transposed: false, estimate, alpha: -1, beta: 1, into: workspace.innovation)
        return try correct(using: workspace, gate: gate)
    }

    /// Extended measurement update: y = z − h(x⁻) (or `residual(z, h(x⁻))`), H = ∂h/∂x at x⁻.
    /// - Parameters:
    ///   - measurement: z, m values.
    ///   - noise: R, m × m, symmetric.
    ///   - predictedMeasurement: h, maps the prior state (n values) to the expected measurement (m values).
    ///   - jacobian: ∂h/∂x at the prior state, m × n.
    ///   - residual: optional replacement for z − h(x), e.g. ``Residual/wrappingAngles(atIndices:)`` for
    ///     bearings so that 359° vs 1° gives 2° rather than 358°; must return m values.
    ///   - gate: which Mahalanobis gate applies.
    /// - Returns: as ``update(measurement:model:noise:gate:)``; NaN/∞ from h, its Jacobian or the residual
    ///   is a rejection (``NonFiniteInput``), not an error.
    /// - Throws: ``EstimationError`` for wrong sizes (naming the function), an asymmetric R, a bad gate.
    /// - Complexity: O(n³ + m³) plus the closures; allocates the arrays the closures take and return.
    public func update(
        measurement: [Double], noise: Matrix,
        predictedMeasurement: ([Double]) -> [Double],
        jacobian: ([Double]) -> Matrix,
        residual: (([Double], [Double]) -> [Double])? = nil,
        gate: MeasurementGate = .configured
    ) throws(EstimationError) -> UpdateOutcome {
        let m = measurement.count
        guard m >= 1 else { throw .emptyDimension(what: "measurement") }
        if let rejection = try checkMeasurementAndNoise(measurement, noise: noise) { return .rejected(rejection) }
        let xPrior = estimate.values
        let expected = predictedMeasurement(xPrior)
        guard expected.count == m else {
            throw .dimensionMismatch(what: "predicted measurement", expected: m, got: expected.count)
        }
        if let bad = expected.firstNonFiniteIndex {
            return .rejected(.nonFinite(.predictedMeasurement(index: bad)))
        }
        let measurementJacobian = jacobian(xPrior)
        try validateShape(measurementJacobian, name: "measurement Jacobian", rows: m, columns: stateDimension)
        if let bad = measurementJacobian.firstNonFiniteIndex {
            return .rejected(.nonFinite(.measurementJacobian(index: bad)))
        }
        // y = z − h(x⁻), or the caller's residual
        let innovation = residual?(measurement, expected) ?? zip(measurement, expected).map { $0 - $1 }
        guard innovation.count == m else {
            throw .dimensionMismatch(what: "residual function output", expected: m, got: innovation.count)
        }
        if let bad = innovation.firstNonFiniteIndex { return .rejected(.nonFinite(.residual(index: bad))) }
        let workspace = try measurementWorkspace(for: m)
        workspace.measurementMatrix.load(measurementJacobian)
        workspace.measurementNoise.load(noise)
        workspace.innovation.load(innovation)
        return try correct(using: workspace, gate: gate)
    }

    /// Checks z and R (sizes and symmetry throw; NaN/∞ reject).
    private func checkMeasurementAndNoise(_ measurement: [Double], noise: Matrix) throws(EstimationError) -> UpdateRejection? {
        let m = measurement.count
        try validateShape(noise, name: "measurement noise", rows: m, columns: m)
        if let bad = measurement.firstNonFiniteIndex { return .nonFinite(.measurement(index: bad)) }
        if let bad = noise.firstNonFiniteIndex { return .nonFinite(.measurementNoise(index: bad)) }
        try validateSymmetric(noise, name: "measurement noise")
        return nil
    }

    private func gateThreshold(_ gate: MeasurementGate, workspace: MeasurementWorkspace) throws(EstimationError) -> Double? {
        switch gate {
        case .configured: return workspace.configuredGateThreshold
        case .disabled: return nil
        case .threshold(let value):
            guard value.isFinite, value > 0 else {
                throw .invalidConfiguration(parameter: "gate threshold", value: value, validRange: "> 0, finite")
            }
            return value
        }
    }

    /// The correction shared by both updates; H, R and y are loaded in `workspace`.
    private func correct(using workspace: MeasurementWorkspace, gate: MeasurementGate) throws(EstimationError) -> UpdateOutcome {
        let threshold = try gateThreshold(gate, workspace: workspace)
        let H = workspace.measurementMatrix
        let R = workspace.measurementNoise
        let S = workspace.innovationCovariance
        let PHt = workspace.covarianceTimesMeasurementTranspose
        let K = workspace.gain
        let y = workspace.innovation
        // P⁻ Hᵀ
        try GSL.gemm(estimateCovariance, transposed: false, H, transposed: true, into: PHt)
        // S = H P⁻ Hᵀ + R
        S.copy(from: R)
        try GSL.gemm(H, transposed: false, PHt, transposed: false, beta: 1, into: S)
        S.symmetrize()
        guard S.isFinite else { return .rejected(.nonFinite(.innovationCovariance)) }
        // S = L Lᵀ (S now holds L)
        guard try GSL.choleskyDecompose(S) else { return .rejected(.notPositiveDefinite(matrix: "innovation covariance")) }
        // d² = yᵀ S⁻¹ y
        try GSL.choleskySolve(S, y, into: workspace.whitenedInnovation)
        let mahalanobisSquared = try GSL.dot(y, workspace.whitenedInnovation)
        if let threshold, !(mahalanobisSquared <= threshold) {
            return .rejected(.gated(mahalanobisSquared: mahalanobisSquared, threshold: threshold))
        }
        // S⁻¹ from L
        try GSL.choleskyInvert(S)
        // K = P⁻ Hᵀ S⁻¹
        try GSL.gemm(PHt, transposed: false, S, transposed: false, into: K)
        // x⁺ = x⁻ + K y
        candidateState.copy(from: estimate)
        try GSL.gemv(K, transposed: false, y, beta: 1, into: candidateState)
        // A = I − K H
        let A = identityMinusGainMeasurement
        A.setIdentity()
        try GSL.gemm(K, transposed: false, H, transposed: false, alpha: -1, beta: 1, into: A)
        // A P⁻
        try GSL.gemm(A, transposed: false, estimateCovariance, transposed: false, into: product)
        // P⁺ = (A P⁻) Aᵀ …
        try GSL.gemm(product, transposed: false, A, transposed: true, into: candidateCovariance)
        // … + K R Kᵀ  (Joseph form: P⁺ = (I − K H) P⁻ (I − K H)ᵀ + K R Kᵀ)
        try GSL.gemm(K, transposed: false, R, transposed: false, into: workspace.gainTimesNoise)
        try GSL.gemm(workspace.gainTimesNoise, transposed: false, K, transposed: true, beta: 1, into: candidateCovariance)
        // P⁺ = (P⁺ + P⁺ᵀ) / 2
        candidateCovariance.symmetrize()
        guard candidateState.isFinite, candidateCovariance.isFinite else { return .rejected(.nonFinite(.posterior)) }
        swap(&estimate, &candidateState)
        swap(&estimateCovariance, &candidateCovariance)
        return .accepted(
            AcceptedUpdate(
                innovation: y.values, mahalanobisSquared: mahalanobisSquared,
                gateThreshold: threshold))
    }

    private func measurementWorkspace(for dimension: Int) throws(EstimationError) -> MeasurementWorkspace {
        if let existing = measurementWorkspaces[dimension] { return existing }
        let created = try MeasurementWorkspace(
            measurementDimension: dimension, stateDimension: stateDimension,
            gateThreshold: configuration.gateThreshold(measurementDimension: dimension))
        measurementWorkspaces[dimension] = created
        return created
    }
}
