import Foundation
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// A recording replayed through the providers and the fusion engine as fast as possible (started at
/// the first truth point, or at the origin without truth): the real-time factor, the stage shares and
/// the engine's counts, beside the Kalman predict + update cycles per second of the GSL filter
/// (``FilterBenchmark``, state dimension 4 like the fusion state).
///
/// Providers and engine are built as `eval` builds them (``RecordingPipeline``). End to end is a pass that
/// reads the file as it fuses: decoded on one thread, played in time order on another, fused on the
/// caller's (``ReadAhead``); beside it, read first and then fused. Stage shares: read/decode (the reader
/// alone), player (reading as `eval` reads, decoded on a second thread while the player orders and collects,
/// less the reader alone),
/// providers and fusion (split as one measured pass splits them), map matching (the best pass less the
/// best with the walls as a plain constraint instead of the particle matcher). Without a venue the map
/// constraint, map matching and the venue levels are off; without a registry no beacon fixes are made;
/// with a radio map every scan is matched against it (the matcher is built once, outside the timed
/// passes, as a service would build it once per venue).
public enum FusionBenchmark {
    /// One recording's figures.
    public struct Result {
        /// The recording.
        public var file: String
        /// Samples replayed.
        public var samples: Int
        /// The recording's span, in seconds.
        public var durationSeconds: Double
        /// Passes; the best counts.
        public var passes: Int
        /// The best providers + fusion pass, in seconds.
        public var bestSeconds: Double
        /// The best read (read, play in order, collect), in seconds.
        public var readSeconds: Double
        /// Whether the particle map matcher ran.
        public var mapMatching: Bool
        /// With the map matcher: the best pass with the walls as the Kalman filter's constraint instead, in seconds.
        public var withoutMapMatchingSeconds: Double?
        /// Read/decode, player, providers, fusion and map matching, in seconds.
        public var stages: StageShares
        /// The engine's counts of the last pass.
        public var statistics: FusionStatistics
        /// The GSL filter measured beside the replay.
        public var filter: FilterBenchmark.Result

        /// The best pass reading the file as it goes (decoded and played on two more threads), in seconds.
        public var endToEndSeconds: Double
        /// The same without the map matcher (the walls as the Kalman filter's constraint), in seconds.
        public var endToEndWithoutMapMatchingSeconds: Double?

        /// Read first, then the best pass: the stages one after the other, in seconds.
        public var readThenReplaySeconds: Double { readSeconds + bestSeconds }

        /// The figures as JSON (`bench fusion --json`).
        public var json: JSONValue {
            [
                "file": .string(file), "samples": .number(Double(samples)), "durationSeconds": .finite(durationSeconds),
                "bestPassSeconds": .finite(bestSeconds), "realTimeFactor": .finite(durationSeconds / bestSeconds),
                "readSeconds": .finite(readSeconds), "readThenReplaySeconds": .finite(readThenReplaySeconds),
                "endToEndSeconds": .finite(endToEndSeconds), "realTimeFactorWithRead": .finite(durationSeconds / endToEndSeconds),
                "mapMatching": .bool(mapMatching),
                "realTimeFactorWithoutMapMatching": withoutMapMatchingSeconds.map { .finite(durationSeconds / $0) } ?? .null,
                "realTimeFactorWithReadWithoutMapMatching": endToEndWithoutMapMatchingSeconds.map {
                    .finite(durationSeconds / $0)
                } ?? .null,
                "stages": stages.json,
                "steps": .number(Double(statistics.steps)), "acceptedFixes": .number(Double(statistics.acceptedFixes)),
                "acceptedFixesBySource": .object(statistics.acceptedFixesBySource.mapValues { .number(Double($0)) }),
                "rejectedFixes": .number(Double(statistics.rejectedFixCount)),
                "wallCorrections": .number(Double(statistics.wallCorrections)),
                "mapMatchedSteps": .number(Double(statistics.mapMatchedSteps)),
                "headingAlignments": .number(Double(statistics.headingAlignments)),
                "gslCyclesPerSecond": .finite(filter.cyclesPerSecond),
            ]
        }

