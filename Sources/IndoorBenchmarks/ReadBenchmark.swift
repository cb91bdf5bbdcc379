import Foundation
import IndoorJSON
import IndoorRecordings

/// Recording read speed: the streaming reader alone, then the reader played in time order by the
/// ``RecordingPlayer``, each the best of N passes. The stage shares are the reader's pass (read/decode)
/// and the difference between the played pass and the reader's (player).
public enum ReadBenchmark {
    /// One file's figures.
    public struct Result: Sendable {
        /// The file read.
        public var file: String
        /// What the reader saw: format, bytes and samples.
        public var summary: ReadSummary
        /// Passes of each kind; the best counts.
        public var passes: Int
        /// The best reader-only pass, in seconds.
        public var bestSeconds: Double
        /// The best played pass, in seconds.
        public var bestPlayedSeconds: Double

        /// Megabytes (10⁶ bytes) of the file.
        public var megabytes: Double { Double(summary.bytes) / 1_000_000 }
        /// The player's share: the played pass less the reader's.
        public var playerSeconds: Double { max(0, bestPlayedSeconds - bestSeconds) }

        /// The figures as JSON (`bench read --json`).
        public var json: JSONValue {
            [
                "file": .string(file), "format": .string(summary.format.rawValue), "bytes": .number(Double(summary.bytes)),
                "samples": .number(Double(summary.totalSamples)), "bestSeconds": .number(bestSeconds),
                "megabytesPerSecond": .number(megabytes / bestSeconds),
                "samplesPerSecond": .number(Double(summary.totalSamples) / bestSeconds), "passes": .number(Double(passes)),
                "stages": StageShares([("readDecode", bestSeconds), ("player", playerSeconds)]).json,
                "playedMegabytesPerSecond": .number(megabytes / bestPlayedSeconds),
            ]
        }

        /// The figures as two text lines.
        public var text: [String] {
            [
                String(
                    format: "%@ (%@): %.1f MB, %d samples, best of %d: %.4f s → %.1f MB/s, %.0f samples/s",
                    file, summary.format.rawValue, megabytes, summary.totalSamples, passes, bestSeconds, megabytes / bestSeconds,
                    Double(summary.totalSamples) / bestSeconds),
                String(
                    format: "  played in order: %.4f s → %.1f MB/s; stages: %@", bestPlayedSeconds, megabytes / bestPlayedSeconds,
                    StageShares([("read/decode", bestSeconds), ("player", playerSeconds)]).text(total: bestSeconds + playerSeconds)),
            ]
        }
    }

    /// Reads `file` `passes` times with the reader alone and `passes` times played in order.
    public static func measure(file: String, passes: Int) throws -> Result {
        var best = Double.infinity
        var summary: ReadSummary?
        for _ in 0..<max(1, passes) {
            let (seconds, read) = try readPass(file)
            best = min(best, seconds)
            summary = read
        }
        var bestPlayed = Double.infinity
        for _ in 0..<max(1, passes) { bestPlayed = min(bestPlayed, try playPass(file)) }
        guard let summary else { throw BenchmarkError.unread(bench: "bench read", file: file) }
        return Result(file: file, summary: summary, passes: passes, bestSeconds: best, bestPlayedSeconds: bestPlayed)
    }

    /// One pass of the reader over `file`: seconds and the summary.
    public static func readPass(_ file: String) throws -> (Double, ReadSummary) {
        let (seconds, reader) = try BenchmarkClock.timed { () throws -> RecordingReader in
            let reader = try RecordingReader(path: file)
            while try reader.next() != nil {}
            return reader
        }
        return (seconds, reader.summary)
    }

    /// One pass of the player over the reader of `file`, in seconds.
    public static func playPass(_ file: String) throws -> Double {
        try BenchmarkClock.timed { () throws in
            let player = try RecordingPlayer(source: RecordingReader(path: file))
            while try player.next() != nil {}
        }.seconds
    }
}
