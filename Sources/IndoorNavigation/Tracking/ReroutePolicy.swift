import IndoorGeometry

/// When a reroute may be attempted: a cooldown that backs off exponentially with reroutes in a row, a
/// minimum movement since the last successful reroute, and a give-up state after repeated failures
/// that re-arms when the user is back near a walkable path.
///
/// Pure value type: times are the locations' `timeSeconds`.
public struct ReroutePolicy: Hashable, Sendable {
    /// Whether an attempt may be made now.
    public enum Decision: Hashable, Sendable {
        /// An attempt may be made now.
        case allowed
        /// Wait until this time.
        case coolingDown(untilSeconds: Double)
        /// The user has moved only this far since the last reroute.
        case tooLittleMovement(meters: Double)
        /// Rerouting gave up; it re-arms near the graph.
        case gaveUp
    }

    /// The cooldowns, movement threshold and give-up count it applies.
    public let configuration: NavigationConfiguration
    /// Successful reroutes in a row (reset after staying on route long enough).
    public private(set) var consecutiveReroutes = 0
    /// Failed attempts in a row.
    public private(set) var failedAttempts = 0
    /// Whether rerouting gave up after ``NavigationConfiguration/maximumFailedReroutes`` failures in a row (until re-armed).
    public private(set) var hasGivenUp = false
    private var lastAttemptTime: Double?
    private var lastRerouteTime: Double?
    private var lastReroutePoint: LocalPoint?
    private var onRouteSince: Double?

    /// A policy with no reroutes or failures yet.
    public init(configuration: NavigationConfiguration) { self.configuration = configuration }

    /// Whether a reroute may be attempted at `timeSeconds` from `point`.
    public func decide(timeSeconds: Double, point: LocalPoint) -> Decision {
        if hasGivenUp { return .gaveUp }
        if let last = lastAttemptTime {
            // Failures back off by their own count, successes by reroutes in a row.
            let count = failedAttempts > 0 ? failedAttempts : consecutiveReroutes
            let until = last + configuration.cooldownSeconds(afterConsecutiveReroutes: max(1, count))
            if timeSeconds < until { return .coolingDown(untilSeconds: until) }
        }
        if failedAttempts == 0, let p = lastReroutePoint {
            let moved = p.distance(to: point)
            if moved < configuration.minimumMovementBetweenReroutesMeters { return .tooLittleMovement(meters: moved) }
        }
        return .allowed
    }

    /// Records a successful reroute.
    public mutating func recordSuccess(timeSeconds: Double, point: LocalPoint) {
        consecutiveReroutes += 1
        failedAttempts = 0
        lastAttemptTime = timeSeconds
        lastRerouteTime = timeSeconds
        lastReroutePoint = point
        onRouteSince = nil
    }

    /// Records a failed attempt; returns `true` when this failure makes the policy give up.
    public mutating func recordFailure(timeSeconds: Double) -> Bool {
        failedAttempts += 1
        lastAttemptTime = timeSeconds
        if failedAttempts >= configuration.maximumFailedReroutes, !hasGivenUp {
            hasGivenUp = true
            return true
        }
        return false
    }

    /// Notes a fix on the route: after `backoffResetSeconds` on route the backoff starts over.
    public mutating func noteOnRoute(timeSeconds: Double) {
        let since = onRouteSince ?? timeSeconds
        onRouteSince = since
        if timeSeconds - since >= configuration.backoffResetSeconds { consecutiveReroutes = 0 }
    }

    /// Notes a fix off the route (interrupts the on-route time).
    public mutating func noteOffRoute() { onRouteSince = nil }

    /// Leaves the give-up state (the user is back near the graph).
    public mutating func rearm() {
        hasGivenUp = false
        failedAttempts = 0
        lastAttemptTime = nil
    }

    /// The policy's progress (backoff, failures, give-up), for session snapshots.
    public struct State: Hashable, Sendable, Codable {
        /// Successful reroutes in a row.
        public var consecutiveReroutes: Int
        /// Failed attempts in a row.
        public var failedAttempts: Int
        /// Whether rerouting gave up.
        public var hasGivenUp: Bool
        /// Time of the last attempt, in seconds.
        public var lastAttemptTimeSeconds: Double?
        /// Time of the last successful reroute, in seconds.
        public var lastRerouteTimeSeconds: Double?
        /// Where the last successful reroute started.
        public var lastReroutePoint: LocalPoint?
        /// Since when the user has been on the route, in seconds.
        public var onRouteSinceSeconds: Double?
    }

    /// The policy's progress (its limits come from the configuration).
    public var state: State {
        State(
            consecutiveReroutes: consecutiveReroutes, failedAttempts: failedAttempts, hasGivenUp: hasGivenUp,
            lastAttemptTimeSeconds: lastAttemptTime, lastRerouteTimeSeconds: lastRerouteTime,
            lastReroutePoint: lastReroutePoint, onRouteSinceSeconds: onRouteSince)
    }

    /// A policy with `configuration`'s limits resuming from `state`.
    public init(configuration: NavigationConfiguration, state: State) {
        self.init(configuration: configuration)
        consecutiveReroutes = state.consecutiveReroutes
        failedAttempts = state.failedAttempts
        hasGivenUp = state.hasGivenUp
        lastAttemptTime = state.lastAttemptTimeSeconds
        lastRerouteTime = state.lastRerouteTimeSeconds
        lastReroutePoint = state.lastReroutePoint
        onRouteSince = state.onRouteSinceSeconds
    }
}
