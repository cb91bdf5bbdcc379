import Foundation
import IndoorConfiguration
import IndoorGeometry

/// A discrete Bayes filter over a venue's levels: which level the user is on, and how sure.
///
/// - **Transitions** (predict): over Δt, level i moves to a level j it connects to with probability
///   rate · Δt (capped at 0.5 in total), where the rate is
///   ``LevelEstimatorConfiguration/transitionRateNearConnectorPerSecond`` within
///   ``LevelEstimatorConfiguration/connectorRadiusMeters`` of a connector entry reaching j, and the tiny
///   ``LevelEstimatorConfiguration/transitionRateElsewherePerSecond`` elsewhere. Without known connectors
///   (no venue), adjacent levels are reached at ``LevelEstimatorConfiguration/transitionRateWithoutConnectorsPerSecond``.
/// - **Pressure** (update): barometric height h = e₀ + (p_ref − p̄)/k with k hPa per metre, p̄ the
///   low-passed pressure, p_ref the pressure learnt at the start level's elevation e₀; likelihood of level
///   i is N(h; eᵢ, σ²) + ε (ε = ``LevelEstimatorConfiguration/pressureOutlierLikelihood``, so one
///   reading shifts the odds by at most (1 + ε)/ε: successive readings are correlated). While one level is nearly certain (> 0.9) and h agrees with it within the drift
///   capture, p_ref follows the difference with a long time constant, so weather drift is absorbed but a
///   climb is not.
/// - **Beacons** (update): the provider's voted level with its probability q is mixed with a uniform
///   likelihood by ``LevelEstimatorConfiguration/beaconLevelWeight``.
///
/// Pure: values in, values out; time comes with every call.
public struct LevelEstimator: Sendable {
    /// The tunables.
    public let configuration: LevelEstimatorConfiguration
    /// The candidate levels.
    public let levels: [LevelCandidate]
    /// Probability of each level (sums to 1).
    public private(set) var probabilities: [Double]
    /// Time of the last transition step, seconds.
    public private(set) var timeSeconds: Double?
    /// The index of the level the barometric reference belongs to.
    public private(set) var referenceLevelIndex: Int
    /// Pressure expected at the reference level, hPa; `nil` until the first pressure reading.
    public private(set) var referencePressureHectopascals: Double?
    /// Low-passed pressure, hPa.
    public private(set) var smoothedPressureHectopascals: Double?
    /// Rate of change of the barometric height, metres per second (positive going up): the change of the
    /// low-passed height over the last ``verticalSpeedBaselineSeconds``.
    public private(set) var verticalSpeedMetersPerSecond = 0.0
    /// Baseline of ``verticalSpeedMetersPerSecond``, seconds.
    public static let verticalSpeedBaselineSeconds = 2.0
    private var recentPressures: [(timeSeconds: Double, hectopascals: Double)] = []
    private var lastPressureTime: Double?
    private var lastPressureUpdateTime: Double?
    private let hasConnectors: Bool

    /// An estimator over `levels`, certain of `startLevelIndex` (clamped into range).
    public init(levels: [LevelCandidate], startLevelIndex: Int, configuration: LevelEstimatorConfiguration = .standard) {
        self.levels = levels
        self.configuration = configuration
        let start = levels.isEmpty ? 0 : min(max(0, startLevelIndex), levels.count - 1)
        referenceLevelIndex = start
        probabilities = levels.indices.map { $0 == start ? 1 : 0 }
        hasConnectors = levels.contains { !$0.connectorEntries.isEmpty }
    }

    /// The most probable level index (ties: lower index); `nil` without levels.
    public var levelIndex: Int? {
        guard !probabilities.isEmpty else { return nil }
        var best = 0
        for i in probabilities.indices where probabilities[i] > probabilities[best] { best = i }
        return best
    }

    /// The most probable level.
    public var level: LevelCandidate? { levelIndex.map { levels[$0] } }

    /// Probability of the most probable level.
    public var probability: Double { levelIndex.map { probabilities[$0] } ?? 0 }

