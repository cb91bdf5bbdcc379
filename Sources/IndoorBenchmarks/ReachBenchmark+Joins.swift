import Foundation
import IndoorEvaluation
import IndoorJSON
import IndoorRouting
import IndoorVenue

/// `bench reach --check-joins`: every pair of units the archive joins on a level, routed.
extension ReachBenchmark {
    /// The check's pairs routed in `jobs` contiguous batches, each with its own router on the shared
    /// index, merged in pair order (the same result for every `--jobs`).
    public static func checkJoins(index: RoutingIndex, jobs: Int) throws -> UnitJoinCheck {
        let joins = UnitJoins(venue: index.venue)
        let pairs = UnitJoinCheck.pairs(of: joins)
        let batchSize = max(1, (pairs.count + jobs - 1) / max(1, jobs))
        let batches = stride(from: 0, to: pairs.count, by: batchSize).map { pairs[$0..<min(pairs.count, $0 + batchSize)] }
        let found = ParallelJobs.map(batches, jobs: jobs) { _, batch -> Swift.Result<[UnitJoinCheck.Miss], RoutingError> in
            Swift.Result { () throws(RoutingError) in try UnitJoinCheck.misses(of: batch, router: IndoorRouter(index: index)) }
        }
        var misses: [UnitJoinCheck.Miss] = []
        for result in found { misses += try result.get() }
        return UnitJoinCheck(venue: index.venue, joins: joins, misses: misses)
    }

    /// The check as JSON: venue-wide counts, then per level (every level with a part).
    public static func json(_ check: UnitJoinCheck, venue: Venue) -> JSONValue {
        func fraction(_ f: Double) -> JSONValue { .finite((f * 10_000).rounded() / 10_000) }
        let pairs = check.pairCount, missed = check.misses.count
        return [
            "openingJoins": .number(Double(check.joins.links.filter { if case .opening = $0.join { true } else { false } }.count)),
            "touchingJoins": .number(Double(check.joins.links.filter { if case .touching = $0.join { true } else { false } }.count)),
            "components": .number(Double(check.joins.components.count)),
            "pairs": .number(Double(pairs)), "routed": .number(Double(pairs - missed)),
            "routedFraction": fraction(pairs == 0 ? 1 : Double(pairs - missed) / Double(pairs)),
            "levels": .array(
                check.levels.filter { $0.pairs > 0 }.map { level in
                    [
                        "level": .string(level.levelID), "components": .number(Double(level.components)),
                        "units": .number(Double(level.units)), "pairs": .number(Double(level.pairs)),
                        "routed": .number(Double(level.pairs - level.misses.count)), "routedFraction": fraction(level.routedFraction),
                        "missedPairs": .array(level.misses.map { miss($0, venue: venue) }),
                    ] as JSONValue
                }),
        ]
    }

    /// One missed pair: both unit ids and the router's notice.
    public static func miss(_ miss: UnitJoinCheck.Miss, venue: Venue) -> JSONValue {
        [
            "from": .string(venue.spaces[miss.pair.from].id), "to": .string(venue.spaces[miss.pair.to].id),
            "notice": .string(miss.notice),
        ]
    }

    /// The check as text: one line per level with parts, then up to 10 missed pairs per level.
    public static func text(_ check: UnitJoinCheck, venue: Venue) -> [String] {
        let pairs = check.pairCount, missed = check.misses.count
        var lines: [String] = []
        lines.append(
            "joins from the geometry: \(check.joins.components.count) part(s) of joined units on \(check.levels.filter { $0.pairs > 0 }.count) level(s); \(pairs) pairs, \(pairs - missed) routed, \(missed) not"
        )
        for level in check.levels where level.pairs > 0 {
            let share = String(format: "%.2f", level.routedFraction * 100)
            lines.append(
                "  \(level.levelID): \(level.components) part(s), \(level.units) units, \(level.pairs) pairs, \(level.pairs - level.misses.count) routed (\(share) %)"
            )
            for m in level.misses.prefix(10) {
                lines.append("    not routed: \(venue.spaces[m.pair.from].id) → \(venue.spaces[m.pair.to].id): \(m.notice)")
            }
            if level.misses.count > 10 { lines.append("    … \(level.misses.count - 10) more") }
        }
        return lines
    }
}
