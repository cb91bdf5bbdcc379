import IndoorConfiguration
import IndoorEstimation
import IndoorGeometry
import IndoorRecordings

/// Positions from the RSSI of installed beacons.
///
/// Each reading of a known beacon enters that beacon's sliding window (``BeaconProviderConfiguration/rssiWindowSeconds``).
/// At most once per ``BeaconProviderConfiguration/fixIntervalSeconds`` a fix is computed from every
/// beacon heard within the window:
/// 1. range dᵢ from the averaged RSSI through the log-distance model (``PathLossModel``, the beacon's
///    tx power and exponent), with σᵢ = dᵢ · ln 10 / (10 n) · σ_RSSI/√min(count, k), clamped;
/// 2. the level by a vote of the heard beacons' levels, each weighted 1/dᵢ²; its share of the weight is
///    the location's `levelProbability`;
/// 3. the position by weighted nonlinear least squares (``Multilateration``) with ≥ 3 beacons, its
///    covariance (Jᵀ W J)⁻¹ scaled up by χ²/(n − 2) when the residuals exceed their sigmas and widened
///    by ``BeaconProviderConfiguration/minimumSigmaMeters`` on each axis;
/// 4. otherwise (fewer beacons, a failed or implausible fit) the weighted centroid, with a one-sigma of
///    at least ``BeaconProviderConfiguration/fallbackMinimumSigmaMeters`` and at least the nearest range.
///
/// Readings of beacons not in the map are ignored and counted; non-finite or impossible RSSI values are
/// reported with an `.error` event and skipped. Locations go to listeners only while started; ``consume(_:)``
/// returns each fix either way.
public final class BeaconPositionProvider: LifecycleProvider {
    /// `"beacon"`.
    public let name = "beacon"
    /// Beacons carry their level.
    public let supportsFloor = true
    /// Whether locations are delivered.
    /// The tunables.
    public let configuration: BeaconProviderConfiguration
    /// The beacons in the local frame.
    public let map: BeaconMap
    /// Started state and listeners; `start()` does not replay the last fix (it goes stale).
    public var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
    /// Fixes computed by multilateration.
    public private(set) var fittedFixCount = 0
    /// Fixes from the weighted-centroid fallback.
    public private(set) var fallbackFixCount = 0
    /// Readings of beacons that are not in the map.
    public private(set) var unknownBeaconCount = 0
    /// Readings skipped as malformed.
    public private(set) var rejectedSampleCount = 0

    /// RSSI values outside this range are not physical and are rejected, dBm.
    public static let plausibleRSSIRangeDbm: ClosedRange<Double> = -150...20

    private let solver: NonlinearLeastSquares
    /// The solver's GSL workspaces, kept from fix to fix (this provider runs on one thread).
    private let workspaces = LeastSquaresWorkspaces()
    private var windows: [RSSIWindow]
    private var advertisedTxPower: [Double?]
    private var newestTime = -Double.infinity
    private var lastFixTime: Double?

    /// A provider over `map` with the given tunables.
    public init(
        map: BeaconMap, configuration: BeaconProviderConfiguration = .standard,
        solver: NonlinearLeastSquares = Multilateration.solver
    ) {
        self.map = map
        self.configuration = configuration
        self.solver = solver
        windows = Array(repeating: RSSIWindow(), count: map.beacons.count)
        advertisedTxPower = Array(repeating: nil, count: map.beacons.count)
    }

    /// Feeds one sample; returns a fix when this reading is due one. Non-beacon samples are ignored.
    @discardableResult
    public func consume(_ sample: SensorSample) -> IndoorLocation? {
        guard case .beacon(let observation) = sample.reading else { return nil }
        return consume(observation, atSeconds: sample.timeSeconds, beaconIndex: map.index(of: observation.beacon))
    }

    /// ``consume(_:)`` for a reading whose beacon was looked up already (`beaconIndex`, nil when unknown).
    func consume(_ observation: BeaconObservation, atSeconds t: Double, beaconIndex: Int?) -> IndoorLocation? {
        guard t.isFinite else {
            reject("beacon reading with a non-finite time skipped")
            return nil
        }
        guard observation.rssiDbm.isFinite, Self.plausibleRSSIRangeDbm.contains(observation.rssiDbm) else {
            reject("beacon \(observation.beacon) at t=\(t): RSSI \(observation.rssiDbm) dBm is not a plausible value; skipped")
            return nil
        }
        guard let index = beaconIndex else {
            unknownBeaconCount += 1
            return nil
        }
        windows[index].append(timeSeconds: t, rssiDbm: observation.rssiDbm)
        if let tx = observation.txPowerDbm, tx.isFinite, tx < 0 { advertisedTxPower[index] = tx }
        newestTime = max(newestTime, t)
        if let lastFixTime, newestTime - lastFixTime < configuration.fixIntervalSeconds { return nil }
        guard let fix = fix(at: newestTime) else { return nil }
        lastFixTime = newestTime
        lifecycle.deliver(fix)
        return fix
    }