        /// The figures as four text lines.
        public var text: [String] {
            let bySource = statistics.acceptedFixesBySource.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")
            var spoken = stages
            spoken.stages = zip(["read/decode", "player", "providers", "fusion", "map matching"], stages.stages).map {
                (name: $0, seconds: $1.seconds)
            }
            return [
                String(
                    format:
                        "%@: %d samples, %.1f s; providers + fusion best of %d: %.4f s → %.0f× real time (%.0f× with the read, %.4f s end to end)",
                    file, samples, durationSeconds, passes, bestSeconds, durationSeconds / bestSeconds, durationSeconds / endToEndSeconds,
                    endToEndSeconds),
                String(
                    format: "  the file read first, then fused: %.4f s → %.0f× (end to end above: read during the pass)",
                    readThenReplaySeconds, durationSeconds / readThenReplaySeconds),
                "  \(statistics.steps) steps, \(statistics.acceptedFixes) fixes fused\(bySource.isEmpty ? "" : " (\(bySource))"), "
                    + "\(statistics.rejectedFixCount) rejected, \(statistics.wallCorrections) wall corrections, "
                    + "\(statistics.mapMatchedSteps) map-matched steps, \(statistics.headingAlignments) heading alignments",
                "  stages: " + spoken.text(total: readThenReplaySeconds),
            ]
                + (withoutMapMatchingSeconds.flatMap { seconds in
                    endToEndWithoutMapMatchingSeconds.map { endToEnd in
                        [
                            String(
                                format: "  without map matching: %.4f s → %.0f× real time (%.0f× with the read)", seconds,
                                durationSeconds / seconds, durationSeconds / endToEnd)
                        ]
                    }
                } ?? []) + [
                    String(format: "  Kalman predict+update (state 4): GSL %.0f cycles/s", filter.cyclesPerSecond)
                ]
        }
    }

