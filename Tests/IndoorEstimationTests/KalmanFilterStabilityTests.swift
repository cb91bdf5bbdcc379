import EstimationReference
import Foundation
import IndoorGeometry
import Testing

@testable import IndoorEstimation

/// Long runs: the covariance must stay symmetric positive definite.
@Suite struct KalmanFilterStabilityTests {
    /// Set `INDOORNAV_LONG_TESTS=1` to run the one-million-step variant (13–30 s in a debug build,
    /// depending on machine load).
    static let longTestsEnabled = ProcessInfo.processInfo.environment["INDOORNAV_LONG_TESTS"] == "1"

    @Test func covarianceStaysPositiveDefiniteOver100kSteps() throws {
        try runConstantVelocity(steps: 100_000, checkEvery: 1_000)
    }

    @Test(.enabled(if: longTestsEnabled, "set INDOORNAV_LONG_TESTS=1"))
    func covarianceStaysPositiveDefiniteOverOneMillionSteps() throws {
        try runConstantVelocity(steps: 1_000_000, checkEvery: 10_000)
    }

    private func runConstantVelocity(steps: Int, checkEvery: Int) throws {
        var generator = SplitMix64(seed: 2024)
        let filter = try KalmanFilter(
            layout: PlanarMotionState.self, initialState: [0, 0, 1, 0],
            initialCovariance: .diagonal([100, 100, 4, 4]))
        let dt = 0.1
        let f = try constantVelocityTransition(dtSeconds: dt)
        let q = try whiteAccelerationNoise(dtSeconds: dt, density: 0.05)
        let h = try positionModel()
        // Very precise position fixes stress the Joseph form (P shrinks towards R in position).
        let r = Matrix.diagonal([1e-4, 1e-4])
        var truth = [0.0, 0.0, 1.0, 0.0]
        var accepted = 0
        for step in 1...steps {
            truth[2] += 0.01 * generator.gaussian()
            truth[3] += 0.01 * generator.gaussian()
            truth[0] += dt * truth[2]
            truth[1] += dt * truth[3]
            try filter.predict(transition: f, processNoise: q)
            let z = [truth[0] + 0.01 * generator.gaussian(), truth[1] + 0.01 * generator.gaussian()]
            if try filter.update(measurement: z, model: h, noise: r).isAccepted { accepted += 1 }
            if step % checkEvery == 0 {
                let p = filter.covariance.rowArrays
                #expect(ReferenceLinearAlgebra.asymmetry(p) == 0, "step \(step)")
                #expect(ReferenceLinearAlgebra.cholesky(p) != nil, "step \(step): P not positive definite")
                #expect(abs(filter.state[0] - truth[0]) < 0.1, "step \(step): east error")
            }
        }
        #expect(accepted > steps * 95 / 100)
    }
}
