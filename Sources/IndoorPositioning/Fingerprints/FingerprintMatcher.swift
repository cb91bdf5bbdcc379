import Foundation
import IndoorConfiguration
import IndoorGeometry

/// Weighted k-nearest-neighbour matching of scans against a ``RadioMap``.
///
/// The distance between a scan s and a fingerprint f is Euclidean in dBm, a missing transmitter compared
/// as m = ``FingerprintConfiguration/missingRSSIDbm``, over the scan's transmitters that the map knows
/// (``FingerprintDistance/scanTransmitters``, the default: d² = Σ_{t∈s} (s_t − f_t)²) or over the
/// transmitters either heard (``FingerprintDistance/union``: d² = Σ_{t∈s∪f} (s_t − f_t)²). Both are
/// computed from per-transmitter posting lists, d² = S_f + Σ_{t∈s} (s_t − m)² + Σ_{t∈s∩f} [(s_t − f_t)² −
/// (f_t − m)² − (s_t − m)²] with S_f = Σ_{t∈f} (f_t − m)² precomputed for the union and 0 (and no
/// (f_t − m)² term) for the scan's transmitters, so only fingerprints sharing a transmitter with the scan
/// are visited. Cross-validated on ILC site 1 (true level), the scan's transmitters gave a median of
/// 9.8 m and a mean of 14.7 m against 10.6 / 22.5 m for the union: transmitters a walk did not hear
/// (stale entries dropped, a scan cut short) say little. The level is voted by the k nearest (weights 1/d); the position is the 1/d-weighted mean of
/// the k nearest on that level; its covariance is the neighbours' weighted spread × ``FingerprintConfiguration/spreadScale``²
/// plus σ² on each axis, σ = max(``FingerprintConfiguration/minimumSigmaMeters``,
/// ``FingerprintConfiguration/sigmaPerRMSMetersPerDb`` × the best match's RMS difference per transmitter) (Bahl and Padmanabhan, RADAR, 2000,
/// for nearest neighbours in signal space; the spread as a quality measure after Lemelson et al., 2009).
///
/// With a prior (the fused position and its covariance P) and ``FingerprintConfiguration/priorCandidateCount``
/// above 0, the position comes from that many nearest fingerprints on the level instead, each weighed by
/// 1/d × (ε + exp(−½ δᵀ (P + σ²I)⁻¹ δ)), δ = its place − the prior, σ = ``FingerprintConfiguration/priorSpreadMeters``,
/// ε = ``FingerprintConfiguration/priorWeightFloor``: the weights of a Gaussian-sum measurement update
/// (each candidate a component, weighed by its signal match and by how likely the prior makes its
/// place), collapsed to one fix by its weighted mean and spread. Places that sound alike but lie far
/// from where the walk can be no longer pull the fix between them.
///
/// - Complexity: O(Σ posting lengths of the scan's transmitters + F_visited log k) per scan.
public struct FingerprintMatcher: Sendable {
    /// A match.
    public struct Match: Hashable, Sendable {
        /// Weighted mean of the neighbours on the voted level, the map's frame.
        public var point: LocalPoint
        /// The voted level (index into the map's levels), when fingerprints have levels.
        public var levelIndex: Int?
        /// The voted level's share of the neighbours' weight, 0 … 1.
        public var levelProbability: Double
        /// Covariance of ``point``, m².
        public var covariance: Covariance2D
        /// RMS difference per compared transmitter of the best match, dB.
        public var bestRMSDb: Double
        /// Transmitters of the scan that the map knows.
        public var knownTransmitters: Int
    }

    /// The map matched against.
    public let map: RadioMap
    /// The tunables.
    public let configuration: FingerprintConfiguration
    private let transmitterIndex: [String: Int]
    private let postings: [[(fingerprint: Int32, rssiDbm: Float)]]
    private let ownTerm: [Double]
    /// The signal model, when ``FingerprintConfiguration/signalModel`` asks for scan likelihoods.
    public let signalModel: RadioSignalModel?

