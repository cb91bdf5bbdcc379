import IndoorGeometry

/// The growing graph and issue list of one derivation run, with the venue grouped by level.
struct DerivationWork {
    let venue: Venue
    let options: GraphDerivationOptions
    var nodes: [NavNode] = []
    var edges: [NavEdge] = []
    var issues: [VenueIssue] = []
    /// Edge index by unordered node pair, so walkway edges found from two spaces are stored once.
    private var edgeOfPair: [UInt64: Int] = [:]
    /// Entry nodes of each connector with their level index.
    var connectorEntryNodes: [[(levelIndex: Int, node: Int32)]]
    /// Space indices, opening indices and POI indices per level.
    let spacesByLevel: [[Int]]
    let openingsByLevel: [[Int]]
    let poisByLevel: [[Int]]
    /// (connector index, entry index) per level.
    let entriesByLevel: [[(connector: Int, entry: Int)]]

    /// Source file name used in issue locations.
    static let issueFile = "derived-graph"

    init(venue: Venue, options: GraphDerivationOptions) {
        self.venue = venue
        self.options = options
        let levelCount = venue.levels.count
        func level(_ id: String) -> Int? { venue.index.levelIndex[id] }
        var spaces = [[Int]](repeating: [], count: levelCount)
        var openings = spaces, pois = spaces
        var entries = [[(connector: Int, entry: Int)]](repeating: [], count: levelCount)
        var problems: [VenueIssue] = []
        for (i, s) in venue.spaces.enumerated() { if let l = level(s.levelID) { spaces[l].append(i) } }
        for (i, o) in venue.openings.enumerated() {
            if let l = level(o.levelID) {
                openings[l].append(i)
            } else {
                problems.append(.warning(Self.location(o.id), "opening is on unknown level '\(o.levelID)'; left out of the graph"))
            }
        }
        for (i, p) in venue.pois.enumerated() {
            if let l = level(p.levelID) {
                pois[l].append(i)
            } else {
                problems.append(.warning(Self.location(p.id), "POI is on unknown level '\(p.levelID)'; left out of the graph"))
            }
        }
        for (c, connector) in venue.connectors.enumerated() {
            for (e, entry) in connector.entries.enumerated() {
                if let l = level(entry.levelID) {
                    entries[l].append((c, e))
                } else {
                    problems.append(
                        .warning(
                            Self.location(connector.id),
                            "connector entry is on unknown level '\(entry.levelID)'; left out of the graph"))
                }
            }
        }
        spacesByLevel = spaces; openingsByLevel = openings; poisByLevel = pois; entriesByLevel = entries
        connectorEntryNodes = Array(repeating: [], count: venue.connectors.count)
        issues = problems
    }

    static func location(_ featureID: String, field: String? = nil) -> SourceLocation {
        SourceLocation(file: issueFile, featureID: featureID, field: field)
    }

    mutating func warn(_ featureID: String, _ message: String) {
        issues.append(.warning(Self.location(featureID), message))
    }

    /// Adds a node and returns its index.
    mutating func addNode(_ point: LocalPoint, level: Int, kind: NavNode.Kind, featureID: String? = nil) -> Int32 {
        nodes.append(NavNode(point: point, levelIndex: Int32(level), kind: kind, featureID: featureID))
        return Int32(nodes.count - 1)
    }

    /// Adds a two-way edge on one level, merging with an existing edge between the same nodes (modes are
    /// united; the edge is accessible when either source says so). Returns whether a new edge was made.
    @discardableResult
    mutating func addLevelEdge(_ a: Int32, _ b: Int32, kind: NavEdgeKind, modes: TransportModes, isAccessible: Bool) -> Bool {
        guard a != b else { return false }
        let key = UInt64(UInt32(min(a, b))) << 32 | UInt64(UInt32(max(a, b)))
        if let existing = edgeOfPair[key] {
            edges[existing].modes.formUnion(modes)
            edges[existing].isAccessible = edges[existing].isAccessible || isAccessible
            return false
        }
        let length = nodes[Int(a)].point.distance(to: nodes[Int(b)].point)
        edgeOfPair[key] = edges.count
        edges.append(NavEdge(from: a, to: b, kind: kind, lengthMeters: length, modes: modes, isAccessible: isAccessible))
        return true
    }

    /// Adds an edge as given (connector edges; never merged).
    mutating func appendEdge(_ edge: NavEdge) { edges.append(edge) }

    /// Drops nodes that stand for no feature and ended up with no edge (unused corners and grid points),
    /// renumbering edges. - Complexity: O(V + E)
    mutating func compact() {
        var degree = [Int32](repeating: 0, count: nodes.count)
        for e in edges { degree[Int(e.from)] += 1; degree[Int(e.to)] += 1 }
        var newIndex = [Int32](repeating: -1, count: nodes.count)
        var kept: [NavNode] = []
        kept.reserveCapacity(nodes.count)
        for (i, n) in nodes.enumerated() where degree[i] > 0 || n.featureID != nil {
            newIndex[i] = Int32(kept.count)
            kept.append(n)
        }
        guard kept.count < nodes.count else { return }
        nodes = kept
        for i in edges.indices {
            edges[i].from = newIndex[Int(edges[i].from)]
            edges[i].to = newIndex[Int(edges[i].to)]
        }
        edgeOfPair = [:]
    }
}
