import IndoorGeometry
import IndoorVenue

/// One straight piece of a planned path with what it is (internal currency between the search and
/// the section/maneuver builders). Plain values only (levels by index, no strings), so the builders
/// copy and scan segments without reference counting.
struct RouteSegment {
    /// Where the piece starts and ends, in the venue's local frame (metres).
    var start: LocalPoint
    var end: LocalPoint
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
    /// The graph edge the piece runs along from end to end, in its direction: `2 × edge` from its
    /// `from` node to its `to` node, `2 × edge + 1` the other way (index into the per-direction tables
    /// of ``AssemblyLookups``); -1 for pieces off the graph or along part of an edge.
    var directedEdge: Int32 = -1
    /// The graph node at `end`, or -1.
    var endNode: Int32 = -1
}
