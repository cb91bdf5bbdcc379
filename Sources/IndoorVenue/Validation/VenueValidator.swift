import IndoorGeometry

/// Checks a loaded venue and lists every problem as `file: feature-id: problem`.
///
/// Besides the issues the loader recorded, it reports: ids used twice (`.error`, within a collection or
/// between levels, buildings, spaces, openings and connectors), connectors serving fewer than two known
/// levels (`.error`; a traversal with two or more entries on one level is a way across it and fine), levels without spaces (`.warning`), and POIs the graph cannot reach (`.warning`):
/// no graph node on the POI's level within ``Options/poiToGraphMaxDistanceMeters``, or its nearest node
/// outside the graph's largest connected component. Venue-level checks name a collection (`levels`,
/// `connectors`, `pois`, …) in place of a file.
public enum VenueValidator {
    /// Validation tunables.
    public struct Options: Hashable, Sendable {
        /// A POI farther than this from every graph node on its level is unreachable. Metres,
        /// default 15, valid range (0, 1000].
        public var poiToGraphMaxDistanceMeters: Double

        /// Validated options. - Precondition: `poiToGraphMaxDistanceMeters` in (0, 1000].
        public init(poiToGraphMaxDistanceMeters: Double = 15) {
            precondition(
                poiToGraphMaxDistanceMeters > 0 && poiToGraphMaxDistanceMeters <= 1000,
                "poiToGraphMaxDistanceMeters must be in (0, 1000]")
            self.poiToGraphMaxDistanceMeters = poiToGraphMaxDistanceMeters
        }
    }

    /// All issues of `venue`: the loader's first, then the checks above.
    /// - Complexity: O(features + graph + POIs × nodes on a POI's level)
    public static func validate(_ venue: Venue) -> [VenueIssue] { validate(venue, options: Options()) }

    /// All issues of `venue` with explicit tunables.
    public static func validate(_ venue: Venue, options: Options) -> [VenueIssue] {
        var issues = venue.issues
        duplicateIDs(venue, into: &issues)
        connectors(venue, into: &issues)
        levelsWithoutSpaces(venue, into: &issues)
        reachability(venue, options: options, into: &issues)
        return issues
    }

    private static func duplicateIDs(_ venue: Venue, into issues: inout [VenueIssue]) {
        let collections: [(name: String, ids: [String])] = [
            ("levels", venue.levels.map(\.id)), ("buildings", venue.buildings.map(\.id)), ("spaces", venue.spaces.map(\.id)),
            ("openings", venue.openings.map(\.id)), ("connectors", venue.connectors.map(\.id)), ("pois", venue.pois.map(\.id)),
        ]
        var owner: [String: String] = [:]
        for (name, ids) in collections {
            var seen: Set<String> = []
            for id in ids {
                if !seen.insert(id).inserted {
                    issues.append(.error(SourceLocation(file: name, featureID: id), "id is used by more than one feature"))
                    continue
                }
                // POIs made from named units share the unit's id by design.
                guard name != "pois" else { continue }
                if let other = owner[id] {
                    issues.append(.error(SourceLocation(file: name, featureID: id), "id is also used in \(other)"))
                } else {
                    owner[id] = name
                }
            }
        }
    }

    private static func connectors(_ venue: Venue, into issues: inout [VenueIssue]) {
        for connector in venue.connectors {
            let location = SourceLocation(file: "connectors", featureID: connector.id)
            let known = Set(connector.levelIDs.filter { venue.index.levelIndex[$0] != nil })
            for id in connector.levelIDs where venue.index.levelIndex[id] == nil {
                issues.append(.error(location, "serves unknown level '\(id)'"))
            }
            // A traversal (kind `connector`) between units of one level is a way across, not a level change.
            let sameLevelTraversal = connector.kind == .connector && known.count == 1 && connector.entries.count >= 2
            if known.count < 2, !sameLevelTraversal {
                issues.append(.error(location, "\(connector.kind.rawValue) serves \(known.count) level(s); a connector needs two"))
            }
        }
    }

    private static func levelsWithoutSpaces(_ venue: Venue, into issues: inout [VenueIssue]) {
        let used = Set(venue.spaces.map(\.levelID))
        for level in venue.levels where !used.contains(level.id) {
            issues.append(.warning(SourceLocation(file: "levels", featureID: level.id), "level has no spaces"))
        }
    }

    private static func reachability(_ venue: Venue, options: Options, into issues: inout [VenueIssue]) {
        guard !venue.pois.isEmpty else { return }
        let graph = venue.graph
        guard !graph.nodes.isEmpty else {
            issues.append(.warning(SourceLocation(file: "graph"), "the venue has no navigation graph; POI reachability not checked"))
            return
        }
        let (component, count) = graph.components()
        var sizes = [Int](repeating: 0, count: count)
        for c in component { sizes[Int(c)] += 1 }
        let largest = Int32(sizes.indices.max { sizes[$0] < sizes[$1] } ?? 0)
        var nodesOnLevel: [Int32: [Int]] = [:]
        for (i, n) in graph.nodes.enumerated() { nodesOnLevel[n.levelIndex, default: []].append(i) }
        let limit = options.poiToGraphMaxDistanceMeters
        for poi in venue.pois {
            let location = SourceLocation(file: "pois", featureID: poi.id)
            guard let level = venue.index.levelIndex[poi.levelID] else {
                issues.append(.error(location, "is on unknown level '\(poi.levelID)'"))
                continue
            }
            var best: (node: Int, distance: Double)?
            for i in nodesOnLevel[Int32(level)] ?? [] {
                let d = graph.nodes[i].point.distance(to: poi.position)
                if d < (best?.distance ?? .infinity) { best = (i, d) }
            }
            guard let best, best.distance <= limit else {
                issues.append(.warning(location, "unreachable: no graph node on its level within \(formatMeters(limit)) m"))
                continue
            }
            if component[best.node] != largest {
                issues.append(.warning(location, "unreachable: its nearest graph node is not connected to the main graph"))
            }
        }
    }

    private static func formatMeters(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