    /// A matcher over `map` (posting lists built once: O(readings)).
    public init(map: RadioMap, configuration: FingerprintConfiguration = .standard) {
        self.map = map
        self.configuration = configuration
        var index: [String: Int] = [:]
        for (i, key) in map.transmitters.enumerated() { index[key] = i }
        transmitterIndex = index
        var lists = [[(fingerprint: Int32, rssiDbm: Float)]](repeating: [], count: map.transmitters.count)
        var own = [Double](repeating: 0, count: map.fingerprints.count)
        let m = configuration.missingRSSIDbm
        for (f, fingerprint) in map.fingerprints.enumerated() {
            for reading in fingerprint.readings where reading.rssiDbm >= configuration.minimumRSSIDbm {
                lists[reading.transmitter].append((Int32(f), Float(reading.rssiDbm)))
                own[f] += (reading.rssiDbm - m) * (reading.rssiDbm - m)
            }
        }
        postings = lists
        ownTerm = own
        signalModel = configuration.signalModel.map {
            RadioSignalModel(map: map, configuration: $0, minimumRSSIDbm: configuration.minimumRSSIDbm)
        }
    }

    /// Matches one scan; `nil` when fewer than ``FingerprintConfiguration/minimumKnownTransmitters`` of
    /// its transmitters are in the map or the best match is worse than ``FingerprintConfiguration/maximumMatchRMSDb``.
    /// - Parameter levelHint: the map level the user is believed on (the fusion's level): the position is
    ///   then taken from that level's fingerprints when any is near, while the level vote still uses all.
    ///   - prior: the fused position, in the map's frame: with ``FingerprintConfiguration/priorCandidateCount``
    ///     above 0 the position is taken from that many nearest fingerprints on the level, each weighed
    ///     by 1/d and by how likely the prior makes its place (see the type's documentation).
    public func match(_ scan: RadioScan, levelHint: Int? = nil, prior: PositionEstimate? = nil) -> Match? {
        matchWithLikelihood(scan, levelHint: levelHint, prior: prior)?.match
    }

