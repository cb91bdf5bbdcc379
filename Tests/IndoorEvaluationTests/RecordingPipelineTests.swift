import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue
import Testing

@testable import IndoorEvaluation

/// A provider of the test's own: a fix at the truth every `intervalSeconds` (a check-in), counted.
final class ProbeProvider: LifecycleProvider {
    let name = "probe"
    let supportsFloor = true
    let yields: Set<FusionInput.Kind> = [.fix]
    var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
    let intervalSeconds: Double
    private var lastSeconds = -Double.infinity
    private(set) var fixes = 0

    init(intervalSeconds: Double) { self.intervalSeconds = intervalSeconds }

    func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        guard context.isStarted, case .groundTruth(let truth) = sample.reading, case .local(let point) = truth.location,
            sample.timeSeconds - lastSeconds >= intervalSeconds
        else { return [] }
        lastSeconds = sample.timeSeconds
        fixes += 1
        var levelID: String?
        if case .levelId(let id)? = truth.level { levelID = id }
        return [.fix(IndoorLocation(point: point, levelID: levelID, accuracyMeters: 2, timeSeconds: sample.timeSeconds, source: name))]
    }
}

/// ``RecordingPipeline``: the standard providers for a recording plus manual fixes and extra providers.
@Suite struct RecordingPipelineTests {
    static func campus() throws -> (venue: Venue, registry: BeaconRegistry, loaded: LoadedRecording) {
        let venue = try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue)
        let registry = try EvaluationInputs.loadRegistry(path: EvaluationFixtures.campusBeacons)
        let loaded = try LoadedRecording.read(EvaluationFixtures.campusWalk, venue: venue, registry: registry)
        return (venue, registry, loaded)
    }

    @Test func theStandardProvidersComeInTheirOrder() throws {
        let (venue, registry, loaded) = try Self.campus()
        let pipeline = try RecordingPipeline.build(loaded, settings: EvaluationSettings(venue: venue, registry: registry))
        #expect(pipeline.sources.map(\.name) == ["pdr", "beacon", "pressure", "gnss"])
        var noBeacons = EvaluationSettings(venue: venue, registry: registry, useBeacons: false)
        noBeacons.useGNSS = false
        #expect(try RecordingPipeline.build(loaded, settings: noBeacons).sources.map(\.name) == ["pdr", "pressure"])
    }

    @Test func withoutAVenueDeadReckoningBlendsTheAbsoluteHeading() throws {
        let (venue, registry, loaded) = try Self.campus()
        let withVenue = try RecordingPipeline.build(loaded, settings: EvaluationSettings(venue: venue, registry: registry))
        #expect(withVenue.deadReckoning.configuration.heading.absoluteHeadingTimeConstantSeconds == 0)
        // The same recording without its venue: the without-floor-plan time constant (7 s by default) is in use.
        let without = try RecordingPipeline.build(loaded, settings: EvaluationSettings(venue: nil, registry: registry))
        #expect(without.deadReckoning.configuration.heading.absoluteHeadingTimeConstantSeconds == 7)
        var settings = EvaluationSettings(venue: nil, registry: registry)
        settings.deadReckoning.heading.absoluteHeadingTimeConstantWithoutFloorPlanSeconds = 0
        let chosen = try RecordingPipeline.build(loaded, settings: settings).deadReckoning.configuration.heading
        #expect(chosen.absoluteHeadingTimeConstantSeconds == 0)
    }

    @Test func extraProvidersFollowTheManualFixesAndAreFused() throws {
        let (venue, registry, loaded) = try Self.campus()
        var settings = EvaluationSettings(venue: venue, registry: registry)
        settings.manualFixes = [
            IndoorLocation(point: LocalPoint(x: 5, y: 10), levelID: "lvl-a0", accuracyMeters: 2, timeSeconds: 30, source: "manual")
        ]
        let probe = ProbeProvider(intervalSeconds: 15)
        let pipeline = try RecordingPipeline.build(loaded, settings: settings, extraProviders: [probe])
        #expect(pipeline.sources.map(\.name) == ["pdr", "beacon", "pressure", "gnss", "manual", "probe"])
        let truth = try #require(loaded.truth)
        let replay = try #require(FusionReplay.run(samples: loaded.samples, truth: truth, pipeline: pipeline))
        #expect(replay.startFailure == nil)
        // 74 truth points 1 s apart from t = 0; the first is the start, seen before the pipeline is
        // started: check-ins at 15, 30, 45 and 60 s.
        #expect(probe.fixes == 4)
        #expect((replay.statistics.acceptedFixesBySource["probe"] ?? 0) > 0)
    }

    @Test func evaluateIsTheReplayOfTheBuiltPipeline() throws {
        let (venue, registry, loaded) = try Self.campus()
        let settings = EvaluationSettings(venue: venue, registry: registry)
        let truth = try #require(loaded.truth)
        let built = try #require(
            FusionReplay.run(samples: loaded.samples, truth: truth, pipeline: try RecordingPipeline.build(loaded, settings: settings)))
        let evaluated = try #require(try RecordingPipeline.evaluate(loaded, truth: truth, settings: settings))
        #expect(evaluated.score == built.score)
        #expect(evaluated.score.points.count == truth.count - 1)
    }

    @Test func withoutAVenueTheLevelsComeFromTheBeaconsFloors() throws {
        let folder = try EvaluationFixtures.folder()
        let beacons = try EvaluationFixtures.write(
            [
                #"{"format":"indoornav-beacons","version":1,"beacons":["#
                    + #"{"id":"a","mac":"00:00:00:00:00:01","major":1,"minor":1,"position":{"x":0,"y":0},"level":1,"txPowerDbm":-59},"#
                    + #"{"id":"b","mac":"00:00:00:00:00:02","major":1,"minor":2,"position":{"x":10,"y":0},"level":3,"txPowerDbm":-59}]}"#
            ], named: "beacons.json", in: folder)
        let registry = try EvaluationInputs.loadRegistry(path: beacons)
        let recording = try EvaluationFixtures.write(
            [EvaluationFixtures.header, EvaluationFixtures.truth(0, 0, 0), EvaluationFixtures.truth(1, 1, 0)], named: "walk.jsonl",
            in: folder)
        let loaded = try LoadedRecording.read(recording, venue: nil, registry: registry)
        let pipeline = try RecordingPipeline.build(
            loaded, settings: EvaluationSettings(venue: nil, registry: registry, storeyHeightMeters: 4))
        // Floors 1 to 3, 4 m apart.
        #expect(pipeline.engine.levelCandidates.map(\.floorNumber) == [1, 2, 3])
        #expect(pipeline.engine.levelCandidates.map(\.elevationMeters) == [4, 8, 12])
    }
}
