import IndoorBenchmarks

/// `indoornav bench filter [--steps N] [--state-dim D] [--json]`: Kalman predict + update cycles per
/// second of the GSL filter on seeded random models (``FilterBenchmark``). The side-by-side run with the
/// plain-Swift reference of the filter maths (test support, not linked here) is
/// `swift run -c release filter-reference`.
enum FilterBench {
    static let spec = CommandSpec(
        path: ["bench", "filter"], summary: "Kalman predict + update cycles per second of the GSL filter",
        options: [
            .integer("--steps", "N", "cycles", in: 1...100_000_000, default: "100000", example: "--steps 1000000"),
            .integer("--state-dim", "D", "state dimension", in: 1...64, default: "4", example: "--state-dim 6"),
            SharedOptions.json,
        ],
        examples: ["bench filter --steps 200000"],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let steps = try args.int("--steps") ?? 100_000
        let stateDimension = try args.int("--state-dim") ?? 4
        let json = args.flag("--json")
        try args.finish()
        let result = try FilterBenchmark.measure(steps: steps, stateDimension: stateDimension)
        BenchCommand.report(json: json ? result.json : nil, text: result.text)
        return 0
    }
}
