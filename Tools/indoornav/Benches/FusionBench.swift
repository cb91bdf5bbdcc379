import Foundation
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `indoornav bench fusion RECORDING [--venue V] [--beacons F] [--radio-map MAP] [--fingerprint-option NAME=VALUE…] [--repeat N] [--filter-steps N] [--json]` —
/// replays a recording through the providers and the fusion engine (started at the first truth point,
/// or at the origin without truth) as fast as possible and reports the real-time factor, next to the
/// Kalman predict + update cycles per second of the GSL filter (``FilterBench/measure(steps:stateDimension:)``,
/// state dimension 4 like the fusion state).
///
/// Providers and engine are built as `eval` builds them (``EvalCommand/pipeline(_:_:matcher:)``).
/// Stage shares: read/decode (the reader alone), player (reading, playing in order and collecting,
/// less the reader), providers and fusion (split as one measured pass splits them), map matching (the
/// best pass less the best with the walls as a plain constraint instead of the particle matcher).
/// Without `--venue` the map constraint, map matching and the venue levels are off; without `--beacons` no beacon
/// fixes are made; with `--radio-map` every scan is matched against the map (the matcher is built once,
/// outside the timed passes, as a service would build it once per venue).
enum FusionBench {
    static let spec = CommandSpec(
        path: ["bench", "fusion"], summary: "providers + fusion speed as a real-time factor, beside the filter's cycles per second",
        positionals: [PositionalSpec(name: "FILE", help: "a recording")],
        options: [
            SharedOptions.venueOption,
            SharedOptions.beacons,
            SharedOptions.radioMap,
            SharedOptions.fingerprintOption,
            .integer("--repeat", "N", "passes; the best counts", in: 1...1000, default: "3", example: "--repeat 5"),
            .integer(
                "--filter-steps", "N", "cycles of the filter measurement beside the replay", in: 1...100_000_000, default: "200000",
                example: "--filter-steps 100000"),
            SharedOptions.json,
        ],
        examples: [
            "bench fusion Recordings/simulated/campus-info-to-deans-office.jsonl --venue Recordings/venues/campus --beacons Recordings/simulated/campus-beacons.json"
        ],
        run: run)

