import Foundation
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
/// Without `--venue` the map constraint and the venue levels are off; without `--beacons` no beacon
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
        let readStart = clock.now
        let loaded = try EvaluationInputs.readRecording(file, venue: venue, registry: registry)
        let matcher = try radioMapPath.map {
            FingerprintMatcher(map: try RadioMap.load(path: $0).reframed(to: loaded.frame), configuration: fingerprint)
        }
        let readSeconds = seconds(clock.now - readStart)
        guard let first = loaded.samples.first?.timeSeconds, let last = loaded.samples.last?.timeSeconds, last > first else {
            throw ToolFailure("bench fusion: \(file) holds no timed samples")
        }
        let duration = last - first
        let start = loaded.truth?.start ?? TruthPoint(timeSeconds: first, point: .zero)
        var best = Double.infinity
        var statistics = FusionStatistics()
        // The same providers and engine as `eval` builds for this recording (the floor-plan raster built once).
        var settings = EvalCommand.Settings(
            venue: venue, registry: registry, fusion: .standard,
            storeyHeightMeters: EvalCommand.venuelessStoreyHeightMeters, useBeacons: true)
        settings.prepareFloorPlan()
        for _ in 0..<repeats {
            let pipeline = try EvalCommand.pipeline(loaded, settings, matcher: matcher)
            let engine = pipeline.engine
            let startLevel = start.level.flatMap { LevelCandidate.index(of: $0, in: engine.levelCandidates, venue: venue) }
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
                if pipeline.consume(sample).changed { changes += 1 }
            }
            best = min(best, seconds(clock.now - passStart))
            statistics = engine.statistics
            _ = changes
        }
        let filter = try FilterBench.measure(steps: filterSteps, stateDimension: 4)
        let factor = duration / best
        if json {
            let report: JSONValue = .object([
                "file": .string(file), "samples": .number(Double(loaded.samples.count)), "durationSeconds": .finite(duration),
                "bestPassSeconds": .finite(best), "realTimeFactor": .finite(factor),
                "realTimeFactorWithRead": .finite(duration / (best + readSeconds)),
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
                    format: "%@: %d samples, %.1f s; providers + fusion best of %d: %.4f s → %.0f× real time (%.0f× with the read)",
                    file, loaded.samples.count, duration, repeats, best, factor, duration / (best + readSeconds)))
            let bySource = statistics.acceptedFixesBySource.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            print(
                "  \(statistics.steps) steps, \(statistics.acceptedFixes) fixes fused\(bySource.isEmpty ? "" : " (\(bySource))"), \(statistics.rejectedFixCount) rejected, \(statistics.wallCorrections) wall corrections, \(statistics.mapMatchedSteps) map-matched steps, \(statistics.headingAlignments) heading alignments"
            )
            print(String(format: "  Kalman predict+update (state 4): GSL %.0f cycles/s", filter.cyclesPerSecond))
        }
        return 0
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) * 1e-18, 1e-9)
    }
}
