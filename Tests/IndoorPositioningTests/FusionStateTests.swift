import Foundation
import IndoorEstimation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// The engine reads its state by ``FusionState`` component, and counts every correction it applies or fails.
@Suite struct FusionStateTests {
    @Test func measurementModelsReadTheNamedComponents() {
        let position = FusionState.positionModel
        #expect(position.rows == 2 && position.columns == FusionState.dimension)
        let state = FusionState.vector { component in
            switch component {
            case .eastMeters: 3
            case .northMeters: -4
            case .headingBiasRadians: 0.25
            case .strideScale: 1.1
            }
        }
        // H x reads (east, north) for the position model and the bias for a one-row model.
        let read = (0..<2).map { r in (0..<FusionState.dimension).reduce(0.0) { $0 + position[r, $1] * state[$1] } }
        #expect(abs(read[0] - 3) < 1e-12 && abs(read[1] + 4) < 1e-12)
        let bias = FusionState.measurementModel(reading: [.headingBiasRadians])
        #expect(abs((0..<FusionState.dimension).reduce(0.0) { $0 + bias[0, $1] * state[$1] } - 0.25) < 1e-12)
        #expect(abs(state[.strideScale] - 1.1) < 1e-12)
    }

    @Test func startCovarianceAndCalibrationComeBackByName() throws {
        let engine = FusionEngine()
        let start = IndoorLocation(
            point: LocalPoint(x: 2, y: 5), levelID: nil, covariance: Covariance2D(xx: 4, xy: 1, yy: 9),
            timeSeconds: 0, source: "test")
        try engine.start(at: start, levelIndex: nil)
        let location = try #require(engine.location)
        #expect(abs(location.covariance.xx - 4) < 1e-12)
        #expect(abs(location.covariance.xy - 1) < 1e-12)
        #expect(abs(location.covariance.yy - 9) < 1e-12)
        #expect(abs(location.point.x - 2) < 1e-12 && abs(location.point.y - 5) < 1e-12)
        let calibration = try #require(engine.calibration)
        #expect(abs(calibration.strideScale - 1) < 1e-12)
        #expect(abs(calibration.headingBiasRadians) < 1e-12)
    }

    @Test func headingSigmaAddsTheBiasVariance() throws {
        let engine = try FusionEngineTests.started()
        engine.predict(with: FusionEngineTests.step(1, heading: 0))
        let c = FusionConfiguration.standard
        // σ_h² = step σ² + P_bb, P_bb = initial bias σ² + one random-walk step (no measurement yet).
        let expected =
            (0.1 * 0.1 + c.initialHeadingBiasSigmaRadians * c.initialHeadingBiasSigmaRadians
            + c.headingBiasRandomWalkRadiansPerStep * c.headingBiasRandomWalkRadiansPerStep).squareRoot()
        #expect(abs(try #require(engine.headingSigmaRadians) - expected) < 1e-12)
    }

    /// Ten 0.7 m steps north, then a fix 3 m further: the fix pulls the stride scale above 1.
    private static func walkShortAndFixFar(configuration: FusionConfiguration) throws -> FusionEngine {
        let engine = try FusionEngineTests.started(configuration: configuration)
        for i in 1...10 { engine.predict(with: FusionEngineTests.step(Double(i), heading: 0)) }
        let outcome = engine.update(
            with: IndoorLocation(
                point: LocalPoint(x: 0, y: 10), levelID: nil, accuracyMeters: 0.5,
                timeSeconds: 10, source: "manual"))
        #expect(outcome.isAccepted)
        return engine
    }

    @Test func strideScaleClampIsCounted() throws {
        let free = try Self.walkShortAndFixFar(configuration: .standard)
        #expect(try #require(free.calibration).strideScale > 1.05)
        #expect(free.statistics.strideScaleClamps == 0)

        let capped = try Self.walkShortAndFixFar(configuration: FusionConfiguration { $0.maximumStrideScale = 1 })
        #expect(abs(try #require(capped.calibration).strideScale - 1) < 1e-12)
        #expect(capped.statistics.strideScaleClamps == 1)
        #expect(capped.statistics.failedCorrectionCount == 0)
    }

    @Test func failedCorrectionsAreCountedPerKindWithTheLastReason() {
        var statistics = FusionStatistics()
        statistics.recordFailure(of: .wallCorrection, reason: .error(.nonFinite(what: "state", index: 0)))
        statistics.recordFailure(of: .wallCorrection, reason: .error(.nonFinite(what: "state", index: 1)))
        statistics.recordFailure(of: .strideScaleClamp, reason: .error(.nonFinite(what: "state", index: 3)))
        #expect(statistics.failedCorrections == ["wallCorrection": 2, "strideScaleClamp": 1])
        #expect(statistics.failedCorrectionCount == 3)
        #expect(statistics.lastCorrectionFailure?.correction == .strideScaleClamp)
        #expect(statistics.lastCorrectionFailure?.description.hasPrefix("strideScaleClamp failed") == true)
    }

    @Test func aWalkIntoAWallFailsNoCorrection() throws {
        let venue = FusionMapTests.venue()
        let engine = try FusionEngineTests.started(
            at: LocalPoint(x: 4.5, y: 4), sigma: 0.2,
            configuration: FusionMapTests.wallCorrecting(), venue: venue)
        for i in 1...6 { engine.predict(with: FusionEngineTests.step(Double(i), heading: .pi / 2, length: 0.5)) }
        #expect(engine.statistics.wallCorrections >= 1)
        #expect(engine.statistics.failedCorrections.isEmpty)
        #expect(engine.statistics.lastCorrectionFailure == nil)
    }
}
