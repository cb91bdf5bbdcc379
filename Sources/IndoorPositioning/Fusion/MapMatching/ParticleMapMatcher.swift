import Foundation
import IndoorGeometry
import IndoorVenue

/// A particle filter over position and heading bias (east, north, b) whose steps are
/// weighed by the floor plan: a particle whose step ends in an obstacle or outside the walkable area
/// loses weight (``MapMatchingConfiguration/obstacleStepWeight``, ``MapMatchingConfiguration/outsideStepWeight``),
/// so the particles with the wrong heading bias or stride scale die out at the walls and the cloud
/// follows the corridors the walker can actually have taken. Measurements (fixes, ranges, heading
/// pseudo-measurements) multiply the weights by their likelihood; the engine reads the cloud's mean back
/// into its Kalman filter (``mean()``), which keeps its own covariance.
///
/// A cloud that has drifted off open floor as a whole (into a row of shops, through a wall) is no longer
/// told apart by the walls; part of it is then redrawn on open floor around its mean
/// (``MapMatchingConfiguration/recoveryOpenFraction``), which the walls prefer from the next step on.
///
/// The stride scale is not a particle dimension: the particles step with the Kalman filter's scale,
/// which only absolute fixes and ranges teach. Walls would teach it wrongly: with any heading error a
/// particle with a longer stride reaches the wall sooner, so a cloud that carried the scale shrank it
/// (measured on ILC site 1; docs/positioning-measurements.md).
///
/// Deterministic: its random numbers come from one ``SplitMix64`` seeded by the configuration.
struct ParticleMapMatcher {
    let configuration: MapMatchingConfiguration
    let fusion: FusionConfiguration
    /// The walls that weigh the steps; nil without a floor plan (``MapMatchingConfiguration/withoutFloorPlan``).
    let floorPlan: WalkabilityRaster?
    private var random: SplitMix64
    private(set) var east: [Double] = []
    private(set) var north: [Double] = []
    private(set) var headingBias: [Double] = []
    private(set) var weights: [Double] = []
    /// Number of resamplings so far.
    private(set) var resamplings = 0
    /// Number of steps after which particles were redrawn on open floor (see
    /// ``MapMatchingConfiguration/recoveryOpenFraction``).
    private(set) var recoveries = 0
    /// With ancestry tracking on (offline smoothing, ``trackAncestry()``): for each particle, the index
    /// it had at the last ``takeAncestry()``; resampling copies it with the particle. Nil when off.
    private(set) var ancestry: [Int32]?

    init(configuration: MapMatchingConfiguration, fusion: FusionConfiguration, floorPlan: WalkabilityRaster?) {
        self.configuration = configuration
        self.fusion = fusion
        self.floorPlan = floorPlan
        random = SplitMix64(seed: configuration.seed, stream: 0x6D61_7070)
    }

    /// Draws the particles around `point` (covariance `covariance`), with heading bias 0 ± the
    /// configured spread, equal weights.
    mutating func seed(at point: LocalPoint, covariance: Covariance2D) {
        let n = configuration.particleCount
        east = []; north = []; headingBias = []
        east.reserveCapacity(n); north.reserveCapacity(n); headingBias.reserveCapacity(n)
        for _ in 0..<n {
            let offset = draw(covariance)
            east.append(point.x + offset.x)
            north.append(point.y + offset.y)
            headingBias.append(configuration.initialHeadingBiasSigmaRadians * random.gaussian())
        }
        weights = Array(repeating: 1 / Double(n), count: n)
        if ancestry != nil { ancestry = Self.identity(n) }
    }

    /// Starts recording each particle's ancestor (for a fixed-lag smoother); changes nothing else.
    mutating func trackAncestry() { ancestry = Self.identity(east.count) }

    /// Each particle's index at the previous call (or at ``trackAncestry()``), and starts again from
    /// the current indices; nil when ancestry is not tracked.
    mutating func takeAncestry() -> [Int32]? {
        guard let taken = ancestry else { return nil }
        ancestry = Self.identity(east.count)
        return taken
    }

    private static func identity(_ n: Int) -> [Int32] { (0..<n).map { Int32($0) } }

    /// Moves every particle's position to a draw around `point` (covariance `covariance`), keeping its
    /// heading bias (after a jump the cloud cannot follow by its own steps, such as a
    /// level change through a connector).
    mutating func reposition(at point: LocalPoint, covariance: Covariance2D) {
        for i in east.indices {
            let offset = draw(covariance)
            east[i] = point.x + offset.x
            north[i] = point.y + offset.y
        }
    }

