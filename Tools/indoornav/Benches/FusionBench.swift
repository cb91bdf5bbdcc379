import IndoorBenchmarks
import IndoorCommandLine
import IndoorEvaluation
import IndoorPositioning

/// `indoornav bench fusion RECORDING [--venue V] [--beacons F] [--radio-map MAP] [--fingerprint-option NAME=VALUE…]
/// [--repeat N] [--filter-steps N] [--json]` — a recording through the providers and the fusion engine as `eval`
/// builds them, as fast as possible: the real-time factor and the stage shares, beside the GSL filter's cycle rate.
/// What is measured and how: ``FusionBenchmark``.
enum FusionBench {
    static let spec = CommandSpec(
        path: ["bench", "fusion"], summary: "providers + fusion speed as a real-time factor, beside the filter's cycles per second",
        inputs: Inputs.self,
        examples: [
            "bench fusion Recordings/simulated/campus-info-to-deans-office.jsonl --venue Recordings/venues/campus --beacons Recordings/simulated/campus-beacons.json"
        ])

    struct Inputs: RunnableInputs {
        @Positional(PositionalSpec(name: "FILE", help: "a recording")) var file: String
        @Option(SharedOptions.venueOption) var venuePath: String?
        @Option(SharedOptions.beacons) var beaconsPath: String?
        @Option(SharedOptions.radioMap) var radioMapPath: String?
        @Option(SharedOptions.fingerprintOption) var fingerprintOptions: [String]
        @Option(.integer("--repeat", "N", "passes; the best counts", in: 1...1000, default: 3, example: "--repeat 5")) var passes: Int
        @Option(
            .integer(
                "--filter-steps", "N", "cycles of the filter measurement beside the replay", in: 1...100_000_000, default: 200000,
                example: "--filter-steps 100000"))
        var filterSteps: Int
        @Option(SharedOptions.json) var json: Bool

        func run() throws -> Int32 {
            let result = try FusionBenchmark.measure(
                file: file, venue: try venuePath.map { try EvaluationInputs.loadVenue(path: $0) },
                registry: try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) },
                radioMap: try radioMapPath.map { try RadioMap.load(path: $0) },
                fingerprint: try TunableOptions.fingerprint(fingerprintOptions), passes: passes,
                filterSteps: filterSteps)
            BenchCommand.report(json: json ? result.json : nil, text: result.text)
            return 0
        }
    }
}