    /// Computes a fix from the readings within the window ending at `time`; `nil` when none is heard.
    func fix(at time: Double) -> IndoorLocation? {
        var heard: [(beacon: Int, range: RangeMeasurement)] = []
        for index in windows.indices {
            windows[index].prune(olderThan: time - configuration.rssiWindowSeconds)
            guard let mean = windows[index].meanDbm else { continue }
            heard.append((index, range(beacon: index, meanRSSIDbm: mean, count: windows[index].count)))
        }
        guard !heard.isEmpty else { return nil }
        let vote = levelVote(heard)
        var used = heard
        if configuration.fitWithinVotedLevel {
            let onLevel = heard.filter { map.beacons[$0.beacon].level == vote.level }
            if onLevel.count >= configuration.minimumBeaconsForFit || heard.count < configuration.minimumBeaconsForFit {
                used = onLevel
            }
        }
        let ranges = used.map(\.range)
        let position = fitted(ranges) ?? fallback(ranges)
        let winner = map.beacons[heard.first { map.beacons[$0.beacon].level == vote.level }?.beacon ?? used[0].beacon]
        return IndoorLocation(
            point: position.point, levelID: winner.levelID, floorNumber: winner.floorNumber,
            levelProbability: vote.probability, covariance: position.covariance,
            timeSeconds: time, source: name)
    }

    private func range(beacon index: Int, meanRSSIDbm: Double, count: Int) -> RangeMeasurement {
        let beacon = map.beacons[index]
        var tx = beacon.txPowerDbm
        if configuration.useAdvertisedTxPower, let advertised = advertisedTxPower[index] { tx = advertised }
        let model = PathLossModel(txPowerDbm: tx, exponent: beacon.pathLossExponent ?? configuration.defaultPathLossExponent)
        let distance = min(
            configuration.maximumRangeMeters,
            max(configuration.minimumRangeMeters, model.distanceMeters(rssiDbm: meanRSSIDbm)))
        let rssiSigma = configuration.rssiSigmaDb / Double(min(count, configuration.maximumIndependentReadings)).squareRoot()
        let sigma = max(
            configuration.minimumRangeSigmaMeters,
            model.distanceSigmaMeters(distanceMeters: distance, rssiSigmaDb: rssiSigma))
        return RangeMeasurement(anchor: beacon.point, rangeMeters: distance, sigmaMeters: sigma)
    }

    private func levelVote(_ heard: [(beacon: Int, range: RangeMeasurement)]) -> (level: LevelReference, probability: Double) {
        // A venue's beacons hear few levels at once: a list searched in order beats hashing each level.
        var levels: [(level: LevelReference, weight: Double)] = []
        var total = 0.0
        for entry in heard {
            let level = map.beacons[entry.beacon].level
            let w = 1 / (entry.range.rangeMeters * entry.range.rangeMeters)
            if let i = levels.firstIndex(where: { $0.level == level }) {
                levels[i].weight += w
            } else {
                levels.append((level, w))
            }
            total += w
        }
        // Ties go to the level heard first in map order, so the vote is deterministic.
        var best = levels[0]
        for candidate in levels.dropFirst() where candidate.weight > best.weight { best = candidate }
        return (best.level, min(1, max(0, best.weight / total)))
    }

    private func fitted(_ ranges: [RangeMeasurement]) -> (point: LocalPoint, covariance: Covariance2D)? {
        guard ranges.count >= configuration.minimumBeaconsForFit,
            let fix = try? Multilateration.solve(ranges, solver: solver, workspaces: workspaces), fix.point.isFinite
        else { return nil }
        let nearest = ranges.map { $0.anchor.distance(to: fix.point) }.min() ?? .infinity
        guard nearest <= configuration.maximumRangeMeters else { return nil }
        var covariance = fix.covariance
        let determinant = covariance.xx * covariance.yy - covariance.xy * covariance.xy
        // A rank-deficient fit (beacons in a line) leaves a direction undetermined: use the fallback.
        guard covariance.isValid, covariance.xx > 1e-12, covariance.yy > 1e-12,
            determinant > 1e-9 * covariance.xx * covariance.yy
        else { return nil }
        // Residuals larger than their sigmas mean the model is off: scale by χ²/(n − p) when above 1.
        let dof = Double(ranges.count - 2)
        let scale = dof > 0 ? max(1, fix.cost / dof) : 1
        let floor = configuration.minimumSigmaMeters * configuration.minimumSigmaMeters
        covariance = Covariance2D(
            xx: covariance.xx * scale + floor, xy: covariance.xy * scale,
            yy: covariance.yy * scale + floor)
        fittedFixCount += 1
        return (fix.point, covariance)
    }

    private func fallback(_ ranges: [RangeMeasurement]) -> (point: LocalPoint, covariance: Covariance2D) {
        fallbackFixCount += 1
        let point = Multilateration.weightedCentroid(ranges) ?? ranges[0].anchor
        let nearest = ranges.map(\.rangeMeters).min() ?? 0
        return (point, .isotropic(sigmaMeters: max(configuration.fallbackMinimumSigmaMeters, nearest)))
    }

    private func reject(_ message: String) {
        rejectedSampleCount += 1
        lifecycle.report(ProviderError(provider: name, message: message))
    }
}
