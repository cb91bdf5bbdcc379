import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings

/// What the audit concluded about one beacon.
public struct BeaconAuditEntry: Hashable, Sendable {
    /// The verdict.
    public enum Verdict: String, Hashable, Sendable {
        /// Readings fall with distance and peak near the mapped position (or the walks never came close).
        case consistent
        /// The readings contradict the registry (see ``BeaconAuditEntry/reasons``).
        case suspect
        /// Too few readings on the beacon's level to judge.
        case tooFewReadings
    }

    /// The beacon's registry id.
    public var beaconID: String
    /// Its mapped position, local frame.
    public var mappedPoint: LocalPoint
    /// Readings heard while the truth was known.
    public var readings: Int
    /// Of those, readings while the walker was on the beacon's level (or the level was unknown).
    public var sameLevelReadings: Int
    /// Pearson correlation of RSSI and log₁₀ of the horizontal distance to the mapped position over the
    /// same-level readings; clearly negative for a correctly mapped beacon. `nil` with too few readings.
    /// Judged only when those distances span ``BeaconAuditConfiguration/minimumDistanceSpreadRatio``.
    public var rssiDistanceCorrelation: Double?
    /// Mean true position at the strongest ``BeaconAuditConfiguration/strongestFraction`` of the readings.
    public var strongestReadingsCentroid: LocalPoint?
    /// Horizontal distance from ``strongestReadingsCentroid`` to the mapped position, metres.
    public var centroidOffsetMeters: Double?
    /// The closest the walks came to the mapped position on its level (truth points joined by straight
    /// lines), metres.
    public var closestApproachMeters: Double?
    /// The beacon whose mapped position is nearest to ``strongestReadingsCentroid`` (a swap shows as the
    /// other beacon of the pair).
    public var nearestMappedBeaconID: String?
    /// The verdict.
    public var verdict: Verdict
    /// Why the beacon is suspect (empty otherwise).
    public var reasons: [String]
}

/// Checks a beacon registry against walks with ground truth: a beacon whose RSSI does not fall with the
/// true distance to its mapped position, or whose strongest readings are heard far from it although
/// the walker passed close by, is probably mapped in the wrong place (or swapped with another, or
/// moved since the survey). Feed it walks with ``add(samples:truth:)``, then read ``entries()``.
///
/// True positions between truth points are interpolated linearly; the level is that of the latest truth
/// point. Readings outside the truth's time span are not used. Pure value type.
public struct BeaconAuditor: Sendable {
    /// The registry placed in the local frame.
    public let map: BeaconMap
    /// The tunables.
    public let configuration: BeaconAuditConfiguration

    /// One reading with the walker's true position: RSSI, horizontal distance to the mapped position,
    /// true position, and whether the walker was on the beacon's level.
    private struct Reading: Sendable {
        var rssiDbm: Double
        var distanceMeters: Double
        var truePoint: LocalPoint
        var sameLevel: Bool
    }

    private var readings: [[Reading]]
    private var closestApproach: [Double]

    /// An auditor of `map`.
    public init(map: BeaconMap, configuration: BeaconAuditConfiguration = .standard) {
        self.map = map
        self.configuration = configuration
        readings = Array(repeating: [], count: map.beacons.count)
        closestApproach = Array(repeating: .infinity, count: map.beacons.count)
    }

    /// Adds one walk: its samples (beacon readings are used, the rest ignored) and its ground truth
    /// (a walk with a single truth point adds nothing). Readings of beacons not in the map, and
    /// non-finite ones, are skipped.
    public mutating func add(samples: [SensorSample], truth: GroundTruthTrack) {
        guard truth.count >= 2 else { return }
        let ordered = truth.points
        // Closest approach: to the interpolated path (each truth segment is walked on its start's level).
        for (index, beacon) in map.beacons.enumerated() {
            for (a, b) in zip(ordered, ordered.dropFirst()) where Self.isSameLevel(a.level, beacon) {
                closestApproach[index] = min(closestApproach[index], Segment(a.point, b.point).distance(to: beacon.point))
            }
            if let last = ordered.last, Self.isSameLevel(last.level, beacon) {
                closestApproach[index] = min(closestApproach[index], beacon.point.distance(to: last.point))
            }
        }
        for sample in samples {
            guard case .beacon(let observation) = sample.reading, observation.rssiDbm.isFinite,
                let index = map.index(of: observation.beacon),
                let truePoint = truth.position(atSeconds: sample.timeSeconds)
            else { continue }
            let beacon = map.beacons[index]
            readings[index].append(
                Reading(
                    rssiDbm: observation.rssiDbm, distanceMeters: beacon.point.distance(to: truePoint),
                    truePoint: truePoint, sameLevel: Self.isSameLevel(truth.level(atSeconds: sample.timeSeconds), beacon)))
        }
    }

