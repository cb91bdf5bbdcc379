import IndoorRecordings

// What each of the package's providers contributes to the fusion (``IndoorLocationProvider/contributions(from:context:)``).

extension DeadReckoningProvider {
    /// Steps.
    public var yields: Set<FusionInput.Kind> { [.steps] }

    /// Steps detected in inertial samples.
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        switch sample.reading {
        case .beacon, .pressure, .gnss, .wifi, .groundTruth, .marker: return []
        default:
            let steps = consume(sample)
            return steps.isEmpty ? [] : [.steps(steps)]
        }
    }
}

extension GNSSPositionProvider {
    /// Fixes.
    public var yields: Set<FusionInput.Kind> { [.fix] }

    /// New satellite fixes (below ground only when configured: the fusion's floor number decides).
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        guard case .gnss = sample.reading else { return [] }
        return consume(sample, floorNumber: context.isStarted ? context.floorNumber : nil).map { [.fix($0)] } ?? []
    }
}

extension FingerprintPositionProvider {
    /// Fixes, or with a signal model that weighs the particles, fixes with the scan's likelihood.
    public var yields: Set<FusionInput.Kind> { [.fix, .likelihood] }

    /// Radio-map fixes of the scans a sample completes (any later sample completes a scan); positions
    /// come from the fusion's current level, candidates weighed by the fused position when
    /// ``FingerprintConfiguration/priorCandidateCount`` is above 0; a signal-model fix comes with the
    /// scan's likelihood for the particles.
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        consumeWithLikelihoods(sample, levelIndex: context.isStarted ? context.levelIndex : nil, prior: context.estimate).map {
            if let likelihood = $0.likelihood { .likelihood($0.location, likelihood) } else { .fix($0.location) }
        }
    }
}

extension ManualLocationProvider {
    /// Fixes.
    public var yields: Set<FusionInput.Kind> { [.fix] }

    /// The locations set by hand up to the sample's time, as fixes.
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        takeFixes(upToSeconds: sample.timeSeconds).map { .fix($0) }
    }
}

extension BeaconPositionProvider {
    /// Fixes (as the provider makes them; ``BeaconRangeProvider`` gives the fusion ranges or widened fixes).
    public var yields: Set<FusionInput.Kind> { [.fix] }

    /// The beacon fix a sample completes, unchanged.
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        guard case .beacon = sample.reading else { return [] }
        return consume(sample).map { [.fix($0)] } ?? []
    }
}
