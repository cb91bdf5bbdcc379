import IndoorNavigation
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Synchronization

/// One fix as posted: the location the decisions use, and optionally the raw one it came from.
public struct PostedFix: Sendable, Hashable {
    /// The (fused) location handled by navigation.
    public var location: IndoorLocation
    /// The sensor-level location, reported back in progress.
    public var raw: IndoorLocation?

    /// A fix with an optional raw location.
    public init(location: IndoorLocation, raw: IndoorLocation? = nil) { self.location = location; self.raw = raw }
}

/// A fix the session did not apply, with the reason.
public struct RejectedFix: Sendable, Hashable {
    /// Its index in the posted batch.
    public var index: Int
    /// Why it was not applied.
    public var reason: String
}

/// What a session looks like after a request: its state, route, progress and the events the request
/// caused.
public struct SessionSnapshot: Sendable {
    /// The navigation state; nil while the session waits for its first location.
    public var state: NavigationState?
    /// The route followed.
    public var route: Route?
    /// Progress after the last fix.
    public var progress: RouteProgress?
    /// Events caused by this request, in order.
    public var events: [NavigationEvent]
    /// Fixes that were not applied.
    public var rejected: [RejectedFix]
}

/// One client's navigation session in the service: a ``NavigationSession`` behind a lock, so requests
/// for the same session are applied one at a time, each batch in order.
///
/// Fixes not newer than the last one applied are rejected (not reordered, not applied twice): when two
/// requests race, the one that takes the lock second cannot move the session back in time.
public final class ServiceSession: Sendable {
    /// The session id.
    public let id: String
    /// The venue it navigates in.
    public let venueID: String
    /// The client that created it (its API key's name, else its address; see
    /// ``ServiceConfiguration/maximumSessionsPerClient``); empty when unknown.
    public let owner: String
    private let lastUsedBits: Atomic<UInt64>
    let state: Mutex<State>
    /// What an external store knows of this copy: its version when last read or written (0 = none) and
    /// the route last written (a store may write the route only when it changed). Its lock also
    /// serialises writes of this session to that store.
    let storeState = Mutex<StoreState>(StoreState())
    /// The JSON of the maneuvers last answered, reused while they stay the same.
    let maneuverJSON = ManeuverJSONCache()

    struct StoreState {
        var version = 0
        /// ``State/routeGeneration`` when the route was last written (nil = not known to be written).
        var savedRouteGeneration: Int?
    }

    struct State {
        var navigation: NavigationSession
        /// Destination and waypoints kept until the first location arrives.
        var pending: (destination: NavigationDestination, waypoints: [Waypoint])?
        var lastFixSeconds: Double?
        /// Counts the requests that planned a route (`started`, `rerouted`), changed the closures in the
        /// route options or stopped navigation, so a store can tell whether the route (and its options)
        /// changed without comparing them.
        var routeGeneration = 0

        mutating func noteRouteChanges(_ events: [NavigationEvent]) {
            if events.contains(where: { if case .started = $0 { true } else if case .rerouted = $0 { true } else { false } }) {
                routeGeneration += 1
            }
        }
    }

    /// A session over `served` towards `destination`; navigation starts with ``start(from:)`` or the
    /// first posted fix.
    /// - Throws: ``ServiceError/unprocessable(field:reason:)`` when the configuration is invalid.
    public init(
        id: String, served: ServedVenue, configuration: NavigationConfiguration, options: RouteOptions,
        destination: NavigationDestination, waypoints: [Waypoint], owner: String = ""
    ) throws(ServiceError) {
        let navigation: NavigationSession
        do {
            navigation = try NavigationSession(
                venue: served.venue, routers: served.routers,
                configuration: configuration, routeOptions: options)
        } catch { throw .unprocessable(field: "options", reason: error.description) }
        self.id = id
        self.venueID = served.id
        self.owner = owner
        self.lastUsedBits = Atomic(0)
        self.state = Mutex(State(navigation: navigation, pending: (destination, waypoints), lastFixSeconds: nil))
    }

    /// A session continuing from a stored one (see ``StoredSession``), last used `idleSeconds` before
    /// `nowSeconds`.
    init(id: String, venueID: String, owner: String, state: sending State, lastUsedSeconds: Double) {
        self.id = id
        self.venueID = venueID
        self.owner = owner
        self.lastUsedBits = Atomic(lastUsedSeconds.bitPattern)
        self.state = Mutex(state)
    }

    // MARK: - Use and expiry

    /// Marks the session as used at `nowSeconds`.
    public func touch(nowSeconds: Double) { lastUsedBits.store(nowSeconds.bitPattern, ordering: .relaxed) }

    /// When the session was last used (service clock seconds).
    public var lastUsedSeconds: Double { Double(bitPattern: lastUsedBits.load(ordering: .relaxed)) }

    /// Whether it has been unused for more than `ttlSeconds`.
    public func isExpired(nowSeconds: Double, ttlSeconds: Double) -> Bool { nowSeconds - lastUsedSeconds > ttlSeconds }

