import IndoorConfiguration
import IndoorEstimation
import IndoorGeometry

/// One point of an offline-smoothed track: the fusion state at one epoch given the whole recording.
public struct SmoothedFusionPoint: Hashable, Sendable {
    /// The epoch's time: the start, or the step that opened it, seconds.
    public var timeSeconds: Double
    /// The smoothed position, local frame.
    public var point: LocalPoint
    /// The smoothed position covariance, m².
    public var covariance: Covariance2D
    /// The level the live engine held at the end of the epoch (levels are not smoothed).
    public var levelIndex: Int?
    /// The smoothed heading bias, radians.
    public var headingBiasRadians: Double
    /// The smoothed stride scale.
    public var strideScale: Double
    /// The smoothed heading bias's one-sigma, radians (how far absolute evidence pinned the heading); `nil`
    /// when not known.
    public var headingBiasSigmaRadians: Double? = nil
}

/// Records, while an engine runs, what offline smoothing of the whole recording needs, and runs the
/// backward passes at the end (``smoothedTrack(closingWith:)``).
///
/// **Kalman state**: an *epoch* is the stretch from one step's time update to the next: it opens with
/// the predicted state (x⁻, P⁻ and the step's Jacobian F) and closes with whatever the engine then held
/// just before the next step — after every fix, range, heading and wall correction and the map
/// matcher's mean — which is the filtered estimate the Rauch–Tung–Striebel backward pass takes as given
/// (``RauchTungStriebelSmoother``). Inside an epoch the state has no process noise, so every live
/// estimate of the epoch smooths to the same value. Fixes and ranges thus act in both directions.
///
/// **Particle map matcher**: with ``FusionSmoothingConfiguration/particleLagSteps`` > 0, each epoch's
/// particle set closes a ``ParticleLagSmoother`` window; its fixed-lag means enter the smoothed position
/// as the configuration says.
///
/// Attach one to ``FusionEngine/smoothingRecorder`` before ``FusionEngine/start(at:levelIndex:levelConfiguration:)``;
/// a restart clears it. Memory: about 0.6 kB a step for the Kalman record (one hour of walking at two
/// steps a second ≈ 4 MB) plus the particle window (L + 1 particle sets). Nothing here changes what the
/// engine computes: live output is the same with or without a recorder.
public final class FusionSmoothingRecorder {
    /// The tunables.
    public let configuration: FusionSmoothingConfiguration
    /// Epoch times (start, then each step), seconds.
    private(set) var epochTimes: [Double] = []
    /// The closed epochs' filtered estimates (one fewer than ``epochTimes`` until the track is closed).
    private(set) var filtered: [GaussianEstimate] = []
    /// The level held at each closed epoch's end.
    private(set) var levels: [Int?] = []
    /// The time update that opened each epoch after the first.
    private(set) var transitions: [SmoothingTransition] = []
    /// The particle matcher's fixed-lag smoother.
    private(set) var particles: ParticleLagSmoother
    /// The particle matcher's backward smoother (with ``FusionSmoothingConfiguration/particleBackwardPass``).
    private(set) var backward = ParticleBackwardSmoother()

    /// An empty recorder.
    public init(configuration: FusionSmoothingConfiguration = .standard) {
        self.configuration = configuration
        particles = ParticleLagSmoother(lagEpochs: configuration.particleLagSteps)
    }

    /// Number of epochs recorded (the start and one per step).
    public var epochCount: Int { epochTimes.count }

    /// Whether particle sets are wanted at each epoch's close.
    var wantsParticles: Bool { configuration.particleLagSteps > 0 || configuration.particleBackwardPass }

    /// Whether the particles' ancestry is wanted (the fixed-lag smoother's; the backward pass needs none).
    var wantsAncestry: Bool { configuration.particleLagSteps > 0 && !configuration.particleBackwardPass }

    /// Clears everything and opens the first epoch at `timeSeconds` (the engine's start).
    func restart(atSeconds timeSeconds: Double) {
        epochTimes = [timeSeconds]
        filtered.removeAll(keepingCapacity: true)
        levels.removeAll(keepingCapacity: true)
        transitions.removeAll(keepingCapacity: true)
        particles.reset()
        backward.reset()
    }

