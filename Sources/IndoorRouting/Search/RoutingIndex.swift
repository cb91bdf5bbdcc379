import Foundation
import IndoorGeometry
import IndoorVenue

/// Per-venue routing preprocessing, built once and shared (immutable, `Sendable`).
public struct RoutingIndex: Sendable {
    /// The venue whose graph is indexed.
    public let venue: Venue
    /// ALT landmarks for the A* searches, or `nil` when disabled. Built on first use (by the first A*
    /// search: two-phase vehicle routes, or every search when the hierarchy is disabled), so an index
    /// whose searches all run on the contraction hierarchy never holds them (64 landmarks on 221,000
    /// nodes are 113 MB).
    package var landmarks: Landmarks? { landmarkStore.landmarks }
    private let landmarkStore: LandmarkStore
    /// Whether every edge is at least as long as the horizontal distance between its ends, so the
    /// straight-line distance is an admissible heuristic too.
    public let euclideanIsAdmissible: Bool
    /// Node coordinates as flat arrays (east, north metres) for the heuristic's inner loop.
    let nodeX: [Double]
    let nodeY: [Double]
    /// Graph nodes standing for a POI, by POI id, for matching POI places without a scan.
    let nodesByFeatureID: [String: [Int32]]
    /// Per universe id: `hidden[e]` is true when edge `e` runs through a space the universe hides
    /// (``Universe``: a space listing universes is seen only in those), judged by the smallest space
    /// holding the edge's middle.
    let hiddenEdgesByUniverse: [String: [Bool]]
    /// Every connector's authored transition type, by connector index, for the routes' cost models.
    let connectorTransitionTypes: [String?]
    /// The contraction hierarchy and its customizations (built on first use), or `nil` when disabled.
    public let hierarchyCache: HierarchyCache?
    /// Closure ids resolved to edges so far (``closedEdges(for:)``).
    let closureResolver = ClosureResolver()
    /// Buildings and spaces along the graph for route assembly, built on first use.
    private let assemblyStore: AssemblyLookupStore
    /// The assembly lookups (``AssemblyLookups``), built now when not yet built.
    var assemblyLookups: AssemblyLookups { assemblyStore.lookups }

    /// Tunables of the preprocessing.
    public struct Options: Sendable {
        /// Number of ALT landmarks (0 disables them), or `nil` for automatic: twice the number of
        /// levels, at least 16 and at most 64 — cross-level bounds need landmarks spread over the
        /// levels. Each costs 8 bytes × nodes and two shortest-path trees of preprocessing; each query
        /// uses the 4 that bound its endpoints best. Range 0–64.
        public var landmarkCount: Int?
        /// The contraction hierarchy used for single-phase searches (``HierarchyCache/Options``).
        public var hierarchy: HierarchyCache.Options
        /// Options with `landmarkCount` (clamped into 0–64; `nil` = automatic) and the hierarchy's options.
        public init(landmarkCount: Int? = nil, hierarchy: HierarchyCache.Options = .init()) {
            self.landmarkCount = landmarkCount.map { max(0, min(64, $0)) }
            self.hierarchy = hierarchy
        }

        /// The landmark count for a venue.
        public func resolvedLandmarkCount(levelCount: Int) -> Int {
            landmarkCount ?? max(16, min(64, 2 * levelCount))
        }
    }

    /// Indexes `venue`'s graph: adjacency, landmarks (``Options/resolvedLandmarkCount(levelCount:)``). - Complexity: O(landmarks · (E + V) log V).
    public init(venue: Venue, options: Options = Options()) {
        self.venue = venue
        let graph = venue.graph
        let landmarkCount = options.resolvedLandmarkCount(levelCount: venue.levels.count)
        landmarkStore = LandmarkStore(graph: graph, count: graph.nodes.isEmpty ? 0 : landmarkCount)
        var admissible = true
        for e in graph.edges {
            let a = graph.nodes[Int(e.from)].point, b = graph.nodes[Int(e.to)].point
            if e.lengthMeters < a.distance(to: b) * (1 - 1e-9) - 1e-6 { admissible = false; break }
        }
        euclideanIsAdmissible = admissible
        var byFeature: [String: [Int32]] = [:]
        let poiIDs = Set(venue.pois.map(\.id))
        for (i, node) in graph.nodes.enumerated() {
            if let id = node.featureID, poiIDs.contains(id) { byFeature[id, default: []].append(Int32(i)) }
        }
        nodesByFeatureID = byFeature
        nodeX = graph.nodes.map(\.point.x)
        nodeY = graph.nodes.map(\.point.y)
        hiddenEdgesByUniverse = Self.hiddenEdges(venue: venue)
        connectorTransitionTypes = venue.connectors.map(\.transitionTypeID)
        hierarchyCache = options.hierarchy.enabled && !graph.nodes.isEmpty ? HierarchyCache(graph: graph, options: options.hierarchy) : nil
        assemblyStore = AssemblyLookupStore(venue: venue)
    }

