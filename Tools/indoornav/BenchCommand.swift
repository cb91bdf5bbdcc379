import Foundation
import IndoorJSON
import IndoorRecordings

/// `indoornav bench <what> …` — throughput benchmarks. Each subcommand lives in the table below, so
/// new benchmarks (routing, filtering) are one line here plus their own function.
enum BenchCommand {
    static let readSpec = CommandSpec(
        path: ["bench", "read"], summary: "recording read speed: MB/s and samples/s of the streaming reader",
        positionals: [PositionalSpec(name: "FILE", help: "recordings in any supported format", isRepeated: true)],
        options: [
            .integer("--repeat", "N", "passes per file; the best counts", in: 1...1000, default: "5", example: "--repeat 10"),
            SharedOptions.json,
        ],
        examples: ["bench read Recordings/samples/ilc-site1-B1-5ddb8a08.txt"],
        run: benchRead)

    /// `bench read FILE… [--repeat N] [--json]`: reads each file with the streaming reader (format
    /// detected) and reports MB/s and samples/s over the best of N passes.
    static func benchRead(_ args: inout Arguments) throws -> Int32 {
        let repeats = try args.int("--repeat") ?? 5
        let json = args.flag("--json")
        var files: [String] = []
        files = args.remainingPositionals()
        try args.finish()
        guard !files.isEmpty else { throw UsageError("bench read: expected FILE…") }
        var results: [JSONValue] = []
        for file in files {
            var best = Double.infinity
            var summary: ReadSummary?
            for _ in 0..<repeats {
                let clock = ContinuousClock()
                let start = clock.now
                let reader = try RecordingReader(path: file)
                var samples = 0
                while let event = try reader.next() {
                    if case .sample = event { samples += 1 }
                }
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best = min(best, seconds)
                summary = reader.summary
            }
            guard let summary else { continue }
            let megabytes = Double(summary.bytes) / 1_000_000
            let mbps = megabytes / best
            let sps = Double(summary.totalSamples) / best
            results.append([
                "file": .string(file), "format": .string(summary.format.rawValue), "bytes": .number(Double(summary.bytes)),
                "samples": .number(Double(summary.totalSamples)), "bestSeconds": .number(best),
                "megabytesPerSecond": .number(mbps), "samplesPerSecond": .number(sps), "passes": .number(Double(repeats)),
            ])
            if !json {
                print(
                    String(
                        format: "%@ (%@): %.1f MB, %d samples, best of %d: %.4f s → %.1f MB/s, %.0f samples/s",
                        file, summary.format.rawValue, megabytes, summary.totalSamples, repeats, best, mbps, sps))
            }
        }
        if json { print(JSONValue.array(results).serialized(pretty: true)) }
        return 0
    }
}
