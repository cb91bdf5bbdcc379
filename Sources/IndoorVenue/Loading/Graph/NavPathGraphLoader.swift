import Foundation
import IndoorGeometry
import IndoorJSON

/// Imports the polymap authored graph: `navPath.geojson` (one Point feature per node, listing its
/// `neighbours`) and `navPathAssocieted.geojson` (links from nodes to POIs).
///
/// Rules:
/// - Node properties: `level_id` (a level id, or `null` for outdoor paths), `neighbours` (node ids).
///   `builing_id` (sic), `weight` and `tags` are read by nobody: the model has no per-node cost.
/// - Nodes with a `null` level are placed on ``AuthoredGraphOptions/outdoorLevelID``, by default the
///   ground level (ordinal 0, else the ordinal nearest 0, lower first); one warning counts them.
/// - One two-way edge per neighbour pair, however many times the pair is listed (a pair listed by one
///   end only is counted in a warning). Unknown neighbour ids are `.error` issues; the link is skipped.
/// - Same level: a walkway of the straight-line length. Outdoor node to indoor node on another level:
///   a `door` edge (a building entrance), horizontal length. Indoor nodes on different levels: a
///   connector edge whose kind, accessibility and direction come from the nearest connector serving
///   both levels (within ``AuthoredGraphOptions/connectorSearchRadiusMeters``), else from the nearest
///   elevator/stairs/escalator/ramp unit, else the generic `connector` kind with a warning; its length is
///   √(horizontal² + elevation difference²) and its fixed time ``AuthoredGraphOptions/defaultFixedSeconds(_:)``.
/// - A node linked to a POI by the association file gets kind `poi` and the POI id as its feature id;
///   other nodes keep their own id.
public enum NavPathGraphLoader {
    /// The node file name in an IMDF folder.
    public static let fileName = "navPath.geojson"
    /// The node-to-POI association file name (spelled as polymap spells it).
    public static let associationFileName = "navPathAssocieted.geojson"

    /// Reads the graph of the archive in `folder` for `venue` (whose levels, connectors and POIs must be
    /// loaded). - Complexity: O(nodes + links + level-changing links × connectors)
    public static func load(
        folder: String, venue: Venue, options: AuthoredGraphOptions = AuthoredGraphOptions()
    )
        throws(VenueError) -> (graph: NavigationGraph, issues: [VenueIssue])
    {
        let name = fileName
        let (file, found) = try GeoJSONReader.readFeatureCollection(path: (folder as NSString).appendingPathComponent(name), name: name)
        var issues = found
        let reader = GeoJSONGeometryReader(frame: venue.frame)
        guard let outdoorLevel = outdoorLevelIndex(venue, options: options, issues: &issues) else {
            issues.append(.error(SourceLocation(file: name), "the venue has no levels; graph not loaded"))
            return (.empty, issues)
        }
        let poiOfNode = try associations(folder: folder, venue: venue, issues: &issues)

        var builder = NavigationGraph.Builder(source: .authored)
        builder.reserve(nodes: file.features.count, edges: file.features.count * 2)
        var indexOfID: [String: Int32] = [:]
        indexOfID.reserveCapacity(file.features.count)
        var isOutdoor: [Bool] = []
        var keptFeatures: [(feature: GeoJSONFeature, index: Int32)] = []
        for feature in file.features {
            do throws(FeatureProblem) {
                guard let id = feature.id else { throw FeatureProblem("id", "node has no id") }
                guard indexOfID[id] == nil else { throw FeatureProblem("id", "node id is used twice") }
                let point = try reader.point(feature.geometry)
                var level = outdoorLevel
                let levelID = try feature.optionalString("level_id")
                if let levelID {
                    guard let i = VenueIndex.resolve(levelID, in: venue.index.levelIndex) else {
                        throw FeatureProblem("level_id", "refers to unknown level '\(levelID)'")
                    }
                    level = i
                }
                let poi = poiOfNode[id]
                let index = builder.addNode(
                    NavNode(
                        point: point, levelIndex: Int32(level), kind: poi == nil ? .waypoint : .poi,
                        featureID: poi ?? id))
                indexOfID[id] = index
                isOutdoor.append(levelID == nil)
                keptFeatures.append((feature, index))
            } catch {
                issues.append(
                    .error(SourceLocation(file: name, featureID: feature.label, field: error.field), error.message + "; node skipped"))
            }
        }
        let outdoorCount = isOutdoor.lazy.filter { $0 }.count
        if outdoorCount > 0 {
            issues.append(
                .warning(
                    SourceLocation(file: name, field: "level_id"),
                    "\(outdoorCount) nodes have no level (outdoor paths); placed on level '\(venue.levels[outdoorLevel].id)'"))
        }

        var timesListed: [UInt64: UInt8] = [:]
        timesListed.reserveCapacity(file.features.count * 2)
        var pairs: [(Int32, Int32)] = []
        for (feature, index) in keptFeatures {
            let neighbours: [String]
            do { neighbours = try feature.stringArray("neighbours") } catch {
                issues.append(error.issue(file: name, featureID: feature.label))
                continue
            }
            for other in neighbours {
                guard let j = indexOfID[other] else {
                    issues.append(
                        .error(
                            SourceLocation(file: name, featureID: feature.label, field: "neighbours"),
                            "neighbour '\(other)' is not a node; link skipped"))
                    continue
                }
                guard j != index else { continue }
                let key = UInt64(UInt32(min(index, j))) << 32 | UInt64(UInt32(max(index, j)))
                let seen = timesListed[key] ?? 0
                if seen == 0 { pairs.append((min(index, j), max(index, j))) }
                timesListed[key] = seen &+ 1
            }
        }
        let oneSided = timesListed.values.lazy.filter { $0 == 1 }.count
        if oneSided > 0 {
            issues.append(
                .warning(
                    SourceLocation(file: name, field: "neighbours"),
                    "\(oneSided) neighbour links are listed by one end only; taken as two-way"))
        }

        var unmatched = 0
        for (a, b) in pairs {
            let edge = makeEdge(a, b, builder.nodes, outdoor: isOutdoor, venue: venue, options: options, unmatched: &unmatched)
            builder.addEdge(edge)
        }
        if unmatched > 0 {
            issues.append(
                .warning(
                    SourceLocation(file: name, field: "neighbours"),
                    "\(unmatched) level-changing links have no connector or connector unit nearby; kind 'connector'"))
        }
        return (builder.build(), issues)
    }

