import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorVenue
import Testing

@testable import IndoorPositioning

/// The fusion engine on synthetic steps with known answers.
@Suite struct FusionEngineTests {
    static func step(_ t: Double, heading: Double, length: Double = 0.7) -> StepEvent {
        StepEvent(timeSeconds: t, lengthMeters: length, lengthSigmaMeters: 0.05, headingRadians: heading, headingSigmaRadians: 0.1)
    }

    static func started(
        at point: LocalPoint = .zero, sigma: Double = 1, configuration: FusionConfiguration = .standard,
        venue: Venue? = nil
    ) throws -> FusionEngine {
        let engine = FusionEngine(configuration: configuration, venue: venue)
        try engine.start(
            at: IndoorLocation(point: point, levelID: nil, accuracyMeters: sigma, timeSeconds: 0, source: "test"),
            levelIndex: venue == nil ? nil : 0)
        return engine
    }

    @Test func stepsMoveAlongTheirHeading() throws {
        let engine = try Self.started()
        for i in 1...10 { #expect(engine.predict(with: Self.step(Double(i), heading: .pi / 2, length: 1))) }
        let p = try #require(engine.point)
        // Ten 1 m steps due east (heading π/2 clockwise from north).
        #expect(abs(p.x - 10) < 1e-9)
        #expect(abs(p.y) < 1e-9)
        #expect(engine.statistics.steps == 10)
    }

    @Test func fixPullsABiasedWalkAndShrinksCovariance() throws {
        let engine = try Self.started()
        // The walker goes due north, but the steps report 0.1 rad east of north.
        for i in 1...20 { engine.predict(with: Self.step(Double(i), heading: 0.1)) }
        let before = try #require(engine.location)
        // 20 × 0.7 m at 0.1 rad: east = 14 sin 0.1 = 1.398 m, north = 14 cos 0.1 = 13.930 m.
        #expect(abs(before.point.x - 1.398) < 0.001)
        #expect(abs(before.point.y - 13.930) < 0.001)
        let outcome = engine.update(
            with: IndoorLocation(
                point: LocalPoint(x: 0, y: 14), levelID: nil, accuracyMeters: 1,
                timeSeconds: 20, source: "manual"))
        #expect(outcome.isAccepted)
        let after = try #require(engine.location)
        #expect(after.point.x < before.point.x - 0.3 && after.point.x > 0)
        #expect(after.covariance.xx < before.covariance.xx)
        #expect(after.covariance.yy < before.covariance.yy)
        // East error is explained partly by the heading bias, which moves negative.
        let bias = try #require(engine.calibration?.headingBiasRadians)
        #expect(bias < 0)
    }

    @Test func outlierIsGatedWithItsReason() throws {
        let engine = try Self.started()
        let outcome = engine.update(
            with: IndoorLocation(
                point: LocalPoint(x: 100, y: 0), levelID: nil, accuracyMeters: 1,
                timeSeconds: 0, source: "manual"))
        guard case .rejected(.gated(let d2, let threshold)) = outcome else {
            Issue.record("expected a gated rejection, got \(outcome)")
            return
        }
        // S = P + R = 1 + 0.5² floor → R = max(1, 0.25) = 1 per axis: S = 2 I, d² = 100² / 2 = 5000.
        #expect(abs(d2 - 5000) < 1e-6)
        #expect(abs(threshold - 9.2103) < 1e-3)
        #expect(engine.statistics.rejectedFixes["gated"] == 1)
        #expect(engine.point == LocalPoint(x: 0, y: 0))
    }

    @Test func nonFiniteFixIsRejected() throws {
        let engine = try Self.started()
        let outcome = engine.update(
            with: IndoorLocation(
                point: LocalPoint(x: .nan, y: 0), levelID: nil, accuracyMeters: 1,
                timeSeconds: 0, source: "manual"))
        #expect(outcome == .rejected(.invalidFix))
        #expect(engine.statistics.rejectedFixes["invalidFix"] == 1)
        #expect(engine.point == LocalPoint(x: 0, y: 0))
    }

    @Test func notStartedRejects() {
        let engine = FusionEngine()
        #expect(
            engine.update(with: IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 1, timeSeconds: 0, source: "m"))
                == .rejected(.notStarted))
        #expect(!engine.predict(with: Self.step(1, heading: 0)))
    }

    @Test func lateFixIsShiftedByTheStepsSince() throws {
        let engine = try Self.started(sigma: 0.1)
        for i in 1...10 { engine.predict(with: Self.step(Double(i), heading: .pi / 2, length: 1)) }
        // At t = 5.5 the walker was at (5, 0); the fix says 2 m north of that. The five steps since
        // (t = 6…10, 5 m east) move it to (10, 2): the east estimate must stay near 10, north move up.
        let outcome = engine.update(
            with: IndoorLocation(
                point: LocalPoint(x: 5, y: 2), levelID: nil, accuracyMeters: 1,
                timeSeconds: 5.5, source: "manual"))
        guard case .accepted(_, let delay) = outcome else {
            Issue.record("expected acceptance, got \(outcome)")
            return
        }
        #expect(abs(delay - 4.5) < 1e-9)
        let p = try #require(engine.point)
        #expect(abs(p.x - 10) < 0.5, "east \(p.x)")
        #expect(p.y > 0.3, "north \(p.y)")
        #expect(engine.statistics.lateFixes == 1)
        // Older than the configured 5 s delay: refused with its age.
        let old = engine.update(
            with: IndoorLocation(
                point: LocalPoint(x: 0, y: 0), levelID: nil, accuracyMeters: 1,
                timeSeconds: 1, source: "manual"))
        #expect(old == .rejected(.tooOld(ageSeconds: 9)))
    }

    @Test func nonFiniteStepIsRefused() throws {
        let engine = try Self.started()
        #expect(
            !engine.predict(
                with: StepEvent(
                    timeSeconds: 1, lengthMeters: .nan, lengthSigmaMeters: 0.1,
                    headingRadians: 0, headingSigmaRadians: 0.1)))
        #expect(engine.statistics.rejectedSteps == 1)
        #expect(engine.point == LocalPoint(x: 0, y: 0))
    }

    @Test func configurationRejectsOutOfRangeValues() {
        #expect(throws: ConfigurationError.self) { try FusionConfiguration { $0.gateProbability = 1 } }
        #expect(throws: ConfigurationError.self) { try FusionConfiguration { $0.beaconCovarianceScale = 0.5 } }
        #expect(throws: ConfigurationError.self) { try FusionConfiguration { $0.initialHeadingBiasSigmaRadians = .nan } }
        #expect(throws: ConfigurationError.self) { try LevelEstimatorConfiguration { $0.hectopascalsPerMeter = 1 } }
    }

    @Test func invalidStartThrows() {
        let engine = FusionEngine()
        #expect(throws: PositioningError.self) {
            try engine.start(
                at: IndoorLocation(
                    point: LocalPoint(x: .infinity, y: 0), levelID: nil, accuracyMeters: 1,
                    timeSeconds: 0, source: "t"), levelIndex: nil)
        }
        #expect(!engine.isStarted)
    }
}