    // MARK: - Requests

    /// Starts navigation from `location` (with the raw location it came from, when given).
    /// - Throws: ``ServiceError/unprocessable(field:reason:)`` when the destination is unknown, no route
    ///   exists or the location is unusable.
    public func start(from location: IndoorLocation, raw: IndoorLocation? = nil) throws(ServiceError) -> SessionSnapshot {
        try state.withLock { s throws(ServiceError) -> SessionSnapshot in
            let events = try Self.startPending(&s, from: location, raw: raw)
            s.noteRouteChanges(events)
            return Self.snapshot(s, events: events, rejected: [])
        }
    }

    /// Applies fixes in order (the batch must already be time-ordered). A session still waiting for its
    /// first location starts from the first fix.
    /// - Throws: ``ServiceError/unprocessable(field:reason:)`` when starting from the first fix fails.
    ///
    /// `closures` (the venue's active closures, when given) are applied first
    /// (``NavigationSession/updateClosures(_:)``): a route through a newly closed part is replaced, and
    /// the reroute's events come first.
    public func apply(_ fixes: [PostedFix], closures: [String]? = nil) throws(ServiceError) -> SessionSnapshot {
        try state.withLock { s throws(ServiceError) -> SessionSnapshot in
            var events: [NavigationEvent] = []
            if let closures {
                let closedBefore = s.navigation.routeOptions.closedFeatureIDs
                events += s.navigation.updateClosures(closures)
                // The route options are stored with the route: a changed closure set is written too.
                if s.navigation.routeOptions.closedFeatureIDs != closedBefore { s.routeGeneration += 1 }
            }
            var rejected: [RejectedFix] = []
            for (i, fix) in fixes.enumerated() {
                // A fix not newer than the last applied one is a late or repeated one (a client re-sending
                // after a failover): it is not applied, so no fix counts twice.
                if let last = s.lastFixSeconds, fix.location.timeSeconds <= last {
                    let relation = fix.location.timeSeconds == last ? "the time of" : "before"
                    rejected.append(
                        RejectedFix(
                            index: i, reason: "timeSeconds \(fix.location.timeSeconds) is \(relation) the last applied fix (\(last))"))
                    continue
                }
                guard let location = Self.intake(fix.location) else {
                    rejected.append(RejectedFix(index: i, reason: "not a valid location: non-finite value or invalid covariance"))
                    continue
                }
                if s.pending != nil {
                    events += try Self.startPending(&s, from: location, raw: fix.raw)
                    continue
                }
                s.lastFixSeconds = location.timeSeconds
                events += s.navigation.handle(location, raw: fix.raw)
            }
            s.noteRouteChanges(events)
            return Self.snapshot(s, events: events, rejected: rejected)
        }
    }

    /// The user confirms crossing the transition guidance paused at.
    public func confirmTransition() -> SessionSnapshot {
        state.withLock { s in
            let events = s.navigation.confirmTransition()
            s.noteRouteChanges(events)
            return Self.snapshot(s, events: events, rejected: [])
        }
    }

    /// Stops navigation (when the session is removed).
    public func stop() -> SessionSnapshot {
        state.withLock { s in
            s.routeGeneration += 1
            return Self.snapshot(s, events: s.navigation.stopNavigation(reason: .cancelled), rejected: [])
        }
    }

    /// The current state without changing anything.
    public func snapshot() -> SessionSnapshot {
        state.withLock { s in Self.snapshot(s, events: [], rejected: []) }
    }

    // MARK: - Internals

    /// A posted location as a manual fix: it enters through a ``ManualLocationProvider`` (named after the
    /// location's source, so the source is kept), which checks it as it checks any manual fix; `nil` when
    /// the provider refuses it.
    static func intake(_ location: IndoorLocation) -> IndoorLocation? {
        let provider = ManualLocationProvider(name: location.source)
        provider.setLocation(location)
        return provider.takeFixes(upToSeconds: location.timeSeconds).first
    }

    private static func startPending(
        _ s: inout State, from location: IndoorLocation, raw: IndoorLocation? = nil
    ) throws(ServiceError) -> [NavigationEvent] {
        guard let pending = s.pending else { return s.navigation.handle(location, raw: raw) }
        let events: [NavigationEvent]
        do {
            events = try s.navigation.startNavigation(to: pending.destination, via: pending.waypoints, from: location, raw: raw)
        } catch {
            switch error {
            case .invalidLocation, .locationUnknown, .originUnmatched: throw .unprocessable(field: "location", reason: error.description)
            default: throw .unprocessable(field: "destination", reason: error.description)
            }
        }
        s.pending = nil
        s.lastFixSeconds = location.timeSeconds
        return events
    }

    private static func snapshot(_ s: borrowing State, events: [NavigationEvent], rejected: [RejectedFix]) -> SessionSnapshot {
        SessionSnapshot(
            state: s.pending == nil ? s.navigation.state : nil, route: s.navigation.route,
            progress: s.navigation.progress, events: events, rejected: rejected)
    }
}
