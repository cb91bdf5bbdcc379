import IndoorPositioning
import IndoorRouting

/// What the user is doing now, for the UI.
public enum NavigationAction: Hashable, Sendable {
    /// Walking (or driving) along the route towards the next maneuver.
    case proceed
    /// At or about to take a connector to another level.
    case changeLevel(toLevelID: String)
    /// Paused at an authored transition.
    case crossTransition(SectionTransition)
    /// Waiting at a stopover.
    case wait(untilSeconds: Double)
    /// Off the route; a reroute may follow.
    case offRoute
    /// Arrived at the final destination.
    case arrived
}

/// Progress along the current route (the Mapbox vocabulary: route → section/leg → maneuver/step).
///
/// Distances are geometric metres along the route (see ``TrackedRoute``); durations are seconds of
/// travel plus waiting. The raw, fused and snapped locations are kept apart.
public struct RouteProgress: Hashable, Sendable, Codable {
    /// The section (leg) the user is on.
    public var sectionIndex: Int
    /// The current maneuver within the section (the last one reached).
    public var maneuverIndex: Int
    /// Metres along the route from its start to the snapped position.
    public var distanceTraveledMeters: Double
    /// Metres along the route from the snapped position to the destination.
    public var distanceRemainingMeters: Double
    /// Seconds of travel and waiting left, scaled from routing's durations.
    public var durationRemainingSeconds: Double
    /// `distanceTraveled / route length`, 0–1 (1 for an empty route).
    public var fractionTraveled: Double
    /// Metres traveled and remaining on the current section.
    public var sectionDistanceTraveledMeters: Double
    /// Metres left on the current section.
    public var sectionDistanceRemainingMeters: Double
    /// The last maneuver reached, `nil` before the first.
    public var currentManeuver: Maneuver?
    /// The next maneuver ahead, `nil` after the last one of the section.
    public var upcomingManeuver: Maneuver?
    /// Metres along the route from the user to the upcoming maneuver (to the section end when there is
    /// none).
    public var distanceToNextManeuverMeters: Double
    /// The final destination's feature id and display name, when known.
    public var destinationID: String?
    /// The destination's display name in the session's language.
    public var destinationName: String?
    /// What the user is doing now, for the UI.
    public var currentAction: NavigationAction
    /// The sensor-level location, when the caller passes one.
    public var rawLocation: IndoorLocation?
    /// The location the decisions used (usually the fusion output).
    public var fusedLocation: IndoorLocation?
    /// `fusedLocation` projected onto the route, when inside the corridor.
    public var snappedLocation: IndoorLocation?
    /// Distance from the fused location to the route on its level, in metres.
    public var distanceFromRouteMeters: Double
}
