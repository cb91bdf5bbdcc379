import IndoorConfiguration
import IndoorRecordings

/// Beacons for the fusion: with ranges (the default), each beacon's range updates the position and the
/// ``BeaconPositionProvider``'s fixes give only the level; otherwise its fixes, their covariance
/// multiplied by `covarianceScale` (RSSI fixes are often over-confident), update both. Its name, level
/// support, lifecycle and listeners are the wrapped provider's.
public final class BeaconRangeProvider: IndoorLocationProvider {
    /// The provider's name (`"beacon"`).
    public var name: String { provider.name }
    /// Whether the wrapped provider reports levels.
    public var supportsFloor: Bool { provider.supportsFloor }
    /// Ranges and level evidence, or fixes.
    public var yields: Set<FusionInput.Kind> { ranges == nil ? [.fix] : [.ranges, .levelEvidence] }
    /// Whether the wrapped provider is started.
    public var isStarted: Bool { provider.isStarted }
    /// Starts the wrapped provider.
    public func start() { provider.start() }
    /// Stops the wrapped provider.
    public func stop() { provider.stop() }
    /// Adds a listener to the wrapped provider.
    @discardableResult
    public func addListener(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken { provider.addListener(listener) }
    /// Removes a listener from the wrapped provider.
    public func removeListener(_ token: ListenerToken) { provider.removeListener(token) }
    /// The beacon provider (its raw fixes are returned as they are made).
    public let provider: BeaconPositionProvider
    /// The range tracker, when ranges are fused.
    public private(set) var ranges: BeaconRangeTracker?
    /// Factor on the covariance of fixes fused as positions.
    public let covarianceScale: Double
    /// The raw fix of the last sample, if one was made (for plots and raw locations).
    public private(set) var lastFix: IndoorLocation?

    /// A source over `provider`; `fuseRanges` chooses ranges over fixes.
    public init(
        provider: BeaconPositionProvider, fuseRanges: Bool = true,
        covarianceScale: Double = FusionConfiguration.standard.beaconCovarianceScale
    ) {
        self.provider = provider
        ranges = fuseRanges ? BeaconRangeTracker(map: provider.map, configuration: provider.configuration) : nil
        self.covarianceScale = max(1, covarianceScale.isFinite ? covarianceScale : 1)
    }

    /// Ranges and level evidence, or scaled fixes.
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        guard case .beacon(let observation) = sample.reading else { return [] }
        // The beacon is looked up once for the provider and the range tracker.
        let index = provider.map.index(of: observation.beacon)
        lastFix = provider.consume(observation, atSeconds: sample.timeSeconds, beaconIndex: index)
        if ranges != nil {
            let batch = ranges?.consume(observation, atSeconds: sample.timeSeconds, beaconIndex: index) ?? []
            var inputs: [FusionInput] = []
            if let fix = lastFix { inputs.append(.levelEvidence(fix)) }
            if !batch.isEmpty { inputs.append(.ranges(batch)) }
            return inputs
        }
        guard var fix = lastFix else { return [] }
        let k = covarianceScale
        fix.covariance = Covariance2D(xx: fix.covariance.xx * k, xy: fix.covariance.xy * k, yy: fix.covariance.yy * k)
        return [.fix(fix)]
    }
}
