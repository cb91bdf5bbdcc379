import IndoorGeometry

/// Everything a synthetic venue contains, in the venue's local frame, before it is written as text.
///
/// Ids are deterministic strings; `levelIndex` indexes ``levels`` (lowest ordinal first).
struct SyntheticVenuePlan {
    /// A name in the two languages the generator writes.
    struct Name: Hashable {
        var en: String
        var de: String
    }

    struct Level {
        var id: String
        var ordinal: Int
        var isParking: Bool
        var name: Name
        var shortName: Name
    }

    struct Building {
        var id: String
        var name: Name
        var bounds: BoundingBox
    }

    struct Unit {
        var id: String
        var category: String
        var bounds: BoundingBox
        var levelIndex: Int
        var name: Name?
    }

    struct Opening {
        var id: String
        /// `pedestrian` or `automobile`.
        var category: String
        var start: LocalPoint
        var end: LocalPoint
        var levelIndex: Int
    }

    enum POIKind { case amenity, occupant }

    /// An amenity (point, `unit_ids`) or an occupant (located by an anchor `<id>-anchor`).
    struct POI {
        var id: String
        var kind: POIKind
        var category: String
        var name: Name
        var point: LocalPoint
        var unitID: String
        var levelIndex: Int
    }

    /// An IMDF relationship: units from origin through intermediaries to destination.
    struct Relationship {
        var id: String
        var category: String
        var isDirected: Bool
        var unitIDs: [String]
    }

    struct Node {
        var point: LocalPoint
        var levelIndex: Int32
        /// `nil` for a plain waypoint, else `door`, `poi` or `connectorEntry`.
        var kind: String?
        var ref: String?
    }

    struct Edge {
        var from: Int32
        var to: Int32
        /// `nil` for the default (`walkway` on one level).
        var kind: String?
        var isOneWay = false
        var allowsPedestrians = true
        var allowsVehicles = false
        var connectorID: String?
    }

    var levels: [Level] = []
    var buildings: [Building] = []
    var units: [Unit] = []
    var openings: [Opening] = []
    var pois: [POI] = []
    var relationships: [Relationship] = []
    var nodes: [Node] = []
    var edges: [Edge] = []
    /// Box around everything, for the venue and level outlines.
    var bounds = BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    mutating func addNode(_ point: LocalPoint, level: Int, kind: String? = nil, ref: String? = nil) -> Int32 {
        nodes.append(Node(point: point, levelIndex: Int32(level), kind: kind, ref: ref))
        return Int32(nodes.count - 1)
    }

    mutating func addEdge(
        _ a: Int32, _ b: Int32, kind: String? = nil, vehicles: Bool = false, pedestrians: Bool = true,
        oneWay: Bool = false, connectorID: String? = nil
    ) {
        edges.append(
            Edge(
                from: a, to: b, kind: kind, isOneWay: oneWay, allowsPedestrians: pedestrians,
                allowsVehicles: vehicles, connectorID: connectorID))
    }
}
