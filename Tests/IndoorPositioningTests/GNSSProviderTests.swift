import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Satellite fixes placed in the local frame, filtered and weighted.
@Suite struct GNSSProviderTests {
    static let origin = GeoCoordinate(latitudeDegrees: 49.4611, longitudeDegrees: 11.1110)
    static let frame = LocalFrame(reference: origin)

    /// A fix `north` metres north of the origin (1° of latitude is about 111,200 m here), 1 fix per `t`.
    static func fix(t: Double, north: Double = 0, accuracy: Double? = 6, satellites: Int? = 20, fixTime: Double? = nil) -> SensorSample {
        SensorSample(
            timeSeconds: t,
            reading: .gnss(
                GNSSFix(
                    coordinate: GeoCoordinate(
                        latitudeDegrees: origin.latitudeDegrees + north / 111_200, longitudeDegrees: origin.longitudeDegrees),
                    horizontalAccuracyMeters: accuracy, satellitesUsed: satellites, fixTimeSeconds: fixTime ?? 1000 + t)))
    }

    @Test func aFixBecomesALocationInTheLocalFrame() throws {
        let provider = GNSSPositionProvider(frame: Self.frame)
        var events: [ProviderEvent] = []
        provider.addListener { events.append($0) }
        provider.start()
        let location = try #require(provider.consume(Self.fix(t: 5, north: 100)))
        // 100 m north by the 111.2 km/° rule of thumb; the frame's ellipsoid puts it within 0.5 m of that.
        #expect(abs(location.point.y - 100) < 0.5)
        #expect(abs(location.point.x) < 1e-6)
        #expect(location.source == "gnss" && location.levelID == nil && location.floorNumber == nil)
        #expect(location.timeSeconds == 5)
        // First fix: σ = 6 m / 1.51 (no earlier fix to be correlated with).
        #expect(abs(location.covariance.xx - pow(6 / 1.51, 2)) < 1e-9)
        #expect(location.covariance.xy == 0 && location.covariance.yy == location.covariance.xx)
        #expect(events == [.started, .location(location)])
    }

    @Test func fixesCloserThanTheCorrelationTimeAreWidened() throws {
        let provider = GNSSPositionProvider(frame: Self.frame)
        _ = provider.consume(Self.fix(t: 0))
        // 1 s later, errors persisting 30 s: σ × √30.
        let next = try #require(provider.consume(Self.fix(t: 1)))
        #expect(abs(next.covariance.xx - pow(6 / 1.51, 2) * 30) < 1e-9)
        // 40 s later: independent again.
        let later = try #require(provider.consume(Self.fix(t: 41)))
        #expect(abs(later.covariance.xx - pow(6 / 1.51, 2)) < 1e-9)
        let plain = GNSSPositionProvider(frame: Self.frame, configuration: try GNSSProviderConfiguration { $0.errorCorrelationSeconds = 0 })
        _ = plain.consume(Self.fix(t: 0))
        #expect(abs((plain.consume(Self.fix(t: 1))?.covariance.xx ?? 0) - pow(6 / 1.51, 2)) < 1e-9)
    }

    @Test func repeatedAndPoorFixesAreSkippedAndCounted() throws {
        let provider = GNSSPositionProvider(frame: Self.frame)
        #expect(provider.consume(Self.fix(t: 0, fixTime: 500)) != nil)
        // The same fix delivered again (same fix time).
        #expect(provider.consume(Self.fix(t: 0.5, north: 3, fixTime: 500)) == nil)
        // Too inaccurate, too few satellites.
        #expect(provider.consume(Self.fix(t: 1, accuracy: 31)) == nil)
        #expect(provider.consume(Self.fix(t: 2, satellites: 13)) == nil)
        // 14 satellites is still an indoor fix; 15 is the fewest kept by default.
        #expect(provider.consume(Self.fix(t: 3, satellites: 14)) == nil)
        #expect(provider.consume(Self.fix(t: 4, satellites: 15)) != nil)
        // No satellite count reported: kept. No accuracy reported: σ 15 m.
        #expect(provider.consume(Self.fix(t: 30, satellites: nil)) != nil)
        let unknown = try #require(provider.consume(Self.fix(t: 60, accuracy: nil)))
        #expect(abs(unknown.covariance.xx - 225) < 1e-9)
        #expect(provider.repeatedFixCount == 1 && provider.poorFixCount == 3 && provider.fixCount == 4)
        // Without fix times, the same position and accuracy is a repeat.
        let untimed = GNSSPositionProvider(frame: Self.frame)
        let a = SensorSample(timeSeconds: 1, reading: .gnss(GNSSFix(coordinate: Self.origin, horizontalAccuracyMeters: 5)))
        let b = SensorSample(timeSeconds: 2, reading: .gnss(GNSSFix(coordinate: Self.origin, horizontalAccuracyMeters: 5)))
        let c = SensorSample(timeSeconds: 3, reading: .gnss(GNSSFix(coordinate: Self.origin, horizontalAccuracyMeters: 4)))
        #expect(untimed.consume(a) != nil && untimed.consume(b) == nil && untimed.consume(c) != nil)
    }

