import IndoorPositioning
import IndoorRouting

/// Why the user is considered off the route.
public enum OffRouteReason: String, Hashable, Sendable {
    /// Farther from the route on their level than the accuracy-scaled threshold.
    case distance
    /// On a level the route does not take them to next.
    case wrongLevel
}

/// Why a new route was planned.
public enum RerouteReason: Hashable, Sendable {
    /// The user left the route.
    case offRoute(OffRouteReason)
    /// The user crossed an authored transition; the remainder was planned from the new section.
    case sectionTransition
    /// The caller asked for it.
    case requested
    /// A part of the venue the route runs through was closed (``NavigationSession/updateClosures(_:)``).
    case closure
}

/// How a reroute joins the destination.
public enum RerouteStrategy: String, Hashable, Sendable {
    /// Back to the nearest point ahead on the current route, then along it.
    case rejoin
    /// A new route from the user's position.
    case fresh
}

/// What the user is arriving at.
public enum ArrivingTarget: Hashable, Sendable {
    /// A level change through a connector, to `toLevelID`.
    case levelChange(toLevelID: String)
    /// An authored transition between sections (guidance will pause there).
    case sectionTransition(SectionTransition)
    /// The final destination: its feature id (POI or space) and display name, when it has them.
    case destination(featureID: String?, name: String?)
}

/// An arrival at a stop of the route.
public struct ArrivalInfo: Hashable, Sendable, Codable {
    /// The section that ends there.
    public var sectionIndex: Int
    /// Whether it is the final destination (else a stopover).
    public var isFinal: Bool
    /// The stop's feature id (POI or space) when it has one.
    public var destinationID: String?
    /// The stop's display name in the session's language, when it has one.
    public var destinationName: String?
    /// The waiting time at a stopover (WAIT post-actions), in seconds.
    public var waitSeconds: Double
    /// Whether it was reported at once because navigation started there.
    public var atStart: Bool
}

/// Why navigation stopped.
public enum StopReason: String, Hashable, Sendable {
    /// The caller stopped it.
    case cancelled
    /// Navigation was started again towards another destination.
    case replaced
}

/// What a navigation session reports; the caller performs the side effects.
public enum NavigationEvent: Hashable, Sendable {
    /// Navigation began towards `destinationID` (POI/space id, or `nil` for a point) along `route`.
    case started(destinationID: String?, route: Route)
    /// The current maneuver changed.
    case maneuverAdvanced(sectionIndex: Int, maneuverIndex: Int, maneuver: Maneuver)
    /// The user's level changed to the route's next level.
    case levelChanged(fromLevelID: String, toLevelID: String)
    /// The user is `distanceMeters` (along the route) from a level change, a section transition or the
    /// final destination; sent once for each, within ``NavigationConfiguration/arrivingNoticeMeters``.
    case arriving(ArrivingTarget, distanceMeters: Double)
    /// The user reached a stopover or the final destination.
    case arrived(ArrivalInfo)
    /// The user left an arrival area again (exit hysteresis passed).
    case leftArrivalArea(sectionIndex: Int)
    /// Guidance paused at an authored transition until it is confirmed or detected.
    case awaitingTransition(SectionTransition)
    /// The transition was crossed (confirmed, or the new level was detected).
    case transitionCompleted(SectionTransition, confirmed: Bool)
    /// The user left the route.
    case offRoute(distanceMeters: Double, reason: OffRouteReason)
    /// The user is back within the corridor before any reroute.
    case backOnRoute
    /// A new route is being planned.
    case rerouteRequested(RerouteReason)
    /// A new route replaces the current one.
    case rerouted(route: Route, reason: RerouteReason, strategy: RerouteStrategy)
    /// Planning a new route failed; `attempt` counts failures in a row.
    case rerouteFailed(reason: RerouteReason, notice: String, attempt: Int)
    /// Rerouting stopped after repeated failures (e.g. far from any walkable path); it re-arms when the
    /// user comes back within reach of the graph.
    case rerouteGaveUp(failedAttempts: Int)
    /// Rerouting is possible again after giving up.
    case rerouteRearmed
    /// Navigation ended without arriving (arrival ends it too, with `.arrived`).
    case stopped(StopReason)
}

/// The session's state.
public enum NavigationState: Hashable, Sendable, Codable {
    /// Not navigating.
    case idle
    /// Guiding along the route.
    case navigating
    /// Paused at a stopover for its waiting time (until `untilSeconds` or the user moves on).
    case waitingAtStopover(sectionIndex: Int, untilSeconds: Double)
    /// Paused at an authored transition.
    case awaitingTransition(SectionTransition)
    /// Arrived at the final destination.
    case arrived
}
