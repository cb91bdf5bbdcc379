import Foundation

/// Forward-filtering backward-smoothing of the particle map matcher (the marginal smoother): each
/// epoch's particles are reweighted by how well they lead, through one step of the particles' own motion
/// model, to the next epoch's smoothed particles:
///
///   w̃ₖⁱ ∝ wₖⁱ Σⱼ w̃ₖ₊₁ʲ f(xₖ₊₁ʲ | xₖⁱ) / Σₗ wₖˡ f(xₖ₊₁ʲ | xₖˡ),
///
/// from the last epoch (w̃ = w) back to the first; the smoothed estimate of an epoch is its particles'
/// mean under w̃. Unlike the fixed-lag means of stored ancestries (``ParticleLagSmoother``), which
/// collapse onto a few lineages a few resamplings back, every particle of every epoch keeps a weight,
/// so the whole recording informs every epoch.
///
/// f is the step of ``ParticleMapMatcher/step(lengthMeters:lengthSigmaMeters:headingRadians:headingSigmaRadians:strideScale:levelIndex:)``
/// (``Transition``): the heading bias walks by N(0, q²), the position moves by the scaled step length
/// along the step heading plus the new bias, Gaussian along the step (σ = s σ_L) and across it
/// (σ = s L σ_h), with the isotropic position noise on both; pairs beyond 9 σ count as unlinked. Walls
/// act through the forward weights. A particle no particle of the epoch before reaches (a recovery redrew
/// it) passes its weight back as the filter's weights; where none is reached (a level change moved the
/// cloud) the chain restarts from the filter's weights.
///
/// Keeps every epoch's particle set: about 32 bytes a particle an epoch (300 particles, one hour at two
/// steps a second: 70 MB); the backward pass costs N² density evaluations an epoch.
///
/// Reference: Doucet, Godsill & Andrieu, "On sequential Monte Carlo sampling methods for Bayesian
/// filtering", 2000, §IV (the forward-filtering backward-smoothing recursion); Doucet & Johansen, "A
/// tutorial on particle filtering and smoothing", 2009, §5.2.
struct ParticleBackwardSmoother {
    /// The particles' motion between one epoch and the next.
    struct Transition: Hashable, Sendable {
        var lengthMeters: Double
        var lengthSigmaMeters: Double
        var headingRadians: Double
        /// The step heading's own noise (the share of its sigma the particles draw), radians.
        var headingNoiseRadians: Double
        var strideScale: Double
        /// The heading bias's random walk per step, radians.
        var biasRandomWalkRadians: Double
        /// The isotropic position noise per step, m.
        var positionNoiseMeters: Double
    }

    /// Squared Mahalanobis distance from which a transition's density counts as 0.
    static let negligibleExponent = 81.0

    private var sets: [ParticleLagSmoother.Snapshot?] = []
    private var transitions: [Transition?] = []

    /// Clears everything (a restart).
    mutating func reset() {
        sets.removeAll()
        transitions.removeAll()
    }

    /// Takes the particle set closing `epoch` (nil without particles) and the motion that leads from it
    /// to the next epoch's set (nil when unknown: the chain breaks there).
    mutating func close(epoch: Int, particles: ParticleLagSmoother.Snapshot?, transition: Transition?) {
        while sets.count <= epoch {
            sets.append(nil)
            transitions.append(nil)
        }
        sets[epoch] = particles
        transitions[epoch] = transition
    }

    /// The smoothed mean of every epoch (nil where no particles ran).
    func smoothedMeans() -> [ParticleLagSmoother.Mean?] {
        var means = [ParticleLagSmoother.Mean?](repeating: nil, count: sets.count)
        var next: (set: ParticleLagSmoother.Snapshot, weights: [Double])?
        for k in stride(from: sets.count - 1, through: 0, by: -1) {
            guard let set = sets[k], !set.east.isEmpty else {
                next = nil
                continue
            }
            var weights = Self.normalized(set.weights)
            if let after = next, let transition = transitions[k],
                let smoothed = Self.backward(set, weights, to: after.set, smoothed: after.weights, transition: transition)
            {
                weights = smoothed
            }
            means[k] = Self.mean(set, weights)
            next = (set, weights)
        }
        return means
    }

    /// One backward step: the smoothed weights of `set` (filter weights `weights`) given the next set's
    /// smoothed weights; nil when no particle of `set` reaches any of the next set's.
    private static func backward(
        _ set: ParticleLagSmoother.Snapshot, _ weights: [Double], to after: ParticleLagSmoother.Snapshot, smoothed: [Double],
        transition t: Transition
    ) -> [Double]? {
        let n = set.east.count, m = after.east.count
        let along = t.strideScale * t.lengthSigmaMeters, across = t.strideScale * t.lengthMeters * t.headingNoiseRadians
        let alongVariance = along * along + t.positionNoiseMeters * t.positionNoiseMeters
        let acrossVariance = across * across + t.positionNoiseMeters * t.positionNoiseMeters
        let biasVariance = t.biasRandomWalkRadians * t.biasRandomWalkRadians
        guard alongVariance > 0, acrossVariance > 0, biasVariance > 0 else { return nil }
        let length = t.strideScale * max(0, t.lengthMeters)
        var result = [Double](repeating: 0, count: n)
        var density = [Double](repeating: 0, count: n)
        var linked = false
        var orphaned = 0.0
        for j in 0..<m where smoothed[j] > 0 {
            // The next particle's heading (its bias after the walk) fixes the step's expected direction.
            let theta = t.headingRadians + after.headingBias[j]
            let ux = sin(theta), uy = cos(theta)
            var total = 0.0
            for i in 0..<n {
                guard weights[i] > 0 else {
                    density[i] = 0
                    continue
                }
                let dx = after.east[j] - set.east[i] - length * ux
                let dy = after.north[j] - set.north[i] - length * uy
                let a = dx * ux + dy * uy, c = dy * ux - dx * uy
                let db = after.headingBias[j] - set.headingBias[i]
                let exponent = a * a / alongVariance + c * c / acrossVariance + db * db / biasVariance
                // Beyond 9 sigmas (e^−40.5) a pair carries nothing; skipping the exponential saves most of the time.
                guard exponent < Self.negligibleExponent else {
                    density[i] = 0
                    continue
                }
                let f = exp(-0.5 * exponent)
                density[i] = f
                total += weights[i] * f
            }
            guard total > 0, total.isFinite else {
                // No particle before leads here (a recovery redrew it): its weight spreads as the filter's.
                orphaned += smoothed[j]
                continue
            }
            linked = true
            let share = smoothed[j] / total
            for i in 0..<n where density[i] > 0 { result[i] += weights[i] * density[i] * share }
        }
        guard linked else { return nil }
        for i in 0..<n { result[i] += weights[i] * orphaned }
        let normalizedResult = normalized(result)
        return normalizedResult.contains(where: { $0 > 0 }) ? normalizedResult : nil
    }

    private static func normalized(_ weights: [Double]) -> [Double] {
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else { return weights.map { _ in 1 / Double(max(1, weights.count)) } }
        return weights.map { $0 / total }
    }

    private static func mean(_ set: ParticleLagSmoother.Snapshot, _ weights: [Double]) -> ParticleLagSmoother.Mean {
        var east = 0.0, north = 0.0, bias = 0.0
        for i in weights.indices {
            east += weights[i] * set.east[i]
            north += weights[i] * set.north[i]
            bias += weights[i] * set.headingBias[i]
        }
        return ParticleLagSmoother.Mean(east: east, north: north, headingBias: bias)
    }
}