    /// Moves every particle by the same displacement (a correction of steps already taken).
    mutating func translate(eastMeters: Double, northMeters: Double) {
        for i in east.indices {
            east[i] += eastMeters
            north[i] += northMeters
        }
    }

    /// Moves every particle by one step of `lengthMeters` (± `lengthSigmaMeters`) at `headingRadians`
    /// (± `headingSigmaRadians`, scaled by ``FusionConfiguration/stepHeadingNoiseFraction``) with its own
    /// bias and the common `strideScale`, lets the bias walk (``MapMatchingConfiguration/headingBiasRandomWalkRadiansPerStep``), and weighs the step by the floor plan of `levelIndex`.
    mutating func step(
        lengthMeters: Double, lengthSigmaMeters: Double, headingRadians: Double, headingSigmaRadians: Double,
        strideScale: Double, levelIndex: Int
    ) {
        let headingNoise = fusion.stepHeadingNoiseFraction * headingSigmaRadians
        let positionNoise = fusion.positionNoisePerStepMeters
        let walls = floorPlan != nil
        let cells = floorPlan?.cells(ofLevel: levelIndex)
        var openWeight = 0.0, totalWeight = 0.0
        for i in east.indices {
            let z1 = random.quantizedGaussian(), z2 = random.quantizedGaussian(), z3 = random.quantizedGaussian()
            let z4 = random.quantizedGaussian(), z5 = random.quantizedGaussian()
            headingBias[i] += configuration.headingBiasRandomWalkRadiansPerStep * z1
            let length = strideScale * max(0, lengthMeters + lengthSigmaMeters * z2)
            let theta = headingRadians + headingBias[i] + headingNoise * z3
            let fromEast = east[i], fromNorth = north[i]
            let toEast = fromEast + length * sin(theta) + positionNoise * z4
            let toNorth = fromNorth + length * cos(theta) + positionNoise * z5
            east[i] = toEast
            north[i] = toNorth
            guard walls else { continue }
            let end = cells?.walkability(at: LocalPoint(x: toEast, y: toNorth)) ?? .outside
            let middle = cells?.walkability(at: LocalPoint(x: (fromEast + toEast) / 2, y: (fromNorth + toNorth) / 2)) ?? .outside
            totalWeight += weights[i]
            if end == .open { openWeight += weights[i] }
            weights[i] *= min(factor(end), factor(middle))
        }
        guard walls else { return }
        normalizeAndResample()
        if totalWeight > 0, openWeight < configuration.recoveryOpenFraction * totalWeight, let cells {
            recover(on: cells)
        }
    }

    /// Redraws ``MapMatchingConfiguration/recoveryShare`` of the particles that are not on open floor at
    /// open cells around the weighted mean (one-sigma ``MapMatchingConfiguration/recoverySpreadMeters``, up
    /// to eight tries each; a particle with no open draw stays), keeping their heading bias, then
    /// renormalizes.
    private mutating func recover(on cells: WalkabilityRaster.LevelCells) {
        let centre = mean()
        let spread = configuration.recoverySpreadMeters
        let meanWeight = 1 / Double(max(1, weights.count))
        var moved = 0
        for i in east.indices where cells.walkability(at: LocalPoint(x: east[i], y: north[i])) != .open {
            guard random.unit() < configuration.recoveryShare else { continue }
            for _ in 0..<8 {
                let candidate = LocalPoint(
                    x: centre.east + spread * random.quantizedGaussian(),
                    y: centre.north + spread * random.quantizedGaussian())
                if cells.walkability(at: candidate) == .open {
                    east[i] = candidate.x
                    north[i] = candidate.y
                    weights[i] = max(weights[i], meanWeight)
                    moved += 1
                    break
                }
            }
        }
        guard moved > 0 else { return }
        recoveries += 1
        let total = weights.reduce(0, +)
        for i in weights.indices { weights[i] /= total }
    }

    /// Multiplies each particle's weight by `floor + likelihood(east, north, bias)` and resamples
    /// when the cloud has degenerated. The floor is ``MapMatchingConfiguration/measurementLikelihoodFloor``.
    mutating func weigh(_ likelihood: (_ east: Double, _ north: Double, _ headingBias: Double) -> Double) {
        let floor = configuration.measurementLikelihoodFloor
        for i in east.indices {
            let l = likelihood(east[i], north[i], headingBias[i])
            weights[i] *= floor + (l.isFinite ? max(0, l) : 0)
        }
        normalizeAndResample()
    }

