import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// Which steps climb: the detector alone, then the engine on synthetic pressure.
@Suite struct ClimbDetectorTests {
    static let configuration = FusionConfiguration.standard
    static let oneStep = ClimbDetector.Removed(eastMeters: 0, northMeters: 0.49, varianceSquareMeters: 0.06, steps: 1)

    /// `detector`'s verdict at `speed` m/s and height `height` m, with the standard configuration unless given.
    static func verdict(
        _ detector: inout ClimbDetector, _ speed: Double, _ height: Double?, nearConnector: Bool = false,
        configuration: FusionConfiguration = configuration
    ) -> ClimbDetector.Verdict {
        detector.classify(
            verticalSpeedMetersPerSecond: speed, heightMeters: height, nearConnector: nearConnector, configuration: configuration)
    }

    @Test func aShortPressureSwingIsForgotten() {
        var detector = ClimbDetector()
        // 0.2 m/s for three steps, the height moving 0.1 m (under the 0.25 m that confirms), then level.
        for height in [0.0, 0.05, 0.1] {
            let verdict = Self.verdict(&detector, 0.2, height)
            #expect(verdict == .tentative)
            detector.remember(Self.oneStep)
        }
        #expect(Self.verdict(&detector, 0.05, 0.1) == .level)
        // A new stretch starts from nothing: its confirmation has nothing of the old one to catch up.
        #expect(Self.verdict(&detector, -0.3, 0.1) == .tentative)
        #expect(Self.verdict(&detector, -0.3, -0.2) == .climbing(catchUp: nil))
    }

    @Test func aConfirmedClimbHandsBackWhatItsFirstStepsWalkedOnce() {
        var detector = ClimbDetector()
        for height in [1.0, 1.1, 1.2] {
            #expect(Self.verdict(&detector, 0.3, height) == .tentative)
            detector.remember(Self.oneStep)
        }
        // 1.3 m is 0.3 m above where the stretch began: confirmed, with the three steps to take back.
        let expected = ClimbDetector.Removed(eastMeters: 0, northMeters: 3 * 0.49, varianceSquareMeters: 3 * 0.06, steps: 3)
        let verdict = Self.verdict(&detector, 0.3, 1.3)
        guard case .climbing(let catchUp?) = verdict else {
            Issue.record("expected a confirmed climb with a catch-up, got \(verdict)")
            return
        }
        #expect(abs(catchUp.northMeters - expected.northMeters) < 1e-12)
        #expect(abs(catchUp.varianceSquareMeters - expected.varianceSquareMeters) < 1e-12)
        #expect(catchUp.steps == 3)
        #expect(Self.verdict(&detector, 0.3, 1.4) == .climbing(catchUp: nil))
    }

    @Test func nearAConnectorOrWithoutAHeightTheSpeedAloneConfirms() throws {
        var detector = ClimbDetector()
        #expect(Self.verdict(&detector, 0.3, 0, nearConnector: true) == .climbing(catchUp: nil))
        detector.reset()
        #expect(Self.verdict(&detector, 0.3, nil) == .climbing(catchUp: nil))
        detector.reset()
        var atOnce = FusionConfiguration.standard
        atOnce.climbingConfirmHeightMeters = 0
        #expect(Self.verdict(&detector, 0.3, 0, configuration: atOnce) == .climbing(catchUp: nil))
    }

    /// An engine on two levels 4 m apart, started on the lower, walking 0.7 m steps due north every 0.5 s
    /// from t = 10 s, with pressure every 0.1 s following `heightAt` (0.12 hPa a metre).
    static func walk(heightAt: (Double) -> Double, confirmMeters: Double, steps: Int = 40) throws -> FusionEngine {
        var configuration = FusionConfiguration.standard
        configuration.climbingConfirmHeightMeters = confirmMeters
        let engine = FusionEngine(configuration: configuration, levels: LevelCandidate.levels(floorNumbers: [0, 1], storeyHeightMeters: 4))
        try engine.start(at: IndoorLocation(point: .zero, levelID: "0", accuracyMeters: 1, timeSeconds: 0, source: "t"), levelIndex: 0)
        var t = 0.0
        var nextStep = 10.0
        var taken = 0
        while taken < steps {
            t += 0.1
            engine.updatePressure(hectopascals: 1000 - 0.12 * heightAt(t), timeSeconds: t)
            if t >= nextStep - 1e-9 {
                engine.predict(
                    with: StepEvent(timeSeconds: t, lengthMeters: 0.7, lengthSigmaMeters: 0.05, headingRadians: 0, headingSigmaRadians: 0.1)
                )
                taken += 1
                nextStep += 0.5
            }
        }
        return engine
    }

    @Test func aDraughtDoesNotShortenTheWalk() throws {
        // The pressure of 0.5 m higher for three seconds at t = 14 s (a door), level otherwise: the low-passed
        // vertical speed peaks at 0.16 m/s, the height moves 0.1 m while it is above 0.12 m/s.
        let draught: (Double) -> Double = { t in t > 14 && t < 17 ? 0.5 : 0 }
        let confirmed = try Self.walk(heightAt: draught, confirmMeters: 0.25)
        #expect(confirmed.statistics.climbingSteps == 0)
        // Forty full steps north.
        #expect(abs(try #require(confirmed.point).y - 40 * 0.7) < 1e-6)
        // Without the confirmation the same swing shortens steps.
        let atOnce = try Self.walk(heightAt: draught, confirmMeters: 0)
        #expect(atOnce.statistics.climbingSteps > 0)
        #expect(try #require(atOnce.point).y < 40 * 0.7 - 0.3)
    }

    @Test func aFlightOfStairsEndsWhereShorteningAtOnceWouldHaveLeftIt() throws {
        // 0.3 m/s up from t = 15 s to t = 25 s (3 m), level before and after.
        let stairs: (Double) -> Double = { t in min(3, max(0, 0.3 * (t - 15))) }
        let confirmed = try Self.walk(heightAt: stairs, confirmMeters: 0.25)
        let atOnce = try Self.walk(heightAt: stairs, confirmMeters: 0)
        #expect(confirmed.statistics.climbingSteps > 10)
        #expect(confirmed.statistics.climbingSteps == atOnce.statistics.climbingSteps)
        let a = try #require(confirmed.point), b = try #require(atOnce.point)
        #expect(abs(a.y - b.y) < 1e-6, "\(a.y) against \(b.y)")
        // The climbing steps moved 0.3 of their length.
        let climbing = Double(confirmed.statistics.climbingSteps)
        #expect(abs(a.y - (40 - climbing) * 0.7 - climbing * 0.7 * 0.3) < 1e-6)
    }
}
