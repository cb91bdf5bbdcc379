import Foundation
import IndoorGeometry

/// Chooses and attaches a venue's navigation graph, and the geometry shared by the graph loaders.
enum AuthoredGraphImport {
    /// Attaches the graph: an explicit ``VenueLoadOptions/graphPath`` (a `graph.geojson`-style file, or a
    /// folder searched as below, where a lone half of the pair or no graph at all is an error), else the
    /// first authored graph found in `folder`, then in `beside` (the folder holding the archive, when it
    /// holds only this one): `navPath.geojson`, else the pair `node.geojson` + `edge.geojson`, else
    /// `graph.geojson`; else whatever ``VenueLoadOptions/graphWhenNoneAuthored`` builds. One file of the
    /// pair without the other is a warning and is not loaded. The files read are the venue's
    /// ``Venue/graphFiles``.
    static func attachGraph(
        to venue: Venue, folder: String, beside: String? = nil, options: VenueLoadOptions
    ) throws(VenueError) -> Venue {
        if let explicit = options.graphPath {
            let given = explicit.hasPrefix("/") ? explicit : path(explicit, in: folder)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), isDirectory.boolValue {
                var notes: [VenueIssue] = []
                if let found = try authoredGraph(in: given, venue: venue, options: options, notes: &notes) { return found }
                let nodes = path(NodeEdgeGraphLoader.nodeFileName, in: given), edges = path(NodeEdgeGraphLoader.edgeFileName, in: given)
                if exists(nodes) { throw .missingFile(path: edges) }
                if exists(edges) { throw .missingFile(path: nodes) }
                throw .unsupportedFormat(
                    path: given,
                    reason:
                        "the graph folder holds no \(NavPathGraphLoader.fileName), \(NodeEdgeGraphLoader.nodeFileName) + \(NodeEdgeGraphLoader.edgeFileName) or \(NodeEdgeGraphLoader.defaultFileName)"
                )
            }
            let (graph, issues) = try NodeEdgeGraphLoader.load(path: given, venue: venue, options: options.authoredGraph)
            return venue.replacingGraph(graph, addingWarnings: issues, readFrom: [given])
        }
        if options.useAuthoredGraph {
            var notes: [VenueIssue] = []
            for base in [folder] + (beside.map { [$0] } ?? []) {
                if let found = try authoredGraph(in: base, venue: venue, options: options, notes: &notes) { return found }
            }
            if !notes.isEmpty {
                // No authored graph: the one place a derived graph comes in (the venue has no graph yet,
                // so the spatial index rebuilt here is the geometry's alone).
                return options.graphWhenNoneAuthored(venue.replacingGraph(venue.graph, addingWarnings: notes))
            }
        }
        // No authored graph: the one place a derived graph comes in.
        return options.graphWhenNoneAuthored(venue)
    }

    /// The venue with the first authored graph in `base` (`navPath.geojson`, the pair, `graph.geojson`),
    /// or `nil` when there is none; a lone half of the pair adds a warning to `notes`, which go with the
    /// graph found.
    private static func authoredGraph(
        in base: String, venue: Venue, options: VenueLoadOptions, notes: inout [VenueIssue]
    ) throws(VenueError) -> Venue? {
        if exists(path(NavPathGraphLoader.fileName, in: base)) {
            let (graph, issues) = try NavPathGraphLoader.load(folder: base, venue: venue, options: options.authoredGraph)
            return venue.replacingGraph(graph, addingWarnings: notes + issues, readFrom: [path(NavPathGraphLoader.fileName, in: base)])
        }
        let nodes = path(NodeEdgeGraphLoader.nodeFileName, in: base), edges = path(NodeEdgeGraphLoader.edgeFileName, in: base)
        switch (exists(nodes), exists(edges)) {
        case (true, true):
            let (graph, issues) = try NodeEdgeGraphLoader.load(
                nodesPath: nodes, edgesPath: edges, venue: venue, options: options.authoredGraph)
            return venue.replacingGraph(graph, addingWarnings: notes + issues, readFrom: [nodes, edges])
        case (true, false), (false, true):
            let (have, lack) =
                exists(nodes)
                ? (NodeEdgeGraphLoader.nodeFileName, NodeEdgeGraphLoader.edgeFileName)
                : (NodeEdgeGraphLoader.edgeFileName, NodeEdgeGraphLoader.nodeFileName)
            notes.append(.warning(SourceLocation(file: have), "found without \(lack) beside it; graph pair not loaded"))
        case (false, false): break
        }
        let single = path(NodeEdgeGraphLoader.defaultFileName, in: base)
        guard exists(single) else { return nil }
        let (graph, issues) = try NodeEdgeGraphLoader.load(path: single, venue: venue, options: options.authoredGraph)
        return venue.replacingGraph(graph, addingWarnings: notes + issues, readFrom: [single])
    }

    private static func path(_ name: String, in base: String) -> String { (base as NSString).appendingPathComponent(name) }
    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

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
