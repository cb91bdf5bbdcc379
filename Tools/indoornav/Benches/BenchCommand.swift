import IndoorBenchmarks
import IndoorCommandLine
import IndoorJSON

/// `indoornav bench <what> …` — throughput benchmarks (``IndoorBenchmarks``). Each subcommand is one
/// spec registered in `Commands.swift` plus its own file that parses, calls and prints.
enum BenchCommand {
    static let readSpec = CommandSpec(
        path: ["bench", "read"], summary: "recording read speed: MB/s and samples/s of the streaming reader", inputs: ReadInputs.self,
        examples: ["bench read Recordings/samples/ilc-site1-B1-5ddb8a08.txt"])

    struct ReadInputs: RunnableInputs {
        @Positional(PositionalSpec(name: "FILE", help: "recordings in any supported format", isRepeated: true)) var files: [String]
        @Option(.integer("--repeat", "N", "passes per file; the best counts", in: 1...1000, default: 5, example: "--repeat 10"))
        var passes: Int
        @Option(SharedOptions.json) var json: Bool

        /// `bench read FILE… [--repeat N] [--json]`: each file's reader speed and stage shares
        /// (``ReadBenchmark``); with `--json` one array of all files.
        func run() throws -> Int32 {
            guard !files.isEmpty else { throw UsageError("bench read: expected FILE…") }
            var results: [JSONValue] = []
            for file in files {
                let result = try ReadBenchmark.measure(file: file, passes: passes)
                results.append(result.json)
                if !json { report(json: nil, text: result.text) }
            }
            if json { print(JSONValue.array(results).serialized(pretty: true)) }
            return 0
        }
    }

    /// Prints a benchmark's result: its JSON when given, else its text lines.
    static func report(json: JSONValue?, text: [String]) {
        if let json { print(json.serialized(pretty: true)) } else { text.forEach { print($0) } }
    }
}