    /// ``match(_:levelHint:prior:)`` and, when the fix came from the signal model, the scan's likelihood
    /// on the level it was evaluated on (for the particles, ``SignalModelConfiguration/weighsParticlesByLikelihood``).
    public func matchWithLikelihood(
        _ scan: RadioScan, levelHint: Int? = nil, prior: PositionEstimate? = nil
    ) -> (match: Match, likelihood: ScanLikelihood?)? {
        let m = configuration.missingRSSIDbm
        let union = configuration.distance == .union
        var known: [(transmitter: Int, rssiDbm: Double)] = []
        for (key, rssi) in scan.readings {
            guard let t = transmitterIndex[key], rssi >= configuration.minimumRSSIDbm else { continue }
            known.append((t, rssi))
        }
        guard known.count >= configuration.minimumKnownTransmitters else { return nil }
        // In transmitter order, not the scan dictionary's (hash-seeded) order: the sums below then add up
        // the same way in every run, so a match is the same to the last bit.
        known.sort { $0.transmitter < $1.transmitter }
        var base = 0.0
        for reading in known { base += (reading.rssiDbm - m) * (reading.rssiDbm - m) }
        // Per visited fingerprint: the correction sum and the number of shared transmitters (dense arrays
        // and a list of the visited ones: faster than hashing on maps of thousands of fingerprints).
        var correction = [Double](repeating: 0, count: map.fingerprints.count)
        var shared = [Int32](repeating: 0, count: map.fingerprints.count)
        var visited: [Int] = []
        for reading in known {
            let s = reading.rssiDbm
            let sTerm = (s - m) * (s - m)
            for entry in postings[reading.transmitter] {
                let f = Double(entry.rssiDbm)
                let index = Int(entry.fingerprint)
                if shared[index] == 0 { visited.append(index) }
                correction[index] += (s - f) * (s - f) - (union ? (f - m) * (f - m) : 0) - sTerm
                shared[index] += 1
            }
        }
        guard !visited.isEmpty else { return nil }
        // Distances of every visited fingerprint, nearest first.
        var scored: [(fingerprint: Int, distanceDb: Double, union: Int)] = []
        scored.reserveCapacity(visited.count)
        for index in visited {
            let d2 = max(0, (union ? ownTerm[index] : 0) + base + correction[index])
            let compared = union ? known.count + map.fingerprints[index].readings.count - Int(shared[index]) : known.count
            scored.append((index, d2.squareRoot(), max(1, compared)))
        }
        let k = configuration.neighbourCount
        scored.sort { $0.distanceDb < $1.distanceDb || ($0.distanceDb == $1.distanceDb && $0.fingerprint < $1.fingerprint) }
        let nearest = scored.prefix(k)
        guard let best = nearest.first else { return nil }
        let bestRMS = best.distanceDb / Double(best.union).squareRoot()
        // With a signal model and a prior the scan's likelihood decides how much it says (a poor match
        // says little by itself); without, a poor match gives no fix.
        let likelihoodPrior = signalModel == nil ? nil : prior
        guard bestRMS <= configuration.maximumMatchRMSDb || likelihoodPrior != nil else { return nil }
        // Level vote among the k nearest.
        var levelWeights: [Int: Double] = [:]
        var total = 0.0
        for n in nearest {
            let w = 1 / max(n.distanceDb, 1e-3)
            levelWeights[map.fingerprints[n.fingerprint].levelIndex ?? -1, default: 0] += w
            total += w
        }
        let votedKey = levelWeights.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? -1
        let level: Int? = votedKey >= 0 ? votedKey : nil
        var positionKey = votedKey
        if let levelHint, scored.contains(where: { self.map.fingerprints[$0.fingerprint].levelIndex == levelHint }) {
            positionKey = levelHint
        }
        if let signalModel, let likelihoodPrior {
            guard positionKey >= 0,
                let likelihood = signalModel.scanLikelihood(of: known, levelIndex: positionKey, prior: likelihoodPrior),
                let measurement = likelihood.neighbourhoodMeasurement(prior: likelihoodPrior)
            else { return nil }
            let match = Match(
                point: measurement.point, levelIndex: level,
                levelProbability: min(1, max(0, (levelWeights[votedKey] ?? 0) / total)),
                covariance: measurement.covariance, bestRMSDb: bestRMS, knownTransmitters: known.count)
            return (match, signalModel.configuration.weighsParticlesByLikelihood ? likelihood : nil)
        }
        let weighing = configuration.priorCandidateCount > 0 ? prior : nil
        let candidates = weighing == nil ? k : configuration.priorCandidateCount
        let onLevel = Array(
            scored.lazy.filter { (self.map.fingerprints[$0.fingerprint].levelIndex ?? -1) == positionKey }.prefix(candidates))
        let weights = onLevel.map { n in
            (1 / max(n.distanceDb, 1e-3)) * priorWeight(of: map.fingerprints[n.fingerprint].point, prior: weighing)
        }
        var wSum = 0.0, x = 0.0, y = 0.0
        for (n, w) in zip(onLevel, weights) {
            let p = map.fingerprints[n.fingerprint].point
            wSum += w; x += w * p.x; y += w * p.y
        }
        guard wSum > 0 else { return nil }
        let mean = LocalPoint(x: x / wSum, y: y / wSum)
        var cxx = 0.0, cxy = 0.0, cyy = 0.0
        for (n, weight) in zip(onLevel, weights) {
            let w = weight / wSum
            let p = map.fingerprints[n.fingerprint].point
            let dx = p.x - mean.x, dy = p.y - mean.y
            cxx += w * dx * dx; cxy += w * dx * dy; cyy += w * dy * dy
        }
        let scale = configuration.spreadScale * configuration.spreadScale
        let sigma = max(configuration.minimumSigmaMeters, configuration.sigmaPerRMSMetersPerDb * bestRMS)
        let floor = sigma * sigma
        let covariance = Covariance2D(xx: cxx * scale + floor, xy: cxy * scale, yy: cyy * scale + floor)
        let match = Match(
            point: mean, levelIndex: level, levelProbability: min(1, max(0, (levelWeights[votedKey] ?? 0) / total)),
            covariance: covariance, bestRMSDb: bestRMS, knownTransmitters: known.count)
        return (match, nil)
    }

    /// How likely `prior` makes a fingerprint at `point`: ε + exp(−½ δᵀ (P + σ²I)⁻¹ δ), δ = point − prior,
    /// σ = ``FingerprintConfiguration/priorSpreadMeters``, ε = ``FingerprintConfiguration/priorWeightFloor``; 1 without a prior.
    private func priorWeight(of point: LocalPoint, prior: PositionEstimate?) -> Double {
        guard let prior else { return 1 }
        let spread = configuration.priorSpreadMeters * configuration.priorSpreadMeters
        let a = prior.covariance.xx + spread, b = prior.covariance.xy, c = prior.covariance.yy + spread
        let det = a * c - b * b
        guard det > 0, det.isFinite else { return 1 }
        let dx = point.x - prior.point.x, dy = point.y - prior.point.y
        let d2 = (c * dx * dx - 2 * b * dx * dy + a * dy * dy) / det
        return configuration.priorWeightFloor + exp(-0.5 * d2)
    }
}
