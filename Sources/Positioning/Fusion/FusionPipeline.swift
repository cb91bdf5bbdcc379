import Recordings

/// Routes sensor samples through the dead-reckoning and beacon providers into a ``FusionEngine``.
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
        /// What the engine did with ``beaconFix``.
        public var beaconOutcome: FusionUpdateOutcome?
        /// Whether the fused estimate changed (a step, an accepted fix or a pressure reading).
        public var changed = false
    }

    /// The fusion filter.
    public let engine: FusionEngine
    /// Dead reckoning (its own open-loop track is kept apart from the fused one).
    public let deadReckoning: DeadReckoningProvider
    /// Beacon positioning, when a beacon map is known.
    public let beacons: BeaconPositionProvider?

    /// A pipeline over the given engine and providers.
    public init(engine: FusionEngine, deadReckoning: DeadReckoningProvider, beacons: BeaconPositionProvider? = nil) {
        self.engine = engine
        self.deadReckoning = deadReckoning
        self.beacons = beacons
    }

    /// Feeds one sample in time order.
    /// - Complexity: O(1) per sample apart from beacon fits and map queries.
    public func consume(_ sample: SensorSample) -> Output {
        var output = Output()
        switch sample.reading {
        case .beacon:
            guard let beacons, let fix = beacons.consume(sample) else { return output }
            output.beaconFix = fix
            if engine.isStarted {
                let outcome = engine.update(with: fix)
                output.beaconOutcome = outcome
                output.changed = outcome.isAccepted
            }
        case .pressure(let hectopascals):
            if engine.isStarted {
                engine.updatePressure(hectopascals: hectopascals, timeSeconds: sample.timeSeconds)
                output.changed = true
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
