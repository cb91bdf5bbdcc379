extension KalmanFilter {
    /// Linear time update without control input: x⁻ = F x⁺, P⁻ = F P⁺ Fᵀ + Q.
    /// - Parameters:
    ///   - transition: F, n × n, finite.
    ///   - processNoise: Q, n × n, finite and symmetric (positive semidefiniteness is the caller's
    ///     responsibility; it is not re-checked every step).
    /// - Throws: ``EstimationError`` naming `"transition matrix"` or `"process noise"`; on any error
    ///   the filter is unchanged.
    /// - Complexity: O(n³), no allocation.
    public func predict(transition: Matrix, processNoise: Matrix) throws(EstimationError) {
        try validateTransition(transition, processNoise: processNoise)
        self.transition.load(transition)
        // x⁻ = F x⁺
        try GSL.gemv(self.transition, transposed: false, estimate, into: candidateState)
        try propagateCovariance(processNoise: processNoise)
    }

    /// Linear time update with control input: x⁻ = F x⁺ + B u, P⁻ = F P⁺ Fᵀ + Q.
    /// - Parameters:
    ///   - control: B, n × k, finite.
    ///   - input: u, k finite values.
    /// - Throws: as ``predict(transition:processNoise:)``, also naming `"control matrix"` / `"control input"`.
    public func predict(
        transition: Matrix, processNoise: Matrix, control: Matrix,
        input: [Double]
    ) throws(EstimationError) {
        try validateTransition(transition, processNoise: processNoise)
        try validateShape(control, name: "control matrix", rows: stateDimension, columns: control.columns)
        guard input.count == control.columns else {
            throw .dimensionMismatch(what: "control input", expected: control.columns, got: input.count)
        }
        if let bad = control.firstNonFiniteIndex { throw .nonFinite(what: "control matrix", index: bad) }
        if let bad = input.firstNonFiniteIndex { throw .nonFinite(what: "control input", index: bad) }
        let workspace = try controlWorkspace(for: control.columns)
        workspace.controlMatrix.load(control)
        workspace.input.load(input)
        self.transition.load(transition)
        // x⁻ = F x⁺ + B u
        try GSL.gemv(self.transition, transposed: false, estimate, into: candidateState)
        try GSL.gemv(workspace.controlMatrix, transposed: false, workspace.input, beta: 1, into: candidateState)
        try propagateCovariance(processNoise: processNoise)
    }

    /// Extended (nonlinear) time update: x⁻ = f(x⁺), P⁻ = F P⁺ Fᵀ + Q with F = ∂f/∂x at x⁺.
    /// - Parameters:
    ///   - processNoise: Q, n × n, finite and symmetric.
    ///   - model: f, maps the posterior state (n values) to the prior state (n values).
    ///   - jacobian: ∂f/∂x evaluated at the posterior state, n × n.
    /// - Throws: ``EstimationError/nonFiniteFunctionValue(function:index:)`` when f or its Jacobian
    ///   returns NaN/∞, a dimension error for wrong sizes; the filter is unchanged then.
    /// - Complexity: O(n³) plus the closures; allocates the arrays the closures take and return.
    public func predict(
        processNoise: Matrix, model: ([Double]) -> [Double],
        jacobian: ([Double]) -> Matrix
    ) throws(EstimationError) {
        let xPosterior = estimate.values
        let xPrior = model(xPosterior)
        let transitionJacobian = jacobian(xPosterior)
        guard xPrior.count == stateDimension else {
            throw .dimensionMismatch(what: "transition model output", expected: stateDimension, got: xPrior.count)
        }
        if let bad = xPrior.firstNonFiniteIndex {
            throw .nonFiniteFunctionValue(function: "transition model", index: bad)
        }
        try validateShape(transitionJacobian, name: "transition Jacobian", rows: stateDimension, columns: stateDimension)
        if let bad = transitionJacobian.firstNonFiniteIndex {
            throw .nonFiniteFunctionValue(function: "transition Jacobian", index: bad)
        }
        try validateSquare(processNoise, name: "process noise")
        transition.load(transitionJacobian)
        // x⁻ = f(x⁺)
        candidateState.load(xPrior)
        try propagateCovariance(processNoise: processNoise)
    }

    private func validateTransition(_ transition: Matrix, processNoise: Matrix) throws(EstimationError) {
        try validateShape(transition, name: "transition matrix", rows: stateDimension, columns: stateDimension)
        if let bad = transition.firstNonFiniteIndex { throw .nonFinite(what: "transition matrix", index: bad) }
        try validateSquare(processNoise, name: "process noise")
    }

    /// P⁻ = F P⁺ Fᵀ + Q with F already in `transition` and x⁻ in `candidateState`; commits both.
    private func propagateCovariance(processNoise: Matrix) throws(EstimationError) {
        // F P⁺
        try GSL.gemm(transition, transposed: false, estimateCovariance, transposed: false, into: product)
        candidateCovariance.load(processNoise)
        // P⁻ = (F P⁺) Fᵀ + Q
        try GSL.gemm(product, transposed: false, transition, transposed: true, beta: 1, into: candidateCovariance)
        candidateCovariance.symmetrize()
        guard candidateState.isFinite else { throw .nonFinite(what: "predicted state", index: firstNonFinite(candidateState)) }
        guard candidateCovariance.isFinite else {
            throw .nonFinite(what: "predicted covariance", index: firstNonFinite(candidateCovariance.value.elements))
        }
        swap(&estimate, &candidateState)
        swap(&estimateCovariance, &candidateCovariance)
    }

    private func firstNonFinite(_ vector: GSLVector) -> Int { firstNonFinite(vector.values) }

    private func firstNonFinite(_ values: [Double]) -> Int { values.firstNonFiniteIndex ?? 0 }

    private func controlWorkspace(for dimension: Int) throws(EstimationError) -> ControlWorkspace {
        if let existing = controlWorkspaces[dimension] { return existing }
        let created = try ControlWorkspace(controlDimension: dimension, stateDimension: stateDimension)
        controlWorkspaces[dimension] = created
        return created
    }
}
