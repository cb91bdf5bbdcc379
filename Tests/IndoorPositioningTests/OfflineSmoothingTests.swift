import Foundation
import IndoorEstimation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// Offline smoothing of the fusion engine's Kalman state on a simulated straight walk.
@Suite struct OfflineSmoothingTests {
    /// A walk due north: 120 steps of 0.7 m, one a second; the phone reports the heading 0.12 rad east
    /// of the truth with 0.05 rad noise and the step length with 0.05 m noise; a fix (σ 2 m, seeded
    /// noise) every 6 steps. Returns the engine after the walk, the live estimate at the end of each
    /// epoch (the start, then after each step and its fix) and the truth there.
    static func walk(recorder: FusionSmoothingRecorder?) throws -> (engine: FusionEngine, live: [LocalPoint], truth: [LocalPoint]) {
        var random = SplitMix64(seed: 0x0FF1_1E55)
        let engine = FusionEngine()
        engine.smoothingRecorder = recorder
        try engine.start(at: IndoorLocation(point: .zero, levelID: nil, accuracyMeters: 1, timeSeconds: 0, source: "test"), levelIndex: nil)
        var live = [try #require(engine.point)]
        var truth = [LocalPoint.zero]
        for i in 1...120 {
            let t = Double(i)
            let step = StepEvent(
                timeSeconds: t, lengthMeters: 0.7 + 0.05 * random.gaussian(), lengthSigmaMeters: 0.05,
                headingRadians: 0.12 + 0.05 * random.gaussian(), headingSigmaRadians: 0.1)
            #expect(engine.predict(with: step))
            let now = LocalPoint(x: 0, y: 0.7 * t)
            if i % 6 == 0 {
                let fix = LocalPoint(x: now.x + 2 * random.gaussian(), y: now.y + 2 * random.gaussian())
                engine.update(with: IndoorLocation(point: fix, levelID: nil, accuracyMeters: 2, timeSeconds: t, source: "manual"))
            }
            live.append(try #require(engine.point))
            truth.append(now)
        }
        return (engine, live, truth)
    }

    static func meanError(_ a: [LocalPoint], _ b: [LocalPoint]) -> Double {
        zip(a, b).map { $0.distance(to: $1) }.reduce(0, +) / Double(a.count)
    }

    @Test func smoothingAStraightWalkIsNoWorseThanTheLiveTrack() throws {
        let recorder = FusionSmoothingRecorder()
        let run = try Self.walk(recorder: recorder)
        #expect(recorder.epochCount == 121)
        let smoothed = try recorder.smoothedTrack(closingWith: run.engine)
        #expect(smoothed.count == 121)
        #expect(smoothed.map(\.timeSeconds) == (0...120).map(Double.init))
        // The last epoch is the live end state.
        let end = try #require(run.engine.point)
        #expect(try #require(smoothed.last).point.distance(to: end) < 1e-9)
        let liveError = Self.meanError(run.live, run.truth)
        let smoothedError = Self.meanError(smoothed.map(\.point), run.truth)
        #expect(smoothedError <= liveError, "smoothed \(smoothedError) m, live \(liveError) m")
        // The bias the fixes reveal late is known from the start offline: the first half gains most.
        let firstHalfLive = Self.meanError(Array(run.live[1...60]), Array(run.truth[1...60]))
        let firstHalfSmoothed = Self.meanError(Array(smoothed[1...60].map(\.point)), Array(run.truth[1...60]))
        #expect(firstHalfSmoothed < 0.8 * firstHalfLive, "first half smoothed \(firstHalfSmoothed) m, live \(firstHalfLive) m")
        // Smoothed covariances are no larger than the filtered ones the engine reported.
        #expect(smoothed.allSatisfy { $0.covariance.xx > 0 && $0.covariance.yy > 0 })
    }

    @Test func recordingDoesNotChangeTheLiveOutput() throws {
        let with = try Self.walk(recorder: FusionSmoothingRecorder())
        let without = try Self.walk(recorder: nil)
        #expect(with.live == without.live)
        #expect(with.engine.location == without.engine.location)
        #expect(with.engine.statistics == without.engine.statistics)
    }

    @Test func aRestartClearsTheRecord() throws {
        let recorder = FusionSmoothingRecorder()
        let run = try Self.walk(recorder: recorder)
        try run.engine.start(
            at: IndoorLocation(point: LocalPoint(x: 5, y: 5), levelID: nil, accuracyMeters: 1, timeSeconds: 200, source: "test"),
            levelIndex: nil)
        #expect(recorder.epochCount == 1)
        let smoothed = try recorder.smoothedTrack(closingWith: run.engine)
        #expect(smoothed.count == 1)
        #expect(smoothed.first?.point == LocalPoint(x: 5, y: 5))
        #expect(smoothed.first?.timeSeconds == 200)
    }

    @Test func anEngineThatNeverStartedGivesAnEmptyTrack() throws {
        let recorder = FusionSmoothingRecorder()
        let engine = FusionEngine()
        engine.smoothingRecorder = recorder
        #expect(
            !engine.predict(
                with: StepEvent(timeSeconds: 1, lengthMeters: 0.7, lengthSigmaMeters: 0.05, headingRadians: 0, headingSigmaRadians: 0.1)))
        #expect(try recorder.smoothedTrack(closingWith: engine).isEmpty)
    }
}
