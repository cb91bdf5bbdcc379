import IndoorGeometry
import Venue

/// One straight piece of a planned path with what it is (internal currency between the search and
/// the section/maneuver builders).
struct RouteSegment {
    var start: RoutePoint
    var end: RoutePoint
    var startLevelIndex: Int
    var endLevelIndex: Int
    /// Edge kind; off-graph pieces (to/from a matched place) are walkways.
    var kind: NavEdgeKind
    var connectorIndex: Int32?
    var travel: TravelKind
    var lengthMeters: Double
    var durationSeconds: Double
    /// The node kind at `end`, when it is a graph node.
    var endNodeKind: NavNode.Kind?
    var endFeatureID: String?
}

/// A marker between segments: a waypoint reached (by index into the segments where it ends).
struct LegBoundary {
    var segmentEnd: Int
    var waypointIndex: Int
    var isPassThrough: Bool
    var stopDurationSeconds: Int?
    var place: RoutePlace
}