    static func run(_ args: inout Arguments) throws -> Int32 {
        let repeats = try args.int("--repeat") ?? 3
        let filterSteps = try args.int("--filter-steps") ?? 200_000
        let venuePath = try args.option("--venue")
        let beaconsPath = try args.option("--beacons")
        let radioMapPath = try args.option("--radio-map")
        let fingerprint = try FingerprintOptions.configuration(try args.options("--fingerprint-option"))
        let json = args.flag("--json")
        let file = try args.positional("recording FILE")
        try args.finish()

        let venue = try venuePath.map { try EvaluationInputs.loadVenue(path: $0) }
        let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
        let clock = ContinuousClock()
        // Read/decode alone, then read, play in time order and collect (as `eval` does): best of the passes.
        var readDecodeSeconds = Double.infinity
        for _ in 0..<repeats { readDecodeSeconds = min(readDecodeSeconds, try BenchCommand.readPass(file).0) }
        var readSeconds = Double.infinity
        var loadedRecording: LoadedRecording?
        for _ in 0..<repeats {
            let readStart = clock.now
            loadedRecording = try LoadedRecording.read(file, venue: venue, registry: registry)
            readSeconds = min(readSeconds, seconds(clock.now - readStart))
        }
        guard let loaded = loadedRecording else { throw ToolFailure("bench fusion: \(file) was not read") }
        let matcher = try radioMapPath.map {
            FingerprintMatcher(map: try RadioMap.load(path: $0).reframed(to: loaded.frame), configuration: fingerprint)
        }
        guard let first = loaded.samples.first?.timeSeconds, let last = loaded.samples.last?.timeSeconds, last > first else {
            throw ToolFailure("bench fusion: \(file) holds no timed samples")
        }
        let duration = last - first
        let start = loaded.truth?.start ?? TruthPoint(timeSeconds: first, point: .zero)
        // The same providers and engine as `eval` builds for this recording (the floor-plan raster built once).
        var settings = EvaluationSettings(
            venue: venue, registry: registry, fusion: .standard,
            storeyHeightMeters: EvaluationSettings.venuelessStoreyHeightMeters, useBeacons: true)
        settings.prepareFloorPlan()

        /// One replay of the samples through a fresh pipeline: seconds, the engine's counts, and with
        /// `timing` the sources' and the engine's time (a measured pass, slower than the others).
        func pass(_ settings: EvaluationSettings, timing: inout FusionPipeline.StageSeconds?) throws -> (Double, FusionStatistics) {
            let pipeline = try RecordingPipeline.build(loaded, settings: settings, matcher: matcher)
            let engine = pipeline.engine
            let startLevel = start.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: venue) }
            let stageClock = SystemPlaybackClock()
            var stages = FusionPipeline.StageSeconds()
            let passStart = clock.now
            var started = false
            var changes = 0
            for sample in loaded.samples {
                if !started, sample.timeSeconds >= start.timeSeconds {
                    started = true
                    try engine.start(
                        at: IndoorLocation(
                            point: start.point, levelID: nil, accuracyMeters: 1,
                            timeSeconds: start.timeSeconds, source: "bench"), levelIndex: startLevel)
                }
                let output =
                    timing == nil ? pipeline.consume(sample) : pipeline.consume(sample, timing: &stages, clock: stageClock.nowSeconds)
                if output.changed { changes += 1 }
            }
            let elapsed = seconds(clock.now - passStart)
            if timing != nil { timing = stages }
            _ = changes
            return (elapsed, engine.statistics)
        }

        var best = Double.infinity
        var statistics = FusionStatistics()
        var unmeasured: FusionPipeline.StageSeconds?
        for _ in 0..<repeats {
            let (elapsed, counts) = try pass(settings, timing: &unmeasured)
            best = min(best, elapsed)
            statistics = counts
        }
        // Map matching's time: the same replay with the walls as a constraint instead of the particle matcher.
        var mapMatchingSeconds = 0.0
        if venue != nil, settings.fusion.mapMatching != nil {
            var unmatched = settings
            unmatched.fusion.mapMatching = nil
            var bestUnmatched = Double.infinity
            for _ in 0..<repeats { bestUnmatched = min(bestUnmatched, try pass(unmatched, timing: &unmeasured).0) }
            mapMatchingSeconds = max(0, best - bestUnmatched)
        }
        // The sources' and the engine's shares, from one measured pass, applied to the best pass.
        var measured: FusionPipeline.StageSeconds? = FusionPipeline.StageSeconds()
        _ = try pass(settings, timing: &measured)
        let split = measured ?? FusionPipeline.StageSeconds()
        let measuredTotal = split.providers + split.fusion
        let providersSeconds = measuredTotal > 0 ? best * split.providers / measuredTotal : 0
        let fusionSeconds = max(0, best - providersSeconds - mapMatchingSeconds)
        let playerSeconds = max(0, readSeconds - readDecodeSeconds)
        let endToEnd = readSeconds + best
        let stages = StageShares([
            ("readDecode", readDecodeSeconds), ("player", playerSeconds), ("providers", providersSeconds), ("fusion", fusionSeconds),
            ("mapMatching", mapMatchingSeconds),
        ])

        let filter = try FilterBench.measure(steps: filterSteps, stateDimension: 4)
        let factor = duration / best
        if json {
            let report: JSONValue = .object([
                "file": .string(file), "samples": .number(Double(loaded.samples.count)), "durationSeconds": .finite(duration),
                "bestPassSeconds": .finite(best), "realTimeFactor": .finite(factor),
                "readSeconds": .finite(readSeconds), "endToEndSeconds": .finite(endToEnd),
                "realTimeFactorWithRead": .finite(duration / endToEnd),
                "mapMatching": .bool(venue != nil && settings.fusion.mapMatching != nil),
                "stages": stages.json,
                "steps": .number(Double(statistics.steps)), "acceptedFixes": .number(Double(statistics.acceptedFixes)),
                "acceptedFixesBySource": .object(statistics.acceptedFixesBySource.mapValues { .number(Double($0)) }),
                "rejectedFixes": .number(Double(statistics.rejectedFixCount)),
                "wallCorrections": .number(Double(statistics.wallCorrections)),
                "mapMatchedSteps": .number(Double(statistics.mapMatchedSteps)),
                "headingAlignments": .number(Double(statistics.headingAlignments)),
                "gslCyclesPerSecond": .finite(filter.cyclesPerSecond),
            ])
            print(report.serialized(pretty: true))
        } else {
            print(
                String(
                    format:
                        "%@: %d samples, %.1f s; providers + fusion best of %d: %.4f s → %.0f× real time (%.0f× with the read, %.4f s end to end)",
                    file, loaded.samples.count, duration, repeats, best, factor, duration / endToEnd, endToEnd))
            let bySource = statistics.acceptedFixesBySource.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            print(
                "  \(statistics.steps) steps, \(statistics.acceptedFixes) fixes fused\(bySource.isEmpty ? "" : " (\(bySource))"), \(statistics.rejectedFixCount) rejected, \(statistics.wallCorrections) wall corrections, \(statistics.mapMatchedSteps) map-matched steps, \(statistics.headingAlignments) heading alignments"
            )
            print(
                "  stages: "
                    + StageShares([
                        ("read/decode", readDecodeSeconds), ("player", playerSeconds), ("providers", providersSeconds),
                        ("fusion", fusionSeconds), ("map matching", mapMatchingSeconds),
                    ]).text(total: endToEnd))
            print(String(format: "  Kalman predict+update (state 4): GSL %.0f cycles/s", filter.cyclesPerSecond))
        }
        return 0
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, 1e-9)
    }
}
