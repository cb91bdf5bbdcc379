import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings

/// One beacon range for the fusion filter: the distance to a known beacon estimated from its recent RSSI.
public struct BeaconRange: Hashable, Sendable {
    /// Index of the beacon in its ``BeaconMap``.
    public var beaconIndex: Int
    /// The beacon's position, local frame.
    public var anchor: LocalPoint
    /// The beacon's level id, when known.
    public var levelID: String?
    /// The beacon's floor number, when known.
    public var floorNumber: Double?
    /// Estimated distance, metres (clamped to the configured range).
    public var rangeMeters: Double
    /// One-sigma of ``rangeMeters``, metres.
    public var sigmaMeters: Double
    /// Mean time of the readings averaged into the estimate, seconds (the time the range refers to).
    public var timeSeconds: Double
}

/// Turns beacon readings into ranges for a tightly coupled fusion (each range is its own measurement,
/// so beacons in a line, too few for a fit, still constrain the position along the line).
///
/// Uses the beacon provider's tunables: readings averaged over ``BeaconProviderConfiguration/rssiWindowSeconds``;
/// d = 10^((P₁ − RSSI)/(10 n)) clamped to [minimum, maximum] range; σ_d = d · ln 10/(10 n) · σ_RSSI/√min(count, k),
/// at least ``BeaconProviderConfiguration/minimumRangeSigmaMeters``; at most one batch per
/// ``BeaconProviderConfiguration/fixIntervalSeconds``.
public struct BeaconRangeTracker: Sendable {
    /// The beacons.
    public let map: BeaconMap
    /// Window, path loss, clamps and interval.
    public let configuration: BeaconProviderConfiguration
    private var windows: [RSSIWindow]
    private var newestTime = -Double.infinity
    private var lastBatchTime: Double?

    /// A tracker over `map`.
    public init(map: BeaconMap, configuration: BeaconProviderConfiguration = .standard) {
        self.map = map
        self.configuration = configuration
        windows = Array(repeating: RSSIWindow(), count: map.beacons.count)
    }

    /// Feeds one sample; returns the ranges of every beacon heard within the window when a batch is due.
    /// Non-beacon samples, unknown beacons and implausible readings give no range.
    public mutating func consume(_ sample: SensorSample) -> [BeaconRange] {
        guard case .beacon(let observation) = sample.reading else { return [] }
        return consume(observation, atSeconds: sample.timeSeconds, beaconIndex: map.index(of: observation.beacon))
    }

    /// ``consume(_:)`` for a reading whose beacon was looked up already (`beaconIndex`, nil when unknown).
    mutating func consume(_ observation: BeaconObservation, atSeconds time: Double, beaconIndex: Int?) -> [BeaconRange] {
        guard time.isFinite, observation.rssiDbm.isFinite,
            BeaconPositionProvider.plausibleRSSIRangeDbm.contains(observation.rssiDbm), let index = beaconIndex
        else { return [] }
        windows[index].append(timeSeconds: time, rssiDbm: observation.rssiDbm)
        newestTime = max(newestTime, time)
        if let lastBatchTime, newestTime - lastBatchTime < configuration.fixIntervalSeconds { return [] }
        lastBatchTime = newestTime
        var ranges: [BeaconRange] = []
        for i in windows.indices {
            let oldest = newestTime - configuration.rssiWindowSeconds
            windows[i].prune(olderThan: oldest)
            guard let mean = windows[i].meanDbm, let meanTime = windows[i].meanTimeSeconds else { continue }
            let beacon = map.beacons[i]
            let model = PathLossModel(
                txPowerDbm: beacon.txPowerDbm,
                exponent: beacon.pathLossExponent ?? configuration.defaultPathLossExponent)
            let distance = min(configuration.maximumRangeMeters, max(configuration.minimumRangeMeters, model.distanceMeters(rssiDbm: mean)))
            let rssiSigma = configuration.rssiSigmaDb / Double(min(windows[i].count, configuration.maximumIndependentReadings)).squareRoot()
            let sigma = max(
                configuration.minimumRangeSigmaMeters, model.distanceSigmaMeters(distanceMeters: distance, rssiSigmaDb: rssiSigma))
            ranges.append(
                BeaconRange(
                    beaconIndex: i, anchor: beacon.point, levelID: beacon.levelID, floorNumber: beacon.floorNumber,
                    rangeMeters: distance, sigmaMeters: sigma, timeSeconds: meanTime))
        }
        return ranges
    }
}
