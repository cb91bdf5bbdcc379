import IndoorBenchmarks
import IndoorCommandLine
import IndoorEvaluation

/// `indoornav bench providers FILE [--beacons FILE] [--repeat N] [--json]` — replays a recording through
/// the dead-reckoning and beacon providers as fast as possible and reports the real-time factor
/// (``ProvidersBenchmark``). Without `--beacons`, the beacons heard in the recording are placed on a
/// 30 m circle.
enum ProvidersBench {
    static let spec = CommandSpec(
        path: ["bench", "providers"], summary: "dead-reckoning and beacon provider speed as a real-time factor", inputs: Inputs.self,
        examples: ["bench providers Recordings/samples/ilc-site1-B1-5ddb8a08.txt"])

    struct Inputs: RunnableInputs {
        @Positional(PositionalSpec(name: "FILE", help: "a recording")) var file: String
        @Option(SharedOptions.beacons.with(help: "beacon registry (without it the heard beacons are placed on a 30 m circle)"))
        var beaconsPath: String?
        @Option(.integer("--repeat", "N", "passes; the best counts", in: 1...1000, default: 5, example: "--repeat 10")) var passes: Int
        @Option(SharedOptions.json) var json: Bool

        func run() throws -> Int32 {
            let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
            let result = try ProvidersBenchmark.measure(file: file, registry: registry, passes: passes)
            BenchCommand.report(json: json ? result.json : nil, text: result.text)
            return 0
        }
    }
}
