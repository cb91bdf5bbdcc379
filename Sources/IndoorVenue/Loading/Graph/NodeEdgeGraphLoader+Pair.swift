import Foundation
import IndoorGeometry
import IndoorJSON

/// The node/edge graph as a pair of files, `node.geojson` and `edge.geojson`, as graph editors and
/// network exports write it.
///
/// - `node.geojson`: Point features. Id: the feature `id`, else property `id` (a string or an integer;
///   `7` and `"7"` are the same id). Level: `level_id` or `level` (required), a level id, or an integer
///   read as the level's ordinal (an error when several levels share it). `kind` and `ref` as in
///   `graph.geojson`.
/// - `edge.geojson`: LineString features (or features without geometry). `nodes` (required): the two
///   node ids, integers or strings, from first to second. Level (optional): `level_id` or `level`, one
///   level or an array of levels, each one of the two nodes' levels (a level the nodes are not on is an
///   error). `kind`, `one_way`, `modes`, `accessible`, `length_m`, `fixed_s`, `connector_id` as in
///   `graph.geojson`; an optional `id` must not repeat.
/// - A feature that cannot be used is skipped with an `.error` issue naming the file, the feature and
///   the field; a property the loader does not read is one `.warning` per file and property, naming the
///   first feature that has it and how many do.
extension NodeEdgeGraphLoader {
    /// The node file of the pair.
    public static let nodeFileName = "node.geojson"
    /// The edge file of the pair.
    public static let edgeFileName = "edge.geojson"

    /// Node properties the pair loader reads.
    static let pairNodeProperties: Set<String> = ["id", "level_id", "level", "kind", "ref"]
    /// Edge properties the pair loader reads.
    static let pairEdgeProperties: Set<String> = [
        "id", "nodes", "level_id", "level", "kind", "one_way", "modes", "accessible", "length_m", "fixed_s", "connector_id",
    ]

    /// Reads the graph from a node file and an edge file for `venue`.
    /// - Complexity: O(features), one dictionary lookup per id.
    public static func load(
        nodesPath: String, edgesPath: String, venue: Venue, options: AuthoredGraphOptions = AuthoredGraphOptions()
    ) throws(VenueError) -> (graph: NavigationGraph, issues: [VenueIssue]) {
        let nodeFile = (nodesPath as NSString).lastPathComponent, edgeFile = (edgesPath as NSString).lastPathComponent
        let reader = GeoJSONGeometryReader(frame: venue.frame)
        let levels = PairLevels(venue)
        var builder = NavigationGraph.Builder(source: .authored)
        var indexOfID: [String: Int32] = [:]
        var issues: [VenueIssue] = []
        var unread = UnreadProperties(file: nodeFile)

        issues += try GeoJSONReader.forEachFeature(path: nodesPath, name: nodeFile) { feature in
            unread.note(feature, known: pairNodeProperties)
            do throws(FeatureProblem) {
                let type = feature.geometry?["type"]?.string
                guard type == "Point" else { throw FeatureProblem("geometry", "a node must be a Point, found \(type ?? "none")") }
                let id = try pairNodeID(feature)
                guard indexOfID[id] == nil else { throw FeatureProblem("id", "node id '\(id)' is used twice") }
                let point = try reader.point(feature.geometry)
                guard let (field, value) = levelValue(feature) else {
                    throw FeatureProblem("level_id", "required property is missing (level_id or level)")
                }
                let level = try levels.resolve(value, field: field)
                let kind = try nodeKind(feature)
                let ref = try feature.optionalString("ref")
                indexOfID[id] = builder.addNode(NavNode(point: point, levelIndex: Int32(level), kind: kind, featureID: ref ?? id))
            } catch {
                issues.append(
                    .error(SourceLocation(file: nodeFile, featureID: feature.label, field: error.field), error.message + "; node skipped"))
            }
        }
        issues += unread.issues

        let connectorIndexByID = connectorIndices(venue)
        var edgeIDs: Set<String> = []
        unread = UnreadProperties(file: edgeFile)
        issues += try GeoJSONReader.forEachFeature(path: edgesPath, name: edgeFile) { feature in
            unread.note(feature, known: pairEdgeProperties)
            do throws(FeatureProblem) {
                let type = feature.geometry?["type"]?.string
                guard type == nil || type == "LineString" else {
                    throw FeatureProblem("geometry", "an edge must be a LineString or have no geometry, found \(type ?? "none")")
                }
                if let id = try pairOptionalID(feature) {
                    guard edgeIDs.insert(id).inserted else { throw FeatureProblem("id", "edge id '\(id)' is used twice") }
                }
                let ends = try pairEnds(feature)
                guard let from = indexOfID[ends.0] else { throw FeatureProblem("nodes", "refers to missing node '\(ends.0)'") }
                guard let to = indexOfID[ends.1] else { throw FeatureProblem("nodes", "refers to missing node '\(ends.1)'") }
                if let (field, value) = levelValue(feature) {
                    let nodeLevels = [Int(builder.nodes[Int(from)].levelIndex), Int(builder.nodes[Int(to)].levelIndex)]
                    let given: [JSONValue] = value.array ?? [value]
                    guard !given.isEmpty else {
                        throw FeatureProblem(field, "expected a level or an array of levels, found an empty array")
                    }
                    for item in given {
                        let level = try levels.resolve(item, field: field)
                        guard nodeLevels.contains(level) else {
                            let names = Set(nodeLevels).sorted().map { venue.levels[$0].id }.joined(separator: ", ")
                            throw FeatureProblem(
                                field, "edge is on level '\(venue.levels[level].id)' but its nodes are on \(names)")
                        }
                    }
                }
                builder.addEdge(
                    try edge(
                        feature, from: from, to: to, nodes: builder.nodes, venue: venue, connectorIndexByID: connectorIndexByID,
                        reader: reader, options: options))
            } catch {
                issues.append(
                    .error(SourceLocation(file: edgeFile, featureID: feature.label, field: error.field), error.message + "; edge skipped"))
            }
        }
        issues += unread.issues
        return (builder.build(), issues)
    }

