import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// `indoornav bench route VENUE --queries N --seed S [--graph …] [--optimize shortest|fastest] [--landmarks K]
/// [--queries-out FILE] [--no-hierarchy] [--json]`: p50/p99 per full route and per bare search
/// (`queryOnly…`) and queries per second over random origin and destination nodes (mostly across
/// levels), the contraction hierarchy's build, customization and one-closure re-customization times, and
/// the build of the route assembly lookups (`assemblyLookupSeconds`).
enum RouteBench {
    static let spec = CommandSpec(
        path: ["bench", "route"], summary: "routing speed: p50/p99 per query and queries per second over random node pairs",
        positionals: [SharedOptions.venue],
        options: [
            .integer("--queries", "N", "random queries", in: 1...10_000_000, default: "1000", example: "--queries 5000"),
            .integer("--seed", "S", "seed of the random pairs", in: 0...Int.max, default: "1", example: "--seed 7"),
            .integer("--landmarks", "K", "ALT landmarks", in: 0...64, default: "2 per level, 16 to 64", example: "--landmarks 16"),
            .value("--optimize", "shortest|fastest", "what the routes minimise", default: "shortest", example: "--optimize fastest"),
            .flag("--no-hierarchy", "route every query with A* instead of the contraction hierarchy"),
            .integer(
                "--alternatives", "N", "ask every full route for up to N routes (alternatives included)", in: 1...5,
                example: "--alternatives 3"),
            .value("--queries-out", "FILE", "write the queries (for Tools/bench/route_peers.py)", example: "--queries-out q.json"),
            SharedOptions.json,
            SharedOptions.graph,
        ],
        examples: ["bench route Recordings/venues/campus --queries 1000"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let queries = try args.int("--queries") ?? 1000
        let seed = try args.int("--seed") ?? 1
        let landmarksOption = try args.int("--landmarks")
        let optimizeText = try args.option("--optimize") ?? "shortest"
        guard let optimization = Optimization(rawValue: optimizeText) else { throw UsageError("--optimize: expected fastest or shortest") }
        let queriesOut = try args.option("--queries-out")
        let json = args.flag("--json")
        let graph = try args.option("--graph")
        let noHierarchy = args.flag("--no-hierarchy")
        let alternatives = try args.int("--alternatives")
        try args.finish()
        if let queriesOut { try OutputFile.refuseOverwritingInput(queriesOut, inputs: [path], folders: [path]) }

        let clock = ContinuousClock()
        let loadStart = clock.now
        let venue = try VenueGraphChoice.load(path, graph: graph)
        let loadSeconds = seconds(clock.now - loadStart)
        let nodes = venue.graph.nodes
        guard nodes.count >= 2 else { throw ToolFailure("\(path): the navigation graph has fewer than two nodes") }
        let preStart = clock.now
        let options = RoutingIndex.Options(landmarkCount: landmarksOption, hierarchy: .init(enabled: !noHierarchy))
        let landmarks = options.resolvedLandmarkCount(levelCount: venue.levels.count)
        let index = RoutingIndex(venue: venue, options: options)
        // Landmarks are built on first A* use; without the hierarchy every query is A*, so build them here.
        if noHierarchy { _ = index.landmarks }
        let preprocessSeconds = seconds(clock.now - preStart)
        let router = IndoorRouter(index: index)
        // The hierarchy (built once per graph) and this benchmark's metric (customized once), timed apart.
        let cost = try router.costModel(optimization: optimization)
        let hierarchyStart = clock.now
        let hierarchy = index.hierarchyCache?.hierarchy
        let hierarchySeconds = seconds(clock.now - hierarchyStart)
        let customizeStart = clock.now
        index.hierarchyCache?.prepare(cost)
        let customizeSeconds = seconds(clock.now - customizeStart)
        // The route assembly lookups (built once per graph), timed apart too.
        let assemblyStart = clock.now
        index.prepareAssembly()
        let assemblySeconds = seconds(clock.now - assemblyStart)

        var rng = SplitMix64(seed: UInt64(seed))
        var pairs: [(Int, Int)] = []
        for _ in 0..<queries {
            pairs.append((Int(rng.next() % UInt64(nodes.count)), Int(rng.next() % UInt64(nodes.count))))
        }
        var micros: [Double] = []
        micros.reserveCapacity(queries)
        var found = 0
        var alternativesFound = 0
        var totalLength = 0.0
        var fullLengths: [String] = []
        let allStart = clock.now
        var progress = ProgressLine("bench route", total: pairs.count)
        defer { progress.finish() }
        for (index, (a, b)) in pairs.enumerated() {
            progress.update(index)
            let na = nodes[a], nb = nodes[b]
            var request = RouteRequest(
                from: .local(na.point, level: venue.levels[Int(na.levelIndex)].id),
                to: .local(nb.point, level: venue.levels[Int(nb.levelIndex)].id))
            request.options.optimization = optimization
            request.options.alternatives = alternatives
            let t0 = clock.now
            let response = try router.route(request)
            micros.append(seconds(clock.now - t0) * 1e6)
            alternativesFound += response.alternatives?.count ?? 0
            if let r = response.route {
                found += 1
                totalLength += r.lengthMeters
                if queriesOut != nil { fullLengths.append("\(r.lengthMeters)") }
            } else if queriesOut != nil {
                fullLengths.append("inf")
            }
        }
        let wall = seconds(clock.now - allStart)
        // The bare search between the same nodes (with path unpacking), no matching or assembly.
        var bare: [Double] = []
        bare.reserveCapacity(queries)
        var out = ""
        for (k, (a, b)) in pairs.enumerated() {
            let t0 = clock.now
            let found = router.nodeQuery(from: Int32(a), to: Int32(b), cost: cost)
            bare.append(seconds(clock.now - t0) * 1e6)
            // Lines: origin node, destination node, full route length, bare search cost (m or s).
            if queriesOut != nil { out += "n\(a) n\(b) \(fullLengths[k]) \(found.map { "\($0.cost)" } ?? "inf")\n" }
        }
        bare.sort()
        if let queriesOut { try emit(out, to: queriesOut) }
        // Re-customization after closing one edge (seeded), then reopening it.
        var recustomizeMilliseconds: Double?
        if let cache = index.hierarchyCache, !venue.graph.edges.isEmpty {
            let edge = Int(rng.next() % UInt64(venue.graph.edges.count))
            let closedCost = try router.costModel(optimization: optimization, closedFeatureIDs: ["edge:\(edge)"])
            let t0 = clock.now
            cache.prepare(closedCost)
            recustomizeMilliseconds = seconds(clock.now - t0) * 1e3
            cache.prepare(cost)
        }
        micros.sort()
        func pct(_ p: Double, _ values: [Double]? = nil) -> Double {
            let v = values ?? micros
            return v[min(v.count - 1, Int(Double(v.count - 1) * p))]
        }
        func rounded(_ x: Double, _ digits: Double = 10) -> JSONValue { .finite((x * digits).rounded() / digits) }
        let graphBytes =
            venue.graph.nodes.count * (MemoryLayout<NavNode>.stride + 4) + venue.graph.edges.count * MemoryLayout<NavEdge>.stride
            + venue.graph.adjacency.count * MemoryLayout<NavigationGraph.Arc>.stride
        var fields: [String: JSONValue] = [
            "venue": .string(venue.id),
            "nodes": .number(Double(nodes.count)), "edges": .number(Double(venue.graph.edges.count)),
            "queries": .number(Double(queries)), "routesFound": .number(Double(found)),
            "p50Microseconds": .finite((pct(0.5) * 10).rounded() / 10), "p99Microseconds": .finite((pct(0.99) * 10).rounded() / 10),
            "queriesPerSecond": .finite((Double(queries) / wall).rounded()),
            "preprocessSeconds": .finite((preprocessSeconds * 1000).rounded() / 1000),
            "loadSeconds": .finite((loadSeconds * 1000).rounded() / 1000),
            "landmarks": .number(Double(landmarks)), "optimization": .string(optimization.rawValue),
            "meanSettledStates": .finite((Double(router.settledStatesTotal) / Double(max(1, queries))).rounded()),
            "meanRouteLengthMeters": .finite(found > 0 ? (totalLength / Double(found)).rounded() : 0),
            "queryOnlyP50Microseconds": rounded(pct(0.5, bare)), "queryOnlyP99Microseconds": rounded(pct(0.99, bare)),
            "hierarchy": .bool(hierarchy != nil),
            "hierarchySeconds": rounded(hierarchySeconds, 1000), "customizeSeconds": rounded(customizeSeconds, 1000),
            "assemblyLookupSeconds": rounded(assemblySeconds, 1000),
            "graphBytes": .number(Double(graphBytes)),
        ]
        if let alternatives {
            fields["alternativesAsked"] = .number(Double(alternatives))
            fields["alternativesFound"] = .number(Double(alternativesFound))
        }
        if let hierarchy, let cache = index.hierarchyCache {
            fields["hierarchyArcs"] = .number(Double(hierarchy.arcCount))
            fields["eliminationTreeHeight"] = .number(Double(hierarchy.eliminationTreeHeight))
            fields["hierarchyBytes"] = .number(Double(cache.memoryBytes))
        }
        if let recustomizeMilliseconds { fields["recustomizeOneClosureMilliseconds"] = rounded(recustomizeMilliseconds, 1000) }
        let result = JSONValue.object(fields)
        if json {
            print(result.serialized(pretty: true))
        } else {
            print(
                "venue \(venue.id): \(nodes.count) nodes, \(venue.graph.edges.count) edges; load \(result["loadSeconds"]?.double ?? 0) s, preprocess \(result["preprocessSeconds"]?.double ?? 0) s (\(landmarks) landmarks)"
            )
            print(
                "\(queries) queries (\(found) routed): p50 \(result["p50Microseconds"]?.double ?? 0) µs, p99 \(result["p99Microseconds"]?.double ?? 0) µs, \(result["queriesPerSecond"]?.double ?? 0) queries/s"
            )
            print(
                "bare query: p50 \(result["queryOnlyP50Microseconds"]?.double ?? 0) µs, p99 \(result["queryOnlyP99Microseconds"]?.double ?? 0) µs; hierarchy \(result["hierarchySeconds"]?.double ?? 0) s, customization \(result["customizeSeconds"]?.double ?? 0) s, one closure \(result["recustomizeOneClosureMilliseconds"]?.double ?? 0) ms"
            )
        }
        return 0
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
