import IndoorGeometry

/// Transport modes an edge allows.
public struct TransportModes: OptionSet, Hashable, Sendable {
    /// The mode bits: 1 pedestrian, 2 vehicle.
    public let rawValue: UInt8
    /// A set from its bits (1 pedestrian, 2 vehicle).
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// People on foot (every walkway, door and connector unless restricted to vehicles).
    public static let pedestrian = TransportModes(rawValue: 1 << 0)
    /// Cars, taxis and scooters (parking levels, drive ramps, car lifts).
    public static let vehicle = TransportModes(rawValue: 1 << 1)
    /// Pedestrians and vehicles (parking aisles, drive ramps).
    public static let all: TransportModes = [.pedestrian, .vehicle]
}

/// A node of the navigation graph: a point on one level.
public struct NavNode: Hashable, Sendable {
    /// What a node stands for; routes turn door and connector nodes into maneuvers.
    public enum Kind: String, Hashable, Sendable {
        /// A free point of a walkable path (authored graph vertex, corridor corner).
        case waypoint
        /// The middle of an opening.
        case door
        /// A point of interest.
        case poi
        /// Where a connector is entered on a level.
        case connectorEntry
    }
    /// Position in the venue's local frame, metres.
    public var point: LocalPoint
    /// Index into ``Venue/levels``.
    public var levelIndex: Int32
    /// What the node stands for (a free waypoint by default).
    public var kind: Kind
    /// The feature the node stands for (authored node id, opening id, POI id, connector id), if any.
    public var featureID: String?

    /// A node at `point` on the level at `levelIndex` (index into ``Venue/levels``).
    public init(point: LocalPoint, levelIndex: Int32, kind: Kind = .waypoint, featureID: String? = nil) {
        self.point = point; self.levelIndex = levelIndex; self.kind = kind; self.featureID = featureID
    }
}

/// What an edge is.
public enum NavEdgeKind: Hashable, Sendable {
    /// Walking inside walkable space on one level.
    case walkway
    /// Passing through an opening.
    case door
    /// Changing level (or section) through a connector.
    case connector(ConnectorKind)

    /// The connector kind, for connector edges.
    public var connectorKind: ConnectorKind? { if case .connector(let k) = self { return k } else { return nil } }

    /// Name used in JSON and GeoJSON output.
    public var name: String {
        switch self {
        case .walkway: "walkway"
        case .door: "door"
        case .connector(let k): k.rawValue
        }
    }
}

/// An edge of the navigation graph. Edges are stored once; a two-way edge is traversable both ways.
public struct NavEdge: Hashable, Sendable {
    /// Index into ``NavigationGraph/nodes`` of the start node.
    public var from: Int32
    /// Index into ``NavigationGraph/nodes`` of the end node.
    public var to: Int32
    /// Walkway, door or connector (with its kind).
    public var kind: NavEdgeKind
    /// Geometric length in metres (3-D for connectors: horizontal run and height change).
    public var lengthMeters: Double
    /// Fixed time in seconds on top of travelling the length (elevator waiting, door opening).
    public var fixedSeconds: Double
    /// Who may use it: pedestrians, vehicles or both.
    public var modes: TransportModes
    /// Whether it may be traversed only from `from` to `to`.
    public var isOneWay: Bool
    /// Whether wheelchair users can use it (the `accessible` direction mode keeps to these).
    public var isAccessible: Bool
    /// Index into ``Venue/connectors`` for connector edges.
    public var connectorIndex: Int32?

    /// An edge between node indices; by default two-way, accessible, for pedestrians, with no fixed time.
    public init(
        from: Int32, to: Int32, kind: NavEdgeKind, lengthMeters: Double, fixedSeconds: Double = 0,
        modes: TransportModes = .pedestrian, isOneWay: Bool = false, isAccessible: Bool = true,
        connectorIndex: Int32? = nil
    ) {
        self.from = from; self.to = to; self.kind = kind; self.lengthMeters = lengthMeters
        self.fixedSeconds = fixedSeconds; self.modes = modes; self.isOneWay = isOneWay
        self.isAccessible = isAccessible; self.connectorIndex = connectorIndex
    }
}

/// The navigation graph of a venue, with compressed adjacency lists for fast search.
///
/// Immutable and `Sendable`: build it with ``NavigationGraph/Builder``.
public struct NavigationGraph: Sendable {
    /// Where the graph came from.
    public enum Source: String, Hashable, Sendable { case authored, derived }

