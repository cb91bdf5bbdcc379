import Estimation
import Foundation
import IndoorGeometry

extension FusionEngine {
    /// Starts the particle map matcher at the start location (with a venue and
    /// ``FusionConfiguration/mapMatching``), else leaves it off.
    func seedMatcher(at location: IndoorLocation) {
        guard let floorPlan, let settings = configuration.mapMatching else {
            matcher = nil
            return
        }
        var cloud = ParticleMapMatcher(configuration: settings, fusion: configuration, floorPlan: floorPlan)
        cloud.seed(at: location.point, covariance: location.covariance)
        matcher = cloud
        adoptMatcherMoments()
    }

    /// One step through the particles on the current level, then their moments into the filter.
    func matchStep(lengthMeters: Double, lengthSigmaMeters: Double, headingRadians: Double, headingSigmaRadians: Double) {
        guard var cloud = matcher, let level = levelIndex else { return }
        let before = cloud.resamplings
        let scale = filter?.state[.strideScale] ?? 1
        cloud.step(lengthMeters: lengthMeters, lengthSigmaMeters: lengthSigmaMeters, headingRadians: headingRadians,
                   headingSigmaRadians: headingSigmaRadians, strideScale: scale, levelIndex: level)
        matcher = cloud
        statistics.mapMatchedSteps += 1
        statistics.particleResamplings += cloud.resamplings - before
        adoptMatcherMoments()
    }

    /// Weighs the particles by a measurement's likelihood (fix, range or heading pseudo-measurement the
    /// Kalman filter accepted), then their moments into the filter.
    func matchMeasurement(_ likelihood: (_ east: Double, _ north: Double, _ headingBias: Double) -> Double) {
        guard var cloud = matcher else { return }
        let before = cloud.resamplings
        cloud.weigh(likelihood)
        matcher = cloud
        statistics.particleResamplings += cloud.resamplings - before
        adoptMatcherMoments()
    }

    /// After a jump the particles cannot follow (a connector snap on a level change): the particles are
    /// redrawn around the filter's position, keeping their bias and scale.
    func repositionMatcher() {
        guard var cloud = matcher, let filter else { return }
        let p = filter.covariance
        cloud.reposition(at: LocalPoint(x: filter.state[.eastMeters], y: filter.state[.northMeters]),
                         covariance: Covariance2D(xx: p[.eastMeters, .eastMeters], xy: p[.eastMeters, .northMeters],
                                                  yy: p[.northMeters, .northMeters]))
        matcher = cloud
        adoptMatcherMoments()
    }

    /// Writes the particles' weighted mean and covariance of (east, north, bias) into the Kalman filter,
    /// which keeps its stride scale, the scale's variance, and its correlation with the rest: the new
    /// covariance is T P Tᵀ with T = L_new L_old⁻¹ on the (east, north, bias) block (L the Cholesky factors
    /// of the old and new blocks) and identity on the scale, so the block becomes the particles' and the
    /// matrix stays positive semidefinite. A refusal is counted under `mapMatching`.
    private func adoptMatcherMoments() {
        guard let cloud = matcher, let filter else { return }
        let moments = cloud.moments()
        let components: [FusionState] = [.eastMeters, .northMeters, .headingBiasRadians]
        let old = filter.covariance
        var newBlock = moments.covariance
        for k in 0..<3 { newBlock[k * 4] += 1e-9 }
        let oldBlock = (0..<9).map { old[components[$0 / 3], components[$0 % 3]] }
        let oldCross = components.map { old[$0, .strideScale] }
        var newCross = [0.0, 0, 0]
        if let lowerOld = Self.cholesky3(oldBlock), let lowerNew = Self.cholesky3(newBlock) {
            // y = L_old⁻¹ c (forward substitution), then L_new y
            var y = [0.0, 0, 0]
            for r in 0..<3 {
                var sum = oldCross[r]
                for c in 0..<r { sum -= lowerOld[r * 3 + c] * y[c] }
                y[r] = sum / lowerOld[r * 3 + r]
            }
            for r in 0..<3 { newCross[r] = (0...r).reduce(0) { $0 + lowerNew[r * 3 + $1] * y[$1] } }
        }
        do {
            var covariance = old
            for r in 0..<3 {
                for c in 0..<3 { covariance[components[r], components[c]] = newBlock[r * 3 + c] }
                covariance[components[r], .strideScale] = newCross[r]
                covariance[.strideScale, components[r]] = newCross[r]
            }
            var state = filter.state
            for (k, component) in components.enumerated() { state[component] = moments.mean[k] }
            try filter.setState(state)
            try filter.setCovariance(covariance)
        } catch {
            statistics.recordFailure(of: .mapMatching, reason: .error(error))
        }
    }

    /// Lower Cholesky factor of a symmetric 3 × 3 matrix (row-major), or `nil` when it is not positive definite.
    private static func cholesky3(_ a: [Double]) -> [Double]? {
        var l = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0...r {
                var sum = a[r * 3 + c]
                for k in 0..<c { sum -= l[r * 3 + k] * l[c * 3 + k] }
                if r == c {
                    guard sum > 0, sum.isFinite else { return nil }
                    l[r * 3 + r] = sum.squareRoot()
                } else {
                    l[r * 3 + c] = sum / l[c * 3 + c]
                }
            }
        }
        return l
    }
}
