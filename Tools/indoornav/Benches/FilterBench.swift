import IndoorBenchmarks
import IndoorCommandLine

/// `indoornav bench filter [--steps N] [--state-dim D] [--json]`: Kalman predict + update cycles per
/// second of the GSL filter on seeded random models (``FilterBenchmark``). The side-by-side run with the
/// plain-Swift reference of the filter maths (test support, not linked here) is
/// `swift run -c release filter-reference`.
enum FilterBench {
    static let spec = CommandSpec(
        path: ["bench", "filter"], summary: "Kalman predict + update cycles per second of the GSL filter", inputs: Inputs.self,
        examples: ["bench filter --steps 200000"])

    struct Inputs: RunnableInputs {
        @Option(FilterBench.steps) var steps: Int
        @Option(FilterBench.stateDimension) var stateDimension: Int
        @Option(SharedOptions.json) var json: Bool

        func run() throws -> Int32 {
            let result = try FilterBenchmark.measure(steps: steps, stateDimension: stateDimension)
            BenchCommand.report(json: json ? result.json : nil, text: result.text)
            return 0
        }
    }

    /// `--steps N` (its default and range are ``FilterBenchmark``'s, as `filter-reference`'s are).
    static let steps = OptionSpec.integer(
        "--steps", "N", "cycles", in: FilterBenchmark.stepsRange, default: FilterBenchmark.defaultSteps, example: "--steps 1000000")
    /// `--state-dim D` (its default and range are ``FilterBenchmark``'s).
    static let stateDimension = OptionSpec.integer(
        "--state-dim", "D", "state dimension", in: FilterBenchmark.stateDimensionRange, default: FilterBenchmark.defaultStateDimension,
        example: "--state-dim 6")
}
