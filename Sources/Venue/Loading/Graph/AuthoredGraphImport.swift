import Foundation
import IndoorGeometry

/// Chooses and attaches a venue's navigation graph, and the geometry shared by the graph loaders.
enum AuthoredGraphImport {
    /// Attaches the graph: an explicit ``VenueLoadOptions/graphPath``, else `navPath.geojson`, else
    /// `graph.geojson` in `folder`, else whatever ``VenueLoadOptions/graphWhenNoneAuthored`` builds.
    static func attachGraph(to venue: Venue, folder: String, options: VenueLoadOptions) throws(VenueError) -> Venue {
        func inFolder(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        if let explicit = options.graphPath {
            let path = explicit.hasPrefix("/") ? explicit : inFolder(explicit)
            let (graph, issues) = try NodeEdgeGraphLoader.load(path: path, venue: venue, options: options.authoredGraph)
            return venue.replacingGraph(graph, addingWarnings: issues)
        }
        if options.useAuthoredGraph {
            if FileManager.default.fileExists(atPath: inFolder(NavPathGraphLoader.fileName)) {
                let (graph, issues) = try NavPathGraphLoader.load(folder: folder, venue: venue, options: options.authoredGraph)
                return venue.replacingGraph(graph, addingWarnings: issues)
            }
            if FileManager.default.fileExists(atPath: inFolder(NodeEdgeGraphLoader.defaultFileName)) {
                let (graph, issues) = try NodeEdgeGraphLoader.load(
                    path: inFolder(NodeEdgeGraphLoader.defaultFileName),
                    venue: venue, options: options.authoredGraph)
                return venue.replacingGraph(graph, addingWarnings: issues)
            }
        }
        // No authored graph: the one place a derived graph comes in.
        return options.graphWhenNoneAuthored(venue)
    }

    /// Length in metres of an edge rising `heightMeters` over a horizontal run: √(run² + height²).
    static func length(horizontalMeters: Double, heightMeters: Double) -> Double {
        (horizontalMeters * horizontalMeters + heightMeters * heightMeters).squareRoot()
    }

    /// The connector serving both levels with an entry nearest to either point, within `radius` metres.
    static func nearestConnector(
        in venue: Venue, levels a: String, _ b: String, near p: LocalPoint, _ q: LocalPoint,
        radiusMeters: Double
    ) -> Int? {
        var best: (index: Int, distance: Double)?
        for (i, connector) in venue.connectors.enumerated()
        where connector.levelIDs.contains(a) && connector.levelIDs.contains(b) {
            for entry in connector.entries where entry.levelID == a || entry.levelID == b {
                let d = min(entry.point.distance(to: p), entry.point.distance(to: q))
                if d <= radiusMeters, d < (best?.distance ?? .infinity) { best = (i, d) }
            }
        }
        return best?.index
    }

    /// The connector kind of a unit of a connector category that contains, or is within `radius` metres
    /// of, either point on its level.
    static func nearestConnectorUnitKind(
        in venue: Venue, levelIndices: [Int], points: [LocalPoint],
        radiusMeters: Double
    ) -> ConnectorKind? {
        var best: (kind: ConnectorKind, distance: Double)?
        for space in venue.spaces {
            guard let kind = ConnectorDerivationOptions.defaultKinds[space.category],
                let level = venue.index.levelIndex[space.levelID], levelIndices.contains(level)
            else { continue }
            for p in points {
                let d = space.polygon.contains(p) ? 0 : space.polygon.distanceToBoundary(p)
                if d <= radiusMeters, d < (best?.distance ?? .infinity) { best = (kind, d) }
            }
        }
        return best?.kind
    }
}
