import Foundation
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// `indoornav bench reach VENUE [--graph derived|authored|FILE|DIR] [--pairs N] [--seed S]
/// [--scope venue|building|level] [--check-joins] [--json]`: routes random pairs of units that have
/// openings and reports how many find a route, per level (of the pair's first unit) and venue-wide,
/// which units cannot be reached and why, and the time per route. With `--scope building` both units of
/// a pair are in the same building, with `--scope level` on the same level. `--check-joins` then routes
/// every pair of units the archive's openings and touching open units join on a level (``UnitJoins``,
/// found from the geometry) and lists the pairs the graph does not route.
enum ReachBench {
    static let spec = CommandSpec(
        path: ["bench", "reach"], summary: "share of random unit-to-unit routes found, the unreachable units and why",
        positionals: [SharedOptions.venue],
        options: [
            SharedOptions.graph.with(default: "derived"),
            .integer("--pairs", "N", "random unit pairs", in: 1...1_000_000, default: "1000", example: "--pairs 2000"),
            .integer("--seed", "S", "seed of the random pairs", in: 0...Int.max, default: "1", example: "--seed 7"),
            .value(
                "--scope", "venue|building|level", "pairs across the venue, within one building or on one level", default: "venue",
                example: "--scope level"),
            .flag(
                "--check-joins",
                "also route every pair of units that openings and touching open units join on a level (from the geometry) and list the pairs without a route"
            ),
            SharedOptions.json,
            ParallelJobs.option,
        ],
        examples: [
            "bench reach Recordings/venues/campus --pairs 2000", "bench reach Recordings/venues/campus --scope level --check-joins",
        ],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let path = try args.positional("venue path")
        let graph = try args.option("--graph") ?? "derived"
        let pairCount = try args.int("--pairs") ?? 1000
        let seed = try args.int("--seed") ?? 1
        let scopeText = try args.option("--scope") ?? "venue"
        guard let scope = UnitReachability.Scope(rawValue: scopeText) else {
            throw UsageError("--scope: expected venue, building or level, got '\(scopeText)'")
        }
        let checkJoins = args.flag("--check-joins")
        let json = args.flag("--json")
        let jobs = ParallelJobs.count(try args.int("--jobs"))
        try args.finish()

        let clock = ContinuousClock()
        let loadStart = clock.now
        let venue = try VenueLoader.load(path: path, options: VenueGraphChoice.options(graph))
        let loadSeconds = RouteBench.seconds(clock.now - loadStart)
        let index = RoutingIndex(venue: venue)
        let reach = UnitReachability(index: index, options: .defaults(scope: scope))
        let units = reach.units
        guard units.count >= 2 else { throw ToolFailure("\(path): fewer than two units have openings") }
        var rng = SplitMix64(seed: UInt64(seed))
        var byScope: [String: [Int]] = [:]
        func scopeKey(_ u: UnitReachability.Unit) -> String {
            switch scope {
            case .venue: ""
            case .building: u.buildingID ?? ""
            case .level: u.levelID
            }
        }
        for (i, u) in units.enumerated() { byScope[scopeKey(u), default: []].append(i) }
        var routable = 0
        var micros: [Double] = []
        var failures: [JSONValue] = []
        var pairs: [(Int, Int)] = []
        for _ in 0..<pairCount {
            let a = Int(rng.next() % UInt64(units.count))
            let pool = byScope[scopeKey(units[a])] ?? [a]
            pairs.append((a, pool[Int(rng.next() % UInt64(pool.count))]))
        }
        // The pairs are drawn first, then routed in `jobs` contiguous batches, each with its own router on
        // the shared index; the batches' results are merged in pair order.
        let batchSize = (pairs.count + jobs - 1) / max(1, jobs)
        let batches = stride(from: 0, to: pairs.count, by: max(1, batchSize)).map { Array(pairs[$0..<min(pairs.count, $0 + batchSize)]) }
        let routed = ParallelJobs.map(batches, jobs: jobs) { _, batch -> Result<[(micros: Double, notice: String?)], any Error> in
            Result {
                let router = IndoorRouter(index: index)
                return try batch.map { a, b in
                    let request = RouteRequest(from: .feature(id: units[a].id), to: .feature(id: units[b].id))
                    let t0 = clock.now
                    let response = try router.route(request)
                    let notice =
                        response.route != nil ? nil : response.notices.last.map { "\($0.code.rawValue): \($0.details ?? "")" } ?? ""
                    return (RouteBench.seconds(clock.now - t0) * 1e6, notice)
                }
            }
        }
        // Pairs and routed pairs per level of the pair's first unit, in the venue's level order.
        var perLevel = [(pairs: Int, routable: Int)](repeating: (0, 0), count: venue.levels.count)
        for (batch, result) in zip(batches, routed) {
            for ((a, b), outcome) in zip(batch, try result.get()) {
                micros.append(outcome.micros)
                let level = venue.index.levelIndex[units[a].levelID] ?? 0
                perLevel[level].pairs += 1
                if outcome.notice == nil { perLevel[level].routable += 1 }
                if let notice = outcome.notice {
                    if failures.count < 20 {
                        failures.append(["from": .string(units[a].id), "to": .string(units[b].id), "notice": .string(notice)])
                    }
                } else {
                    routable += 1
                }
            }
        }
        micros.sort()
        func pct(_ p: Double) -> Double { micros[min(micros.count - 1, Int(Double(micros.count - 1) * p))] }
        let fraction = Double(routable) / Double(pairCount)
        let unreachable = reach.unreachable
        func share(_ part: Int, of whole: Int) -> JSONValue {
            .finite(whole == 0 ? 1 : (Double(part) / Double(whole) * 10_000).rounded() / 10_000)
        }
        let levelRows: [JSONValue] = venue.levels.indices.compactMap { l in
            guard perLevel[l].pairs > 0 else { return nil }
            return [
                "level": .string(venue.levels[l].id), "pairs": .number(Double(perLevel[l].pairs)),
                "routable": .number(Double(perLevel[l].routable)), "routableFraction": share(perLevel[l].routable, of: perLevel[l].pairs),
            ]
        }
        let joinCheck = checkJoins ? try Self.checkJoins(index: index, jobs: jobs) : nil
        let summary: JSONValue = [
            "venue": .string(venue.id), "graph": .string(graph), "graphUsed": .string(VenueGraphChoice.describe(venue)),
            "scope": .string(scope.rawValue), "seed": .number(Double(seed)),
            "unitsWithOpenings": .number(Double(units.count)),
            "pairs": .number(Double(pairCount)), "routable": .number(Double(routable)),
            "routableFraction": .finite((fraction * 10_000).rounded() / 10_000),
            "unreachableUnits": .array(
                unreachable.map { u in
                    ["id": .string(u.id), "level": .string(u.levelID), "reason": .string(u.reason.map { "\($0)" } ?? "")] as JSONValue
                }),
            "failedPairs": .array(failures),
            "byLevel": .array(levelRows),
            "loadSeconds": .finite((loadSeconds * 1000).rounded() / 1000),
            "meanRouteMicroseconds": .finite(micros.isEmpty ? 0 : (micros.reduce(0, +) / Double(micros.count) * 10).rounded() / 10),
            "p50RouteMicroseconds": .finite((pct(0.5) * 10).rounded() / 10),
            "p99RouteMicroseconds": .finite((pct(0.99) * 10).rounded() / 10),
        ]
        var members = summary.object ?? [:]
        if let joinCheck { members["joinCheck"] = Self.json(joinCheck, venue: venue) }
        let result = JSONValue.object(members)
        if json {
            print(result.serialized(pretty: true))
        } else {
            print(
                "venue \(venue.id) (graph \(VenueGraphChoice.describe(venue)), scope \(scope.rawValue)): \(units.count) units with openings; load \(result["loadSeconds"]?.double ?? 0) s"
            )
            print(
                String(
                    format: "%d pairs, %d routable (%.2f %%); route mean %.0f µs, p50 %.0f µs, p99 %.0f µs",
                    pairCount, routable, fraction * 100, result["meanRouteMicroseconds"]?.double ?? 0, pct(0.5), pct(0.99)))
            print("\(unreachable.count) unreachable unit(s)")
            var byReason: [String: [String]] = [:]
            for u in unreachable { byReason[u.reason.map { "\($0)" } ?? "", default: []].append(u.id) }
            for (reason, ids) in byReason.sorted(by: { ($0.value.count, $1.key) > ($1.value.count, $0.key) }) {
                let shown = ids.prefix(5).joined(separator: ", ")
                print("  \(ids.count) × \(reason): \(shown)\(ids.count > 5 ? ", …" : "")")
            }
            print("per level (pairs from a unit on the level):")
            for row in levelRows {
                let fraction = String(format: "%.2f", (row["routableFraction"]?.double ?? 0) * 100)
                print(
                    "  \(row["level"]?.string ?? ""): \(row["pairs"]?.int ?? 0) pairs, \(row["routable"]?.int ?? 0) routable (\(fraction) %)"
                )
            }
            if let joinCheck { Self.printText(joinCheck, venue: venue) }
        }
        return 0
    }
}
