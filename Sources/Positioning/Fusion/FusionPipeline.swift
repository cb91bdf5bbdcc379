import Recordings

/// Routes sensor samples through the dead-reckoning, beacon and satellite providers into a ``FusionEngine``.
///
/// Raw provider outputs stay separate: ``consume(_:)`` returns the steps and the raw beacon fix next to
/// the fused location, and the providers remain reachable (``deadReckoning``, ``beacons``). Before the
/// engine is started, samples still warm up the providers (heading, step filters) but move nothing.
public final class FusionPipeline {
    /// What one sample produced.
    public struct Output: Sendable {
        /// Steps detected by dead reckoning.
        public var steps: [StepEvent] = []
        /// The raw beacon fix, when one was due.
        public var beaconFix: IndoorLocation?
        /// What the engine did with ``beaconFix`` (nil when ranges are fused instead).
        public var beaconOutcome: FusionUpdateOutcome?
        /// The satellite fix, when a new one arrived.
        public var gnssFix: IndoorLocation?
        /// What the engine did with ``gnssFix``.
        public var gnssOutcome: FusionUpdateOutcome?
        /// Radio-map fixes of the scans this sample completed.
        public var fingerprintFixes: [IndoorLocation] = []
        /// What the engine did with each of ``fingerprintFixes``.
        public var fingerprintOutcomes: [FusionUpdateOutcome] = []
        /// Whether the fused estimate changed (a step, an accepted fix or a pressure reading).
        public var changed = false
    }

    /// The fusion filter.
    public let engine: FusionEngine
    /// Dead reckoning (its own open-loop track is kept apart from the fused one).
    public let deadReckoning: DeadReckoningProvider
    /// Beacon positioning, when a beacon map is known.
    public let beacons: BeaconPositionProvider?
    /// Beacon ranges, when they (rather than the beacon provider's fixes) update the position.
    public private(set) var ranges: BeaconRangeTracker?
    /// Satellite fixes, when the recording has them and a frame is known.
    public let gnss: GNSSPositionProvider?
    /// Radio-map fixes, when a radio map is known.
    public let fingerprint: FingerprintPositionProvider?

    /// A pipeline over the given engine and providers. With `fuseBeaconRanges` (and a beacon provider),
    /// each beacon's range updates the position and the provider's fixes only give the level; otherwise
    /// the provider's fixes update both.
    public init(engine: FusionEngine, deadReckoning: DeadReckoningProvider, beacons: BeaconPositionProvider? = nil,
                fuseBeaconRanges: Bool = true, gnss: GNSSPositionProvider? = nil,
                fingerprint: FingerprintPositionProvider? = nil) {
        self.engine = engine
        self.deadReckoning = deadReckoning
        self.beacons = beacons
        self.gnss = gnss
        self.fingerprint = fingerprint
        if fuseBeaconRanges, let beacons { ranges = BeaconRangeTracker(map: beacons.map, configuration: beacons.configuration) }
    }

    /// Feeds one sample in time order.
    /// - Complexity: O(1) per sample apart from beacon fits and map queries.
    public func consume(_ sample: SensorSample) -> Output {
        var output = Output()
        // Every sample may complete a scan (one arrives after the scan's time).
        if let fingerprint {
            output.fingerprintFixes = fingerprint.consume(sample, levelIndex: engine.isStarted ? engine.levelIndex : nil)
            if engine.isStarted {
                for fix in output.fingerprintFixes {
                    let outcome = engine.update(with: fix)
                    output.fingerprintOutcomes.append(outcome)
                    if outcome.isAccepted { output.changed = true }
                }
            }
        }
        switch sample.reading {
        case .beacon:
            guard let beacons else { break }
            let fix = beacons.consume(sample)
            output.beaconFix = fix
            if ranges != nil {
                let batch = ranges?.consume(sample) ?? []
                guard engine.isStarted else { return output }
                if let fix { engine.updateLevel(from: fix) }
                for range in batch where engine.update(withRange: range).isAccepted { output.changed = true }
            } else if let fix, engine.isStarted {
                let outcome = engine.update(with: fix)
                output.beaconOutcome = outcome
                output.changed = outcome.isAccepted
            }
        case .pressure(let hectopascals):
            if engine.isStarted {
                engine.updatePressure(hectopascals: hectopascals, timeSeconds: sample.timeSeconds)
                output.changed = true
            }
        case .gnss:
            let floorNumber = engine.isStarted ? engine.levelEstimator?.level?.floorNumber : nil
            guard let fix = gnss?.consume(sample, floorNumber: floorNumber) else { break }
            output.gnssFix = fix
            if engine.isStarted {
                let outcome = engine.update(with: fix)
                output.gnssOutcome = outcome
                output.changed = outcome.isAccepted
            }
        case .groundTruth, .marker, .wifi:
            break
        default:
            output.steps = deadReckoning.consume(sample)
            if engine.isStarted {
                for step in output.steps where engine.predict(with: step) { output.changed = true }
            }
        }
        return output
    }
}
