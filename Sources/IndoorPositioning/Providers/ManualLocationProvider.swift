/// A provider whose locations are set by hand: "tap to set my position", and the test workhorse.
///
/// Behaviour when stopped (unlike the IndoorLocation framework's manual provider, which dispatches even
/// when stopped): `setLocation` while stopped stores the location as ``lastLocation`` but notifies
/// nobody; `start()` then delivers `.started` followed by that stored location. Invalid locations
/// (non-finite values, bad covariance) are rejected with an `.error` event and not stored.
public final class ManualLocationProvider: LifecycleProvider {
    /// The provider's name, the `source` of its locations (`manual` by default).
    public let name: String
    /// Always true: a manual location carries the level it was set on.
    public let supportsFloor = true
    /// Started state and listeners; `start()` replays the location set while stopped.
    public var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: true)

    /// Locations set but not yet taken by a fusion pipeline, oldest first.
    private var pendingFixes: [IndoorLocation] = []

    /// A stopped provider with no location, named `name`.
    public init(name: String = "manual") { self.name = name }

    /// Removes and returns the locations set with a time at or before `time` (oldest first): how a
    /// ``FusionPipeline`` takes them as fixes while it replays samples.
    public func takeFixes(upToSeconds time: Double) -> [IndoorLocation] {
        guard let first = pendingFixes.first, first.timeSeconds <= time else { return [] }
        let due = pendingFixes.prefix { $0.timeSeconds <= time }
        pendingFixes.removeFirst(due.count)
        return Array(due)
    }

    /// Sets the current location; delivered to listeners only while started.
    public func setLocation(_ location: IndoorLocation) {
        guard location.isValid else {
            let error = ProviderError(
                provider: name, message: "rejected invalid location at t=\(location.timeSeconds): non-finite value or invalid covariance")
            lifecycle.report(error)
            return
        }
        var stamped = location
        stamped.source = name
        let index = pendingFixes.firstIndex { $0.timeSeconds > stamped.timeSeconds } ?? pendingFixes.count
        pendingFixes.insert(stamped, at: index)
        lifecycle.deliver(stamped)
    }

}
