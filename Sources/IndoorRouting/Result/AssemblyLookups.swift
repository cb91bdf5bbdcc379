import Foundation
import IndoorGeometry
import IndoorVenue

/// What route assembly asks of the venue's geometry about graph nodes and edges, answered once per
/// graph: the building holding each node, the building at the middle of each edge, the smallest
/// space at its maneuver probe (``ManeuverBuilder/spaceProbe(from:to:)``) and its heading, each edge in
/// both directions.
/// The maneuver builder reads these for segments that run along a whole graph edge and asks the
/// venue only for the pieces off the graph, so a route of a few hundred segments does no geometry
/// query per segment.
///
/// The answers are the venue's own (``Venue/buildingID(at:levelIndex:toleranceMeters:)``,
/// ``VenueSpatialIndex/smallestSpace(containing:levelIndex:)``) at the very probe points the builder
/// computes, so routes are the same with and without the tables.
/// Memory: 4 bytes per node and 32 per edge (8 MB on 221,000 nodes), and the spaces', levels' and
/// connectors' ids and names (shared with the venue's strings). A class, so reading one table does
/// not copy (and reference-count) all of them.
final class AssemblyLookups: Sendable {
    /// Level ids by level index.
    let levelIDs: [String]
    /// The building ids the tables refer to; a table entry is an index into this or -1 for none.
    let buildingIDs: [String]
    /// Per node: the building holding it on its level.
    let nodeBuilding: [Int32]
    /// Per directed edge (``RouteSegment/directedEdge``): the building at the edge's middle on the level
    /// of the node it reaches.
    let edgeMiddleBuilding: [Int32]
    /// Per directed edge: the smallest space holding the maneuver probe on the level of the node it
    /// reaches, index into `venue.spaces`, or -1.
    let edgeSpace: [Int32]
    /// Per directed edge: the bearing from the node it leaves to the node it reaches
    /// (``IndoorGeometry/LocalPoint/bearingRadians(to:)``, radians clockwise from north), the heading the
    /// maneuver builder gives a segment along the whole edge.
    let edgeHeading: [Double]
    /// What a maneuver says of a space: its id, category and names, side by side in memory.
    struct SpaceFacts: Sendable {
        let id: String
        let category: String
        /// `nil` when the space has no name (most have none: no name table is read for them).
        let name: LocalizedName?
    }
    /// Per space (index into `venue.spaces`): its facts, read without copying spaces.
    let spaces: [SpaceFacts]
    /// Per level: its names, short names, ordinals and elevations (metres).
    let levelNames: [LocalizedName]
    let levelShortNames: [LocalizedName]
    let levelOrdinals: [Int]
    let levelElevations: [Double]
    /// Connector ids by connector index.
    let connectorIDs: [String]
    /// The venue's default language (names without the preferred one fall back to it).
    let defaultLanguage: String

    /// The tables of `venue`'s graph.
    /// - Complexity: O(nodes + edges) building and space lookups (about 0.3 s on 221,000 nodes).
    init(venue: Venue) {
        let graph = venue.graph
        let spatial = venue.spatialIndex
        levelIDs = venue.levels.map(\.id)
        levelNames = venue.levels.map(\.name)
        levelShortNames = venue.levels.map(\.shortName)
        levelOrdinals = venue.levels.map(\.ordinal)
        levelElevations = venue.levels.map(\.elevationMeters)
        connectorIDs = venue.connectors.map(\.id)
        spaces = venue.spaces.map { SpaceFacts(id: $0.id, category: $0.category, name: $0.name.isEmpty ? nil : $0.name) }
        defaultLanguage = venue.defaultLanguage
        var ids: [String] = []
        var indexOfID: [String: Int32] = [:]
        func intern(_ id: String?) -> Int32 {
            guard let id else { return -1 }
            if let k = indexOfID[id] { return k }
            let k = Int32(ids.count)
            ids.append(id)
            indexOfID[id] = k
            return k
        }
        var nodeBuilding = [Int32](repeating: -1, count: graph.nodes.count)
        for (k, node) in graph.nodes.enumerated() {
            nodeBuilding[k] = intern(venue.buildingID(at: node.point, levelIndex: Int(node.levelIndex)))
        }
        var middle = [Int32](repeating: -1, count: 2 * graph.edges.count)
        var space = [Int32](repeating: -1, count: 2 * graph.edges.count)
        var heading = [Double](repeating: 0, count: 2 * graph.edges.count)
        func fill(_ directed: Int, from start: NavNode, to end: NavNode) {
            let level = Int(end.levelIndex)
            middle[directed] = intern(venue.buildingID(at: ManeuverBuilder.middle(from: start.point, to: end.point), levelIndex: level))
            let probe = ManeuverBuilder.spaceProbe(from: start.point, to: end.point)
            space[directed] = spatial.smallestSpace(containing: probe, levelIndex: level).map(Int32.init) ?? -1
            heading[directed] = start.point.bearingRadians(to: end.point)
        }
        for (e, edge) in graph.edges.enumerated() {
            let a = graph.nodes[Int(edge.from)], b = graph.nodes[Int(edge.to)]
            fill(2 * e, from: a, to: b)
            fill(2 * e + 1, from: b, to: a)
        }
        buildingIDs = ids
        self.nodeBuilding = nodeBuilding
        edgeMiddleBuilding = middle
        edgeSpace = space
        edgeHeading = heading
    }

    /// The building id of a table entry.
    @inline(__always)
    func building(_ entry: Int32) -> String? { entry < 0 ? nil : buildingIDs[Int(entry)] }

    /// Bytes held by the tables.
    var memoryBytes: Int { 4 * (nodeBuilding.count + edgeMiddleBuilding.count + edgeSpace.count) + 8 * edgeHeading.count }
}

/// The assembly lookups of one graph, built on first use (or ahead of it with ``RoutingIndex/prepareAssembly()``)
/// and then shared.
///
/// `@unchecked Sendable`: the tables are built and read under `lock`; once built they are immutable.
final class AssemblyLookupStore: @unchecked Sendable {
    private let lock = NSLock()
    private let venue: Venue
    private var built: AssemblyLookups?

    init(venue: Venue) { self.venue = venue }

    /// The tables, built now when not yet built.
    var lookups: AssemblyLookups {
        lock.withLock {
            if let built { return built }
            let made = AssemblyLookups(venue: venue)
            built = made
            return made
        }
    }

    /// Whether the tables are built.
    var isBuilt: Bool { lock.withLock { built != nil } }
}
