import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import Testing

/// Sources plugged into the pipeline: one written here (as a client would), the manual provider, and
/// the kinds the engine handles without knowing who made them.
@Suite struct FusionSourceTests {
    /// A client's source: a fix at a fixed place every time a marker sample arrives.
    final class LandmarkSource: FusionSource {
        let name = "landmark"
        let point: LocalPoint
        var seen = 0
        init(point: LocalPoint) { self.point = point }
        func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
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
    final class EstimateReader: FusionSource {
        let name = "reader"
        var given: [PositionEstimate?] = []
        func contributions(from sample: SensorSample, context: FusionSourceContext) -> [FusionInput] {
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
}