    /// A pair id from a JSON value: a string, or an integer written in decimal.
    static func pairID(_ value: JSONValue, field: String) throws(FeatureProblem) -> String {
        switch value {
        case .string(let s) where !s.isEmpty: return s
        case .number(let d) where d.rounded() == d && abs(d) < 9e15: return String(Int(d))
        default: throw FeatureProblem(field, "expected a string or integer id, found \(value.serialized())")
        }
    }

    /// The node's id: feature `id`, else property `id`.
    private static func pairNodeID(_ feature: GeoJSONFeature) throws(FeatureProblem) -> String {
        if let id = try pairOptionalID(feature) { return id }
        throw FeatureProblem("id", "node has no id (feature id or property id)")
    }

    /// Feature `id`, else property `id`, else `nil`.
    private static func pairOptionalID(_ feature: GeoJSONFeature) throws(FeatureProblem) -> String? {
        if let id = feature.id { return id }
        guard feature.has("id"), let value = feature.properties["id"] else { return nil }
        return try pairID(value, field: "id")
    }

    /// The two node ids of an edge's `nodes`.
    private static func pairEnds(_ feature: GeoJSONFeature) throws(FeatureProblem) -> (String, String) {
        switch feature.properties["nodes"] {
        case nil, .null?: throw FeatureProblem("nodes", "required property is missing (the edge's two node ids)")
        case .array(let items)?:
            guard items.count == 2 else { throw FeatureProblem("nodes", "expected two node ids, found \(items.count)") }
            return (try pairID(items[0], field: "nodes"), try pairID(items[1], field: "nodes"))
        case let other?: throw FeatureProblem("nodes", "expected an array of two node ids, found \(other.typeName)")
        }
    }

    /// The level property that is present (`level_id` before `level`) and its value.
    private static func levelValue(_ feature: GeoJSONFeature) -> (String, JSONValue)? {
        for key in ["level_id", "level"] where feature.has(key) {
            if let value = feature.properties[key] { return (key, value) }
        }
        return nil
    }
}

/// Level references of the pair format: level ids, or integer ordinals.
private struct PairLevels {
    let venue: Venue
    var byOrdinal: [Int: [Int]] = [:]

    init(_ venue: Venue) {
        self.venue = venue
        for (i, level) in venue.levels.enumerated() { byOrdinal[level.ordinal, default: []].append(i) }
    }

    /// The level index a value names. - Throws: a problem in `field` naming the unknown or ambiguous level.
    func resolve(_ value: JSONValue, field: String) throws(FeatureProblem) -> Int {
        switch value {
        case .string(let s):
            if let i = VenueIndex.resolve(s, in: venue.index.levelIndex) { return i }
            if let ordinal = Int(s) { return try resolve(ordinal: ordinal, field: field) }
            throw FeatureProblem(field, "refers to unknown level '\(s)'")
        case .number(let d) where d.rounded() == d && abs(d) < 1e6:
            return try resolve(ordinal: Int(d), field: field)
        default:
            throw FeatureProblem(field, "expected a level id or an integer ordinal, found \(value.serialized())")
        }
    }

    private func resolve(ordinal: Int, field: String) throws(FeatureProblem) -> Int {
        let found = byOrdinal[ordinal] ?? []
        guard !found.isEmpty else { throw FeatureProblem(field, "no level has ordinal \(ordinal)") }
        guard found.count == 1 else {
            let names = found.map { venue.levels[$0].id }.joined(separator: ", ")
            throw FeatureProblem(field, "ordinal \(ordinal) is ambiguous: levels \(names); give a level id")
        }
        return found[0]
    }
}

/// Properties a loader does not read, one warning per property: the first feature and the count.
struct UnreadProperties {
    let file: String
    private var seen: [String: (firstFeature: String, count: Int)] = [:]
    private var order: [String] = []

    init(file: String) { self.file = file }

    mutating func note(_ feature: GeoJSONFeature, known: Set<String>) {
        for key in feature.properties.keys where !known.contains(key) {
            if let entry = seen[key] {
                seen[key] = (entry.firstFeature, entry.count + 1)
            } else {
                seen[key] = (feature.label, 1)
                order.append(key)
            }
        }
    }

    var issues: [VenueIssue] {
        order.compactMap { key in
            guard let entry = seen[key] else { return nil }
            let others = entry.count > 1 ? " (and on \(entry.count - 1) more features)" : ""
            return .warning(
                SourceLocation(file: file, featureID: entry.firstFeature, field: key), "property not understood\(others); ignored")
        }
    }
}
