import Testing

@testable import IndoorEstimation

/// Every rejection reason, and that a rejection leaves the state and covariance untouched.
@Suite struct KalmanFilterRejectionTests {
    private let position: ([Double]) -> [Double] = { [$0[0], $0[1]] }
    private let positionJacobian: ([Double]) -> Matrix = { _ in
        Matrix(checkedRows: 2, columns: 4, elements: [1, 0, 0, 0, 0, 1, 0, 0])
    }

    @Test func outlierIsGatedWithItsDistance() throws {
        let filter = try makeFilter()
        // y = [10, 0], S = I + I = 2 I → d² = 100 / 2 = 50 > 9.21 (99 %, 2 dof).
        let outcome = try filter.update(measurement: [11, 2], model: positionModel(), noise: .identity(2))
        guard case .rejected(.gated(let d2, let threshold)) = outcome else {
            Issue.record("expected gating, got \(outcome)")
            return
        }
        #expect(abs(d2 - 50) < 1e-12)
        #expect(abs(threshold - (chiSquare99[2] ?? 0)) < 1e-5)
        expectUnchanged(filter)
    }

    @Test func callerThresholdAndDisabledGateOverrideConfiguration() throws {
        let filter = try makeFilter()
        // d² = 50 as above: a threshold of 60 accepts it.
        #expect(
            try filter.update(
                measurement: [11, 2], model: positionModel(), noise: .identity(2),
                gate: .threshold(60)
            ).isAccepted)
        let other = try makeFilter()
        #expect(
            try other.update(
                measurement: [11, 2], model: positionModel(), noise: .identity(2),
                gate: .disabled
            ).isAccepted)
        let ungated = try KalmanFilter(
            initialState: [1, 2, 0, 0], initialCovariance: .diagonal([1, 1, 0.5, 0.5]),
            configuration: KalmanFilterConfiguration { $0.gateProbability = nil })
        #expect(try ungated.update(measurement: [11, 2], model: positionModel(), noise: .identity(2)).isAccepted)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteMeasurementIsRejected(bad: Double) throws {
        let filter = try makeFilter()
        let outcome = try filter.update(measurement: [1, bad], model: positionModel(), noise: .identity(2))
        #expect(outcome == .rejected(.nonFinite(.measurement(index: 1))))
        expectUnchanged(filter)
    }

    @Test func nonFiniteNoiseIsRejected() throws {
        let filter = try makeFilter()
        let outcome = try filter.update(measurement: [1, 2], model: positionModel(), noise: M([[1, 0], [0, .nan]]))
        #expect(outcome == .rejected(.nonFinite(.measurementNoise(index: 3))))
        expectUnchanged(filter)
    }

    @Test func nonFiniteModelOutputsAreRejected() throws {
        let filter = try makeFilter()
        let badPrediction = try filter.update(
            measurement: [1, 2], noise: .identity(2),
            predictedMeasurement: { _ in [.nan, 0] }, jacobian: positionJacobian)
        #expect(badPrediction == .rejected(.nonFinite(.predictedMeasurement(index: 0))))
        let badJacobian = try filter.update(
            measurement: [1, 2], noise: .identity(2), predictedMeasurement: position,
            jacobian: { _ in Matrix(checkedRows: 2, columns: 4, elements: [1, 0, 0, 0, 0, .infinity, 0, 0]) })
        #expect(badJacobian == .rejected(.nonFinite(.measurementJacobian(index: 5))))
        let badResidual = try filter.update(
            measurement: [1, 2], noise: .identity(2), predictedMeasurement: position,
            jacobian: positionJacobian, residual: { _, _ in [0, .nan] })
        #expect(badResidual == .rejected(.nonFinite(.residual(index: 1))))
        expectUnchanged(filter)
    }

    @Test func indefiniteInnovationCovarianceIsRejected() throws {
        let filter = try makeFilter()
        // S = H P Hᵀ + R = I + (−3 I) = −2 I: no Cholesky factor.
        let outcome = try filter.update(measurement: [1, 2], model: positionModel(), noise: .diagonal([-3, -3]))
        #expect(outcome == .rejected(.notPositiveDefinite(matrix: "innovation covariance")))
        expectUnchanged(filter)
    }

    @Test func overflowingInnovationCovarianceIsRejected() throws {
        let filter = try KalmanFilter(initialState: [0], initialCovariance: M([[1e200]]))
        // H P Hᵀ = 1e200 · 1e200 · 1e200 overflows to +∞.
        let outcome = try filter.update(measurement: [0], model: M([[1e100]]), noise: M([[1]]), gate: .disabled)
        #expect(outcome == .rejected(.nonFinite(.innovationCovariance)))
        #expect(filter.covariance.elements == [1e200])
    }
}