    /// Barometric height estimate above the venue reference, metres; `nil` before pressure readings.
    public var barometricHeightMeters: Double? {
        guard let reference = referencePressureHectopascals, let pressure = smoothedPressureHectopascals,
            levels.indices.contains(referenceLevelIndex)
        else { return nil }
        // Δh = −Δp / k
        return levels[referenceLevelIndex].elevationMeters + (reference - pressure) / configuration.hectopascalsPerMeter
    }

    /// Applies the transition model from the last time to `time` at `position` (current level's frame).
    /// A time going backwards is ignored. - Complexity: O(levels + connector entries on likely levels).
    public mutating func advance(toSeconds time: Double, position: LocalPoint?) {
        guard time.isFinite, !levels.isEmpty else { return }
        guard let last = timeSeconds else { timeSeconds = time; return }
        let dt = time - last
        guard dt > 0 else { return }
        timeSeconds = time
        var next = [Double](repeating: 0, count: levels.count)
        for i in levels.indices where probabilities[i] > 0 {
            let targets = transitionRates(from: i, position: position)
            let total = min(0.5, targets.reduce(0) { $0 + $1.rate } * dt)
            let scale = total > 0 ? total / max(1e-300, targets.reduce(0) { $0 + $1.rate }) : 0
            next[i] += probabilities[i] * (1 - total)
            for target in targets { next[target.index] += probabilities[i] * target.rate * scale }
        }
        probabilities = next
        normalize()
    }

    /// Whether `position` is within the connector radius of a connector entry of the most probable level
    /// (always true without known connectors).
    private func canChangeLevel(at position: LocalPoint?) -> Bool {
        guard hasConnectors else { return true }
        return isNearConnector(position)
    }

    /// Whether connectors are known and `position` is within the connector radius of an entry of the
    /// most probable level.
    public func isNearConnector(_ position: LocalPoint?) -> Bool {
        guard hasConnectors, let position, let best = levelIndex else { return false }
        return levels[best].connectorEntries.contains { $0.point.distance(to: position) <= configuration.connectorRadiusMeters }
    }

    /// Levels reachable from `i` and their rates, per second.
    private func transitionRates(from i: Int, position: LocalPoint?) -> [(index: Int, rate: Double)] {
        guard hasConnectors else {
            return [i - 1, i + 1].filter { levels.indices.contains($0) }
                .map { ($0, configuration.transitionRateWithoutConnectorsPerSecond) }
        }
        var near = Set<Int>()
        var reachable = Set<Int>()
        for entry in levels[i].connectorEntries {
            reachable.formUnion(entry.reachableLevelIndices)
            if let position, entry.point.distance(to: position) <= configuration.connectorRadiusMeters {
                near.formUnion(entry.reachableLevelIndices)
            }
        }
        if !near.isEmpty {
            let rate = configuration.transitionRateNearConnectorPerSecond / Double(near.count)
            return near.sorted().map { ($0, rate) }
        }
        let others = reachable.isEmpty ? Set(levels.indices).subtracting([i]) : reachable
        return others.sorted().map { ($0, configuration.transitionRateElsewherePerSecond / Double(max(1, others.count))) }
    }