    /// Closes the current epoch with the state before a step (`before`, its covariance, level and
    /// particle set) and opens the step's epoch with its time update. Ignored before ``restart(atSeconds:)``.
    func recordStep(
        before: GaussianEstimate, levelIndex: Int?, particles set: ParticleLagSmoother.Snapshot?,
        particleTransition: ParticleBackwardSmoother.Transition?, predicted: GaussianEstimate, jacobian: Matrix, timeSeconds: Double
    ) {
        guard !epochTimes.isEmpty else { return }
        if configuration.particleBackwardPass {
            backward.close(epoch: filtered.count, particles: set, transition: particleTransition)
        } else if wantsParticles {
            particles.close(epoch: filtered.count, particles: set)
        }
        filtered.append(before)
        levels.append(levelIndex)
        transitions.append(SmoothingTransition(predicted: predicted, jacobian: jacobian))
        epochTimes.append(timeSeconds)
    }

    /// Closes the last epoch with the engine's current state and runs the backward passes.
    /// - Returns: one point per epoch, in time order; empty when the engine never started.
    /// - Throws: the ``EstimationError`` of the Kalman backward pass when it refuses the record (a
    ///   predicted covariance that is not positive definite, a non-finite state).
    public func smoothedTrack(closingWith engine: FusionEngine) throws(EstimationError) -> [SmoothedFusionPoint] {
        guard let filter = engine.filter, !epochTimes.isEmpty, filtered.count == epochTimes.count - 1 else { return [] }
        var closed = filtered + [GaussianEstimate(mean: filter.state, covariance: filter.covariance)]
        let closedLevels = levels + [engine.levelIndex]
        let means: [ParticleLagSmoother.Mean?]
        if configuration.particleBackwardPass {
            var whole = backward
            whole.close(epoch: filtered.count, particles: engine.particleSnapshot(advancingAncestry: false), transition: nil)
            means = whole.smoothedMeans()
        } else if wantsParticles {
            var lagged = particles
            lagged.close(epoch: filtered.count, particles: engine.particleSnapshot(advancingAncestry: false))
            lagged.flush()
            means = lagged.means
        } else {
            means = []
        }
        let particleMeans = (0..<closed.count).map { k in means.indices.contains(k) ? means[k] : nil }
        var opened = transitions
        if configuration.particleMeansIntoKalman {
            let original = closed
            for k in closed.indices {
                guard let mean = particleMeans[k] else { continue }
                closed[k].mean[.eastMeters] = mean.east
                closed[k].mean[.northMeters] = mean.north
                closed[k].mean[.headingBiasRadians] = mean.headingBias
            }
            // Each prediction moves with the estimate it was made from (to first order, by F δ), so the
            // backward pass sees the steps' own innovations, not the gap between particles and filter.
            for k in opened.indices where k < closed.count {
                let delta = zip(closed[k].mean, original[k].mean).map { $0 - $1 }
                guard delta.contains(where: { $0 != 0 }) else { continue }
                let f = opened[k].jacobian
                for row in opened[k].predicted.mean.indices {
                    var shift = 0.0
                    for column in delta.indices { shift += f[row, column] * delta[column] }
                    opened[k].predicted.mean[row] += shift
                }
            }
        }
        let smoothed = try RauchTungStriebelSmoother(stateDimension: FusionState.dimension).smooth(
            filtered: closed, transitions: opened)
        let w = configuration.particleWeight
        return smoothed.indices.map { k in
            var x = smoothed[k].mean
            let p = smoothed[k].covariance
            if !configuration.particleMeansIntoKalman, let mean = particleMeans[k] {
                x[.eastMeters] = w * mean.east + (1 - w) * x[.eastMeters]
                x[.northMeters] = w * mean.north + (1 - w) * x[.northMeters]
                x[.headingBiasRadians] = w * mean.headingBias + (1 - w) * x[.headingBiasRadians]
            }
            var covariance = Covariance2D(
                xx: p[.eastMeters, .eastMeters], xy: p[.eastMeters, .northMeters], yy: p[.northMeters, .northMeters])
            // Where the particles' smoothed mean gives the position, their smoothed spread (its share) widens
            // the Kalman backward pass's covariance: the pass alone does not see the walls' or the
            // fingerprints' several hypotheses.
            if !configuration.particleMeansIntoKalman, let spread = particleMeans[k]?.spread {
                covariance = Covariance2D(
                    xx: covariance.xx + w * spread.xx, xy: covariance.xy + w * spread.xy, yy: covariance.yy + w * spread.yy)
            }
            return SmoothedFusionPoint(
                timeSeconds: epochTimes[k], point: LocalPoint(x: x[.eastMeters], y: x[.northMeters]),
                covariance: covariance,
                levelIndex: closedLevels[k], headingBiasRadians: x[.headingBiasRadians], strideScale: x[.strideScale],
                headingBiasSigmaRadians: max(0, p[.headingBiasRadians, .headingBiasRadians]).squareRoot())
        }
    }
}