    @Test func belowGroundFixesAreSkippedUnlessAsked() throws {
        let provider = GNSSPositionProvider(frame: Self.frame)
        #expect(provider.consume(Self.fix(t: 0), floorNumber: -1) == nil)
        #expect(provider.consume(Self.fix(t: 1), floorNumber: 0) != nil)
        #expect(provider.consume(Self.fix(t: 2), floorNumber: nil) != nil)
        #expect(provider.belowGroundFixCount == 1)
        let basement = GNSSPositionProvider(frame: Self.frame, configuration: try GNSSProviderConfiguration { $0.useBelowGround = true })
        #expect(basement.consume(Self.fix(t: 0), floorNumber: -2) != nil)
    }

    @Test func malformedFixesAreReported() {
        let provider = GNSSPositionProvider(frame: Self.frame)
        var errors: [ProviderError] = []
        provider.addListener { if case .error(let e) = $0 { errors.append(e) } }
        provider.start()
        #expect(provider.consume(Self.fix(t: .nan)) == nil)
        #expect(provider.consume(Self.fix(t: 1, accuracy: .infinity)) == nil)
        #expect(provider.consume(Self.fix(t: 2, accuracy: -1)) == nil)
        let offEarth = SensorSample(
            timeSeconds: 3, reading: .gnss(GNSSFix(coordinate: GeoCoordinate(latitudeDegrees: 91, longitudeDegrees: 0))))
        #expect(provider.consume(offEarth) == nil)
        #expect(provider.consume(SensorSample(timeSeconds: 4, reading: .pressure(hectopascals: 1000))) == nil)
        #expect(provider.rejectedSampleCount == 4)
        #expect(errors.count == 4 && errors.allSatisfy { $0.provider == "gnss" })
    }

    @Test func configurationRejectsOutOfRangeValues() throws {
        #expect(throws: ConfigurationError.self) { try GNSSProviderConfiguration { $0.maximumAccuracyMeters = 0 } }
        #expect(throws: ConfigurationError.self) { try GNSSProviderConfiguration { $0.sigmaPerAccuracy = .nan } }
        #expect(throws: ConfigurationError.self) { try GNSSProviderConfiguration { $0.minimumSatellitesUsed = -1 } }
        #expect(throws: ConfigurationError.self) { try GNSSProviderConfiguration { $0.errorCorrelationSeconds = 601 } }
        #expect(try GNSSProviderConfiguration { _ in } == .standard)
    }

    /// The pipeline fuses new fixes into the engine (a user standing still 10 m south of the fixes), and
    /// none while the engine's level is below ground.
    @Test func thePipelineFusesFixesAboveGroundOnly() throws {
        func run(startFloor: Double) throws -> (pipeline: FusionPipeline, end: LocalPoint) {
            let levels = LevelCandidate.levels(floorNumbers: [-1, 0], storeyHeightMeters: 4)
            let engine = FusionEngine(levels: levels)
            let startIndex = try #require(levels.firstIndex { $0.floorNumber == startFloor })
            try engine.start(
                at: IndoorLocation(point: LocalPoint(x: 0, y: -10), levelID: nil, accuracyMeters: 5, timeSeconds: 0, source: "start"),
                levelIndex: startIndex)
            let pipeline = FusionPipeline(
                engine: engine, deadReckoning: DeadReckoningProvider(), gnss: GNSSPositionProvider(frame: Self.frame))
            for k in 1...60 { _ = pipeline.consume(Self.fix(t: Double(k), accuracy: 3)) }
            return (pipeline, try #require(engine.point))
        }
        let above = try run(startFloor: 0)
        #expect(above.pipeline.source(GNSSPositionProvider.self)?.fixCount == 60)
        #expect(above.pipeline.engine.statistics.acceptedFixes == 60)
        #expect(abs(above.end.y) < 1.5, "ended at \(above.end)")
        let below = try run(startFloor: -1)
        #expect(below.pipeline.source(GNSSPositionProvider.self)?.belowGroundFixCount == 60)
        #expect(below.pipeline.engine.statistics.acceptedFixes == 0)
        #expect(abs(below.end.y + 10) < 1e-9)
    }

    @Test func scoringComparesEachNewFixWithTheTruth() throws {
        // Truth standing at the origin from 0 to 100 s; fixes 3 m north every second, each sent twice.
        let truth = [TruthPoint(timeSeconds: 0, point: .zero), TruthPoint(timeSeconds: 100, point: .zero)]
        var samples: [SensorSample] = []
        for k in 0..<120 {
            samples.append(Self.fix(t: Double(k), north: 3))
            samples.append(Self.fix(t: Double(k) + 0.5, north: 3, fixTime: 1000 + Double(k)))
        }
        let score = try #require(
            ProviderScoring.scoreSatelliteFixes(
                samples: samples, truth: try GroundTruthTrack(truth),
                provider: GNSSPositionProvider(frame: Self.frame)))
        #expect(score.fixCount == 120 && score.repeatedFixCount == 120 && score.poorFixCount == 0)
        // Fixes after 100 s are outside the truth's span.
        #expect(score.errors?.count == 101)
        #expect(abs((score.errors?.median ?? 0) - 3) < 0.02)
        #expect(
            ProviderScoring.scoreSatelliteFixes(
                samples: [], truth: try GroundTruthTrack(truth), provider: GNSSPositionProvider(frame: Self.frame)) == nil)
    }
}
