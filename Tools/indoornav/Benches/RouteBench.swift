import IndoorBenchmarks
import IndoorCommandLine
import IndoorRouting

/// `indoornav bench route VENUE --queries N --seed S [--graph …] [--optimize fastest|shortest] [--landmarks K]
/// [--queries-out FILE] [--no-hierarchy] [--json]`: routing speed over random node pairs (``RouteBenchmark``).
enum RouteBench {
    static let spec = CommandSpec(
        path: ["bench", "route"], summary: "routing speed: p50/p99 per query and queries per second over random node pairs",
        inputs: Inputs.self, examples: ["bench route Recordings/venues/campus --queries 1000"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var venuePath: String
        @Option(.integer("--queries", "N", "random queries", in: 1...10_000_000, default: 1000, example: "--queries 5000"))
        var queryCount: Int
        @Option(.integer("--seed", "S", "seed of the random pairs", in: 0...Int.max, default: 1, example: "--seed 7")) var seed: Int
        @Option(.integer("--landmarks", "K", "ALT landmarks", in: 0...64, defaultText: "2 per level, 16 to 64", example: "--landmarks 16"))
        var landmarks: Int?
        @Option(.choice("--optimize", Optimization.self, "what the routes minimise", default: .shortest, example: "--optimize fastest"))
        var optimization: Optimization
        @Option(.flag("--no-hierarchy", "route every query with A* instead of the contraction hierarchy")) var noHierarchy: Bool
        @Option(
            .integer(
                "--alternatives", "N", "ask every full route for up to N routes (alternatives included)", in: 1...5,
                example: "--alternatives 3"))
        var alternatives: Int?
        @Option(.value("--queries-out", "FILE", "write the queries (for Tools/bench/route_peers.py)", example: "--queries-out q.json"))
        var queriesOut: String?
        @Option(SharedOptions.json) var json: Bool
        @Option(SharedOptions.graph) var graph: String?

        func run() throws -> Int32 {
            let path = venuePath
            let queries = queryCount
            let queriesOut = queriesOut
            if let queriesOut { try OutputFile.refuseOverwritingInput(queriesOut, inputs: [path], folders: [path]) }
            let (loadSeconds, venue) = try BenchmarkClock.timed { () throws in try VenueGraphChoice.load(path, graph: graph) }
            var progress = ProgressLine("bench route", total: queries)
            defer { progress.finish() }
            let result = try RouteBenchmark.measure(
                venue: venue, loadSeconds: loadSeconds, queries: queries, seed: UInt64(seed), landmarks: landmarks,
                optimization: optimization, usesHierarchy: !noHierarchy, alternatives: alternatives, keepsQueries: queriesOut != nil,
                progress: { progress.update($0) })
            if let queriesOut, let text = result.queriesText { try emit(text, to: queriesOut) }
            BenchCommand.report(json: json ? result.json : nil, text: result.text)
            return 0
        }
    }
}
