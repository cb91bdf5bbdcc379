/// A provider whose locations are set by hand: "tap to set my position", and the test workhorse.
///
/// Behaviour when stopped (unlike the IndoorLocation framework's manual provider, which dispatches even
/// when stopped): `setLocation` while stopped stores the location as ``lastLocation`` but notifies
/// nobody; `start()` then delivers `.started` followed by that stored location. Invalid locations
/// (non-finite values, bad covariance) are rejected with an `.error` event and not stored.
public final class ManualLocationProvider: IndoorLocationProvider {
    public let name: String
    public let supportsFloor = true
    public private(set) var isStarted = false
    /// The most recent valid location set, delivered or not.
    public private(set) var lastLocation: IndoorLocation?
    private var listeners = ListenerList()

    public init(name: String = "manual") { self.name = name }

    public func start() {
        guard !isStarted else { return }
        isStarted = true
        listeners.send(.started)
        if let lastLocation { listeners.send(.location(lastLocation)) }
    }

    public func stop() {
        guard isStarted else { return }
        isStarted = false
        listeners.send(.stopped)
    }

    /// Sets the current location; delivered to listeners only while started.
    public func setLocation(_ location: IndoorLocation) {
        guard location.isValid else {
            let error = ProviderError(provider: name, message: "rejected invalid location at t=\(location.timeSeconds): non-finite value or invalid covariance")
            if isStarted { listeners.send(.error(error)) }
            return
        }
        var stamped = location
        stamped.source = name
        lastLocation = stamped
        if isStarted { listeners.send(.location(stamped)) }
    }

    @discardableResult
    public func addListener(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken { listeners.add(listener) }
    public func removeListener(_ token: ListenerToken) { listeners.remove(token) }
}
