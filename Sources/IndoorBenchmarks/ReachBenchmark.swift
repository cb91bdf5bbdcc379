import Foundation
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// Random pairs of units that have openings, routed: how many find a route, per level (of the pair's
/// first unit) and venue-wide, which units cannot be reached and why, and the time per route. With
/// scope `building` both units of a pair are in the same building, with `level` on the same level.
/// With `checksJoins` every pair of units the archive's openings and touching open units join
/// on a level (``UnitJoins``, found from the geometry) is routed too, and the pairs the graph does not
/// route are listed (``ReachBenchmark/checkJoins(index:jobs:)``).
public enum ReachBenchmark {
    /// The figures.
    public struct Result {
        /// The figures as JSON (`bench reach --json`).
        public var json: JSONValue
        /// The figures as text lines.
        public var text: [String]
    }

    /// Draws `pairs` random pairs with `seed` first (`graph` is reported as asked, `graphUsed` as loaded,
    /// with the `loadSeconds` loading took), then routes them in `jobs` contiguous batches, each with its own router on
    /// the shared index; the batches' results are merged in pair order.
    public static func measure(
        venue: Venue, graph: String, graphUsed: String, loadSeconds: Double, pairs pairCount: Int, seed: UInt64,
        scope: UnitReachability.Scope, checksJoins: Bool, jobs requestedJobs: Int
    ) throws -> Result {
        let jobs = max(1, requestedJobs)
        let index = RoutingIndex(venue: venue)
        let reach = UnitReachability(index: index, options: .defaults(scope: scope))
        let units = reach.units
        guard units.count >= 2 else { throw BenchmarkError.tooFewUnits(venue: venue.id) }
        var rng = SplitMix64(seed: seed)
        func scopeKey(_ u: UnitReachability.Unit) -> String {
            switch scope {
            case .venue: ""
            case .building: u.buildingID ?? ""
            case .level: u.levelID
            }
        }
        var byScope: [String: [Int]] = [:]
        for (i, u) in units.enumerated() { byScope[scopeKey(u), default: []].append(i) }
        let pairs = (0..<pairCount).map { _ -> (Int, Int) in
            let a = Int(rng.next() % UInt64(units.count))
            let pool = byScope[scopeKey(units[a])] ?? [a]
            return (a, pool[Int(rng.next() % UInt64(pool.count))])
        }
        let batchSize = max(1, (pairs.count + jobs - 1) / jobs)
        let batches = stride(from: 0, to: pairs.count, by: batchSize).map { Array(pairs[$0..<min(pairs.count, $0 + batchSize)]) }
        let routed = ParallelJobs.map(batches, jobs: jobs) { _, batch -> Swift.Result<[(micros: Double, notice: String?)], any Error> in
            Swift.Result {
                let router = IndoorRouter(index: index)
                return try batch.map { a, b in
                    let request = RouteRequest(from: .feature(id: units[a].id), to: .feature(id: units[b].id))
                    let (seconds, response) = try BenchmarkClock.timed { () throws in try router.route(request) }
                    let notice =
                        response.route != nil ? nil : response.notices.last.map { "\($0.code.rawValue): \($0.details ?? "")" } ?? ""
                    return (seconds * 1e6, notice)
                }
            }
        }
        // Pairs and routed pairs per level of the pair's first unit, in the venue's level order.
        var perLevel = [(pairs: Int, routable: Int)](repeating: (0, 0), count: venue.levels.count)
        var routable = 0
        var micros: [Double] = []
        var failures: [JSONValue] = []
        for (batch, result) in zip(batches, routed) {
            for ((a, b), outcome) in zip(batch, try result.get()) {
                micros.append(outcome.micros)
                let level = venue.index.levelIndex[units[a].levelID] ?? 0
                perLevel[level].pairs += 1
                if let notice = outcome.notice {
                    if failures.count < 20 {
                        failures.append(["from": .string(units[a].id), "to": .string(units[b].id), "notice": .string(notice)])
                    }
                } else {
                    perLevel[level].routable += 1
                    routable += 1
                }
            }
        }
        micros.sort()
        func pct(_ p: Double) -> Double { micros[min(micros.count - 1, Int(Double(micros.count - 1) * p))] }
        func share(_ part: Int, of whole: Int) -> JSONValue {
            .finite(whole == 0 ? 1 : (Double(part) / Double(whole) * 10_000).rounded() / 10_000)
        }
        let fraction = Double(routable) / Double(pairCount)
        let unreachable = reach.unreachable
        let levelRows: [JSONValue] = venue.levels.indices.compactMap { l in
            guard perLevel[l].pairs > 0 else { return nil }
            return [
                "level": .string(venue.levels[l].id), "pairs": .number(Double(perLevel[l].pairs)),
                "routable": .number(Double(perLevel[l].routable)), "routableFraction": share(perLevel[l].routable, of: perLevel[l].pairs),
            ]
        }
        let meanMicros = micros.isEmpty ? 0 : (micros.reduce(0, +) / Double(micros.count) * 10).rounded() / 10
        var fields: [String: JSONValue] = [
            "venue": .string(venue.id), "graph": .string(graph), "graphUsed": .string(graphUsed),
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
            "meanRouteMicroseconds": .finite(meanMicros),
            "p50RouteMicroseconds": .finite((pct(0.5) * 10).rounded() / 10),
            "p99RouteMicroseconds": .finite((pct(0.99) * 10).rounded() / 10),
        ]
        var text = [
            "venue \(venue.id) (graph \(graphUsed), scope \(scope.rawValue)): \(units.count) units with openings; "
                + "load \(fields["loadSeconds"]?.double ?? 0) s",
            String(
                format: "%d pairs, %d routable (%.2f %%); route mean %.0f µs, p50 %.0f µs, p99 %.0f µs",
                pairCount, routable, fraction * 100, meanMicros, pct(0.5), pct(0.99)),
            "\(unreachable.count) unreachable unit(s)",
        ]
        var byReason: [String: [String]] = [:]
        for u in unreachable { byReason[u.reason.map { "\($0)" } ?? "", default: []].append(u.id) }
        for (reason, ids) in byReason.sorted(by: { ($0.value.count, $1.key) > ($1.value.count, $0.key) }) {
            text.append("  \(ids.count) × \(reason): \(ids.prefix(5).joined(separator: ", "))\(ids.count > 5 ? ", …" : "")")
        }
        text.append("per level (pairs from a unit on the level):")
        for row in levelRows {
            let fraction = String(format: "%.2f", (row["routableFraction"]?.double ?? 0) * 100)
            text.append(
                "  \(row["level"]?.string ?? ""): \(row["pairs"]?.int ?? 0) pairs, \(row["routable"]?.int ?? 0) routable (\(fraction) %)")
        }
        if checksJoins {
            let check = try checkJoins(index: index, jobs: jobs)
            fields["joinCheck"] = json(check, venue: venue)
            text += self.text(check, venue: venue)
        }
        return Result(json: .object(fields), text: text)
    }
}
