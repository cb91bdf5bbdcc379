import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue
import Testing

/// Providers plugged into the pipeline: one written here (as a client would), the manual provider, and
/// the kinds the engine handles without knowing who made them.
@Suite struct ProviderPluginTests {
    /// A client's source: a fix at a fixed place every time a marker sample arrives.
    final class LandmarkSource: LifecycleProvider {
        let name = "landmark"
        let supportsFloor = false
        let yields: Set<FusionInput.Kind> = [.fix]
        var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
        let point: LocalPoint
        var seen = 0
        init(point: LocalPoint) { self.point = point }
        func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
            seen += 1
            guard case .marker = sample.reading else { return [] }
            return [.fix(IndoorLocation(point: point, levelID: nil, accuracyMeters: 0.5, timeSeconds: sample.timeSeconds, source: name))]
        }
    }

    static func started(_ engine: FusionEngine) throws {
        try engine.start(
            at: IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 3, timeSeconds: 0, source: "start"), levelIndex: nil)
    }

    @Test func aClientSourcePlugsInWithoutChangingTheEngine() throws {
        let engine = FusionEngine()
        try Self.started(engine)
        let landmark = LandmarkSource(point: LocalPoint(x: 4, y: 0))
        let pipeline = FusionPipeline(engine: engine, deadReckoning: DeadReckoningProvider(), sources: [landmark])
        let output = pipeline.consume(SensorSample(timeSeconds: 1, reading: .marker("door")))
        #expect(output.changed)
        #expect(output.fixes.map(\.source) == ["landmark"])
        #expect(output.fixes.first?.outcome?.isAccepted == true)
        #expect(engine.statistics.acceptedFixesBySource == ["landmark": 1])
        // Start σ 3 m, fix σ 0.5 m (the engine's floor): the estimate moves 9/9.25 of the way, x ≈ 3.89 m.
        let x = try #require(engine.point?.x)
        #expect(abs(x - 4 * 9 / 9.25) < 1e-6)
        #expect(pipeline.source(LandmarkSource.self) === landmark)
        #expect(landmark.seen == 1)
    }

    @Test func manualFixesEnterAtTheirTime() throws {
        let engine = FusionEngine()
        try Self.started(engine)
        let manual = ManualLocationProvider()
        let pipeline = FusionPipeline(engine: engine, deadReckoning: DeadReckoningProvider(), sources: [manual])
        manual.setLocation(IndoorLocation(point: LocalPoint(x: 0, y: 6), levelID: nil, accuracyMeters: 1, timeSeconds: 2, source: "tap"))
        let early = pipeline.consume(SensorSample(timeSeconds: 1, reading: .pressure(hectopascals: 1000)))
        #expect(early.fixes.isEmpty)
        let due = pipeline.consume(SensorSample(timeSeconds: 2.5, reading: .pressure(hectopascals: 1000)))
        #expect(due.fixes.map(\.source) == ["manual"])
        #expect(due.fixes.first?.outcome?.isAccepted == true)
        #expect((engine.point?.y ?? 0) > 5)
        #expect(manual.takeFixes(upToSeconds: 100).isEmpty)
    }

    @Test func fixesBeforeTheStartAreReportedButMoveNothing() throws {
        let engine = FusionEngine()
        let pipeline = FusionPipeline(
            engine: engine, deadReckoning: DeadReckoningProvider(),
            sources: [LandmarkSource(point: LocalPoint(x: 1, y: 1))])
        let output = pipeline.consume(SensorSample(timeSeconds: 1, reading: .marker("m")))
        #expect(!output.changed)
        #expect(output.fixes.count == 1)
        #expect(output.fixes.first?.outcome == nil)
        #expect(engine.point == nil)
    }

    /// A source that records the estimate it reads.
    final class EstimateReader: LifecycleProvider {
        let name = "reader"
        let supportsFloor = false
        let yields: Set<FusionInput.Kind> = []
        var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
        var given: [PositionEstimate?] = []
        func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
            given.append(context.estimate)
            return []
        }
    }

    @Test func sourcesReadTheFusedEstimateOnceStarted() throws {
        let engine = FusionEngine()
        let asking = EstimateReader()
        let pipeline = FusionPipeline(engine: engine, deadReckoning: DeadReckoningProvider(), sources: [asking])
        _ = pipeline.consume(SensorSample(timeSeconds: 0.5, reading: .marker("before")))
        try engine.start(
            at: IndoorLocation(point: LocalPoint(x: 2, y: -1), levelID: nil, accuracyMeters: 3, timeSeconds: 1, source: "start"),
            levelIndex: nil)
        _ = pipeline.consume(SensorSample(timeSeconds: 1.5, reading: .marker("after")))
        #expect(asking.given.count == 2)
        #expect(asking.given[0] == nil)  // not started yet
        let estimate = try #require(asking.given[1])
        #expect(estimate.point == LocalPoint(x: 2, y: -1))
        // Started with σ 3 m on each axis.
        #expect(abs(estimate.covariance.xx - 9) < 1e-9 && abs(estimate.covariance.yy - 9) < 1e-9)
    }

    /// The package's providers, fed the bundled campus walk, return only the kinds they declare in
    /// `yields`, and each returns some; a beacon provider's kinds follow its mode.
    @Test func everyProviderYieldsWhatItDeclares() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venue = try VenueLoader.load(path: root.appendingPathComponent("Recordings/venues/campus").path)
        let registry = try BeaconRegistry.load(path: root.appendingPathComponent("Recordings/simulated/campus-beacons.json").path)
        let beacons = { BeaconPositionProvider(map: try BeaconMap(registry: registry, venue: venue)) }
        let providers: [any IndoorLocationProvider] = [
            DeadReckoningProvider(), BeaconRangeProvider(provider: try beacons()),
            BeaconRangeProvider(provider: try beacons(), fuseRanges: false), BarometerProvider(),
        ]
        #expect(providers[1].yields == [.ranges, .levelEvidence])
        #expect(providers[2].yields == [.fix])
        let player = try RecordingPlayer(
            source: RecordingReader(path: root.appendingPathComponent("Recordings/simulated/campus-info-to-deans-office.jsonl").path))
        var made = [Set<FusionInput.Kind>](repeating: [], count: providers.count)
        while let event = try player.next() {
            guard case .sample(let sample) = event else { continue }
            for (i, provider) in providers.enumerated() {
                for input in provider.contributions(from: sample, context: ProviderContext(isStarted: false)) {
                    made[i].insert(input.kind)
                }
            }
        }
        for (i, provider) in providers.enumerated() {
            #expect(!made[i].isEmpty, "\(provider.name) contributed nothing")
            #expect(made[i].isSubset(of: provider.yields), "\(provider.name) made \(made[i]), declares \(provider.yields)")
        }
        // The wrapper's lifecycle is the wrapped provider's.
        let inner = try beacons()
        let wrapper = BeaconRangeProvider(provider: inner)
        wrapper.start()
        #expect(inner.isStarted && wrapper.isStarted)
        wrapper.stop()
        #expect(!inner.isStarted)
    }
}
