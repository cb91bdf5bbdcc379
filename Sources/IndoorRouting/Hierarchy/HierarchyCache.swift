import Foundation
import IndoorVenue

/// What a customization depends on: every ``CostModel`` setting that changes an edge's cost or
/// whether it may be used, and the travel kind of the single search phase. Closures are not part of
/// it: they are applied to the cached customization as an update (``HierarchyMetric/updated``).
struct MetricKey: Hashable, Sendable {
    var optimization: Optimization
    var travel: TravelKind
    var speedMetersPerSecond: Double
    var excludedConnectors: [ConnectorKind]
    var accessibleOnly: Bool
    var requiredTransitionTypeID: String?
    var universe: String?

    init(cost: CostModel, travel: TravelKind) {
        optimization = cost.optimization
        self.travel = travel
        speedMetersPerSecond =
            cost.optimization == .shortest
            ? 0
            : (travel == .walking ? cost.walkingSpeedMetersPerSecond : cost.vehicleSpeedMetersPerSecond)
        excludedConnectors = cost.excludedConnectors.sorted { $0.rawValue < $1.rawValue }
        accessibleOnly = cost.accessibleOnly
        requiredTransitionTypeID = cost.requiredTransitionTypeID
        universe = cost.hiddenEdges == nil ? nil : cost.universe
    }
}

/// The contraction hierarchy of one venue (built on first use) and its customizations per metric,
/// shared by every router over a ``RoutingIndex``.
///
/// `@unchecked Sendable`: all mutable state is touched under `lock`; hierarchies and metrics handed
/// out are immutable values.
public final class HierarchyCache: @unchecked Sendable {
    /// Tunables of the cache.
    public struct Options: Sendable, Hashable {
        /// Whether single-phase searches use the hierarchy (else always A*). Default true.
        public var enabled: Bool
        /// Most customizations kept (least recently used dropped). Default 8, range 1–64 (clamped when used).
        public var maximumMetrics: Int
        /// Hierarchy tunables.
        public var hierarchy: ContractionHierarchy.Options
        /// Options with the given switch, cache size and hierarchy options (checked by ``validate()``).
        public init(enabled: Bool = true, maximumMetrics: Int = 8, hierarchy: ContractionHierarchy.Options = .init()) {
            self.enabled = enabled; self.maximumMetrics = maximumMetrics; self.hierarchy = hierarchy
        }
        /// Throws `RoutingError.badRequest` naming the setting when a value is outside its range.
        public func validate() throws(RoutingError) {
            guard (1...64).contains(maximumMetrics) else {
                throw .badRequest(field: "HierarchyCache.maximumMetrics", reason: "\(maximumMetrics) is outside 1–64")
            }
            try hierarchy.validate()
        }
    }

    /// Timings of the work done so far (seconds), for benchmarks.
    public struct Timings: Sendable {
        /// Seconds spent building the hierarchy (order and chordal supergraph).
        public var buildSeconds: Double = 0
        /// Seconds of the latest customization.
        public var customizeSeconds: Double = 0
        /// Customizations made (one per metric, again after one was dropped from the cache).
        public var customizations = 0
        /// Seconds of the latest closure update of a cached customization.
        public var lastUpdateSeconds: Double = 0
        /// Closure updates made.
        public var updates = 0
    }

    private struct Entry {
        var metric: HierarchyMetric
        /// Closed edges applied to `metric`, sorted.
        var closedEdges: [Int32]
        var lastUse: UInt64
    }

    /// The cache's tunables.
    public let options: Options
    private let graph: NavigationGraph
    private let lock = NSLock()
    private var built: ContractionHierarchy?
    private var entries: [MetricKey: Entry] = [:]
    private var clock: UInt64 = 0
    private var timings = Timings()

    init(graph: NavigationGraph, options: Options) { self.graph = graph; self.options = options }

    /// Work done so far.
    public var currentTimings: Timings { lock.withLock { timings } }

    /// The hierarchy, built now when not yet built.
    public var hierarchy: ContractionHierarchy {
        lock.withLock { hierarchyLocked() }
    }

    private func hierarchyLocked() -> ContractionHierarchy {
        if let built { return built }
        let t0 = DispatchTime.now().uptimeNanoseconds
        let h = ContractionHierarchy(graph: graph, options: options.hierarchy)
        timings.buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        built = h
        return h
    }

    /// The customization for `cost` in one phase of kind `travel`, with `cost`'s closed edges applied.
    /// Customized on first use; a different closure set than last time is applied as an update.
    /// Whether the customization for `cost` and `travel` is cached with `cost`'s closures applied (a
    /// query under it would not wait for a build or an update).
    func hasMetric(cost: CostModel, travel: TravelKind) -> Bool {
        let key = MetricKey(cost: cost, travel: travel)
        return lock.withLock { built != nil && entries[key]?.closedEdges == cost.closedEdgeList }
    }

    func metric(cost: CostModel, travel: TravelKind) -> (ContractionHierarchy, HierarchyMetric) {
        let key = MetricKey(cost: cost, travel: travel)
        lock.lock()
        defer { lock.unlock() }
        let h = hierarchyLocked()
        clock += 1
        let closed = cost.closedEdgeList
        let graph = self.graph
        let costs: (Int) -> (forward: Double?, backward: Double?) = { k in
            let e = graph.edges[k]
            let c = cost.cost(ofEdge: k, e, travel: travel)
            return (c, e.isOneWay ? nil : c)
        }
        if var entry = entries[key] {
            entry.lastUse = clock
            if entry.closedEdges != closed {
                let changed = Array(Set(entry.closedEdges).symmetricDifference(closed))
                let t0 = DispatchTime.now().uptimeNanoseconds
                entry.metric = entry.metric.updated(hierarchy: h, graph: graph, changedEdges: changed, edgeCosts: costs)
                timings.lastUpdateSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
                timings.updates += 1
                entry.closedEdges = closed
            }
            entries[key] = entry
            return (h, entry.metric)
        }
        let t0 = DispatchTime.now().uptimeNanoseconds
        let metric = HierarchyMetric(hierarchy: h, graph: graph, edgeCosts: costs)
        timings.customizeSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        timings.customizations += 1
        if entries.count >= min(64, max(1, options.maximumMetrics)),
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        entries[key] = Entry(metric: metric, closedEdges: closed, lastUse: clock)
        return (h, metric)
    }

    /// Bytes held by the hierarchy and the cached customizations.
    public var memoryBytes: Int {
        lock.withLock { (built?.memoryBytes ?? 0) + entries.values.reduce(0) { $0 + $1.metric.memoryBytes } }
    }
}
