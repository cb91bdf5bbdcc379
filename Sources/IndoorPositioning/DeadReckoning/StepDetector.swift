import IndoorConfiguration

/// A step found in the acceleration signal, before stride length and heading are attached.
public struct DetectedStep: Hashable, Sendable {
    /// When the step was confirmed (the valley after its peak), seconds.
    public var timeSeconds: Double
    /// Time of the step's peak, seconds.
    public var peakTimeSeconds: Double
    /// Filtered, gravity-free magnitude at the peak, m/s².
    public var peakMetersPerSecondSquared: Double
    /// Filtered, gravity-free magnitude at the valley, m/s².
    public var valleyMetersPerSecondSquared: Double

    /// Peak minus valley, m/s² (the swing Weinberg's stride model takes).
    public var swingMetersPerSecondSquared: Double { peakMetersPerSecondSquared - valleyMetersPerSecondSquared }
}

/// Peak/valley step detection on the acceleration magnitude.
///
/// Each accelerometer sample (device frame, gravity included) becomes its magnitude |a|; two cascaded
/// first-order low-pass stages smooth it, and a much slower average of |a| (taken as gravity) is
/// subtracted, leaving s(t) ≈ the vertical bounce of walking. A step is a local maximum of s above the
/// peak threshold, at least the minimum interval after the previous step's peak, followed within the
/// timeout by a local minimum below minus the valley threshold, with a large enough peak-to-valley swing.
/// The step is reported at the valley. A time gap longer than the maximum gap restarts the filters.
///
/// Pure value type: no clock, samples in, steps out.
/// - Complexity: O(1) per sample.
public struct StepDetector: Sendable {
    /// The tunables.
    public let configuration: StepDetectorConfiguration

    private var lastTime: Double?
    private var stage1 = 0.0
    private var stage2 = 0.0
    private var gravity = 0.0
    /// The two previous values of the detection signal and the time of the last one.
    private var previous1 = 0.0
    private var previous2 = 0.0
    private var previousTime = 0.0
    private var primedValues = 0
    private var candidatePeak: (time: Double, value: Double)?
    private var lastStepPeakTime = -Double.infinity

    /// A detector with the given tunables.
    public init(configuration: StepDetectorConfiguration = .standard) {
        self.configuration = configuration
    }

    /// The current detection signal s(t) (filtered magnitude minus gravity), m/s²; 0 before any sample.
    public var signalMetersPerSecondSquared: Double { stage2 - gravity }

    /// Feeds one accelerometer reading; returns the step it confirms, if any.
    /// Non-finite readings and readings older than the previous one are ignored (returns `nil`);
    /// the caller reports them.
    public mutating func consume(timeSeconds t: Double, acceleration a: (x: Double, y: Double, z: Double)) -> DetectedStep? {
        let magnitude = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
        guard magnitude.isFinite, t.isFinite else { return nil }
        guard let last = lastTime, t - last <= configuration.maximumSampleGapSeconds else {
            restart(time: t, magnitude: magnitude)
            return nil
        }
        guard t >= last else { return nil }
        let dt = t - last
        lastTime = t
        // First-order low pass: y += α (x − y), α = dt / (τ + dt), τ = 1 / (2π f_c).
        let tau = 1 / (2 * Double.pi * configuration.lowPassCutoffHertz)
        let alpha = dt / (tau + dt)
        stage1 += alpha * (magnitude - stage1)
        stage2 += alpha * (stage1 - stage2)
        let beta = dt / (configuration.gravityTimeConstantSeconds + dt)
        gravity += beta * (magnitude - gravity)
        let s = stage2 - gravity
        defer {
            previous2 = previous1
            previous1 = s
            previousTime = t
            primedValues = min(primedValues + 1, 2)
        }
        guard primedValues == 2 else { return nil }
        if let peak = candidatePeak, t - peak.time > configuration.peakToValleyTimeoutSeconds {
            candidatePeak = nil
        }
        if previous1 > previous2 && previous1 >= s {
            considerPeak(time: previousTime, value: previous1)
        } else if previous1 < previous2 && previous1 <= s {
            return considerValley(time: previousTime, value: previous1)
        }
        return nil
    }

    private mutating func considerPeak(time: Double, value: Double) {
        if let peak = candidatePeak {
            if value > peak.value { candidatePeak = (time, value) }
            return
        }
        guard value >= configuration.peakThresholdMetersPerSecondSquared,
            time - lastStepPeakTime >= configuration.minimumStepIntervalSeconds
        else { return }
        candidatePeak = (time, value)
    }

    private mutating func considerValley(time: Double, value: Double) -> DetectedStep? {
        guard let peak = candidatePeak, value <= -configuration.valleyThresholdMetersPerSecondSquared,
            peak.value - value >= configuration.minimumPeakToValleyMetersPerSecondSquared
        else { return nil }
        candidatePeak = nil
        lastStepPeakTime = peak.time
        return DetectedStep(
            timeSeconds: time, peakTimeSeconds: peak.time,
            peakMetersPerSecondSquared: peak.value, valleyMetersPerSecondSquared: value)
    }

    private mutating func restart(time: Double, magnitude: Double) {
        lastTime = time
        stage1 = magnitude
        stage2 = magnitude
        gravity = magnitude
        previous1 = 0
        previous2 = 0
        primedValues = 0
        candidatePeak = nil
    }
}
