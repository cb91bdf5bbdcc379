import Foundation
import IndoorEstimation
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

    /// One step through the particles on the current level, then their mean into the filter.
    func matchStep(lengthMeters: Double, lengthSigmaMeters: Double, headingRadians: Double, headingSigmaRadians: Double) {
        guard var cloud = matcher, let level = levelIndex else { return }
        let before = cloud.resamplings
        let recoveriesBefore = cloud.recoveries
        let scale = filter?.state[.strideScale] ?? 1
        cloud.step(
            lengthMeters: lengthMeters, lengthSigmaMeters: lengthSigmaMeters, headingRadians: headingRadians,
            headingSigmaRadians: headingSigmaRadians, strideScale: scale, levelIndex: level)
        matcher = cloud
        statistics.mapMatchedSteps += 1
        statistics.particleResamplings += cloud.resamplings - before
        statistics.particleRecoveries += cloud.recoveries - recoveriesBefore
        adoptMatcherMoments()
    }

    /// Weighs the particles by a measurement's likelihood (fix, range or heading pseudo-measurement the
    /// Kalman filter accepted), then their mean into the filter.
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
        cloud.reposition(
            at: LocalPoint(x: filter.state[.eastMeters], y: filter.state[.northMeters]),
            covariance: Covariance2D(
                xx: p[.eastMeters, .eastMeters], xy: p[.eastMeters, .northMeters],
                yy: p[.northMeters, .northMeters]))
        matcher = cloud
        adoptMatcherMoments()
    }

    /// Writes the particles' weighted mean of (east, north, bias) into the Kalman filter's state. The
    /// filter keeps its own covariance and stride scale: the particles' spread understates the
    /// uncertainty once resampling has left copies of a few of them (on the ILC walks, navigation with
    /// the particles' covariance declared 13 false off-route events against 1, its corridor being a
    /// multiple of the reported accuracy), and the walls must not teach the scale (see
    /// ``ParticleMapMatcher``). A refusal is counted under `mapMatching`.
    private func adoptMatcherMoments() {
        guard let cloud = matcher, let filter else { return }
        let mean = cloud.mean()
        do {
            var state = filter.state
            state[.eastMeters] = mean.east
            state[.northMeters] = mean.north
            state[.headingBiasRadians] = mean.headingBias
            try filter.setState(state)
        } catch {
            statistics.recordFailure(of: .mapMatching, reason: .error(error))
        }
    }
}
