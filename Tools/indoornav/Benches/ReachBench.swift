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
        path: ["bench", "reach"], summary: "share of random unit-to-unit routes found, the unreachable units and why", inputs: Inputs.self,
        examples: [
            "bench reach Recordings/venues/campus --pairs 2000", "bench reach Recordings/venues/campus --scope level --check-joins",
        ])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var venuePath: String
        @Option(SharedOptions.graph.with(default: "derived")) var graph: String
        @Option(.integer("--pairs", "N", "random unit pairs", in: 1...1_000_000, default: 1000, example: "--pairs 2000"))
        var pairCount: Int
        @Option(.integer("--seed", "S", "seed of the random pairs", in: 0...Int.max, default: 1, example: "--seed 7")) var seed: Int
        @Option(
            .choice(
                "--scope", UnitReachability.Scope.self, "pairs across the venue, within one building or on one level", default: .venue,
                example: "--scope level"))
        var scope: UnitReachability.Scope
        @Option(
            .flag(
                "--check-joins",
                "also route every pair of units that openings and touching open units join on a level (from the geometry) and list the pairs without a route"
            ))
        var checksJoins: Bool
        @Option(SharedOptions.json) var json: Bool
        @Option(ParallelJobs.option) var jobs: Int?

        func run() throws -> Int32 {
            let (loadSeconds, venue) = try BenchmarkClock.timed { () throws in
                try VenueLoader.load(path: venuePath, options: VenueGraphChoice.options(graph))
            }
            let result = try ReachBenchmark.measure(
                venue: venue, graph: graph, graphUsed: VenueGraphChoice.describe(venue), loadSeconds: loadSeconds,
                pairs: pairCount, seed: UInt64(seed), scope: scope, checksJoins: checksJoins,
                jobs: ParallelJobs.count(jobs))
            BenchCommand.report(json: json ? result.json : nil, text: result.text)
            return 0
        }
    }
}
