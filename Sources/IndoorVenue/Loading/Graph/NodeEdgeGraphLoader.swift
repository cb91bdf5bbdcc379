import Foundation
import IndoorGeometry
import IndoorJSON

/// Imports IndoorNav's node/edge graph GeoJSON (documented in `Sources/IndoorVenue/README.md`).
///
/// Point features are nodes: feature `id` (string), properties `level_id` (required), `kind`
/// (`waypoint|door|poi|connectorEntry`, default `waypoint`), `ref` (the POI, opening or connector the
/// node stands for; becomes ``NavNode/featureID``, else the node id does). LineString features (or
/// features without geometry that have `from`) are edges: `from`, `to` (node ids, required), `kind`
/// (`walkway|door|` a ``ConnectorKind``; default `walkway`, or the connector's kind with
/// `connector_id`, or `connector` when the levels differ), `one_way` (default false), `modes`
/// (`pedestrian`, `vehicle`; default pedestrian), `accessible` (default: the connector's, else
/// ``Connector/defaultAccessible(_:)`` for connector kinds, else true), `length_m` (default: the
/// geometry's length, or the straight line between the nodes, combined with the levels' elevation
/// difference), `fixed_s` (default ``AuthoredGraphOptions/defaultFixedSeconds(_:)``), `connector_id`.
/// Nodes may come after the edges that use them. A bad feature is skipped with an `.error` issue.
public enum NodeEdgeGraphLoader {
    /// The file name looked for in a venue folder.
    public static let defaultFileName = "graph.geojson"

    /// Reads the graph at `path` for `venue`. - Complexity: O(features), one dictionary lookup per id.
    public static func load(
        path: String, venue: Venue, options: AuthoredGraphOptions = AuthoredGraphOptions()
    )
        throws(VenueError) -> (graph: NavigationGraph, issues: [VenueIssue])
    {
        let name = (path as NSString).lastPathComponent
        let reader = GeoJSONGeometryReader(frame: venue.frame)
        var builder = NavigationGraph.Builder(source: .authored)
        var indexOfID: [String: Int32] = [:]
        var issues: [VenueIssue] = []
        // Edges whose end nodes come later in the file wait here (with every edge after them); the rest
        // are added as they stream by.
        var waitingEdges: [GeoJSONFeature] = []
        let connectorIndexByID = connectorIndices(venue)

        func addEdge(_ feature: GeoJSONFeature) {
            do throws(FeatureProblem) {
                builder.addEdge(
                    try edge(
                        feature, indexOfID: indexOfID, nodes: builder.nodes, venue: venue,
                        connectorIndexByID: connectorIndexByID, reader: reader, options: options))
            } catch {
                issues.append(
                    .error(SourceLocation(file: name, featureID: feature.label, field: error.field), error.message + "; edge skipped"))
            }
        }

        issues += try GeoJSONReader.forEachFeature(path: path, name: name) { feature in
            let type = feature.geometry?["type"]?.string
            if type == "LineString" || (!feature.hasGeometry && feature.has("from")) {
                let from = feature.properties["from"]?.string, to = feature.properties["to"]?.string
                // Once one edge waits, later ones wait too, so edges keep their file order.
                if waitingEdges.isEmpty, let from, let to, indexOfID[from] != nil, indexOfID[to] != nil {
                    addEdge(feature)
                } else {
                    waitingEdges.append(feature)
                }
                return
            }
            do throws(FeatureProblem) {
                guard type == "Point" else {
                    throw FeatureProblem("geometry", "expected Point (node) or LineString (edge), found \(type ?? "none")")
                }
                guard let id = feature.id else { throw FeatureProblem("id", "node has no id") }
                guard indexOfID[id] == nil else { throw FeatureProblem("id", "node id is used twice") }
                let point = try reader.point(feature.geometry)
                let levelID = try feature.requiredString("level_id")
                guard let level = VenueIndex.resolve(levelID, in: venue.index.levelIndex) else {
                    throw FeatureProblem("level_id", "refers to unknown level '\(levelID)'")
                }
                let kind = try nodeKind(feature)
                let ref = try feature.optionalString("ref")
                indexOfID[id] = builder.addNode(NavNode(point: point, levelIndex: Int32(level), kind: kind, featureID: ref ?? id))
            } catch {
                issues.append(
                    .error(SourceLocation(file: name, featureID: feature.label, field: error.field), error.message + "; feature skipped"))
            }
        }
        for feature in waitingEdges { addEdge(feature) }
        return (builder.build(), issues)
    }

    /// A node's `kind` (default `waypoint`).
    static func nodeKind(_ feature: GeoJSONFeature) throws(FeatureProblem) -> NavNode.Kind {
        guard let text = try feature.optionalString("kind") else { return .waypoint }
        guard let kind = NavNode.Kind(rawValue: text) else {
            throw FeatureProblem("kind", "unknown node kind '\(text)' (waypoint, door, poi, connectorEntry)")
        }
        return kind
    }

