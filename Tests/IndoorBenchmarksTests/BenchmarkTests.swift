import Foundation
import IndoorBenchmarks
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue
import SharedTestData
import Testing
import VenueFixtures

/// What the benchmarks count and report (their speed is measured by `indoornav bench`, not here).
@Suite struct BenchmarkTests {
    static func bundled(_ path: String) -> String { SharedTestData.packageRoot.appendingPathComponent("Recordings/\(path)").path }
    static let campusWalk = bundled("simulated/campus-info-to-deans-office.jsonl")
    static let ilcWalk = bundled("samples/ilc-site1-B1-5ddb8a08.txt")

    /// A report without its timings (names with seconds, rates or shares), for comparing runs.
    static func untimed(_ value: JSONValue) -> JSONValue {
        let timed = ["Seconds", "PerSecond", "Share", "Microseconds", "Milliseconds", "realTime"]
        switch value {
        case .object(let members):
            return .object(members.filter { key, _ in !timed.contains { key.contains($0) } }.mapValues(untimed))
        case .array(let items): return .array(items.map(untimed))
        default: return value
        }
    }

    @Test func stageSharesAddUpToOne() throws {
        let shares = StageShares([("read", 1.0), ("fuse", 3.0)])
        let json = shares.json
        #expect(abs((json["readShare"]?.double ?? 0) - 0.25) < 1e-12)
        #expect(abs((json["fuseShare"]?.double ?? 0) - 0.75) < 1e-12)
        #expect(json["fuseSeconds"]?.double == 3)
        #expect(shares.text(total: 8) == "read 1.0000 s (12 %), fuse 3.0000 s (38 %)")
        #expect(StageShares([("idle", 0)]).json["idleShare"]?.double == 0)
    }

    @Test func filterAcceptsEveryUpdateWithTheGateOff() throws {
        let result = try FilterBenchmark.measure(steps: 300, stateDimension: 6)
        #expect(result.measurementDimension == 3 && result.acceptedUpdates == 300 && result.steps == 300)
        #expect(result.cyclesPerSecond > 0 && result.cyclesPerSecond.isFinite)
        #expect(result.json["stateDimension"]?.int == 6)
        #expect(result.text.first == "Kalman predict+update, state 6, measurement 3, 300 steps")
        #expect(try FilterBenchmark.measure(steps: 1, stateDimension: 1).measurementDimension == 1)
    }