    /// Replays `file` as described above, `passes` times each way (the best counts), beside `filterSteps`
    /// cycles of the filter; `radioMap` in any frame (it is reframed to the recording's).
    public static func measure(
        file: String, venue: Venue?, registry: BeaconRegistry?, radioMap: RadioMap?, fingerprint: FingerprintConfiguration,
        passes: Int, filterSteps: Int
    ) throws -> Result {
        let repeats = max(1, passes)
        // Read/decode alone, then read, play in time order and collect (as `eval` does): best of the passes.
        var readDecodeSeconds = Double.infinity
        for _ in 0..<repeats { readDecodeSeconds = min(readDecodeSeconds, try ReadBenchmark.readPass(file).0) }
        var readSeconds = Double.infinity
        var loadedRecording: LoadedRecording?
        for _ in 0..<repeats {
            let (seconds, loaded) = try BenchmarkClock.timed { () throws in
                try LoadedRecording.read(file, venue: venue, registry: registry)
            }
            readSeconds = min(readSeconds, seconds)
            loadedRecording = loaded
        }
        guard let loaded = loadedRecording else { throw BenchmarkError.unread(bench: "bench fusion", file: file) }
        let matcher = radioMap.map { FingerprintMatcher(map: $0.reframed(to: loaded.frame), configuration: fingerprint) }
        guard let first = loaded.samples.first?.timeSeconds, let last = loaded.samples.last?.timeSeconds, last > first else {
            throw BenchmarkError.noTimedSamples(bench: "bench fusion", file: file)
        }
        let start = loaded.truth?.start ?? TruthPoint(timeSeconds: first, point: .zero)
        // The same providers and engine as `eval` builds for this recording (the floor-plan raster built once).
        var settings = EvaluationSettings(
            venue: venue, registry: registry, fusion: .standard,
            storeyHeightMeters: EvaluationSettings.venuelessStoreyHeightMeters, useBeacons: true)
        settings.prepareFloorPlan()

        /// One replay of the samples through a fresh pipeline: seconds, the engine's counts, and with
        /// `timing` the sources' and the engine's time (a measured pass, slower than the others).
        /// With `streamed`, the samples are read from the file during the pass, decoded and played in time
        /// order on two more threads (``ReadAhead``), and the seconds are those of the whole.
        func pass(
            _ settings: EvaluationSettings, timing: inout FusionPipeline.StageSeconds?, streamed: Bool = false
        ) throws -> (Double, FusionStatistics) {
            let pipeline = try RecordingPipeline.build(loaded, settings: settings, matcher: matcher)
            let engine = pipeline.engine
            let startLevel = start.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: venue) }
            let stageClock = SystemPlaybackClock()
            var stages = FusionPipeline.StageSeconds()
            let clock = ContinuousClock()
            let passStart = clock.now
            var started = false
            func feed(_ sample: SensorSample) throws {
                if !started, sample.timeSeconds >= start.timeSeconds {
                    started = true
                    try engine.start(
                        at: IndoorLocation(
                            point: start.point, levelID: nil, accuracyMeters: 1, timeSeconds: start.timeSeconds, source: "bench"),
                        levelIndex: startLevel)
                }
                _ = timing == nil ? pipeline.consume(sample) : pipeline.consume(sample, timing: &stages, clock: stageClock.nowSeconds)
            }
            if streamed {
                let played = try playedAhead(file)
                while let sample = try played.next() { try feed(sample) }
            } else {
                for sample in loaded.samples { try feed(sample) }
            }
            let elapsed = BenchmarkClock.seconds(clock.now - passStart)
            if timing != nil { timing = stages }
            return (elapsed, engine.statistics)
        }

        var best = Double.infinity
        var endToEnd = Double.infinity
        var statistics = FusionStatistics()
        var unmeasured: FusionPipeline.StageSeconds?
        for _ in 0..<repeats {
            let (elapsed, counts) = try pass(settings, timing: &unmeasured)
            best = min(best, elapsed)
            statistics = counts
            let (streamedSeconds, streamedCounts) = try pass(settings, timing: &unmeasured, streamed: true)
            // The streamed pass must have fused the same samples, or its time measures other work.
            guard streamedCounts == counts else { throw BenchmarkError.streamedPassDiffers(bench: "bench fusion", file: file) }
            endToEnd = min(endToEnd, streamedSeconds)
        }
        // Map matching's time: the same replay with the walls as a constraint instead of the particle matcher.
        var mapMatchingSeconds = 0.0
        var withoutMapMatchingSeconds: Double?
        var endToEndWithoutMapMatchingSeconds: Double?
        if venue != nil, settings.fusion.mapMatching != nil {
            var unmatched = settings
            unmatched.fusion.mapMatching = nil
            var bestUnmatched = Double.infinity
            var endToEndUnmatched = Double.infinity
            for _ in 0..<repeats {
                bestUnmatched = min(bestUnmatched, try pass(unmatched, timing: &unmeasured).0)
                endToEndUnmatched = min(endToEndUnmatched, try pass(unmatched, timing: &unmeasured, streamed: true).0)
            }
            mapMatchingSeconds = max(0, best - bestUnmatched)
            withoutMapMatchingSeconds = bestUnmatched
            endToEndWithoutMapMatchingSeconds = endToEndUnmatched
        }
        // The sources' and the engine's shares, from one measured pass, applied to the best pass.
        var measured: FusionPipeline.StageSeconds? = FusionPipeline.StageSeconds()
        _ = try pass(settings, timing: &measured)
        let split = measured ?? FusionPipeline.StageSeconds()
        let measuredTotal = split.providers + split.fusion
        let providersSeconds = measuredTotal > 0 ? best * split.providers / measuredTotal : 0
        let fusionSeconds = max(0, best - providersSeconds - mapMatchingSeconds)
        let stages = StageShares([
            ("readDecode", readDecodeSeconds), ("player", max(0, readSeconds - readDecodeSeconds)), ("providers", providersSeconds),
            ("fusion", fusionSeconds), ("mapMatching", mapMatchingSeconds),
        ])
        return Result(
            file: file, samples: loaded.samples.count, durationSeconds: last - first, passes: repeats, bestSeconds: best,
            readSeconds: readSeconds, mapMatching: venue != nil && settings.fusion.mapMatching != nil,
            withoutMapMatchingSeconds: withoutMapMatchingSeconds, stages: stages,
            statistics: statistics, filter: try FilterBenchmark.measure(steps: filterSteps, stateDimension: 4),
            endToEndSeconds: endToEnd, endToEndWithoutMapMatchingSeconds: endToEndWithoutMapMatchingSeconds)
    }

    /// The samples of `file` in time order, decoded on one thread and played on another, ahead of the caller.
    static func playedAhead(_ file: String) throws -> ReadAhead<SensorSample> {
        let player = try RecordingPlayer(source: try RecordingReader(path: file))
        return ReadAhead { () throws(RecordingError) in
            while let event = try player.next() {
                if case .sample(let sample) = event { return sample }
            }
            return nil
        }
    }
}
