import IndoorRecordings

/// The barometer: pressure readings for the level filter (no locations of its own).
public final class BarometerProvider: LifecycleProvider {
    /// `"pressure"`.
    public let name = "pressure"
    /// Its readings tell levels apart.
    public let supportsFloor = true
    /// Pressure readings.
    public var yields: Set<FusionInput.Kind> { [.pressure] }
    /// Started state and listeners (it delivers no locations).
    public var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)

    /// A barometer provider.
    public init() {}

    /// Pressure readings, hPa.
    public func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        guard case .pressure(let hectopascals) = sample.reading else { return [] }
        return [.pressure(hectopascals: hectopascals, timeSeconds: sample.timeSeconds)]
    }
}
