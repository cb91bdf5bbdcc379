import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// The particles' backward pass (``ParticleBackwardSmoother``), on hand-made particle sets and on a
/// corridor walk.
@Suite struct ParticleBackwardSmootherTests {
    /// A step of 1 m due east (heading π/2), noise 0.1 m along, 0.05 rad across, bias walk 0.05 rad.
    static let eastStep = ParticleBackwardSmoother.Transition(
        lengthMeters: 1, lengthSigmaMeters: 0.1, headingRadians: .pi / 2, headingNoiseRadians: 0.05, strideScale: 1,
        biasRandomWalkRadians: 0.05, positionNoiseMeters: 0.05)

    static func set(_ east: [Double], weights: [Double]) -> ParticleLagSmoother.Snapshot {
        ParticleLagSmoother.Snapshot(
            epoch: 0, east: east, north: east.map { _ in 0 }, headingBias: east.map { _ in 0 }, weights: weights, ancestry: nil)
    }

    @Test func theFutureDecidesBetweenTwoHypotheses() throws {
        var smoother = ParticleBackwardSmoother()
        // Epoch 0: half the weight at x = 0, half at x = 10. Epoch 1: one step east; only the particles near
        // x = 1 survive (the ones near 11 hit a wall: weight 0). Epoch 2: one more step, all equal.
        smoother.close(epoch: 0, particles: Self.set([0, 0, 10, 10], weights: [0.25, 0.25, 0.25, 0.25]), transition: Self.eastStep)
        smoother.close(epoch: 1, particles: Self.set([1, 1.02, 11, 11.02], weights: [0.5, 0.5, 0, 0]), transition: Self.eastStep)
        smoother.close(epoch: 2, particles: Self.set([2, 2.01, 2.02, 1.99], weights: [0.25, 0.25, 0.25, 0.25]), transition: nil)
        let means = smoother.smoothedMeans()
        #expect(means.count == 3)
        // Filtered, epoch 0 is at x = 5; smoothed, it is where the surviving hypothesis started.
        #expect(abs(try #require(means[0]).east) < 0.05, "\(String(describing: means[0]))")
        #expect(abs(try #require(means[1]).east - 1.01) < 0.01)
        #expect(abs(try #require(means[2]).east - 2.005) < 1e-9)
        // The smoothed spread about that mean: two particles 0.02 m apart, w(1 − w) 0.02² ≤ 1e-4 m².
        let spread = try #require(means[1]?.spread)
        #expect(spread.xx > 0 && spread.xx <= 1e-4 + 1e-12, "\(spread.xx)")
    }

    @Test func twoHypothesesTheFutureCannotTellApartKeepTheirSpread() throws {
        var smoother = ParticleBackwardSmoother()
        smoother.close(epoch: 0, particles: Self.set([0, 10], weights: [0.5, 0.5]), transition: Self.eastStep)
        smoother.close(epoch: 1, particles: Self.set([1, 11], weights: [0.5, 0.5]), transition: nil)
        let first = try #require(smoother.smoothedMeans()[0])
        // Both lead on equally: the mean stays between them and the spread is 5² m² east, 0 north.
        #expect(abs(first.east - 5) < 1e-9)
        let spread = try #require(first.spread)
        #expect(abs(spread.xx - 25) < 1e-9 && abs(spread.yy) < 1e-12)
    }

    @Test func aBrokenLinkRestartsFromTheFilterWeights() throws {
        var smoother = ParticleBackwardSmoother()
        // Without a transition (or with particles no step reaches) epoch 0 keeps its filter weights.
        smoother.close(epoch: 0, particles: Self.set([0, 10], weights: [0.5, 0.5]), transition: nil)
        smoother.close(epoch: 1, particles: Self.set([1, 1], weights: [0.5, 0.5]), transition: nil)
        #expect(abs(try #require(smoother.smoothedMeans()[0]).east - 5) < 1e-9)
        var far = ParticleBackwardSmoother()
        far.close(epoch: 0, particles: Self.set([0, 10], weights: [0.5, 0.5]), transition: Self.eastStep)
        far.close(epoch: 1, particles: Self.set([50, 50], weights: [0.5, 0.5]), transition: nil)
        #expect(abs(try #require(far.smoothedMeans()[0]).east - 5) < 1e-9)
        // An epoch without particles has no mean.
        var gap = ParticleBackwardSmoother()
        gap.close(epoch: 1, particles: Self.set([0], weights: [1]), transition: nil)
        #expect(gap.smoothedMeans().count == 2 && gap.smoothedMeans()[0] == nil)
    }

    /// On the corridor walk of ``OfflineParticleSmoothingTests`` (the phone's heading 8° off) the backward
    /// pass keeps the track in the corridor and at least as close to the truth as the fixed-lag means.
    @Test func theCorridorWalkSmoothedBackwardsStaysInTheCorridor() throws {
        let lag = try OfflineParticleSmoothingTests.smoothedWalk(try FusionSmoothingConfiguration { $0.particleBackwardPass = false })
        let backward = try OfflineParticleSmoothingTests.smoothedWalk(.standard)
        #expect(FusionSmoothingConfiguration.standard.particleBackwardPass)
        #expect(backward.track.count == 51)
        for point in backward.track.map(\.point) { #expect(point.y > 4 && point.y < 8, "left the corridor: \(point)") }
        func meanError(_ track: [SmoothedFusionPoint]) -> Double {
            zip(track.map(\.point), lag.truth).map { $0.distance(to: $1) }.reduce(0, +) / Double(track.count)
        }
        #expect(
            meanError(backward.track) < meanError(lag.track) + 0.05,
            "backward \(meanError(backward.track)) m, lag \(meanError(lag.track)) m")
        #expect(meanError(backward.track) < 1, "backward \(meanError(backward.track)) m")
        // The particles' spread widens the Kalman backward pass's covariance, never narrows it.
        let kalman = try OfflineParticleSmoothingTests.smoothedWalk(
            try FusionSmoothingConfiguration {
                $0.particleBackwardPass = false
                $0.particleLagSteps = 0
            })
        for (smoothed, alone) in zip(backward.track, kalman.track) {
            #expect(smoothed.covariance.xx >= alone.covariance.xx - 1e-12 && smoothed.covariance.yy >= alone.covariance.yy - 1e-12)
        }
        #expect(zip(backward.track, kalman.track).contains { $0.covariance.xx > $1.covariance.xx + 1e-6 })
    }
}
