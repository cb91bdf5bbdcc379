import IndoorGeometry
import Venue

/// A vertex of a route polyline: a local point and the level it is on.
public struct RoutePoint: Hashable, Sendable, Codable {
    public var point: LocalPoint
    public var levelID: String
    public init(point: LocalPoint, levelID: String) { self.point = point; self.levelID = levelID }
}

/// A place a section departs from or arrives at.
public struct RoutePlace: Hashable, Sendable, Codable {
    public var point: LocalPoint
    public var levelID: String
    /// The POI or space id the place was given as, when it was one.
    public var featureID: String?
    public var name: String?
    /// How far the given place is from where the route meets the graph, in metres.
    public var matchDistanceMeters: Double
}

/// A pass-through waypoint on a section, with its offset along the section.
public struct PassThroughWaypoint: Hashable, Sendable, Codable {
    /// Index into the request's `waypoints`.
    public var waypointIndex: Int
    public var offsetMeters: Double
    public var place: RoutePlace
}

/// Something to do at the end of a section.
public struct PostAction: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable { case wait }
    public var action: Action
    public var durationSeconds: Double
}

/// An authored transition between sections that navigation pauses at (GraffityAR journeys).
public struct SectionTransition: Hashable, Sendable, Codable {
    public var transitionTypeID: String
    public var connectorID: String
    public var fromLevelID: String
    public var toLevelID: String
}

/// A part of a route travelled in one transport mode between stops (or transitions).
public struct RouteSection: Hashable, Sendable, Codable {
    public var transportMode: TransportMode
    public var lengthMeters: Double
    public var durationSeconds: Double
    public var polyline: [RoutePoint]
    public var departure: RoutePlace
    public var arrival: RoutePlace
    public var maneuvers: [Maneuver]
    public var passThroughWaypoints: [PassThroughWaypoint]
    public var postActions: [PostAction]
    public var notices: [RouteNotice]
    /// Set when the section ends at an authored transition.
    public var transition: SectionTransition?
}

/// A computed route.
public struct Route: Hashable, Sendable, Codable {
    public var lengthMeters: Double
    /// Travel plus waiting time, in seconds.
    public var durationSeconds: Double
    public var sections: [RouteSection]
    /// Route-level notices (INFO ones; CRITICAL ones come with no route).
    public var notices: [RouteNotice]
    /// Index into the request's destinations of the one the route goes to.
    public var destinationIndex: Int

    /// Every polyline vertex of every section, in order (shared section ends once).
    public var polyline: [RoutePoint] {
        var out: [RoutePoint] = []
        for s in sections {
            for p in s.polyline where out.last != p { out.append(p) }
        }
        return out
    }
}

/// The outcome of a route request: a route, or none with CRITICAL notices saying why.
public struct RouteResponse: Sendable {
    public var route: Route?
    public var notices: [RouteNotice]
}
