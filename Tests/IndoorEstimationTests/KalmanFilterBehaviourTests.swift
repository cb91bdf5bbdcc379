import EstimationReference
import Foundation
import IndoorGeometry
import Testing

@testable import IndoorEstimation

@Suite struct KalmanFilterBehaviourTests {
    @Test func scalarCycleMatchesHandComputation() throws {
        // x = 0, P = 4; F = 1, Q = 1 → P⁻ = 5. z = 2, H = 1, R = 5 → S = 10, K = 0.5,
        // x⁺ = 1, P⁺ = 0.5²·5 + 0.5²·5 = 2.5, d² = 2²/10 = 0.4.
        let filter = try KalmanFilter(initialState: [0], initialCovariance: M([[4]]))
        try filter.predict(transition: M([[1]]), processNoise: M([[1]]))
        #expect(filter.covariance.elements == [5])
        let outcome = try filter.update(measurement: [2], model: M([[1]]), noise: M([[5]]))
        guard case .accepted(let accepted) = outcome else {
            Issue.record("expected acceptance, got \(outcome)")
            return
        }
        #expect(abs(accepted.mahalanobisSquared - 0.4) < 1e-12)
        #expect(accepted.innovation == [2])
        #expect(abs(filter.state[0] - 1) < 1e-12)
        #expect(abs(filter.covariance[0, 0] - 2.5) < 1e-12)
    }

    @Test func controlInputShiftsThePrior() throws {
        // x⁻ = F x + B u with F = [[1, 1], [0, 1]], x = [1, 2], B = [[0.5], [1]], u = [2] → [4, 4].
        let filter = try KalmanFilter(initialState: [1, 2], initialCovariance: .identity(2))
        try filter.predict(
            transition: M([[1, 1], [0, 1]]), processNoise: .diagonal([0.1, 0.1]),
            control: M([[0.5], [1]]), input: [2])
        #expect(filter.state == [4, 4])
        // P⁻ = F I Fᵀ + 0.1 I = [[2.1, 1], [1, 1.1]]
        #expect(relativeDifference(filter.covariance, [[2.1, 1], [1, 1.1]]) < 1e-12)
    }

    @Test func configuredGateThresholdsMatchChiSquareTables() throws {
        let configuration = KalmanFilterConfiguration.standard
        for dimension in 1...6 {
            let threshold = try #require(configuration.gateThreshold(measurementDimension: dimension))
            let expected = try #require(chiSquare99[dimension])
            #expect(abs(threshold - expected) < 1e-5, "dimension \(dimension)")
        }
        let wider = try KalmanFilterConfiguration { $0.gateProbability = 0.95 }
        // 95 % quantile for 2 degrees of freedom is −2 ln 0.05 = 5.991465.
        #expect(abs((wider.gateThreshold(measurementDimension: 2) ?? 0) - 5.991465) < 1e-5)
        #expect(try KalmanFilterConfiguration { $0.gateProbability = nil }.gateThreshold(measurementDimension: 2) == nil)
    }

    @Test func josephFormAgreesWithShortFormForOptimalGain() throws {
        var generator = SplitMix64(seed: 7)
        for n in 2...6 {
            let p = RandomMatrices.symmetricPositiveDefinite(n, scale: 1, floor: 0.2, using: &generator)
            let h = RandomMatrices.uniform(rows: 2, columns: n, in: -1...1, using: &generator)
            let r = RandomMatrices.symmetricPositiveDefinite(2, scale: 0.5, floor: 0.1, using: &generator)
            let reference = ReferenceKalmanFilter(state: Array(repeating: 0, count: n), covariance: p)
            let shortForm = try #require(reference.shortFormPosteriorCovariance(model: h, noise: r))
            let filter = try KalmanFilter(initialState: Array(repeating: 0, count: n), initialCovariance: M(p))
            let outcome = try filter.update(measurement: [0.1, -0.2], model: M(h), noise: M(r), gate: .disabled)
            #expect(outcome.isAccepted)
            #expect(relativeDifference(filter.covariance, shortForm) < 1e-9, "n = \(n)")
        }
    }