    /// Whether a truth level and a beacon's level agree (true when either is unknown).
    static func isSameLevel(_ level: LevelReference?, _ beacon: LocalBeacon) -> Bool {
        guard let level else { return true }
        switch level {
        case .floorNumber(let n): return beacon.floorNumber.map { $0 == n } ?? true
        case .levelId(let id), .floorName(let id): return beacon.levelID.map { $0 == id } ?? true
        }
    }

    /// The verdict for every beacon of the map, in map order.
    public func entries() -> [BeaconAuditEntry] {
        map.beacons.indices.map(entry(for:))
    }

    private func entry(for index: Int) -> BeaconAuditEntry {
        let beacon = map.beacons[index]
        let all = readings[index]
        let same = all.filter(\.sameLevel)
        var entry = BeaconAuditEntry(
            beaconID: beacon.id, mappedPoint: beacon.point, readings: all.count, sameLevelReadings: same.count,
            rssiDistanceCorrelation: nil, strongestReadingsCentroid: nil, centroidOffsetMeters: nil,
            closestApproachMeters: closestApproach[index].isFinite ? closestApproach[index] : nil,
            nearestMappedBeaconID: nil, verdict: .tooFewReadings, reasons: [])
        guard same.count >= configuration.minimumReadings else { return entry }
        entry.rssiDistanceCorrelation = Self.correlation(same.map(\.rssiDbm), same.map { log10(max(0.5, $0.distanceMeters)) })
        let strongest = same.sorted { $0.rssiDbm > $1.rssiDbm }
            .prefix(max(1, Int((Double(same.count) * configuration.strongestFraction).rounded())))
        let n = Double(strongest.count)
        let centroid = LocalPoint(x: strongest.reduce(0) { $0 + $1.truePoint.x } / n, y: strongest.reduce(0) { $0 + $1.truePoint.y } / n)
        entry.strongestReadingsCentroid = centroid
        let offset = beacon.point.distance(to: centroid)
        entry.centroidOffsetMeters = offset
        entry.nearestMappedBeaconID = map.beacons.min { $0.point.distance(to: centroid) < $1.point.distance(to: centroid) }?.id
        entry.verdict = .consistent
        let nearest = max(0.5, same.map(\.distanceMeters).min() ?? 0.5)
        let farthest = same.map(\.distanceMeters).max() ?? nearest
        if let r = entry.rssiDistanceCorrelation, r > configuration.maximumCorrelation,
            farthest / nearest >= configuration.minimumDistanceSpreadRatio
        {
            entry.reasons.append(String(format: "RSSI does not fall with distance (correlation with log distance %+.2f)", r))
        }
        if offset > configuration.suspectOffsetMeters, let approach = entry.closestApproachMeters,
            approach <= configuration.suspectOffsetMeters / 2
        {
            var reason = String(
                format: "strongest readings heard %.1f m from the mapped position although the walks passed within %.1f m",
                offset, approach)
            if let other = entry.nearestMappedBeaconID, other != beacon.id { reason += "; they fit \(other)'s mapped position better" }
            entry.reasons.append(reason)
        }
        if !entry.reasons.isEmpty { entry.verdict = .suspect }
        return entry
    }

    /// Pearson correlation of two equally long series; `nil` when either is constant.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double? {
        let n = Double(a.count)
        guard a.count == b.count, a.count >= 2 else { return nil }
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(a, b) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        guard saa > 0, sbb > 0 else { return nil }
        return sab / (saa * sbb).squareRoot()
    }
}
