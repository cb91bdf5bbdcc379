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
    /// detected) and reports MB/s and samples/s over the best of N passes, then plays it through the
    /// ``RecordingPlayer`` (best of N too) for the stage shares: read/decode is the reader's pass, the
    /// player the difference between the played pass and the reader's.
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
            var bestPlayed = Double.infinity
            var summary: ReadSummary?
            for _ in 0..<repeats {
                let (seconds, read) = try readPass(file)
                best = min(best, seconds)
                summary = read
            }
            for _ in 0..<repeats { bestPlayed = min(bestPlayed, try playPass(file)) }
            guard let summary else { continue }
            let megabytes = Double(summary.bytes) / 1_000_000
            let mbps = megabytes / best
            let sps = Double(summary.totalSamples) / best
            let player = max(0, bestPlayed - best)
            let total = best + player
            results.append([
                "file": .string(file), "format": .string(summary.format.rawValue), "bytes": .number(Double(summary.bytes)),
                "samples": .number(Double(summary.totalSamples)), "bestSeconds": .number(best),
                "megabytesPerSecond": .number(mbps), "samplesPerSecond": .number(sps), "passes": .number(Double(repeats)),
                "stages": StageShares([("readDecode", best), ("player", player)]).json,
                "playedMegabytesPerSecond": .number(megabytes / bestPlayed),
            ])
            if !json {
                print(
                    String(
                        format: "%@ (%@): %.1f MB, %d samples, best of %d: %.4f s → %.1f MB/s, %.0f samples/s",
                        file, summary.format.rawValue, megabytes, summary.totalSamples, repeats, best, mbps, sps))
                print(
                    String(
                        format: "  played in order: %.4f s → %.1f MB/s; stages: %@", bestPlayed, megabytes / bestPlayed,
                        StageShares([("read/decode", best), ("player", player)]).text(total: total)))
            }
        }
        if json { print(JSONValue.array(results).serialized(pretty: true)) }
        return 0
    }

    /// One pass of the reader over `file`: seconds and the summary.
    static func readPass(_ file: String) throws -> (Double, ReadSummary) {
        let clock = ContinuousClock()
        let start = clock.now
        let reader = try RecordingReader(path: file)
        var samples = 0
        while let event = try reader.next() {
            if case .sample = event { samples += 1 }
        }
        let seconds = StageShares.seconds(clock.now - start)
        return (seconds, reader.summary)
    }

    /// One pass of the player over the reader of `file`, in seconds.
    static func playPass(_ file: String) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let player = try RecordingPlayer(source: RecordingReader(path: file))
        var samples = 0
        while let event = try player.next() {
            if case .sample = event { samples += 1 }
        }
        return StageShares.seconds(clock.now - start)
    }
}

/// Named stage times and their shares of a total, for the benches' text and JSON.
struct StageShares {
    var stages: [(name: String, seconds: Double)]

    init(_ stages: [(String, Double)]) { self.stages = stages.map { (name: $0.0, seconds: $0.1) } }

    /// `name 0.123 s (45 %), …` of `total` seconds.
    func text(total: Double) -> String {
        stages.map { String(format: "%@ %.4f s (%.0f %%)", $0.name, $0.seconds, total > 0 ? 100 * $0.seconds / total : 0) }
            .joined(separator: ", ")
    }

    /// `{"<name>Seconds": s, "<name>Share": fraction of the stages' sum}` for each stage.
    var json: JSONValue {
        let total = stages.reduce(0) { $0 + $1.seconds }
        var object: [String: JSONValue] = [:]
        for stage in stages {
            object[stage.name + "Seconds"] = .finite(stage.seconds)
            object[stage.name + "Share"] = .finite(total > 0 ? stage.seconds / total : 0)
        }
        return .object(object)
    }

    /// A duration in seconds (at least a nanosecond, so rates stay finite).
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, 1e-9)
    }
}