    /// Feeds a pressure reading (hPa). The first one sets the reference at the most probable level.
    /// Non-finite or non-positive readings are ignored (returns false).
    @discardableResult
    public mutating func updatePressure(hectopascals: Double, timeSeconds time: Double, position: LocalPoint?) -> Bool {
        guard hectopascals.isFinite, hectopascals > 0, time.isFinite, !levels.isEmpty else { return false }
        if let last = lastPressureTime, time < last { return false }
        // p̄ ← p̄ + α (p − p̄), α = Δt / (τ + Δt)
        if let smoothed = smoothedPressureHectopascals, let last = lastPressureTime {
            let dt = time - last
            let alpha = configuration.pressureSmoothingSeconds > 0 ? dt / (configuration.pressureSmoothingSeconds + dt) : 1
            let next = smoothed + alpha * (hectopascals - smoothed)
            smoothedPressureHectopascals = next
            recentPressures.append((time, next))
            let baseline = Self.verticalSpeedBaselineSeconds
            while recentPressures.count > 2, time - recentPressures[1].timeSeconds >= baseline { recentPressures.removeFirst() }
            if let oldest = recentPressures.first, time - oldest.timeSeconds > 0.5 * baseline {
                // v = −Δp̄ / (k Δt) over the baseline
                verticalSpeedMetersPerSecond =
                    (oldest.hectopascals - next) / (configuration.hectopascalsPerMeter * (time - oldest.timeSeconds))
            }
        } else {
            smoothedPressureHectopascals = hectopascals
        }
        lastPressureTime = time
        if referencePressureHectopascals == nil {
            referenceLevelIndex = levelIndex ?? referenceLevelIndex
            referencePressureHectopascals = hectopascals
            lastPressureUpdateTime = time
            return true
        }
        if let lastUpdate = lastPressureUpdateTime, time - lastUpdate < configuration.pressureUpdateIntervalSeconds { return true }
        let sinceLast = time - (lastPressureUpdateTime ?? time)
        lastPressureUpdateTime = time
        advance(toSeconds: time, position: position)
        guard let smoothedHeight = barometricHeightMeters else { return true }
        // The low-pass lags a steady climb by τ: h(now) ≈ h̄ + v τ. Only where the level can change (near a
        // connector, or anywhere when connectors are unknown), so pressure transients elsewhere are not amplified.
        let lagSeconds = canChangeLevel(at: position) ? configuration.pressureSmoothingSeconds : 0
        let height = smoothedHeight + verticalSpeedMetersPerSecond * lagSeconds
        let sigma = configuration.pressureHeightSigmaMeters
        for i in levels.indices {
            let d = (height - levels[i].elevationMeters) / sigma
            // N(h; eᵢ, σ²) up to a constant, plus an outlier floor that bounds the evidence of one reading
            probabilities[i] *= exp(-0.5 * d * d) + configuration.pressureOutlierLikelihood
        }
        normalize()
        learnDrift(height: smoothedHeight, elapsedSeconds: sinceLast)
        return true
    }

    /// Follows slow pressure drift while the level is certain and the height agrees with it.
    private mutating func learnDrift(height: Double, elapsedSeconds: Double) {
        guard let best = levelIndex, probabilities[best] > 0.9, let reference = referencePressureHectopascals,
            let pressure = smoothedPressureHectopascals, elapsedSeconds > 0
        else { return }
        let error = height - levels[best].elevationMeters
        guard abs(error) <= configuration.driftCaptureMeters else { return }
        // p_ref target: the pressure that puts h exactly at e_best.
        let target =
            pressure + configuration.hectopascalsPerMeter * (levels[best].elevationMeters - levels[referenceLevelIndex].elevationMeters)
        let alpha = elapsedSeconds / (configuration.pressureDriftTimeConstantSeconds + elapsedSeconds)
        referencePressureHectopascals = reference + alpha * (target - reference)
    }

    /// Feeds a beacon level vote: level `index` with probability `probability` (0–1). Out-of-range input is
    /// ignored (returns false).
    @discardableResult
    public mutating func updateBeaconLevel(index: Int, probability: Double, timeSeconds time: Double, position: LocalPoint?) -> Bool {
        guard levels.indices.contains(index), probability.isFinite, (0...1).contains(probability), time.isFinite else { return false }
        advance(toSeconds: time, position: position)
        let n = Double(levels.count)
        let w = configuration.beaconLevelWeight
        for i in levels.indices {
            let vote = i == index ? probability : (1 - probability) / max(1, n - 1)
            // L = (1 − w) + w · n · P_vote(i): a uniform likelihood when w = 0, the vote itself when w = 1
            probabilities[i] *= (1 - w) + w * n * vote
        }
        normalize()
        return true
    }

    /// Makes the probabilities sum to 1, keeping every level above the floor.
    private mutating func normalize() {
        var total = probabilities.reduce(0, +)
        guard total > 0, total.isFinite else {
            probabilities = levels.indices.map { _ in 1 / Double(levels.count) }
            return
        }
        let floor = configuration.probabilityFloor
        probabilities = probabilities.map { max(floor, $0 / total) }
        total = probabilities.reduce(0, +)
        probabilities = probabilities.map { $0 / total }
    }
}