    /// Multiplies each particle's weight by `floor + exp(ℓ − max ℓ)`, ℓ = `logLikelihood(east, north)` (the
    /// best particle's likelihood taken as 1, so only ratios between places count), and resamples when the
    /// cloud has degenerated. A non-finite ℓ counts as impossible; when no particle has a finite one the
    /// weights are left alone.
    mutating func weigh(logLikelihood: (_ east: Double, _ north: Double) -> Double) {
        var values = [Double](repeating: -.infinity, count: east.count)
        var best = -Double.infinity
        for i in east.indices {
            let l = logLikelihood(east[i], north[i])
            guard l.isFinite else { continue }
            values[i] = l
            best = max(best, l)
        }
        guard best.isFinite else { return }
        let floor = configuration.measurementLikelihoodFloor
        for i in east.indices { weights[i] *= floor + exp(values[i] - best) }
        normalizeAndResample()
    }

    /// Weighted mean of the particles' position and heading bias.
    func mean() -> (east: Double, north: Double, headingBias: Double) {
        var east = 0.0, north = 0.0, bias = 0.0
        for i in self.east.indices {
            let w = weights[i]
            east += w * self.east[i]; north += w * self.north[i]; bias += w * headingBias[i]
        }
        return (east, north, bias)
    }

    /// Weighted covariance of the particles' positions, m².
    func positionCovariance() -> Covariance2D {
        let centre = mean()
        var xx = 0.0, xy = 0.0, yy = 0.0
        for i in east.indices {
            let w = weights[i], dx = east[i] - centre.east, dy = north[i] - centre.north
            xx += w * dx * dx; xy += w * dx * dy; yy += w * dy * dy
        }
        return Covariance2D(xx: xx, xy: xy, yy: yy)
    }

    /// Effective sample size 1 / Σ wᵢ² of the normalized weights.
    var effectiveSampleSize: Double {
        1 / weights.reduce(0) { $0 + $1 * $1 }
    }

    private func factor(_ walkability: Walkability) -> Double {
        switch walkability {
        case .open: 1
        case .obstacle: configuration.obstacleStepWeight
        case .outside: configuration.outsideStepWeight
        }
    }

    /// A draw from N(0, covariance) (Cholesky of the 2 × 2 matrix; a degenerate one gives 0).
    private mutating func draw(_ c: Covariance2D) -> (x: Double, y: Double) {
        let a = max(0, c.xx).squareRoot()
        guard a > 0 else { return (0, 0) }
        let b = c.xy / a
        let d = max(0, c.yy - b * b).squareRoot()
        let z1 = random.gaussian(), z2 = random.gaussian()
        return (a * z1, b * z1 + d * z2)
    }

    /// Normalizes the weights (all equal again when they vanished) and resamples systematically when the
    /// effective sample size is below the configured fraction.
    private mutating func normalizeAndResample() {
        let total = weights.reduce(0, +)
        let n = weights.count
        guard n > 0 else { return }
        guard total.isFinite, total > 0 else {
            weights = Array(repeating: 1 / Double(n), count: n)
            return
        }
        for i in weights.indices { weights[i] /= total }
        guard effectiveSampleSize < configuration.resampleBelowEffectiveFraction * Double(n) else { return }
        // Systematic resampling: one uniform offset, n evenly spaced pointers into the cumulative weights.
        let start = random.unit() / Double(n)
        var newEast = [Double](), newNorth = [Double](), newBias = [Double]()
        newEast.reserveCapacity(n); newNorth.reserveCapacity(n); newBias.reserveCapacity(n)
        var newAncestry: [Int32]? = ancestry == nil ? nil : []
        var cumulative = weights[0]
        var j = 0
        for k in 0..<n {
            let pointer = start + Double(k) / Double(n)
            while pointer > cumulative, j < n - 1 {
                j += 1
                cumulative += weights[j]
            }
            newEast.append(east[j]); newNorth.append(north[j]); newBias.append(headingBias[j])
            if let ancestry { newAncestry?.append(ancestry[j]) }
        }
        east = newEast; north = newNorth; headingBias = newBias
        ancestry = newAncestry
        weights = Array(repeating: 1 / Double(n), count: n)
        resamplings += 1
    }
}