    /// The edge between nodes `a` and `b`, following the rules in the type's documentation.
    private static func makeEdge(
        _ a: Int32, _ b: Int32, _ nodes: [NavNode], outdoor: [Bool], venue: Venue,
        options: AuthoredGraphOptions, unmatched: inout Int
    ) -> NavEdge {
        let na = nodes[Int(a)], nb = nodes[Int(b)]
        let run = na.point.distance(to: nb.point)
        if na.levelIndex == nb.levelIndex { return NavEdge(from: a, to: b, kind: .walkway, lengthMeters: run) }
        if outdoor[Int(a)] || outdoor[Int(b)] { return NavEdge(from: a, to: b, kind: .door, lengthMeters: run) }
        let la = venue.levels[Int(na.levelIndex)], lb = venue.levels[Int(nb.levelIndex)]
        let length = AuthoredGraphImport.length(horizontalMeters: run, heightMeters: lb.elevationMeters - la.elevationMeters)
        if let c = AuthoredGraphImport.nearestConnector(
            in: venue, levels: la.id, lb.id, near: na.point, nb.point,
            radiusMeters: options.connectorSearchRadiusMeters)
        {
            let connector = venue.connectors[c]
            let kind = NavEdgeKind.connector(connector.kind)
            // A one-way connector runs from the lower ordinal up (`up`) or from the higher down (`down`).
            var (from, to) = (a, b)
            let aIsLower = (la.ordinal, la.id) < (lb.ordinal, lb.id)
            if (connector.direction == .up) != aIsLower { (from, to) = (b, a) }
            return NavEdge(
                from: from, to: to, kind: kind, lengthMeters: length, fixedSeconds: options.defaultFixedSeconds(kind),
                isOneWay: connector.direction != .both, isAccessible: connector.isAccessible, connectorIndex: Int32(c))
        }
        var connectorKind = ConnectorKind.connector
        if let k = AuthoredGraphImport.nearestConnectorUnitKind(
            in: venue, levelIndices: [Int(na.levelIndex), Int(nb.levelIndex)],
            points: [na.point, nb.point],
            radiusMeters: options.connectorSearchRadiusMeters)
        {
            connectorKind = k
        } else {
            unmatched += 1
        }
        let kind = NavEdgeKind.connector(connectorKind)
        return NavEdge(
            from: a, to: b, kind: kind, lengthMeters: length, fixedSeconds: options.defaultFixedSeconds(kind),
            isAccessible: Connector.defaultAccessible(connectorKind))
    }

    /// The level for nodes without one.
    private static func outdoorLevelIndex(_ venue: Venue, options: AuthoredGraphOptions, issues: inout [VenueIssue]) -> Int? {
        if let id = options.outdoorLevelID {
            if let i = VenueIndex.resolve(id, in: venue.index.levelIndex) { return i }
            issues.append(
                .error(SourceLocation(file: fileName, featureID: id), "outdoor level is not a level of the venue; using the ground level"))
        }
        return venue.levels.indices.min {
            (abs(venue.levels[$0].ordinal), venue.levels[$0].ordinal) < (abs(venue.levels[$1].ordinal), venue.levels[$1].ordinal)
        }
    }

    /// Node id → POI id from the association file (first association wins). Associations with POIs the
    /// venue does not have (attractions, outdoor amenities) are counted in one warning.
    private static func associations(folder: String, venue: Venue, issues: inout [VenueIssue]) throws(VenueError) -> [String: String] {
        let path = (folder as NSString).appendingPathComponent(associationFileName)
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let (file, found) = try GeoJSONReader.readFeatureCollection(path: path, name: associationFileName)
        issues += found
        var out: [String: String] = [:]
        var unknownTargets = 0
        for feature in file.features {
            guard let node = feature.properties["pathNode_id"]?.string, let target = feature.properties["associeted_id"]?.string else {
                issues.append(
                    .error(
                        SourceLocation(file: associationFileName, featureID: feature.label),
                        "needs string properties pathNode_id and associeted_id; skipped"))
                continue
            }
            guard let poi = VenueIndex.resolve(target, in: venue.index.poiIndex) else { unknownTargets += 1; continue }
            if out[node] == nil { out[node] = venue.pois[poi].id }
        }
        if unknownTargets > 0 {
            issues.append(
                .warning(
                    SourceLocation(file: associationFileName, field: "associeted_id"),
                    "\(unknownTargets) associations name features that are not POIs of the venue; ignored"))
        }
        return out
    }
}