    /// Builds the route assembly lookups (the building and space along every graph edge and at every
    /// node: about 0.3 s and 4.4 MB on 221,000 nodes) now instead of on the first route.
    public func prepareAssembly() { _ = assemblyStore.lookups }

    /// Builds now what the first route request with default options would build on its way: the route
    /// assembly lookups, and the contraction hierarchy with its customization for `optimization` under
    /// the default direction mode on foot. Meant for a background thread when a venue is loaded; routes
    /// served meanwhile wait for the build in progress instead of starting their own.
    public func prepareDefaultRoutes(optimization: Optimization = .fastest) {
        prepareAssembly()
        hierarchyCache?.prepare(defaultCostModel(optimization: optimization))
    }

    /// Whether ``prepareDefaultRoutes(optimization:)`` has nothing left to do.
    public func isPreparedForDefaultRoutes(optimization: Optimization = .fastest) -> Bool {
        guard assemblyStore.isBuilt else { return false }
        guard let hierarchyCache else { return true }
        return hierarchyCache.hasMetric(cost: defaultCostModel(optimization: optimization), travel: .walking)
    }

    /// The cost model of a request with default options (default direction mode, on foot, nothing avoided).
    private func defaultCostModel(optimization: Optimization) -> CostModel {
        let mode = DirectionMode.builtIn["default"] ?? DirectionMode(name: "default")
        return CostModel(
            optimization: optimization, walkingSpeedMetersPerSecond: mode.walkingSpeedMetersPerSecond,
            vehicleSpeedMetersPerSecond: RouteOptions.defaultVehicleSpeedMetersPerSecond,
            excludedConnectors: mode.excludedConnectors, accessibleOnly: mode.accessibleOnly, venue: venue)
    }

    /// Edges through hidden spaces, per universe; only universes that hide some space get an entry.
    /// - Complexity: O(universes × E) spatial queries, for venues whose spaces carry universes.
    private static func hiddenEdges(venue: Venue) -> [String: [Bool]] {
        let graph = venue.graph
        guard venue.spaces.contains(where: { !$0.universes.isEmpty }) else { return [:] }
        // The smallest space holding each same-level edge's middle.
        let spaceOfEdge: [Int?] = graph.edges.map { e in
            let a = graph.nodes[Int(e.from)], b = graph.nodes[Int(e.to)]
            guard a.levelIndex == b.levelIndex else { return nil }
            let mid = LocalPoint(x: (a.point.x + b.point.x) / 2, y: (a.point.y + b.point.y) / 2)
            return venue.spatialIndex.spaces(containing: mid, levelIndex: Int(a.levelIndex)).first
        }
        var out: [String: [Bool]] = [:]
        for universe in venue.universes {
            let hides = venue.spaces.map { !$0.universes.isEmpty && !$0.universes.contains(universe.id) }
            guard hides.contains(true) else { continue }
            out[universe.id] = spaceOfEdge.map { $0.map { hides[$0] } ?? false }
        }
        return out
    }
}

/// Landmarks computed on first use and then shared.
///
/// `@unchecked Sendable`: the landmarks are built and read under `lock`; once built they are immutable.
final class LandmarkStore: @unchecked Sendable {
    private let lock = NSLock()
    private let graph: NavigationGraph
    private let count: Int
    private var built: Landmarks??

    init(graph: NavigationGraph, count: Int) { self.graph = graph; self.count = count }

    /// The landmarks (`nil` for a count of 0), built now when not yet built.
    /// - Complexity: the first call runs 2 × count Dijkstra searches over the graph; later ones O(1).
    var landmarks: Landmarks? {
        lock.withLock {
            if let built { return built }
            let made = count > 0 ? Landmarks(graph: graph, count: count) : nil
            built = .some(made)
            return made
        }
    }
}
