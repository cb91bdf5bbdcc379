import IndoorBenchmarks
import IndoorCommandLine
import IndoorEvaluation
import IndoorRouting
import IndoorVenue

/// `indoornav bench reach VENUE [--graph derived|authored|FILE|DIR] [--pairs N] [--seed S]
/// [--scope venue|building|level] [--check-joins] [--json]`: the share of random unit-to-unit routes found, the
/// unreachable units and why, and with `--check-joins` the joined pairs without a route (``ReachBenchmark``).
enum ReachBench {
    static let spec = CommandSpec(
        path: ["bench", "reach"], summary: "share of random unit-to-unit routes found, the unreachable units and why",
        positionals: [SharedOptions.venue],
        options: [
            SharedOptions.graph.with(default: "derived"),
            .integer("--pairs", "N", "random unit pairs", in: 1...1_000_000, default: 1000, example: "--pairs 2000"),
            .integer("--seed", "S", "seed of the random pairs", in: 0...Int.max, default: 1, example: "--seed 7"),
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
        let graph = try args.text("--graph")
        let pairCount = try args.integer("--pairs")
        let seed = try args.integer("--seed")
        let scopeText = try args.text("--scope")
        guard let scope = UnitReachability.Scope(rawValue: scopeText) else {
            throw UsageError("--scope: expected venue, building or level, got '\(scopeText)'")
        }
        let checkJoins = args.flag("--check-joins")
        let json = args.flag("--json")
        let jobs = ParallelJobs.count(try args.int("--jobs"))
        try args.finish()

        let (loadSeconds, venue) = try BenchmarkClock.timed { () throws in
            try VenueLoader.load(path: path, options: VenueGraphChoice.options(graph))
        }
        let result = try ReachBenchmark.measure(
            venue: venue, graph: graph, graphUsed: VenueGraphChoice.describe(venue), loadSeconds: loadSeconds, pairs: pairCount,
            seed: UInt64(seed), scope: scope, checksJoins: checkJoins, jobs: jobs)
        BenchCommand.report(json: json ? result.json : nil, text: result.text)
        return 0
    }
}
