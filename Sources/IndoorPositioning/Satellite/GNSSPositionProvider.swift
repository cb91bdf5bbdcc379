import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings

/// Positions from the phone's satellite fixes (`GNSS` records), placed in the local frame.
///
/// Each new, usable fix becomes an ``IndoorLocation`` (source `gnss`, no level: satellite altitude
/// cannot tell floors apart) with an isotropic covariance: σ = ``GNSSProviderConfiguration/sigmaPerAccuracy``
/// × the reported accuracy, at least ``GNSSProviderConfiguration/minimumSigmaMeters``
/// (``GNSSProviderConfiguration/missingAccuracySigmaMeters`` when none is reported), times
/// √(τ / min(τ, δt)) for errors that persist τ = ``GNSSProviderConfiguration/errorCorrelationSeconds``
/// (δt since the previous delivered fix; ``CorrelatedErrorInflation``).
///
/// Skipped and counted: a fix with the fix time of the previous one (location APIs deliver the same fix
/// again until a new one is computed; without fix times, the same coordinate and accuracy) in
/// ``repeatedFixCount``; an accuracy worse than ``GNSSProviderConfiguration/maximumAccuracyMeters`` or
/// fewer satellites than ``GNSSProviderConfiguration/minimumSatellitesUsed`` in ``poorFixCount``; a fix
/// while the user is below ground (the caller passes the current floor number) in ``belowGroundFixCount``.
/// Non-finite or impossible values are reported with an `.error` event and counted in ``rejectedSampleCount``.
public final class GNSSPositionProvider: LifecycleProvider {
    /// `"gnss"`.
    public let name = "gnss"
    /// Satellite fixes carry no level.
    public let supportsFloor = false
    /// The tunables.
    public let configuration: GNSSProviderConfiguration
    /// The frame fixes are placed in.
    public let frame: LocalFrame
    /// Started state and listeners; `start()` does not replay the last fix (it goes stale).
    public var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
    /// Fixes delivered.
    public private(set) var fixCount = 0
    /// Fixes skipped as repeats of the previous one.
    public private(set) var repeatedFixCount = 0
    /// Fixes skipped for their reported accuracy or satellite count.
    public private(set) var poorFixCount = 0
    /// Fixes skipped because the user was below ground.
    public private(set) var belowGroundFixCount = 0
    /// Samples skipped as malformed.
    public private(set) var rejectedSampleCount = 0

    private var previous: GNSSFix?
    private var inflation: CorrelatedErrorInflation

    /// A provider placing fixes in `frame`.
    public init(frame: LocalFrame, configuration: GNSSProviderConfiguration = .standard) {
        self.frame = frame
        self.configuration = configuration
        inflation = CorrelatedErrorInflation(correlationSeconds: configuration.errorCorrelationSeconds)
    }

    /// Feeds one sample; returns the location of a new, usable fix. Other samples are ignored.
    /// - Parameter floorNumber: the user's current floor number, when known (fixes below ground, floor
    ///   number < 0, are skipped unless ``GNSSProviderConfiguration/useBelowGround``).
    @discardableResult
    public func consume(_ sample: SensorSample, floorNumber: Double? = nil) -> IndoorLocation? {
        guard case .gnss(let fix) = sample.reading else { return nil }
        let t = sample.timeSeconds
        guard t.isFinite, fix.coordinate.isValid else {
            reject("satellite fix at t=\(t) with an invalid time or position (\(fix.coordinate)) skipped")
            return nil
        }
        if let accuracy = fix.horizontalAccuracyMeters, !(accuracy.isFinite && accuracy >= 0) {
            reject("satellite fix at t=\(t): accuracy \(accuracy) m is not a distance; skipped")
            return nil
        }
        defer { previous = fix }
        if let previous, Self.isRepeat(fix, of: previous) {
            repeatedFixCount += 1
            return nil
        }
        if !configuration.useBelowGround, let floorNumber, floorNumber < 0 {
            belowGroundFixCount += 1
            return nil
        }
        if let accuracy = fix.horizontalAccuracyMeters, accuracy > configuration.maximumAccuracyMeters {
            poorFixCount += 1
            return nil
        }
        if let used = fix.satellitesUsed, used < configuration.minimumSatellitesUsed {
            poorFixCount += 1
            return nil
        }
        var sigma =
            fix.horizontalAccuracyMeters.map { max(configuration.minimumSigmaMeters, configuration.sigmaPerAccuracy * $0) }
            ?? configuration.missingAccuracySigmaMeters
        sigma *= inflation.covarianceFactor(deliveredAtSeconds: t).squareRoot()
        let location = IndoorLocation(
            point: frame.localPoint(from: fix.coordinate), coordinate: fix.coordinate, levelID: nil,
            covariance: .isotropic(sigmaMeters: sigma), timeSeconds: t, source: name)
        fixCount += 1
        lifecycle.deliver(location)
        return location
    }

    /// The same fix delivered again: the same fix time, or without fix times the same position and accuracy.
    static func isRepeat(_ fix: GNSSFix, of previous: GNSSFix) -> Bool {
        if let time = fix.fixTimeSeconds, let before = previous.fixTimeSeconds { return time == before }
        return fix.coordinate == previous.coordinate && fix.horizontalAccuracyMeters == previous.horizontalAccuracyMeters
    }

    private func reject(_ message: String) {
        rejectedSampleCount += 1
        lifecycle.report(ProviderError(provider: name, message: message))
    }
}
