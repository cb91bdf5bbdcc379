/// What a provider tells its listeners.
public enum ProviderEvent: Hashable, Sendable {
    case started
    case stopped
    case location(IndoorLocation)
    case error(ProviderError)
}

/// A provider's error: what went wrong and, for data sources, where.
public struct ProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    public var provider: String
    public var message: String
    public init(provider: String, message: String) { self.provider = provider; self.message = message }
    public var description: String { "\(provider): \(message)" }
}

/// A token returned by ``IndoorLocationProvider/addListener(_:)`` to remove the listener again.
public struct ListenerToken: Hashable, Sendable {
    let id: Int
}

/// A source of indoor locations (IndoorLocation framework / Mapwize style): start and stop it, add any
/// number of listeners, receive locations, errors and start/stop events.
///
/// Providers are driven synchronously by their inputs (a replay, a test, a service request): events
/// are delivered on the caller's thread before the input call returns, so replays are deterministic.
public protocol IndoorLocationProvider: AnyObject {
    /// A short name, used as the `source` of its locations.
    var name: String { get }
    /// Whether it reports levels.
    var supportsFloor: Bool { get }
    var isStarted: Bool { get }
    func start()
    func stop()
    @discardableResult func addListener(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken
    func removeListener(_ token: ListenerToken)
}

/// Listener bookkeeping shared by the providers.
public struct ListenerList {
    private var listeners: [(id: Int, call: (ProviderEvent) -> Void)] = []
    private var nextID = 0

    public init() {}

    public var count: Int { listeners.count }

    public mutating func add(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken {
        nextID += 1
        listeners.append((nextID, listener))
        return ListenerToken(id: nextID)
    }

    public mutating func remove(_ token: ListenerToken) { listeners.removeAll { $0.id == token.id } }

    /// Calls every listener in the order they were added.
    public func send(_ event: ProviderEvent) { for l in listeners { l.call(event) } }
}
