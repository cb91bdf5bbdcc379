import EstimationReference
import IndoorGeometry
import Testing

@testable import IndoorEstimation

/// The RTS smoother against the batch solution of the same linear-Gaussian problem, and its errors.
@Suite struct RauchTungStriebelSmootherTests {
    /// A short 1-D constant-velocity track: state [position m, velocity m/s], dt 1 s, position measured.
    struct Track {
        let dt = 1.0
        let accelerationDensity = 0.5
        let measurementVariance = 0.8
        let priorMean = [0.3, 0.9]
        let priorCovariance = [[2.0, 0.1], [0.1, 0.5]]
        /// Position measurements at epochs 0…5 (epoch 3 has none).
        let measurements: [Double?] = [0.1, 1.4, 1.9, nil, 4.6, 5.2]

        var transition: [[Double]] { [[1, dt], [0, 1]] }
        var processNoise: [[Double]] {
            let q = accelerationDensity
            return [[q * dt * dt * dt / 3, q * dt * dt / 2], [q * dt * dt / 2, q * dt]]
        }
    }

    /// Runs the GSL Kalman filter over the track and keeps what the backward pass needs.
    static func filterRun(_ track: Track) throws -> (filtered: [GaussianEstimate], transitions: [SmoothingTransition]) {
        let filter = try KalmanFilter(initialState: track.priorMean, initialCovariance: M(track.priorCovariance))
        var filtered: [GaussianEstimate] = []
        var transitions: [SmoothingTransition] = []
        for (k, z) in track.measurements.enumerated() {
            if k > 0 {
                try filter.predict(transition: M(track.transition), processNoise: M(track.processNoise))
                transitions.append(
                    SmoothingTransition(
                        predicted: GaussianEstimate(mean: filter.state, covariance: filter.covariance), jacobian: try M(track.transition)))
            }
            if let z {
                let outcome = try filter.update(
                    measurement: [z], model: M([[1, 0]]), noise: M([[track.measurementVariance]]), gate: .disabled)
                guard case .accepted = outcome else {
                    Issue.record("update \(k) rejected: \(outcome)")
                    return ([], [])
                }
            }
            filtered.append(GaussianEstimate(mean: filter.state, covariance: filter.covariance))
        }
        return (filtered, transitions)
    }

    /// The batch (information-form) solution: the joint posterior of x₀…x_N has information matrix
    /// Λ = P₀⁻¹ at (0, 0) + Σ transition terms + Σ Hᵀ R⁻¹ H, and mean Λ⁻¹ η. Plain arithmetic, no GSL.
    static func batchSolution(_ track: Track) throws -> (means: [[Double]], covariances: [[[Double]]]) {
        let epochs = track.measurements.count
        let size = 2 * epochs
        var information = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        var vector = [Double](repeating: 0, count: size)
        func add(_ block: [[Double]], row: Int, column: Int) {
            for r in 0..<2 { for c in 0..<2 { information[2 * row + r][2 * column + c] += block[r][c] } }
        }
        func inverse2(_ a: [[Double]]) -> [[Double]] {
            let det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
            return [[a[1][1] / det, -a[0][1] / det], [-a[1][0] / det, a[0][0] / det]]
        }
        typealias L = ReferenceLinearAlgebra
        let priorInformation = inverse2(track.priorCovariance)
        add(priorInformation, row: 0, column: 0)
        let priorVector = L.multiply(priorInformation, track.priorMean)
        vector[0] += priorVector[0]
        vector[1] += priorVector[1]
        let f = track.transition
        let qi = inverse2(track.processNoise)
        let ftQi = L.multiply(L.transpose(f), qi)
        for k in 0..<(epochs - 1) {
            add(L.multiply(ftQi, f), row: k, column: k)
            add(ftQi.map { $0.map { -$0 } }, row: k, column: k + 1)
            add(L.transpose(ftQi).map { $0.map { -$0 } }, row: k + 1, column: k)
            add(qi, row: k + 1, column: k + 1)
        }
        for (k, z) in track.measurements.enumerated() {
            guard let z else { continue }
            information[2 * k][2 * k] += 1 / track.measurementVariance
            vector[2 * k] += z / track.measurementVariance
        }
        let factor = try #require(L.cholesky(information))
        let mean = L.choleskySolve(factor, vector)
        var columns: [[Double]] = []
        for j in 0..<size {
            var unit = [Double](repeating: 0, count: size)
            unit[j] = 1
            columns.append(L.choleskySolve(factor, unit))
        }
        let means = (0..<epochs).map { [mean[2 * $0], mean[2 * $0 + 1]] }
        var covariances: [[[Double]]] = []
        for k in 0..<epochs {
            // Column j of Λ⁻¹ is columns[j]; the 2 × 2 block of epoch k.
            let a: Double = columns[2 * k][2 * k]
            let b: Double = columns[2 * k + 1][2 * k]
            let c: Double = columns[2 * k][2 * k + 1]
            let d: Double = columns[2 * k + 1][2 * k + 1]
            covariances.append([[a, b], [c, d]])
        }
        return (means, covariances)
    }

    @Test func matchesTheBatchSolutionOfALinearGaussianTrack() throws {
        let track = Track()
        let run = try Self.filterRun(track)
        let smoother = try RauchTungStriebelSmoother(stateDimension: 2)
        let smoothed = try smoother.smooth(filtered: run.filtered, transitions: run.transitions)
        let batch = try Self.batchSolution(track)
        #expect(smoothed.count == track.measurements.count)
        for k in smoothed.indices {
            #expect(relativeDifference(smoothed[k].mean, batch.means[k]) < 1e-9, "mean at \(k)")
            #expect(relativeDifference(smoothed[k].covariance, batch.covariances[k]) < 1e-9, "covariance at \(k)")
        }
        // The last smoothed estimate is the last filtered one; earlier ones are tighter than filtered.
        #expect(smoothed.last == run.filtered.last)
        for k in 0..<(smoothed.count - 1) {
            #expect(smoothed[k].covariance[0, 0] < run.filtered[k].covariance[0, 0] - 1e-6, "variance at \(k)")
        }
    }

