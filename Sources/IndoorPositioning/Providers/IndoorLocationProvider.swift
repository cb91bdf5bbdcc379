import IndoorRecordings

/// What a provider tells its listeners.
public enum ProviderEvent: Hashable, Sendable {
    /// The provider was started (followed by its last location when it replays one).
    case started
    /// The provider was stopped; no events follow until it is started again.
    case stopped
    /// A new location estimate.
    case location(IndoorLocation)
    /// Something the provider could not use or do (an invalid fix, a bad sample); it keeps running.
    case error(ProviderError)
}

/// A provider's error: what went wrong and, for data sources, where.
public struct ProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The provider's name (its locations' `source`).
    public var provider: String
    /// What went wrong, as a sentence.
    public var message: String
    /// An error of `provider`.
    public init(provider: String, message: String) { self.provider = provider; self.message = message }
    /// `provider: message`.
    public var description: String { "\(provider): \(message)" }
}

/// A token returned by ``IndoorLocationProvider/addListener(_:)`` to remove the listener again.
public struct ListenerToken: Hashable, Sendable {
    let id: Int
}

/// A source of indoor locations, and the one thing a ``FusionPipeline`` plugs in: dead reckoning,
/// beacons, the barometer, satellites, radio maps, a manual provider and a client's own (a check-in at a
/// QR code, a camera fix) are all providers.
///
/// Two faces:
/// - **Into the fusion:** every sample reaches ``contributions(from:context:)``, in time order, and the
///   provider returns what it makes of it, typed by kind (``FusionInput``: steps, fixes with covariance,
///   likelihoods over places, level evidence, ranges, pressure); ``yields`` declares which kinds. The
///   engine handles each kind the same way whoever made it, and never asks a provider's name.
/// - **Live use** (IndoorLocation framework / Mapwize style): start and stop it, add any number of
///   listeners, receive locations, errors and start/stop events. Providers built on a
///   ``ProviderLifecycle`` (``LifecycleProvider``) get this part for free.
///
/// Providers are driven synchronously by their inputs (a replay, a test, a service request): events
/// are delivered on the caller's thread before the input call returns, so replays are deterministic.
public protocol IndoorLocationProvider: AnyObject {
    /// A short name, used as the `source` of its locations, for per-source counters and for the learnt
    /// covariance factor of its fixes.
    var name: String { get }
    /// Whether it reports levels.
    var supportsFloor: Bool { get }
    /// The kinds of input ``contributions(from:context:)`` returns.
    var yields: Set<FusionInput.Kind> { get }
    /// Consumes one sample (any kind; most providers ignore most samples) and returns what it
    /// contributes to the fusion.
    func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput]
    /// Whether it is started (locations reach listeners only then).
    var isStarted: Bool { get }
    /// Starts delivering: sends `.started` (once; starting a started provider does nothing).
    func start()
    /// Stops delivering: sends `.stopped` (once).
    func stop()
    /// Removes a listener; an unknown token is ignored.
    @discardableResult func addListener(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken
    func removeListener(_ token: ListenerToken)
}

/// Listener bookkeeping shared by the providers.
public struct ListenerList {
    private var listeners: [(id: Int, call: (ProviderEvent) -> Void)] = []
    private var nextID = 0

    /// An empty list.
    public init() {}

    /// Number of listeners.
    public var count: Int { listeners.count }

    /// Adds a listener (called after the earlier ones) and returns its token.
    public mutating func add(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken {
        nextID += 1
        listeners.append((nextID, listener))
        return ListenerToken(id: nextID)
    }

    /// Removes the listener of `token`; an unknown token is ignored.
    public mutating func remove(_ token: ListenerToken) { listeners.removeAll { $0.id == token.id } }

    /// Calls every listener in the order they were added.
    public func send(_ event: ProviderEvent) { for l in listeners { l.call(event) } }
}

/// The state every provider shares: whether it is started, its listeners and its last location.
///
/// Providers keep one as ``LifecycleProvider/lifecycle`` and get `isStarted`, `start()`, `stop()`,
/// `addListener` and `removeListener` from ``LifecycleProvider``; they call ``deliver(_:)`` and
/// ``report(_:)`` for what they produce.
public struct ProviderLifecycle {
    /// Whether the provider is started.
    public private(set) var isStarted = false
    /// The most recent location produced, delivered or not.
    public private(set) var lastLocation: IndoorLocation?
    /// Whether `start()` delivers ``lastLocation`` again (a manual or dead-reckoned position is still
    /// true; a beacon fix goes stale, so the beacon provider does not).
    public let replaysLastLocationOnStart: Bool
    private var listeners = ListenerList()

    /// A stopped lifecycle with no listeners and no location.
    public init(replaysLastLocationOnStart: Bool) { self.replaysLastLocationOnStart = replaysLastLocationOnStart }

    /// Starts: sends `.started`, then the last location when it replays one. Does nothing when started.
    public mutating func start() {
        guard !isStarted else { return }
        isStarted = true
        listeners.send(.started)
        if replaysLastLocationOnStart, let lastLocation { listeners.send(.location(lastLocation)) }
    }

    /// Stops: sends `.stopped`. Does nothing when stopped.
    public mutating func stop() {
        guard isStarted else { return }
        isStarted = false
        listeners.send(.stopped)
    }

    /// Stores a location and sends it to the listeners while started.
    public mutating func deliver(_ location: IndoorLocation) {
        lastLocation = location
        if isStarted { listeners.send(.location(location)) }
    }

    /// Sends an error to the listeners while started.
    public func report(_ error: ProviderError) {
        if isStarted { listeners.send(.error(error)) }
    }

    /// Adds a listener and returns its token.
    public mutating func addListener(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken { listeners.add(listener) }
    /// Removes the listener of `token`.
    public mutating func removeListener(_ token: ListenerToken) { listeners.remove(token) }
}

/// A provider built on a ``ProviderLifecycle``: the protocol's lifecycle comes from here.
public protocol LifecycleProvider: IndoorLocationProvider {
    /// The shared lifecycle state. Change it only through the provider's own methods.
    var lifecycle: ProviderLifecycle { get set }
}

extension LifecycleProvider {
    /// Whether the provider is started (from its lifecycle).
    public var isStarted: Bool { lifecycle.isStarted }
    /// The most recent location produced, delivered or not.
    public var lastLocation: IndoorLocation? { lifecycle.lastLocation }
    /// Starts the provider (``ProviderLifecycle/start()``).
    public func start() { lifecycle.start() }
    /// Stops the provider (``ProviderLifecycle/stop()``).
    public func stop() { lifecycle.stop() }
    /// Adds a listener and returns its token.
    @discardableResult
    public func addListener(_ listener: @escaping (ProviderEvent) -> Void) -> ListenerToken { lifecycle.addListener(listener) }
    /// Removes the listener of `token`.
    public func removeListener(_ token: ListenerToken) { lifecycle.removeListener(token) }
}
