import IndoorRecordings

extension DeadReckoningProvider: FusionSource {
    /// Steps detected in inertial samples.
    public func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
        switch sample.reading {
        case .beacon, .pressure, .gnss, .wifi, .groundTruth, .marker: return []
        default:
            let steps = consume(sample)
            return steps.isEmpty ? [] : [.steps(steps)]
        }
    }
}

extension GNSSPositionProvider: FusionSource {
    /// New satellite fixes (below ground only when configured: the fusion's floor number decides).
    public func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
        guard case .gnss = sample.reading else { return [] }
        return consume(sample, floorNumber: context.isStarted ? context.floorNumber : nil).map { [.fix($0)] } ?? []
    }
}

extension FingerprintPositionProvider: FusionSource {
    /// Radio-map fixes of the scans a sample completes (any later sample completes a scan); positions
    /// come from the fusion's current level, candidates weighed by the fused position when
    /// ``FingerprintConfiguration/priorCandidateCount`` is above 0; a signal-model fix comes with the
    /// scan's likelihood for the particles.
    public func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
        consumeWithLikelihoods(sample, levelIndex: context.isStarted ? context.levelIndex : nil, prior: context.estimate).map {
            if let likelihood = $0.likelihood { .likelihood($0.location, likelihood) } else { .fix($0.location) }
        }
    }
}

extension ManualLocationProvider: FusionSource {
    /// The locations set by hand up to the sample's time, as fixes.
    public func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
        takeFixes(upToSeconds: sample.timeSeconds).map { .fix($0) }
    }
}

/// The barometer as a fusion source: pressure readings for the level filter.
public final class BarometerSource: FusionSource {
    /// `"pressure"`.
    public let name = "pressure"

    /// A barometer source.
    public init() {}

    /// Pressure readings, hPa.
    public func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
        guard case .pressure(let hectopascals) = sample.reading else { return [] }
        return [.pressure(hectopascals: hectopascals, timeSeconds: sample.timeSeconds)]
    }
}

/// Beacons as a fusion source: with ranges (the default), each beacon's range updates the position and
/// the provider's fixes give only the level; otherwise the provider's fixes, their covariance multiplied
/// by `covarianceScale` (RSSI fixes are often over-confident), update both.
public final class BeaconFusionSource: FusionSource {
    /// The provider's name (`"beacon"`).
    public var name: String { provider.name }
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
    public func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
        guard case .beacon = sample.reading else { return [] }
        lastFix = provider.consume(sample)
        if ranges != nil {
            let batch = ranges?.consume(sample) ?? []
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