    @Test func aSingleEstimateIsReturnedAsIs() throws {
        let only = GaussianEstimate(mean: [1, 2], covariance: try M([[1, 0], [0, 1]]))
        let smoothed = try RauchTungStriebelSmoother(stateDimension: 2).smooth(filtered: [only], transitions: [])
        #expect(smoothed == [only])
    }

    @Test func malformedInputIsATypedError() throws {
        let smoother = try RauchTungStriebelSmoother(stateDimension: 2)
        let good = GaussianEstimate(mean: [0, 0], covariance: try M([[1, 0], [0, 1]]))
        let transition = SmoothingTransition(predicted: good, jacobian: try M([[1, 1], [0, 1]]))
        #expect(throws: EstimationError.emptyDimension(what: "filtered estimates")) {
            try smoother.smooth(filtered: [], transitions: [])
        }
        #expect(throws: EstimationError.dimensionMismatch(what: "smoothing transitions", expected: 1, got: 0)) {
            try smoother.smooth(filtered: [good, good], transitions: [])
        }
        let shortMean = GaussianEstimate(mean: [0], covariance: good.covariance)
        #expect(throws: EstimationError.dimensionMismatch(what: "filtered estimate 0 mean", expected: 2, got: 1)) {
            try smoother.smooth(filtered: [shortMean, good], transitions: [transition])
        }
        let wideJacobian = SmoothingTransition(predicted: good, jacobian: try M([[1, 0, 0], [0, 1, 0]]))
        #expect(throws: EstimationError.dimensionMismatch(what: "transition Jacobian 0 columns", expected: 2, got: 3)) {
            try smoother.smooth(filtered: [good, good], transitions: [wideJacobian])
        }
        let nanMean = GaussianEstimate(mean: [0, .nan], covariance: good.covariance)
        #expect(throws: EstimationError.nonFinite(what: "predicted estimate 1 mean", index: 1)) {
            try smoother.smooth(
                filtered: [good, good], transitions: [SmoothingTransition(predicted: nanMean, jacobian: transition.jacobian)])
        }
        let singular = GaussianEstimate(mean: [0, 0], covariance: try M([[1, 1], [1, 1]]))
        #expect(throws: EstimationError.self) {
            try smoother.smooth(
                filtered: [good, good], transitions: [SmoothingTransition(predicted: singular, jacobian: transition.jacobian)])
        }
        do {
            _ = try smoother.smooth(
                filtered: [good, good], transitions: [SmoothingTransition(predicted: singular, jacobian: transition.jacobian)])
        } catch let error {
            guard case .notPositiveSemidefinite(let matrix, let smallest) = error else {
                Issue.record("expected notPositiveSemidefinite, got \(error)")
                return
            }
            #expect(matrix == "predicted covariance 1")
            #expect(abs(smallest) < 1e-9)
        }
        #expect(throws: EstimationError.emptyDimension(what: "smoother state")) { try RauchTungStriebelSmoother(stateDimension: 0) }
    }

    /// A straight constant-velocity walk, position measured with noise every step: smoothed errors
    /// against the simulated truth are below the filtered ones (seeded, 200 steps).
    @Test func smoothingAStraightWalkReducesTheError() throws {
        var generator = SplitMix64(seed: 0x5300_7401)
        func gaussian() -> Double { generator.gaussian() }
        let dt = 0.5, sigma = 1.5
        let f = try constantVelocityTransition(dtSeconds: dt)
        let q = try whiteAccelerationNoise(dtSeconds: dt, density: 0.01)
        let filter = try KalmanFilter(initialState: [0, 0, 1, 0.5], initialCovariance: .diagonal([1, 1, 0.25, 0.25]))
        var truth = [0.0, 0.0, 1.2, 0.4]
        var filtered: [GaussianEstimate] = []
        var transitions: [SmoothingTransition] = []
        var truths: [[Double]] = []
        for k in 0..<200 {
            if k > 0 {
                truth = [truth[0] + dt * truth[2], truth[1] + dt * truth[3], truth[2], truth[3]]
                try filter.predict(transition: f, processNoise: q)
                transitions.append(
                    SmoothingTransition(predicted: GaussianEstimate(mean: filter.state, covariance: filter.covariance), jacobian: f))
            }
            let z = [truth[0] + sigma * gaussian(), truth[1] + sigma * gaussian()]
            _ = try filter.update(
                measurement: z, model: positionModel(), noise: .diagonal([sigma * sigma, sigma * sigma]), gate: .disabled)
            filtered.append(GaussianEstimate(mean: filter.state, covariance: filter.covariance))
            truths.append(truth)
        }
        let smoothed = try RauchTungStriebelSmoother(stateDimension: 4).smooth(filtered: filtered, transitions: transitions)
        func meanError(_ estimates: [GaussianEstimate]) -> Double {
            var sum = 0.0
            for (e, t) in zip(estimates, truths) {
                let dx = e.mean[0] - t[0], dy = e.mean[1] - t[1]
                sum += (dx * dx + dy * dy).squareRoot()
            }
            return sum / Double(truths.count)
        }
        let filteredError = meanError(filtered), smoothedError = meanError(smoothed)
        #expect(smoothedError < 0.8 * filteredError, "smoothed \(smoothedError) m, filtered \(filteredError) m")
    }
}