    @Test func layoutAccessorsReadByName() throws {
        let filter = try KalmanFilter(
            layout: PlanarMotionState.self, initialState: [3, 4, 0.5, -0.5],
            initialCovariance: .diagonal([9, 16, 1, 2]))
        #expect(PlanarMotionState.dimension == 4)
        #expect(try filter.value(of: PlanarMotionState.northMeters) == 4)
        #expect(try filter.variance(of: PlanarMotionState.northVelocityMetersPerSecond) == 2)
        #expect(filter.layoutDimension == 4)
    }

    @Test func extendedUpdateWrapsBearingResidual() throws {
        // State: east, north (m). Measurement: bearing from the origin (radians, from east, CCW).
        // True bearing of (−10, −0.1) is about −π + 0.01; measured bearing π − 0.01 differs by only
        // 0.02 rad, so with wrapping the update is small and accepted.
        let filter = try KalmanFilter(initialState: [-10, -0.1], initialCovariance: .diagonal([1, 1]))
        let bearing: ([Double]) -> [Double] = { x in [atan2(x[1], x[0])] }
        let jacobian: ([Double]) -> Matrix = { x in
            let r2 = x[0] * x[0] + x[1] * x[1]
            return Matrix.init(checkedRows: 1, columns: 2, elements: [-x[1] / r2, x[0] / r2])
        }
        let measured = Double.pi - 0.01
        let predicted = bearing(filter.state)[0]
        let expectedResidual = Residual.wrappedRadians(measured - predicted)
        #expect(abs(expectedResidual) < 0.03)
        let outcome = try filter.update(
            measurement: [measured], noise: M([[0.01 * 0.01]]),
            predictedMeasurement: bearing, jacobian: jacobian,
            residual: Residual.wrappingAngles(atIndices: [0]), gate: .disabled)
        guard case .accepted(let accepted) = outcome else {
            Issue.record("expected acceptance, got \(outcome)")
            return
        }
        #expect(abs(accepted.innovation[0] - expectedResidual) < 1e-12)
        // Without wrapping the innovation is ≈ 2π and the default gate rejects it.
        let fresh = try KalmanFilter(initialState: [-10, -0.1], initialCovariance: .diagonal([1, 1]))
        let unwrapped = try fresh.update(
            measurement: [measured], noise: M([[0.01 * 0.01]]),
            predictedMeasurement: bearing, jacobian: jacobian)
        guard case .rejected(.gated) = unwrapped else {
            Issue.record("expected gating without wrapping, got \(unwrapped)")
            return
        }
    }

    @Test func wrappedRadiansStaysInHalfOpenInterval() {
        #expect(abs(Residual.wrappedRadians(3 * Double.pi / 2) - (-Double.pi / 2)) < 1e-12)
        #expect(abs(Residual.wrappedRadians(-Double.pi) - Double.pi) < 1e-12)
        #expect(abs(Residual.wrappedRadians(Double.pi) - Double.pi) < 1e-12)
        #expect(abs(Residual.wrappedRadians(0.25) - 0.25) < 1e-15)
        #expect(Residual.wrappedRadians(.infinity).isNaN)
    }

    @Test func workspacesAreCreatedOncePerMeasurementSize() throws {
        let filter = try KalmanFilter(initialState: [0, 0, 0, 0], initialCovariance: .identity(4))
        let f = try constantVelocityTransition(dtSeconds: 0.5)
        let q = try whiteAccelerationNoise(dtSeconds: 0.5, density: 0.1)
        for step in 0..<20 {
            try filter.predict(transition: f, processNoise: q)
            if step.isMultiple(of: 2) {
                _ = try filter.update(measurement: [0.1, 0.2], model: positionModel(), noise: .diagonal([1, 1]))
            } else {
                _ = try filter.update(measurement: [0.1], model: M([[1, 0, 0, 0]]), noise: M([[1]]))
            }
        }
        #expect(filter.measurementWorkspaces.keys.sorted() == [1, 2])
    }
}
