import Foundation
import IndoorEstimation
import IndoorGeometry

extension FusionEngine {
    /// Starts the particle map matcher at the start location (with ``FusionConfiguration/mapMatching`` and
    /// a venue, or without one when ``MapMatchingConfiguration/withoutFloorPlan``), else leaves it off.
    func seedMatcher(at location: IndoorLocation) {
        guard let settings = configuration.mapMatching, floorPlan != nil || settings.withoutFloorPlan else {
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
        // Without a floor plan no level's walls weigh the steps, and the particles step without a level.
        guard var cloud = matcher, let level = levelIndex ?? (cloud.floorPlan == nil ? -1 : nil) else { return }
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
        adoptWallInformation()
        adoptMatcherMoments()
    }

    /// Keeps the filter's position covariance within ``MapMatchingConfiguration/spreadCovarianceFactor``
    /// of the particles' spread: with P₀ the filter's position covariance and P₁ the spread times the
    /// factor squared, the information the walls added is J = P₁⁻¹ − P₀⁻¹ (its negative eigenvalues, where
    /// the cloud is the wider, clamped to nothing); a gate-free update at the particles' mean with noise
    /// J⁻¹ at the filter's own position (no innovation: the walls narrow the covariance, and the
    /// particles' mean moves the position, without teaching the stride scale). Nothing is done where the
    /// cloud is nowhere narrower. A filter refusal is counted under `mapMatching`.
    private func adoptWallInformation() {
        guard let cloud = matcher, let filter, let factor = configuration.mapMatching?.spreadCovarianceFactor, factor > 0
        else { return }
        let p = filter.covariance
        let prior = Covariance2D(
            xx: p[.eastMeters, .eastMeters], xy: p[.eastMeters, .northMeters], yy: p[.northMeters, .northMeters])
        let spread = cloud.positionCovariance()
        let bound = Covariance2D(xx: spread.xx * factor * factor, xy: spread.xy * factor * factor, yy: spread.yy * factor * factor)
        guard let priorInformation = prior.inverse, let boundInformation = bound.inverse else { return }
        let added = (boundInformation - priorInformation).eigen
        // Information below (1 km)⁻² in a direction counts as none there.
        let floor = 1e-6
        guard added.largest > floor else { return }
        let noise = Covariance2D(
            largest: 1 / max(added.smallest, floor), smallest: 1 / added.largest, angleRadians: added.angleRadians + .pi / 2)
        do {
            let r = try Matrix(rows: 2, columns: 2, elements: [noise.xx, noise.xy, noise.xy, noise.yy])
            let outcome = try filter.update(
                measurement: [filter.state[.eastMeters], filter.state[.northMeters]], model: FusionState.positionModel, noise: r,
                gate: .disabled)
            if case .rejected(let reason) = outcome {
                statistics.recordFailure(of: .mapMatching, reason: .rejected(reason))
            }
        } catch {
            statistics.recordFailure(of: .mapMatching, reason: .error(error))
        }
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

    /// Weighs the particles by a likelihood over places, each evaluated where the particle was when the
    /// measurement was made (its position less the steps walked since, `shift…Meters`), relative to the
    /// best particle's: exp(ℓ − max ℓ). Then their mean into the filter.
    func matchLikelihood(_ likelihood: any PlaceLikelihood, shiftEastMeters: Double, shiftNorthMeters: Double) {
        guard var cloud = matcher else { return }
        let before = cloud.resamplings
        cloud.weigh(logLikelihood: { east, north in
            likelihood.logLikelihood(at: LocalPoint(x: east - shiftEastMeters, y: north - shiftNorthMeters))
        })
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
