import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings

/// Pedestrian dead reckoning: steps from the accelerometer, stride from Weinberg's model, heading from
/// the rotation vector / attitude or a gyroscope + magnetometer complementary filter.
///
/// ``consume(_:)`` always detects steps and returns them (a fusion filter can use them directly). After
/// ``setStart(_:)`` the provider also integrates the steps into absolute positions — east += L sin h,
/// north += L cos h — and, while started, delivers each as a `.location` event whose covariance grows
/// per step by the stride and heading uncertainty propagated through that formula, plus
/// ``DeadReckoningConfiguration/positionNoisePerStepMeters``.
///
/// Like every provider here it is driven synchronously by its input: events go to listeners before
/// `consume` returns, and only while started. Bad samples (non-finite values, accelerometer time going
/// backwards) are skipped and reported with an `.error` event (while started) and in ``rejectedSampleCount``.
public final class DeadReckoningProvider: LifecycleProvider {
    /// `"pdr"`.
    public let name = "pdr"
    /// Dead reckoning keeps the level it was started on.
    public let supportsFloor = true
    /// Whether locations are delivered.
    /// The tunables.
    public let configuration: DeadReckoningConfiguration
    /// Started state and listeners; `start()` replays the last dead-reckoned position (it is still true).
    public var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: true)
    /// Samples skipped as malformed.
    public private(set) var rejectedSampleCount = 0
    /// Steps detected so far.
    public private(set) var stepCount = 0
    /// Sum of the stride lengths detected so far, metres.
    public private(set) var walkedDistanceMeters = 0.0

    private var detector: StepDetector
    private var headingEstimator: HeadingEstimator
    private var lastAccelerationTime: Double?
    /// Circular sum of the headings seen since the previous step.
    private var headingSumSin = 0.0
    private var headingSumCos = 0.0

    /// A provider with the given tunables.
    public init(configuration: DeadReckoningConfiguration = .standard) {
        self.configuration = configuration
        detector = StepDetector(configuration: configuration.stepDetector)
        headingEstimator = HeadingEstimator(configuration: configuration.heading)
    }

    /// The most recent heading estimate, `nil` until the orientation sensors gave one.
    public var heading: HeadingSample? { headingEstimator.current }

    /// Anchors the integration: later steps move from this location (its point, level, covariance and
    /// time). Delivered at once while started. An invalid location is rejected with an `.error` event.
    public func setStart(_ location: IndoorLocation) {
        guard location.isValid else {
            reject("rejected invalid start location at t=\(location.timeSeconds)")
            return
        }
        var start = location
        start.source = name
        if start.headingRadians == nil, let heading = headingEstimator.current {
            start.headingRadians = heading.headingRadians
            start.headingAccuracyRadians = heading.sigmaRadians
        }
        lifecycle.deliver(start)
    }

    /// Feeds one sample in time order; returns the steps it completed (zero or one).
    @discardableResult
    public func consume(_ sample: SensorSample) -> [StepEvent] {
        let t = sample.timeSeconds
        guard t.isFinite else {
            reject("sample with a non-finite time skipped")
            return []
        }
        switch sample.reading {
        case .accelerometer(let a):
            guard a.isFinite else {
                reject("accelerometer sample at t=\(t) has a non-finite value; skipped")
                return []
            }
            if let last = lastAccelerationTime, t < last {
                reject("accelerometer sample at t=\(t) is older than the previous one (t=\(last)); skipped")
                return []
            }
            lastAccelerationTime = t
            _ = headingEstimator.consume(sample)
            guard let step = detector.consume(timeSeconds: t, acceleration: (a.x, a.y, a.z)) else { return [] }
            return finish(step)
        case .gyroscope(let v), .magnetometer(let v):
            guard v.isFinite else {
                reject("\(sample.kind.rawValue) sample at t=\(t) has a non-finite value; skipped")
                return []
            }
            accumulate(headingEstimator.consume(sample))
        case .rotationVector(let q):
            guard q.isFinite else {
                reject("rotation sample at t=\(t) has a non-finite value; skipped")
                return []
            }
            accumulate(headingEstimator.consume(sample))
        case .attitude(let a):
            guard a.yawRadians.isFinite, a.quaternion?.isFinite ?? true else {
                reject("attitude sample at t=\(t) has a non-finite value; skipped")
                return []
            }
            accumulate(headingEstimator.consume(sample))
        default:
            break
        }
        return []
    }

    private func accumulate(_ heading: HeadingSample?) {
        guard let heading else { return }
        headingSumSin += sin(heading.headingRadians)
        headingSumCos += cos(heading.headingRadians)
    }

    private func finish(_ detected: DetectedStep) -> [StepEvent] {
        guard let current = headingEstimator.current else {
            // A step with no heading yet still counts as walked distance but cannot move the position.
            let length = configuration.stride.strideMeters(peakToValleyMetersPerSecondSquared: detected.swingMetersPerSecondSquared)
            stepCount += 1
            walkedDistanceMeters += length
            return []
        }
        // Mean heading over the step: circular mean of the headings since the previous step.
        var heading = current.headingRadians
        if headingSumSin * headingSumSin + headingSumCos * headingSumCos > 1e-12 {
            heading = HeadingEstimator.normalizedPositive(atan2(headingSumSin, headingSumCos))
        }
        headingSumSin = 0
        headingSumCos = 0
        let length = configuration.stride.strideMeters(peakToValleyMetersPerSecondSquared: detected.swingMetersPerSecondSquared)
        let step = StepEvent(
            timeSeconds: detected.timeSeconds, lengthMeters: length,
            lengthSigmaMeters: configuration.stride.strideSigmaMeters(lengthMeters: length),
            headingRadians: heading, headingSigmaRadians: current.sigmaRadians)
        stepCount += 1
        walkedDistanceMeters += length
        integrate(step)
        return [step]
    }

    private func integrate(_ step: StepEvent) {
        guard var location = lastLocation else { return }
        let s = sin(step.headingRadians), c = cos(step.headingRadians)
        // Δeast = L sin h, Δnorth = L cos h
        location.point = LocalPoint(x: location.point.x + step.lengthMeters * s, y: location.point.y + step.lengthMeters * c)
        // Q = J diag(σL², σh²) Jᵀ with J = ∂(Δe, Δn)/∂(L, h) = [[sin h, L cos h], [cos h, −L sin h]], plus q I.
        let varL = step.lengthSigmaMeters * step.lengthSigmaMeters
        let varCross = step.lengthMeters * step.lengthMeters * step.headingSigmaRadians * step.headingSigmaRadians
        let q = configuration.positionNoisePerStepMeters * configuration.positionNoisePerStepMeters
        location.covariance.xx += s * s * varL + c * c * varCross + q
        location.covariance.yy += c * c * varL + s * s * varCross + q
        location.covariance.xy += s * c * varL - c * s * varCross
        location.headingRadians = step.headingRadians
        location.headingAccuracyRadians = step.headingSigmaRadians
        location.timeSeconds = step.timeSeconds
        location.coordinate = nil
        lifecycle.deliver(location)
    }

    private func reject(_ message: String) {
        rejectedSampleCount += 1
        lifecycle.report(ProviderError(provider: name, message: message))
    }
}
