import IndoorConfiguration
import Testing

@testable import IndoorEstimation

/// Every typed error of the filter API, and that a throwing call leaves the filter untouched.
@Suite struct KalmanFilterErrorTests {
    @Test func matrixConstructionErrors() {
        #expect(throws: EstimationError.emptyDimension(what: "matrix rows")) { try Matrix([]) }
        #expect(throws: EstimationError.emptyDimension(what: "matrix columns")) { try Matrix([[]]) }
        #expect(throws: EstimationError.dimensionMismatch(what: "matrix row 1 length", expected: 2, got: 1)) {
            try Matrix([[1, 2], [3]])
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "matrix elements", expected: 4, got: 3)) {
            try Matrix(rows: 2, columns: 2, elements: [1, 2, 3])
        }
    }

    @Test func initialValuesAreValidated() throws {
        #expect(throws: EstimationError.emptyDimension(what: "initial state")) {
            try KalmanFilter(initialState: [], initialCovariance: .identity(1))
        }
        #expect(throws: EstimationError.nonFinite(what: "state", index: 1)) {
            try KalmanFilter(initialState: [0, .nan], initialCovariance: .identity(2))
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "covariance rows", expected: 2, got: 3)) {
            try KalmanFilter(initialState: [0, 0], initialCovariance: .identity(3))
        }
        #expect(throws: EstimationError.nonFinite(what: "covariance", index: 3)) {
            try KalmanFilter(initialState: [0, 0], initialCovariance: M([[1, 0], [0, .infinity]]))
        }
        #expect(throws: EstimationError.notSymmetric(matrix: "covariance", row: 0, column: 1)) {
            try KalmanFilter(initialState: [0, 0], initialCovariance: M([[1, 0.5], [0.4, 1]]))
        }
        // Eigenvalues of [[1, 2], [2, 1]] are 3 and −1.
        let error = #expect(throws: EstimationError.self) {
            try KalmanFilter(initialState: [0, 0], initialCovariance: M([[1, 2], [2, 1]]))
        }
        guard case .notPositiveSemidefinite(let matrix, let smallest)? = error else {
            Issue.record("expected notPositiveSemidefinite, got \(String(describing: error))")
            return
        }
        #expect(matrix == "covariance")
        #expect(abs(smallest + 1) < 1e-12)
        #expect(throws: EstimationError.dimensionMismatch(what: "initial state for layout", expected: 4, got: 2)) {
            try KalmanFilter(layout: PlanarMotionState.self, initialState: [0, 0], initialCovariance: .identity(2))
        }
    }

    @Test func semidefiniteCovarianceIsAccepted() throws {
        // Rank-one covariance [[1, 1], [1, 1]] (eigenvalues 2 and 0) is a valid covariance.
        let filter = try KalmanFilter(initialState: [0, 0], initialCovariance: M([[1, 1], [1, 1]]))
        #expect(filter.covariance == (try M([[1, 1], [1, 1]])))
    }

    @Test func setStateAndCovarianceValidate() throws {
        let filter = try makeFilter()
        #expect(throws: EstimationError.dimensionMismatch(what: "state", expected: 4, got: 3)) {
            try filter.setState([0, 0, 0])
        }
        #expect(throws: EstimationError.nonFinite(what: "state", index: 2)) { try filter.setState([0, 0, .nan, 0]) }
        #expect(throws: EstimationError.notSymmetric(matrix: "covariance", row: 1, column: 3)) {
            var p = Matrix.identity(4)
            p[1, 3] = 0.1
            try filter.setCovariance(p)
        }
        #expect(throws: EstimationError.notPositiveSemidefinite(matrix: "covariance", smallestEigenvalue: -2)) {
            try filter.setCovariance(.diagonal([1, 1, -2, 1]))
        }
        expectUnchanged(filter)
        try filter.setState([5, 6, 7, 8])
        try filter.setCovariance(.diagonal([2, 2, 2, 2]))
        #expect(filter.state == [5, 6, 7, 8])
        #expect(filter.covariance == Matrix.diagonal([2, 2, 2, 2]))
    }

    @Test func configurationIsValidated() {
        #expect(
            throws: ConfigurationError.outOfRange(
                configuration: "kalman-filter", field: "gateProbability", value: 1, range: TunableRange(0.5..<1))
        ) {
            try KalmanFilterConfiguration { $0.gateProbability = 1 }
        }
        #expect(throws: ConfigurationError.self) { try KalmanFilterConfiguration { $0.gateProbability = 0.3 } }
        #expect(throws: ConfigurationError.self) { try KalmanFilterConfiguration { $0.gateProbability = .nan } }
        #expect(throws: ConfigurationError.self) { try KalmanFilterConfiguration { $0.symmetryTolerance = -1 } }
        #expect(throws: ConfigurationError.self) { try KalmanFilterConfiguration { $0.symmetryTolerance = .nan } }
        #expect(throws: ConfigurationError.self) { try KalmanFilterConfiguration { $0.semidefiniteTolerance = 1 } }
        #expect(KalmanFilterConfiguration.standard == (try? KalmanFilterConfiguration { _ in }))
    }

    @Test func predictValidatesModels() throws {
        let filter = try makeFilter()
        let f = try constantVelocityTransition(dtSeconds: 1)
        let q = Matrix.diagonal([0.1, 0.1, 0.1, 0.1])
        #expect(throws: EstimationError.dimensionMismatch(what: "transition matrix rows", expected: 4, got: 3)) {
            try filter.predict(transition: .identity(3), processNoise: q)
        }
        #expect(throws: EstimationError.nonFinite(what: "transition matrix", index: 2)) {
            var bad = f
            bad[0, 2] = .nan
            try filter.predict(transition: bad, processNoise: q)
        }
        #expect(throws: EstimationError.notSymmetric(matrix: "process noise", row: 0, column: 1)) {
            var bad = q
            bad[0, 1] = 0.05
            try filter.predict(transition: f, processNoise: bad)
        }
        #expect(throws: EstimationError.nonFinite(what: "process noise", index: 0)) {
            try filter.predict(transition: f, processNoise: .diagonal([.infinity, 0.1, 0.1, 0.1]))
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "control matrix rows", expected: 4, got: 2)) {
            try filter.predict(transition: f, processNoise: q, control: .identity(2), input: [0, 0])
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "control input", expected: 1, got: 2)) {
            try filter.predict(transition: f, processNoise: q, control: .zeros(rows: 4, columns: 1), input: [0, 0])
        }
        #expect(throws: EstimationError.nonFinite(what: "control input", index: 0)) {
            try filter.predict(transition: f, processNoise: q, control: .zeros(rows: 4, columns: 1), input: [.nan])
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "transition model output", expected: 4, got: 2)) {
            try filter.predict(processNoise: q, model: { _ in [0, 0] }, jacobian: { _ in f })
        }
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "transition model", index: 3)) {
            try filter.predict(processNoise: q, model: { x in [x[0], x[1], x[2], .nan] }, jacobian: { _ in f })
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "transition Jacobian columns", expected: 4, got: 2)) {
            try filter.predict(processNoise: q, model: { $0 }, jacobian: { _ in .zeros(rows: 4, columns: 2) })
        }
        #expect(throws: EstimationError.nonFiniteFunctionValue(function: "transition Jacobian", index: 0)) {
            try filter.predict(processNoise: q, model: { $0 }, jacobian: { _ in .diagonal([.nan, 1, 1, 1]) })
        }
        expectUnchanged(filter)
    }

    @Test func predictOverflowIsAnErrorAndLeavesTheFilterUnchanged() throws {
        let filter = try makeFilter()
        #expect(throws: EstimationError.nonFinite(what: "predicted covariance", index: 0)) {
            try filter.predict(transition: .diagonal([1e200, 1, 1, 1]), processNoise: .identity(4))
        }
        expectUnchanged(filter)
    }

    @Test func updateValidatesSizesAndSymmetry() throws {
        let filter = try makeFilter()
        let h = try positionModel()
        #expect(throws: EstimationError.emptyDimension(what: "measurement")) {
            try filter.update(measurement: [], model: h, noise: .identity(2))
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "measurement matrix rows", expected: 3, got: 2)) {
            try filter.update(measurement: [0, 0, 0], model: h, noise: .identity(3))
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "measurement matrix columns", expected: 4, got: 3)) {
            try filter.update(measurement: [0, 0], model: .zeros(rows: 2, columns: 3), noise: .identity(2))
        }
        #expect(throws: EstimationError.nonFinite(what: "measurement matrix", index: 1)) {
            try filter.update(measurement: [0, 0], model: M([[1, .nan, 0, 0], [0, 1, 0, 0]]), noise: .identity(2))
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "measurement noise rows", expected: 2, got: 1)) {
            try filter.update(measurement: [0, 0], model: h, noise: .identity(1))
        }
        #expect(throws: EstimationError.notSymmetric(matrix: "measurement noise", row: 0, column: 1)) {
            try filter.update(measurement: [0, 0], model: h, noise: M([[1, 0.2], [0, 1]]))
        }
        #expect(throws: EstimationError.invalidConfiguration(parameter: "gate threshold", value: -1, validRange: "> 0, finite")) {
            try filter.update(measurement: [1, 2], model: h, noise: .identity(2), gate: .threshold(-1))
        }
        #expect(throws: EstimationError.self) {
            try filter.update(measurement: [1, 2], model: h, noise: .identity(2), gate: .threshold(.nan))
        }
        let jacobian: ([Double]) -> Matrix = { _ in h }
        #expect(throws: EstimationError.dimensionMismatch(what: "predicted measurement", expected: 2, got: 1)) {
            try filter.update(measurement: [0, 0], noise: .identity(2), predictedMeasurement: { _ in [0] }, jacobian: jacobian)
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "measurement Jacobian rows", expected: 2, got: 1)) {
            try filter.update(
                measurement: [0, 0], noise: .identity(2), predictedMeasurement: { _ in [0, 0] },
                jacobian: { _ in .zeros(rows: 1, columns: 4) })
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "residual function output", expected: 2, got: 3)) {
            try filter.update(
                measurement: [0, 0], noise: .identity(2), predictedMeasurement: { _ in [0, 0] },
                jacobian: jacobian, residual: { _, _ in [0, 0, 0] })
        }
        expectUnchanged(filter)
    }

    @Test func layoutMismatchIsReported() throws {
        let filter = try KalmanFilter(initialState: [0, 0, 0], initialCovariance: .identity(3))
        #expect(throws: EstimationError.layoutMismatch(layoutDimension: 4, stateDimension: 3)) {
            try filter.value(of: PlanarMotionState.eastMeters)
        }
        #expect(throws: EstimationError.layoutMismatch(layoutDimension: 4, stateDimension: 3)) {
            try filter.variance(of: PlanarMotionState.eastMeters)
        }
    }

    @Test func errorDescriptionsNameTheInput() {
        #expect(
            EstimationError.notSymmetric(matrix: "process noise", row: 0, column: 2).description
                == "process noise is not symmetric at (0, 2)")
        #expect(
            EstimationError.dimensionMismatch(what: "control input", expected: 2, got: 3).description
                == "control input: expected 2, got 3")
        #expect(
            EstimationError.gsl(status: 1, call: "gsl_x", reason: "input domain error").description
                == "gsl_x failed with GSL status 1: input domain error")
    }
}
