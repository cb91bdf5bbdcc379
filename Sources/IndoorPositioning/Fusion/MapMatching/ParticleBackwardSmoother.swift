import Foundation
import IndoorGeometry

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
/// (σ = s L σ_h), with the isotropic position noise on both; pairs beyond 4 σ (density e^−8 of the peak) count as unlinked. Walls
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

    /// Squared Mahalanobis distance from which a transition's density counts as 0 (4 σ): with 9 σ the
    /// offline ILC means differ by under 0.01 m and an hour's recording takes twice as long.
    static let negligibleExponent = 16.0

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
        // Only particles within 4 σ east of a next particle's origin can reach it: sorted by east, each
        // next particle looks at a window of them.
        let reach = (negligibleExponent * max(alongVariance, acrossVariance)).squareRoot()
        let order = (0..<n).filter { weights[$0] > 0 }.sorted {
            (set.east[$0], set.north[$0], set.headingBias[$0]) < (set.east[$1], set.north[$1], set.headingBias[$1])
        }
        // The distinct particles in that order (a resampling copies particles: copies share one density),
        // side by side for the inner loop, with their summed weights.
        var east: [Double] = [], north: [Double] = [], bias: [Double] = [], weight: [Double] = [], group: [Int] = []
        for i in order {
            if let last = east.indices.last, east[last] == set.east[i], north[last] == set.north[i], bias[last] == set.headingBias[i] {
                weight[last] += weights[i]
            } else {
                east.append(set.east[i])
                north.append(set.north[i])
                bias.append(set.headingBias[i])
                weight.append(weights[i])
            }
            group.append(east.count - 1)
        }
        let inverseAlong = 1 / alongVariance, inverseAcross = 1 / acrossVariance, inverseBias = 1 / biasVariance
        var sortedResult = [Double](repeating: 0, count: east.count)
        var density = [Double](repeating: 0, count: east.count)
        var linked = false
        var orphaned = 0.0
        east.withUnsafeBufferPointer { east in
            north.withUnsafeBufferPointer { north in
                bias.withUnsafeBufferPointer { bias in
                    weight.withUnsafeBufferPointer { weight in
                        for j in 0..<m where smoothed[j] > 0 {
                            // The next particle's heading (its bias after the walk) fixes the step's expected direction.
                            let theta = t.headingRadians + after.headingBias[j]
                            let ux = sin(theta), uy = cos(theta)
                            let originEast = after.east[j] - length * ux, originNorth = after.north[j] - length * uy
                            let nextBias = after.headingBias[j]
                            let low = Self.firstIndex(in: east, notBelow: originEast - reach)
                            let high = Self.firstIndex(in: east, notBelow: originEast + reach)
                            var total = 0.0
                            for k in low..<high {
                                let dx = originEast - east[k], dy = originNorth - north[k]
                                let a = dx * ux + dy * uy, c = dy * ux - dx * uy
                                let db = nextBias - bias[k]
                                let exponent = a * a * inverseAlong + c * c * inverseAcross + db * db * inverseBias
                                // Beyond 4 σ a pair counts as unlinked; skipping the exponential saves time.
                                let f = exponent < Self.negligibleExponent ? exp(-0.5 * exponent) : 0
                                density[k] = f
                                total += weight[k] * f
                            }
                            guard total > 0, total.isFinite else {
                                // No particle before leads here (a recovery redrew it): its weight spreads as the filter's.
                                orphaned += smoothed[j]
                                continue
                            }
                            linked = true
                            let share = smoothed[j] / total
                            for k in low..<high where density[k] > 0 { sortedResult[k] += weight[k] * density[k] * share }
                        }
                    }
                }
            }
        }
        // Each copy takes its share of its distinct particle's smoothed weight.
        var result = [Double](repeating: 0, count: n)
        for (position, i) in order.enumerated() {
            let k = group[position]
            result[i] = weight[k] > 0 ? sortedResult[k] * weights[i] / weight[k] : 0
        }
        guard linked else { return nil }
        for i in 0..<n { result[i] += weights[i] * orphaned }
        let normalizedResult = normalized(result)
        return normalizedResult.contains(where: { $0 > 0 }) ? normalizedResult : nil
    }

    /// The first index of ascending `values` whose value is at least `bound` (binary search).
    private static func firstIndex(in values: UnsafeBufferPointer<Double>, notBelow bound: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < bound { low = mid + 1 } else { high = mid }
        }
        return low
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
        var xx = 0.0, xy = 0.0, yy = 0.0
        for i in weights.indices {
            let dx = set.east[i] - east, dy = set.north[i] - north
            xx += weights[i] * dx * dx
            xy += weights[i] * dx * dy
            yy += weights[i] * dy * dy
        }
        return ParticleLagSmoother.Mean(east: east, north: north, headingBias: bias, spread: Covariance2D(xx: xx, xy: xy, yy: yy))
    }
}