    /// Every node; edges and arcs refer to them by index.
    public let nodes: [NavNode]
    /// Every edge, stored once (two-way edges yield two arcs).
    public let edges: [NavEdge]
    /// Whether the graph was authored with the venue or derived from its geometry.
    public let source: Source
    /// `adjacency[adjacencyStart[n] ..< adjacencyStart[n + 1]]` are the edges leaving node `n`.
    public let adjacencyStart: [Int32]
    /// Outgoing arcs: the edge index and the node it leads to.
    public let adjacency: [Arc]

    /// One traversable direction of an edge.
    public struct Arc: Hashable, Sendable {
        /// Index into ``NavigationGraph/edges``.
        public var edge: Int32
        /// Index into ``NavigationGraph/nodes`` of the node the arc leads to.
        public var target: Int32
        /// An arc along `edge` to `target`.
        public init(edge: Int32, target: Int32) { self.edge = edge; self.target = target }
    }

    /// A graph over `nodes` and `edges`; builds the adjacency arrays in O(V + E).
    public init(nodes: [NavNode], edges: [NavEdge], source: Source) {
        self.nodes = nodes
        self.edges = edges
        self.source = source
        var counts = [Int32](repeating: 0, count: nodes.count + 1)
        for e in edges {
            counts[Int(e.from) + 1] += 1
            if !e.isOneWay { counts[Int(e.to) + 1] += 1 }
        }
        for i in 0..<nodes.count { counts[i + 1] += counts[i] }
        var fill = counts
        var arcs = [Arc](repeating: Arc(edge: 0, target: 0), count: Int(counts[nodes.count]))
        for (k, e) in edges.enumerated() {
            arcs[Int(fill[Int(e.from)])] = Arc(edge: Int32(k), target: e.to)
            fill[Int(e.from)] += 1
            if !e.isOneWay {
                arcs[Int(fill[Int(e.to)])] = Arc(edge: Int32(k), target: e.from)
                fill[Int(e.to)] += 1
            }
        }
        self.adjacencyStart = counts
        self.adjacency = arcs
    }

    /// A derived graph with no nodes (a venue before derivation, or with nothing walkable).
    public static let empty = NavigationGraph(nodes: [], edges: [], source: .derived)

    /// Arcs leaving `node`. - Complexity: O(1)
    @inlinable
    public func arcs(from node: Int) -> ArraySlice<Arc> {
        adjacency[Int(adjacencyStart[node])..<Int(adjacencyStart[node + 1])]
    }

    /// Connected components, ignoring edge direction: the component id of every node and their count.
    /// - Complexity: O(V + E)
    public func components() -> (componentOfNode: [Int32], count: Int) {
        var parent = Array(0..<Int32(nodes.count))
        func find(_ x: Int32) -> Int32 {
            var r = x
            while parent[Int(r)] != r { r = parent[Int(r)] }
            var c = x
            while parent[Int(c)] != r { let n = parent[Int(c)]; parent[Int(c)] = r; c = n }
            return r
        }
        for e in edges {
            let a = find(e.from), b = find(e.to)
            if a != b { parent[Int(max(a, b))] = min(a, b) }
        }
        var ids = [Int32](repeating: -1, count: nodes.count)
        var count: Int32 = 0
        var rootID: [Int32: Int32] = [:]
        for n in 0..<nodes.count {
            let r = find(Int32(n))
            if let id = rootID[r] { ids[n] = id } else { rootID[r] = count; ids[n] = count; count += 1 }
        }
        return (ids, Int(count))
    }

    /// Accumulates nodes and edges, then freezes them into a ``NavigationGraph``.
    public struct Builder {
        /// The nodes added so far, in index order.
        public private(set) var nodes: [NavNode] = []
        /// The edges added so far, in index order.
        public private(set) var edges: [NavEdge] = []
        /// The ``NavigationGraph/source`` the built graph gets.
        public var source: Source

        /// An empty builder for a graph from `source`.
        public init(source: Source) { self.source = source }

        /// Adds a node and returns its index.
        @discardableResult
        public mutating func addNode(_ node: NavNode) -> Int32 {
            nodes.append(node)
            return Int32(nodes.count - 1)
        }

        /// Adds an edge between existing nodes and returns its index.
        @discardableResult
        public mutating func addEdge(_ edge: NavEdge) -> Int32 {
            precondition(Int(edge.from) < nodes.count && Int(edge.to) < nodes.count, "edge endpoints must exist")
            edges.append(edge)
            return Int32(edges.count - 1)
        }

        /// Reserves room for `n` nodes and `e` edges (a hint; adding more still works).
        public mutating func reserve(nodes n: Int, edges e: Int) {
            nodes.reserveCapacity(n)
            edges.reserveCapacity(e)
        }

        /// The graph of the nodes and edges added so far (the builder can go on).
        public func build() -> NavigationGraph { NavigationGraph(nodes: nodes, edges: edges, source: source) }
    }
}
