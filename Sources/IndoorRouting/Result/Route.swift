import IndoorGeometry
import IndoorVenue

/// A vertex of a route polyline: a local point and the level it is on.
public struct RoutePoint: Hashable, Sendable, Codable {
    /// Position in the venue's local frame, metres.
    public var point: LocalPoint
    /// The level the point is on.
    public var levelID: String
    /// A vertex at `point` on `levelID`.
    public init(point: LocalPoint, levelID: String) { self.point = point; self.levelID = levelID }
}

/// A place a section departs from or arrives at.
public struct RoutePlace: Hashable, Sendable, Codable {
    /// Where the route meets the graph, in the venue's local frame (metres).
    public var point: LocalPoint
    /// The level of the place.
    public var levelID: String
    /// The POI or space id the place was given as, when it was one.
    public var featureID: String?
    /// The feature's display name, when it has one.
    public var name: String?
    /// How far the given place is from where the route meets the graph, in metres.
    public var matchDistanceMeters: Double
}

/// A pass-through waypoint on a section, with its offset along the section.
public struct PassThroughWaypoint: Hashable, Sendable, Codable {
    /// Index into the request's `waypoints`.
    public var waypointIndex: Int
    /// Metres along the section from its start.
    public var offsetMeters: Double
    /// Where the waypoint met the route.
    public var place: RoutePlace
}

/// Something to do at the end of a section.
public struct PostAction: Hashable, Sendable, Codable {
    /// The kind of action: waiting only, for now.
    public enum Action: String, Hashable, Sendable, Codable { case wait }
    /// What to do.
    public var action: Action
    /// How long, in seconds.
    public var durationSeconds: Double
}

/// An authored transition between sections that navigation pauses at (GraffityAR journeys).
public struct SectionTransition: Hashable, Sendable, Codable {
    /// The authored transition type (e.g. an AR marker scan).
    public var transitionTypeID: String
    /// The connector the transition happens at.
    public var connectorID: String
    /// The level before the transition.
    public var fromLevelID: String
    /// The level after it.
    public var toLevelID: String
}

/// A part of a route travelled in one transport mode between stops (or transitions).
public struct RouteSection: Hashable, Sendable, Codable {
    /// How the section is travelled (pedestrian, car, …).
    public var transportMode: TransportMode
    /// Length in metres.
    public var lengthMeters: Double
    /// Travel time in seconds (waiting is in `postActions`).
    public var durationSeconds: Double
    /// The path, vertex by vertex, across levels.
    public var polyline: [RoutePoint]
    /// Where the section starts.
    public var departure: RoutePlace
    /// Where it ends.
    public var arrival: RoutePlace
    /// Instruction-worthy events, in order, from `depart` to `arrive` (or `changeTransport`).
    public var maneuvers: [Maneuver]
    /// Waypoints passed through on the way.
    public var passThroughWaypoints: [PassThroughWaypoint]
    /// What to do at the end (wait at a stop).
    public var postActions: [PostAction]
    /// Notices about this section (an avoided connector used anyway, a hidden space crossed).
    public var notices: [RouteNotice]
    /// Set when the section ends at an authored transition.
    public var transition: SectionTransition?
}

/// A computed route.
public struct Route: Hashable, Sendable, Codable {
    /// Total length in metres.
    public var lengthMeters: Double
    /// Travel plus waiting time, in seconds.
    public var durationSeconds: Double
    /// One section per stop or transport mode, in order.
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
    /// The route, or `nil` when none was found.
    public var route: Route?
    /// Why there is no route (CRITICAL), or what to know about it.
    public var notices: [RouteNotice]
    /// With ``RouteOptions/alternatives`` set: the other routes found, materially different from
    /// `route` and each other, ranked by cost after it (each with its own notices); `nil` when none
    /// were asked for.
    public var alternatives: [Route]? = nil
}
