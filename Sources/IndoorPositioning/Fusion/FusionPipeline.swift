import IndoorRecordings

/// Routes sensor samples through any set of ``IndoorLocationProvider``s into a ``FusionEngine``.
///
/// Every sample goes to every source in order; what they return is applied by kind (``FusionInput``):
/// steps predict, fixes and ranges update, level evidence and pressure feed the level filter. Before
/// the engine is started, samples still warm the sources up (heading, step filters, scans) but move
/// nothing. Raw outputs stay separate: ``consume(_:)`` returns the steps and every fix with what the
/// engine did with it, next to whether the fused estimate changed.
public final class FusionPipeline {
    /// One fix a source made, and what the engine did with it (nil before the engine started).
    public struct SourcedFix: Sendable {
        /// The source's name.
        public var source: String
        /// The fix (for level evidence, the location whose level was used).
        public var location: IndoorLocation
        /// What the engine did with it; nil when the engine was not started or only the level was used.
        public var outcome: FusionUpdateOutcome?
    }

    /// What one sample produced.
    public struct Output: Sendable {
        /// Steps detected by the sources.
        public var steps: [StepEvent] = []
        /// Every absolute fix and level evidence made from this sample, by source.
        public var fixes: [SourcedFix] = []
        /// Whether the fused estimate changed (a step, an accepted fix or range, or a pressure reading).
        public var changed = false
        /// The names of the sources whose input changed the fused estimate, in the order they did.
        public var contributingSources: [String] = []

        /// Marks a change made by `source`.
        mutating func changed(by source: String) {
            changed = true
            if !contributingSources.contains(source) { contributingSources.append(source) }
        }
    }

    /// The fusion filter.
    public let engine: FusionEngine
    /// The sources, in the order each sample visits them.
    public let sources: [any IndoorLocationProvider]
    /// Dead reckoning: its own open-loop track is kept apart from the fused one.
    public let deadReckoning: DeadReckoningProvider

    /// A pipeline over `engine`, `deadReckoning` (relative motion, always first) and any further sources.
    public init(engine: FusionEngine, deadReckoning: DeadReckoningProvider, sources: [any IndoorLocationProvider]) {
        self.engine = engine
        self.deadReckoning = deadReckoning
        self.sources = [deadReckoning as any IndoorLocationProvider] + sources
        estimateReader = { [unowned engine] in engine.isStarted ? engine.estimate : nil }
    }

    /// Reads the engine's estimate for sources that ask (made once: no allocation per sample).
    private let estimateReader: () -> PositionEstimate?

    /// The usual set: dead reckoning, the barometer, and the beacon, satellite and radio-map providers
    /// that are given. With `fuseBeaconRanges`, each beacon's range updates the position and the beacon
    /// fixes only give the level; otherwise the fixes (covariance × the engine's
    /// ``FusionConfiguration/beaconCovarianceScale``) update both.
    public convenience init(
        engine: FusionEngine, deadReckoning: DeadReckoningProvider, beacons: BeaconPositionProvider? = nil,
        fuseBeaconRanges: Bool = true, gnss: GNSSPositionProvider? = nil,
        fingerprint: FingerprintPositionProvider? = nil
    ) {
        var sources: [any IndoorLocationProvider] = []
        if let fingerprint { sources.append(fingerprint) }
        if let beacons {
            sources.append(
                BeaconRangeProvider(
                    provider: beacons, fuseRanges: fuseBeaconRanges,
                    covarianceScale: engine.configuration.beaconCovarianceScale))
        }
        sources.append(BarometerProvider())
        if let gnss { sources.append(gnss) }
        self.init(engine: engine, deadReckoning: deadReckoning, sources: sources)
    }

    /// The first source of a type (e.g. `source(BeaconRangeProvider.self)`).
    public func source<S: IndoorLocationProvider>(_ type: S.Type) -> S? { sources.lazy.compactMap { $0 as? S }.first }

    /// Feeds one sample in time order.
    /// - Complexity: O(1) per sample and source apart from beacon fits, scan matching and map queries.
    public func consume(_ sample: SensorSample) -> Output {
        var unmeasured = StageSeconds()
        return consume(sample, timing: &unmeasured, clock: { 0 })
    }

    /// Seconds spent in the sources and in the engine over the samples given to
    /// ``consume(_:timing:clock:)``.
    public struct StageSeconds: Hashable, Sendable {
        /// In the sources (``IndoorLocationProvider/contributions(from:context:)``).
        public var providers = 0.0
        /// In the engine, applying what the sources made.
        public var fusion = 0.0

        /// Nothing measured yet.
        public init() {}
    }

    /// ``consume(_:)``, adding the time of each stage to `timing` as read on `clock` (seconds; two reads a
    /// source, so a measured pass runs slower than an unmeasured one).
    public func consume(_ sample: SensorSample, timing: inout StageSeconds, clock: () -> Double) -> Output {
        var output = Output()
        var mark = clock()
        // One context per sample, its level read again after a source's inputs were applied (a fix may
        // have changed it); only they change the engine.
        var context = ProviderContext(isStarted: false, estimate: estimateReader)
        var contextIsCurrent = false
        for source in sources {
            if !contextIsCurrent {
                let level = engine.isStarted ? engine.levelIndex : nil
                context.isStarted = engine.isStarted
                context.levelIndex = level
                context.floorNumber = level.flatMap {
                    engine.levelCandidates.indices.contains($0) ? engine.levelCandidates[$0].floorNumber : nil
                }
                contextIsCurrent = true
            }
            let inputs = source.contributions(from: sample, context: context)
            let made = clock()
            timing.providers += made - mark
            if !inputs.isEmpty {
                contextIsCurrent = false
                for input in inputs { apply(input, from: source.name, to: &output) }
            }
            mark = clock()
            timing.fusion += mark - made
        }
        return output
    }

    private func apply(_ input: FusionInput, from source: String, to output: inout Output) {
        switch input {
        case .steps(let steps):
            output.steps += steps
            guard engine.isStarted else { return }
            for step in steps where engine.predict(with: step) { output.changed(by: source) }
        case .fix(let fix):
            apply(fix, likelihood: nil, from: source, to: &output)
        case .likelihood(let fix, let likelihood):
            apply(fix, likelihood: likelihood, from: source, to: &output)
        case .levelEvidence(let fix):
            output.fixes.append(SourcedFix(source: source, location: fix, outcome: nil))
            if engine.isStarted { engine.updateLevel(from: fix) }
        case .ranges(let ranges):
            guard engine.isStarted else { return }
            for range in ranges where engine.update(withRange: range).isAccepted { output.changed(by: source) }
        case .pressure(let hectopascals, let time):
            guard engine.isStarted else { return }
            engine.updatePressure(hectopascals: hectopascals, timeSeconds: time)
            output.changed(by: source)
        }
    }

    private func apply(_ fix: IndoorLocation, likelihood: (any PlaceLikelihood)?, from source: String, to output: inout Output) {
        guard engine.isStarted else {
            output.fixes.append(SourcedFix(source: source, location: fix, outcome: nil))
            return
        }
        let outcome = engine.update(with: fix, likelihood: likelihood)
        output.fixes.append(SourcedFix(source: source, location: fix, outcome: outcome))
        if outcome.isAccepted { output.changed(by: source) }
    }
}