    /// Connector id → index (the first connector of an id wins).
    static func connectorIndices(_ venue: Venue) -> [String: Int] {
        var out: [String: Int] = [:]
        for (i, c) in venue.connectors.enumerated() where out[c.id] == nil { out[c.id] = i }
        return out
    }

    /// One edge feature of `graph.geojson` (ends named by `from` and `to`).
    private static func edge(
        _ feature: GeoJSONFeature, indexOfID: [String: Int32], nodes: [NavNode], venue: Venue,
        connectorIndexByID: [String: Int], reader: GeoJSONGeometryReader,
        options: AuthoredGraphOptions
    ) throws(FeatureProblem) -> NavEdge {
        let fromID = try feature.requiredString("from"), toID = try feature.requiredString("to")
        guard let from = indexOfID[fromID] else { throw FeatureProblem("from", "refers to missing node '\(fromID)'") }
        guard let to = indexOfID[toID] else { throw FeatureProblem("to", "refers to missing node '\(toID)'") }
        return try edge(
            feature, from: from, to: to, nodes: nodes, venue: venue, connectorIndexByID: connectorIndexByID, reader: reader,
            options: options)
    }

    /// An edge feature between nodes `from` and `to` (indices into `nodes`): the properties both
    /// formats share (`kind`, `one_way`, `modes`, `accessible`, `length_m`, `fixed_s`, `connector_id`).
    static func edge(
        _ feature: GeoJSONFeature, from: Int32, to: Int32, nodes: [NavNode], venue: Venue,
        connectorIndexByID: [String: Int], reader: GeoJSONGeometryReader,
        options: AuthoredGraphOptions
    ) throws(FeatureProblem) -> NavEdge {
        let a = nodes[Int(from)], b = nodes[Int(to)]

        var connectorIndex: Int?
        if let id = try feature.optionalString("connector_id") {
            guard let c = connectorIndexByID[id] else { throw FeatureProblem("connector_id", "refers to unknown connector '\(id)'") }
            connectorIndex = c
        }
        let kind: NavEdgeKind
        if let text = try feature.optionalString("kind") {
            switch text {
            case "walkway": kind = .walkway
            case "door": kind = .door
            default:
                guard let k = ConnectorKind(rawValue: text) else {
                    throw FeatureProblem("kind", "unknown edge kind '\(text)' (walkway, door, or a connector kind)")
                }
                kind = .connector(k)
            }
        } else if let c = connectorIndex {
            kind = .connector(venue.connectors[c].kind)
        } else {
            kind = a.levelIndex == b.levelIndex ? .walkway : .connector(.connector)
        }

        var modes = TransportModes.pedestrian
        switch feature.properties["modes"] {
        case nil, .null?: break
        case .array(let items)?:
            modes = []
            for item in items {
                switch item.string {
                case "pedestrian": modes.insert(.pedestrian)
                case "vehicle": modes.insert(.vehicle)
                default: throw FeatureProblem("modes", "unknown transport mode \(item.serialized()) (pedestrian, vehicle)")
                }
            }
        case let other?: throw FeatureProblem("modes", "expected an array of modes, found \(other.typeName)")
        }

        var lengthMeters: Double
        if let given = try feature.optionalNumber("length_m") {
            guard given >= 0 else { throw FeatureProblem("length_m", "length must not be negative") }
            lengthMeters = given
        } else {
            var run = a.point.distance(to: b.point)
            if case .array(let coordinates)? = feature.geometry?["coordinates"], coordinates.count > 2 {
                run = try reader.lineString(feature.geometry).length
            }
            let dz = venue.levels[Int(b.levelIndex)].elevationMeters - venue.levels[Int(a.levelIndex)].elevationMeters
            lengthMeters = AuthoredGraphImport.length(horizontalMeters: run, heightMeters: dz)
        }
        var fixedSeconds = options.defaultFixedSeconds(kind)
        if let given = try feature.optionalNumber("fixed_s") {
            guard given >= 0 else { throw FeatureProblem("fixed_s", "fixed time must not be negative") }
            fixedSeconds = given
        }
        let defaultAccessible =
            connectorIndex.map { venue.connectors[$0].isAccessible }
            ?? kind.connectorKind.map(Connector.defaultAccessible) ?? true
        return NavEdge(
            from: from, to: to, kind: kind, lengthMeters: lengthMeters, fixedSeconds: fixedSeconds, modes: modes,
            isOneWay: try feature.optionalBool("one_way") ?? false,
            isAccessible: try feature.optionalBool("accessible") ?? defaultAccessible,
            connectorIndex: connectorIndex.map(Int32.init))
    }
}
