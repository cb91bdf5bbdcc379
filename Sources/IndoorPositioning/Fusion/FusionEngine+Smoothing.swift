import IndoorEstimation

/// The engine's side of offline smoothing (``FusionSmoothingRecorder``): what it hands the recorder at
/// the start and at every step. Nothing here changes the live estimate.
extension FusionEngine {
    /// After a start: opens the record and, for the fixed-lag smoother, has the map matcher keep its
    /// particles' ancestry (the backward pass needs none).
    func beginSmoothingRecord(atSeconds timeSeconds: Double) {
        guard let recorder = smoothingRecorder else { return }
        recorder.restart(atSeconds: timeSeconds)
        if recorder.wantsAncestry { matcher?.trackAncestry() }
    }

    /// After a step's time update: the state before it (`before`, `covarianceBefore`, `levelBefore`),
    /// the prediction now in the filter and the step's Jacobian.
    func recordSmoothingStep(
        before: [Double], covarianceBefore: Matrix, levelBefore: Int?, jacobian: Matrix, timeSeconds: Double,
        particleTransition: ParticleBackwardSmoother.Transition?
    ) {
        guard let recorder = smoothingRecorder, let filter else { return }
        recorder.recordStep(
            before: GaussianEstimate(mean: before, covariance: covarianceBefore), levelIndex: levelBefore,
            particles: recorder.wantsParticles ? particleSnapshot(advancingAncestry: true) : nil,
            particleTransition: matcher == nil ? nil : particleTransition,
            predicted: GaussianEstimate(mean: filter.state, covariance: filter.covariance), jacobian: jacobian,
            timeSeconds: timeSeconds)
    }

    /// The map matcher's particle set for the fixed-lag smoother (nil without a matcher). Each
    /// particle's ancestry since the previous set is taken from the matcher when `advancingAncestry`,
    /// else read (the last set of a recording).
    func particleSnapshot(advancingAncestry: Bool) -> ParticleLagSmoother.Snapshot? {
        guard var cloud = matcher else { return nil }
        let ancestry: [Int32]?
        if advancingAncestry {
            ancestry = cloud.takeAncestry()
            matcher = cloud
        } else {
            ancestry = cloud.ancestry
        }
        return ParticleLagSmoother.Snapshot(
            epoch: 0, east: cloud.east, north: cloud.north, headingBias: cloud.headingBias, weights: cloud.weights, ancestry: ancestry)
    }
}
