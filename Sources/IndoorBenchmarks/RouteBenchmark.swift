import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// Routing speed over random origin and destination nodes (mostly across levels): p50/p99 per full
/// route and per bare search (`queryOnly…`), queries per second, the contraction hierarchy's build,
/// customization and one-closure re-customization times, and the build of the route assembly lookups
/// (`assemblyLookupSeconds`).
public enum RouteBenchmark {
    /// The figures.
    public struct Result {
        /// The figures as JSON (`bench route --json`).
        public var json: JSONValue
        /// The figures as three text lines.
        public var text: [String]
        /// With `keepsQueries`, one line per query: origin node, destination node, full route
        /// length, bare search cost (m or s); `inf` where none was found.
        public var queriesText: String?
    }

    /// Routes `queries` random node pairs drawn with `seed` (with `landmarks` ALT landmarks or the index's
    /// default, with the contraction hierarchy or A* alone, asking for `alternatives` routes);
    /// `loadSeconds` is reported as given, and `progress` is told how many are done.
    public static func measure(
        venue: Venue, loadSeconds: Double, queries: Int, seed: UInt64, landmarks: Int?, optimization: Optimization,
        usesHierarchy: Bool, alternatives: Int?, keepsQueries: Bool,
        progress: (Int) -> Void = { _ in }
    ) throws -> Result {
        let nodes = venue.graph.nodes
        guard nodes.count >= 2 else { throw BenchmarkError.tooFewNodes(venue: venue.id) }
        let options = RoutingIndex.Options(landmarkCount: landmarks, hierarchy: .init(enabled: usesHierarchy))
        let (preprocessSeconds, index) = BenchmarkClock.timed { () -> RoutingIndex in
            let index = RoutingIndex(venue: venue, options: options)
            // Landmarks are built on first A* use; without the hierarchy every query is A*, so build them here.
            if !usesHierarchy { _ = index.landmarks }
            return index
        }
        let landmarks = options.resolvedLandmarkCount(levelCount: venue.levels.count)
        let router = IndoorRouter(index: index)
        // The hierarchy (built once per graph) and this benchmark's metric (customized once), timed apart.
        let cost = try router.costModel(optimization: optimization)
        let (hierarchySeconds, hierarchy) = BenchmarkClock.timed { index.hierarchyCache?.hierarchy }
        let customizeSeconds = BenchmarkClock.timed { index.hierarchyCache?.prepare(cost) }.seconds
        // The route assembly lookups (built once per graph), timed apart too.
        let assemblySeconds = BenchmarkClock.timed { index.prepareAssembly() }.seconds

        var rng = SplitMix64(seed: seed)
        let pairs = (0..<queries).map { _ in (Int(rng.next() % UInt64(nodes.count)), Int(rng.next() % UInt64(nodes.count))) }
        var micros: [Double] = []
        micros.reserveCapacity(queries)
        var found = 0
        var alternativesFound = 0
        var totalLength = 0.0
        var fullLengths: [String] = []
        let wall = try BenchmarkClock.timed { () throws in
            for (done, (a, b)) in pairs.enumerated() {
                progress(done)
                let na = nodes[a], nb = nodes[b]
                var request = RouteRequest(
                    from: .local(na.point, level: venue.levels[Int(na.levelIndex)].id),
                    to: .local(nb.point, level: venue.levels[Int(nb.levelIndex)].id))
                request.options.optimization = optimization
                request.options.alternatives = alternatives
                let (seconds, response) = try BenchmarkClock.timed { () throws in try router.route(request) }
                micros.append(seconds * 1e6)
                alternativesFound += response.alternatives?.count ?? 0
                if let r = response.route {
                    found += 1
                    totalLength += r.lengthMeters
                    if keepsQueries { fullLengths.append("\(r.lengthMeters)") }
                } else if keepsQueries {
                    fullLengths.append("inf")
                }
            }
        }.seconds
        // The bare search between the same nodes (with path unpacking), no matching or assembly.
        var bare: [Double] = []
        bare.reserveCapacity(queries)
        var out = ""
        for (k, (a, b)) in pairs.enumerated() {
            let (seconds, found) = BenchmarkClock.timed { router.nodeQuery(from: Int32(a), to: Int32(b), cost: cost) }
            bare.append(seconds * 1e6)
            if keepsQueries { out += "n\(a) n\(b) \(fullLengths[k]) \(found.map { "\($0.cost)" } ?? "inf")\n" }
        }
        bare.sort()
        micros.sort()
        // Re-customization after closing one edge (seeded), then reopening it.
        var recustomizeMilliseconds: Double?
        if let cache = index.hierarchyCache, !venue.graph.edges.isEmpty {
            let edge = Int(rng.next() % UInt64(venue.graph.edges.count))
            let closedCost = try router.costModel(optimization: optimization, closedFeatureIDs: ["edge:\(edge)"])
            recustomizeMilliseconds = BenchmarkClock.timed { cache.prepare(closedCost) }.seconds * 1e3
            cache.prepare(cost)
        }
        func pct(_ p: Double, _ v: [Double]) -> Double { v[min(v.count - 1, Int(Double(v.count - 1) * p))] }
        func rounded(_ x: Double, _ digits: Double = 10) -> JSONValue { .finite((x * digits).rounded() / digits) }
        let graphBytes =
            venue.graph.nodes.count * (MemoryLayout<NavNode>.stride + 4) + venue.graph.edges.count * MemoryLayout<NavEdge>.stride
            + venue.graph.adjacency.count * MemoryLayout<NavigationGraph.Arc>.stride
        var fields: [String: JSONValue] = [
            "venue": .string(venue.id),
            "nodes": .number(Double(nodes.count)), "edges": .number(Double(venue.graph.edges.count)),
            "queries": .number(Double(queries)), "routesFound": .number(Double(found)),
            "p50Microseconds": rounded(pct(0.5, micros)), "p99Microseconds": rounded(pct(0.99, micros)),
            "queriesPerSecond": .finite((Double(queries) / wall).rounded()),
            "preprocessSeconds": rounded(preprocessSeconds, 1000), "loadSeconds": rounded(loadSeconds, 1000),
            "landmarks": .number(Double(landmarks)), "optimization": .string(optimization.rawValue),
            "meanSettledStates": .finite((Double(router.settledStatesTotal) / Double(max(1, queries))).rounded()),
            "meanRouteLengthMeters": .finite(found > 0 ? (totalLength / Double(found)).rounded() : 0),
            "queryOnlyP50Microseconds": rounded(pct(0.5, bare)), "queryOnlyP99Microseconds": rounded(pct(0.99, bare)),
            "hierarchy": .bool(hierarchy != nil),
            "hierarchySeconds": rounded(hierarchySeconds, 1000), "customizeSeconds": rounded(customizeSeconds, 1000),
            "assemblyLookupSeconds": rounded(assemblySeconds, 1000),
            "graphBytes": .number(Double(graphBytes)),
        ]
        if let alternatives = alternatives {
            fields["alternativesAsked"] = .number(Double(alternatives))
            fields["alternativesFound"] = .number(Double(alternativesFound))
        }
        if let hierarchy, let cache = index.hierarchyCache {
            fields["hierarchyArcs"] = .number(Double(hierarchy.arcCount))
            fields["eliminationTreeHeight"] = .number(Double(hierarchy.eliminationTreeHeight))
            fields["hierarchyBytes"] = .number(Double(cache.memoryBytes))
        }
        if let recustomizeMilliseconds { fields["recustomizeOneClosureMilliseconds"] = rounded(recustomizeMilliseconds, 1000) }
        func figure(_ name: String) -> Double { fields[name]?.double ?? 0 }
        let text = [
            "venue \(venue.id): \(nodes.count) nodes, \(venue.graph.edges.count) edges; load \(figure("loadSeconds")) s, "
                + "preprocess \(figure("preprocessSeconds")) s (\(landmarks) landmarks)",
            "\(queries) queries (\(found) routed): p50 \(figure("p50Microseconds")) µs, p99 \(figure("p99Microseconds")) µs, "
                + "\(figure("queriesPerSecond")) queries/s",
            "bare query: p50 \(figure("queryOnlyP50Microseconds")) µs, p99 \(figure("queryOnlyP99Microseconds")) µs; "
                + "hierarchy \(figure("hierarchySeconds")) s, customization \(figure("customizeSeconds")) s, "
                + "one closure \(figure("recustomizeOneClosureMilliseconds")) ms",
        ]
        return Result(json: .object(fields), text: text, queriesText: keepsQueries ? out : nil)
    }
}
