import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// Offline smoothing where the particle map matcher runs: the particles' fixed-lag means, alone or
/// handed to the Kalman backward pass.
@Suite struct OfflineParticleSmoothingTests {
    /// 50 steps of 0.7 m east along the centre line y = 6 of ``MapMatchingTests/corridorVenue()``
    /// (corridor y 4…8), the phone's heading 8° left of the truth; returns the smoothed track and the
    /// truth at each epoch (the start, then each step).
    static func smoothedWalk(_ smoothing: FusionSmoothingConfiguration) throws -> (track: [SmoothedFusionPoint], truth: [LocalPoint]) {
        var configuration = FusionConfiguration.standard
        configuration.alignHeadingToFloorPlan = false
        configuration.headingBiasRandomWalkRadiansPerStep = 0.003
        configuration.mapMatching?.headingBiasRandomWalkRadiansPerStep = 0.003
        let engine = FusionEngine(configuration: configuration, venue: MapMatchingTests.corridorVenue())
        let recorder = FusionSmoothingRecorder(configuration: smoothing)
        engine.smoothingRecorder = recorder
        try engine.start(
            at: IndoorLocation(point: LocalPoint(x: 2, y: 6), levelID: nil, accuracyMeters: 0.3, timeSeconds: 0, source: "test"),
            levelIndex: 0)
        var truth = [LocalPoint(x: 2, y: 6)]
        for i in 1...50 {
            engine.predict(
                with: StepEvent(
                    timeSeconds: Double(i) * 0.6, lengthMeters: 0.7, lengthSigmaMeters: 0.07,
                    headingRadians: Double.pi / 2 - 8 * Double.pi / 180, headingSigmaRadians: 0.1))
            truth.append(LocalPoint(x: 2 + 0.7 * Double(i), y: 6))
        }
        return (try recorder.smoothedTrack(closingWith: engine), truth)
    }

    /// Handing the particle means to the Kalman backward pass moves each step's prediction with them, so
    /// the pass does not read the gap between particles and filter as innovations and carry it along the
    /// walk: the smoothed track stays in the corridor and as close to the truth as the means alone.
    @Test func particleMeansHandedToTheKalmanPassStayInTheCorridor() throws {
        let alone = try Self.smoothedWalk(.standard)
        let handed = try Self.smoothedWalk(try FusionSmoothingConfiguration { $0.particleMeansIntoKalman = true })
        #expect(handed.track.count == 51 && alone.track.count == 51)
        for point in handed.track.map(\.point) {
            #expect(point.y > 4 && point.y < 8, "left the corridor: \(point)")
        }
        func meanError(_ track: [SmoothedFusionPoint]) -> Double {
            zip(track.map(\.point), handed.truth).map { $0.distance(to: $1) }.reduce(0, +) / Double(track.count)
        }
        #expect(meanError(alone.track) < 2, "particle means \(meanError(alone.track)) m from the truth")
        #expect(
            meanError(handed.track) < meanError(alone.track) + 0.5, "handed \(meanError(handed.track)) m, alone \(meanError(alone.track)) m"
        )
    }
}
