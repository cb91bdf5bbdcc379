import Foundation
import IndoorGeometry

/// Derives a navigation graph from venue geometry when the source has no authored graph.
///
/// Per level, one of two ways:
/// - **Spaces and openings** (IMDF-like levels): one door node at the midpoint of every opening, shared
///   by every space the opening touches (its midpoint within `doorSnapMeters` of the space boundary, or
///   inside it) — that is how rooms join corridors. When the midpoint lies outside a space it opens into
///   (in the gap a wall's thickness leaves between two units), a door side node is put just inside that
///   space and joined to the door node by a short `.door` edge, so walkway edges stay inside spaces. Each space
///   with nodes gets a visibility graph (``VisibilityGraph``) over its door nodes, the POIs and connector
///   entries inside it, and corner nodes pushed in from its reflex vertices; a room with one door and
///   nothing else gets a node at an interior point so it has an edge and can be a destination.
///   Non-walkable spaces only join their POIs and connector entries to their doors (no through traffic).
///   Open circulation units that touch without an opening are crossed where they touch
///   (``TouchingSpaces``); when many doors open into one unit only and the level has an outline, the
///   corridors are taken to be the outline minus the units (``CorridorGrid``). Exterior doors of
///   different buildings are joined outdoors (``OutdoorLinks``).
/// - **Outline as floor** (``VenueSpatialIndex/outlineIsWalkable(hasOutline:openingCount:walkableSpaceCount:)``,
///   e.g. Microsoft ILC floors with shop polygons): a walkable grid (``WalkableGrid``).
///
/// Then connectors join levels (``ConnectorEdges``). Edges inside spaces whose category is in
/// `vehicleSpaceCategories` allow vehicles too; all other walkway edges are pedestrian. Walkway edges
/// touching an opening that is not accessible are not accessible.
///
/// Warnings (feature ids in their location, file `derived-graph`): openings touching no walkable space,
/// spaces with openings but no edge, walkable spaces left out (no opening, POI or connector entry), POIs
/// and connector entries outside every space, POIs not reachable from the largest connected part of the
/// graph, connectors with entries on fewer than two levels.
public enum GraphDerivation {
    /// Derives a navigation graph (source `.derived`) for a venue; the venue's own graph is ignored.
    /// Use `venue.replacingGraph(result.graph, addingWarnings: result.issues)` for the final venue.
    /// - Complexity: per space O(k²·e) for k nodes and e polygon edges (bounded for large k, see
    ///   ``VisibilityGraph``); per grid level O(cells); per connector O(entries²).
    public static func derive(
        _ venue: Venue, options: GraphDerivationOptions = .init()
    )
        -> (graph: NavigationGraph, issues: [VenueIssue])
    {
        var work = DerivationWork(venue: venue, options: options)
        var oneSidedDoors: [Int32] = []
        for level in venue.levels.indices {
            let walkableCount = work.spacesByLevel[level].filter { venue.spaces[$0].isWalkable }.count
            if let outline = venue.levels[level].outline,
                VenueSpatialIndex.outlineIsWalkable(
                    hasOutline: true, openingCount: work.openingsByLevel[level].count,
                    walkableSpaceCount: walkableCount)
            {
                WalkableGrid.derive(level: level, outline: outline, work: &work)
            } else {
                let oneSided = SpaceGraphs.derive(level: level, work: &work)
                if let outline = venue.levels[level].outline {
                    CorridorGrid.derive(level: level, outline: outline, doors: oneSided, work: &work)
                }
                oneSidedDoors += oneSided
            }
        }
        OutdoorLinks.derive(oneSidedDoors: oneSidedDoors, work: &work)
        ConnectorEdges.derive(work: &work)
        work.compact()
        reportUnreachablePOIs(&work)
        var builder = NavigationGraph.Builder(source: .derived)
        builder.reserve(nodes: work.nodes.count, edges: work.edges.count)
        for n in work.nodes { builder.addNode(n) }
        for e in work.edges { builder.addEdge(e) }
        return (builder.build(), work.issues)
    }

    /// Warns about POI nodes outside the largest connected part of the graph.
    private static func reportUnreachablePOIs(_ work: inout DerivationWork) {
        let graph = NavigationGraph(nodes: work.nodes, edges: work.edges, source: .derived)
        let (component, count) = graph.components()
        guard count > 0 else { return }
        var sizes = [Int](repeating: 0, count: count)
        for c in component { sizes[Int(c)] += 1 }
        let main = sizes.indices.max { (sizes[$0], -$0) < (sizes[$1], -$1) } ?? 0
        let warned = Set(work.issues.compactMap(\.location.featureID))
        for (i, n) in work.nodes.enumerated() where n.kind == .poi && Int(component[i]) != main {
            if let id = n.featureID, warned.contains(id) { continue }
            work.warn(
                n.featureID ?? "node \(i)",
                "POI cannot be reached from the main part of the graph (its part has \(sizes[Int(component[i])]) nodes)")
        }
    }
}
