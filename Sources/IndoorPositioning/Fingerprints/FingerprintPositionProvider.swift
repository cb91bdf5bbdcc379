import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings
import IndoorVenue

/// Positions from Wi-Fi and beacon scans matched against a surveyed ``RadioMap`` (`"fingerprint"`).
///
/// Samples go through a ``RadioScanAssembler``; each completed scan is matched (``FingerprintMatcher``)
/// and becomes a location with the match's covariance, the voted level and its probability. The map's
/// levels are resolved once against the level candidates (by id, floor name or floor number); a
/// fingerprint level that names no candidate still votes, but its fixes carry no level.
/// Scans with too few known transmitters or too poor a match are counted, not delivered.
public final class FingerprintPositionProvider: LifecycleProvider {
    /// `"fingerprint"`.
    public let name = "fingerprint"
    /// Fixes carry the voted level.
    public let supportsFloor = true
    /// The tunables.
    public let configuration: FingerprintConfiguration
    /// The matcher (and through it the map).
    public let matcher: FingerprintMatcher
    /// Started state and listeners; `start()` does not replay the last fix (it goes stale).
    public var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
    /// Scans assembled.
    public private(set) var scanCount = 0
    /// Scans that gave no fix (too few known transmitters, or no close enough match).
    public private(set) var unmatchedScanCount = 0

    private var assembler: RadioScanAssembler
    private var inflation: CorrelatedErrorInflation
    private let levelOfMapLevel: [(levelID: String?, floorNumber: Double?)]
    /// For each level candidate, the map level that names it.
    private let mapLevelOfCandidate: [Int: Int]

    /// A provider over `map`; `levels` (and `venue`, to resolve level names) give the fixes' level ids.
    public convenience init(
        map: RadioMap, configuration: FingerprintConfiguration = .standard, levels: [LevelCandidate] = [],
        venue: Venue? = nil
    ) {
        self.init(matcher: FingerprintMatcher(map: map, configuration: configuration), levels: levels, venue: venue)
    }

    /// A provider over a prepared matcher (its configuration is the provider's).
    public init(matcher: FingerprintMatcher, levels: [LevelCandidate] = [], venue: Venue? = nil) {
        configuration = matcher.configuration
        self.matcher = matcher
        assembler = RadioScanAssembler(configuration: configuration)
        inflation = CorrelatedErrorInflation(correlationSeconds: configuration.errorCorrelationSeconds)
        var reverse: [Int: Int] = [:]
        for (mapIndex, reference) in matcher.map.levels.enumerated() {
            if let candidate = LevelCandidate.index(of: reference, in: levels, venue: venue), reverse[candidate] == nil {
                reverse[candidate] = mapIndex
            }
        }
        mapLevelOfCandidate = reverse
        levelOfMapLevel = matcher.map.levels.map { reference in
            if let index = LevelCandidate.index(of: reference, in: levels, venue: venue) {
                return (levels[index].levelID, levels[index].floorNumber)
            }
            switch reference {
            case .floorNumber(let n): return (nil, n)
            case .levelId(let id), .floorName(let id): return (levels.isEmpty ? id : nil, nil)
            }
        }
    }

    /// Stale Wi-Fi entries dropped by the scan assembler.
    public var staleEntryCount: Int { assembler.staleEntries }

    /// Feeds one sample in time order; returns the fixes of the scans it completed.
    /// - Parameter levelIndex: the level candidate the user is believed on (the fusion's level), if known:
    ///   positions then come from that level's fingerprints.
    @discardableResult
    ///   - prior: the fused position, when known: candidates are weighed by it (see ``FingerprintMatcher``);
    ///     evaluated only when a scan completes and ``FingerprintConfiguration/priorCandidateCount`` is above 0.
    public func consume(
        _ sample: SensorSample, levelIndex: Int? = nil, prior: @autoclosure () -> PositionEstimate? = nil
    ) -> [IndoorLocation] {
        consumeWithLikelihoods(sample, levelIndex: levelIndex, prior: prior()).map(\.location)
    }

    /// ``consume(_:levelIndex:prior:)`` with, for each fix the signal model made, the scan's likelihood
    /// over the places of its level (``SignalModelConfiguration/weighsParticlesByLikelihood``).
    public func consumeWithLikelihoods(
        _ sample: SensorSample, levelIndex: Int? = nil, prior: @autoclosure () -> PositionEstimate? = nil
    ) -> [(location: IndoorLocation, likelihood: ScanLikelihood?)] {
        let scans = assembler.consume(sample)
        guard !scans.isEmpty else { return [] }
        let estimate = configuration.priorCandidateCount > 0 || configuration.signalModel != nil ? prior() : nil
        return scans.compactMap { locate($0, levelIndex: levelIndex, prior: estimate) }
    }

    /// Completes a scan still being assembled (end of a recording).
    @discardableResult
    public func finish(levelIndex: Int? = nil) -> IndoorLocation? {
        assembler.finish().flatMap { locate($0, levelIndex: levelIndex)?.location }
    }

    private func locate(
        _ scan: RadioScan, levelIndex: Int?, prior: PositionEstimate? = nil
    ) -> (location: IndoorLocation, likelihood: ScanLikelihood?)? {
        scanCount += 1
        let hint = levelIndex.flatMap { mapLevelOfCandidate[$0] }
        guard let (match, likelihood) = matcher.matchWithLikelihood(scan, levelHint: hint, prior: prior) else {
            unmatchedScanCount += 1
            return nil
        }
        let level = match.levelIndex.map { levelOfMapLevel[$0] }
        let factor = inflation.covarianceFactor(deliveredAtSeconds: scan.timeSeconds)
        let covariance = Covariance2D(xx: match.covariance.xx * factor, xy: match.covariance.xy * factor, yy: match.covariance.yy * factor)
        let uniform = 1 / Double(max(1, levelOfMapLevel.count))
        let probability = uniform + configuration.levelEvidenceWeight * (match.levelProbability - uniform)
        let location = IndoorLocation(
            point: match.point, levelID: level?.levelID ?? nil, floorNumber: level?.floorNumber ?? nil,
            levelProbability: level == nil ? 0 : min(1, max(0, probability)),
            covariance: covariance, timeSeconds: scan.timeSeconds, source: name)
        lifecycle.deliver(location)
        return (location, likelihood)
    }
}
