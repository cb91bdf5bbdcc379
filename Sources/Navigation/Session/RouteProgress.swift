import Positioning
import Routing

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
public struct RouteProgress: Hashable, Sendable {
    /// The section (leg) the user is on.
    public var sectionIndex: Int
    /// The current maneuver within the section (the last one reached).
    public var maneuverIndex: Int
    public var distanceTraveledMeters: Double
    public var distanceRemainingMeters: Double
    public var durationRemainingSeconds: Double
    /// `distanceTraveled / route length`, 0–1 (1 for an empty route).
    public var fractionTraveled: Double
    /// Metres traveled and remaining on the current section.
    public var sectionDistanceTraveledMeters: Double
    public var sectionDistanceRemainingMeters: Double
    public var currentManeuver: Maneuver?
    public var upcomingManeuver: Maneuver?
    /// Metres along the route from the user to the upcoming maneuver (to the section end when there is
    /// none).
    public var distanceToNextManeuverMeters: Double
    /// The final destination's feature id and display name, when known.
    public var destinationID: String?
    public var destinationName: String?
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