    /// The reader's byte count is the file's size, and both reader passes see the samples the providers
    /// bench replays.
    @Test func readCountsTheFilesBytesAndSamples() throws {
        let result = try ReadBenchmark.measure(file: Self.ilcWalk, passes: 2)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.ilcWalk)[.size] as? Int)
        #expect(result.summary.bytes == size)
        #expect(result.json["bytes"]?.int == size && result.json["passes"]?.int == 2)
        #expect(result.bestPlayedSeconds > 0 && result.text.count == 2)
        let providers = try ProvidersBenchmark.measure(file: Self.ilcWalk, registry: nil, passes: 1)
        #expect(providers.samples == result.summary.totalSamples)
        #expect(providers.steps > 0 && providers.beaconFixes > 0)
    }

    /// Without a registry the heard beacons stand on a 30 m circle, each once; a recording without
    /// beacons is refused by name.
    @Test func syntheticRegistryPlacesTheHeardBeaconsOnACircle() throws {
        let player = try RecordingPlayer(source: RecordingReader(path: Self.ilcWalk))
        var samples: [SensorSample] = []
        while let event = try player.next() { if case .sample(let s) = event { samples.append(s) } }
        let registry = try ProvidersBenchmark.syntheticRegistry(samples, file: "walk")
        #expect(!registry.beacons.isEmpty)
        for beacon in registry.beacons {
            guard case .local(let p) = beacon.position else { Issue.record("\(beacon.id) is not local"); continue }
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 30) < 1e-9, "\(beacon.id)")
        }
        #expect(Set(registry.beacons.map(\.id)).count == registry.beacons.count)
        #expect(throws: BenchmarkError.noBeaconReadings(file: "x")) { try ProvidersBenchmark.syntheticRegistry([], file: "x") }
    }

    @Test func fusionReportsEveryStageAndTheEnginesCounts() throws {
        let venue = try EvaluationInputs.loadVenue(path: Self.bundled("venues/campus"))
        let registry = try EvaluationInputs.loadRegistry(path: Self.bundled("simulated/campus-beacons.json"))
        func measure(_ venue: Venue?) throws -> FusionBenchmark.Result {
            try FusionBenchmark.measure(
                file: Self.campusWalk, venue: venue, registry: registry, radioMap: nil, fingerprint: .standard, passes: 1, filterSteps: 10)
        }
        let result = try measure(venue)
        let loaded = try LoadedRecording.read(Self.campusWalk, venue: venue, registry: registry)
        #expect(result.samples == loaded.samples.count && result.mapMatching)
        #expect(result.stages.stages.map(\.name) == ["readDecode", "player", "providers", "fusion", "mapMatching"])
        #expect(result.statistics.steps > 0 && result.statistics.acceptedFixes > 0)
        #expect(result.json["steps"]?.int == result.statistics.steps && result.filter.steps == 10)
        // End to end reads the file during the pass (its counts are checked against the in-memory pass);
        // the serial figure is the read plus the best pass.
        #expect(result.endToEndSeconds > 0 && result.endToEndSeconds.isFinite)
        #expect(abs(result.readThenReplaySeconds - (result.readSeconds + result.bestSeconds)) <= 1e-12)
        let withRead = try #require(result.json["realTimeFactorWithRead"]?.double)
        #expect(abs(withRead - result.durationSeconds / result.endToEndSeconds) <= 1e-9 * withRead)
        #expect(result.endToEndWithoutMapMatchingSeconds.map { $0 > 0 } == true)
        // Without map matching: the unmatched pass, also as a real-time factor; absent where nothing was matched.
        let unmatched = try #require(result.withoutMapMatchingSeconds)
        #expect(unmatched > 0)
        let factor = try #require(result.json["realTimeFactorWithoutMapMatching"]?.double)
        #expect(abs(factor - result.durationSeconds / unmatched) <= 1e-9 * factor)
        #expect(result.text.contains { $0.hasPrefix("  without map matching: ") })
        let venueless = try measure(nil)
        #expect(!venueless.mapMatching && venueless.withoutMapMatchingSeconds == nil)
        #expect(venueless.json["realTimeFactorWithoutMapMatching"] == .null)
    }

    @Test func routeAnswersEveryQueryOnAConnectedVenue() throws {
        let venue = TestVenues.randomGrid(seed: 3, levels: 2, side: 5)
        func measure(hierarchy: Bool, progress: (Int) -> Void = { _ in }) throws -> RouteBenchmark.Result {
            try RouteBenchmark.measure(
                venue: venue, loadSeconds: 0.5, queries: 40, seed: 9, landmarks: nil, optimization: .shortest, usesHierarchy: hierarchy,
                alternatives: nil, keepsQueries: true, progress: progress)
        }
        var reported: [Int] = []
        let result = try measure(hierarchy: true) { reported.append($0) }
        #expect(reported == Array(0..<40))
        #expect(result.json["queries"]?.int == 40 && result.json["routesFound"]?.int == 40)
        #expect(result.json["loadSeconds"]?.double == 0.5 && result.json["hierarchy"]?.bool == true)
        let lines = try #require(result.queriesText).split(separator: "\n")
        #expect(lines.count == 40 && lines.allSatisfy { $0.hasPrefix("n") && $0.split(separator: " ").count == 4 })
        // The same seed draws the same pairs, with or without the hierarchy.
        let astarLines = try #require(try measure(hierarchy: false).queriesText).split(separator: "\n")
        #expect(zip(lines, astarLines).allSatisfy { $0.split(separator: " ")[0...1] == $1.split(separator: " ")[0...1] })
    }

    @Test func reachIsTheSameForEveryJobCount() throws {
        let venue = try EvaluationInputs.loadVenue(path: Self.bundled("venues/campus"))
        func run(_ jobs: Int) throws -> ReachBenchmark.Result {
            try ReachBenchmark.measure(
                venue: venue, graph: "derived", graphUsed: "derived", loadSeconds: 0, pairs: 30, seed: 4, scope: .venue, checksJoins: true,
                jobs: jobs)
        }
        let one = try run(1), two = try run(2)
        #expect(Self.untimed(one.json) == Self.untimed(two.json))
        let pairs = try #require(one.json["pairs"]?.int), routable = try #require(one.json["routable"]?.int)
        #expect(pairs == 30 && routable <= pairs && one.json["joinCheck"] != nil)
        #expect(one.text.contains("per level (pairs from a unit on the level):"))
    }
}
