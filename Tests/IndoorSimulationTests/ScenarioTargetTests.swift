import IndoorNavigation
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorSimulation

/// The behaviour targets on simulated walks (σ = 3 m per axis, 1–2 Hz fixes, 1.3 m/s).
@Suite struct ScenarioTargetTests {
    func check(_ report: ScenarioReport, minimumWalks: Int) {
        #expect(report.onRouteWalks >= minimumWalks)
        #expect(report.falseOffRouteEvents == 0)
        #expect(report.falseReroutes == 0)
        #expect(report.missedArrivals == 0)
        #expect(report.earlyArrivals == 0)
        #expect(report.maxArrivalDelaySeconds <= 3)
        #expect(report.strandedWalks >= minimumWalks)
        #expect(report.strandedGiveUps == report.strandedWalks)
        #expect(report.strandedRerouteAttemptsMax <= NavigationConfiguration.standard.maximumFailedReroutes)
    }

    @Test func corridorVenueMeetsTargets() throws {
        let report = try ScenarioRunner(venue: ScenarioVenues.corridorGrid()).run(seeds: 0..<20)
        check(report, minimumWalks: 20)
        #expect(report.deviationWalks >= 20)
        #expect(report.deviationsDetected == report.deviationWalks)
        #expect(report.maxOffRouteDetectionDelaySeconds <= 3)
        // Leaving is detected while the user still walks away (6–12 m off, the target is 15–20 m off):
        // once they have walked on past the new route's corridor, a second reroute is due.
        #expect(report.maxReroutesPerDeviation <= 2)
        #expect(report.minReroutesPerDeviation == 1)
        // A new route starts at the (smoothed) fix: within a few noise sigmas of the true position.
        #expect(report.maxRerouteStartDistanceMeters <= 12)
    }

    @Test func randomGridVenuesMeetTargets() throws {
        for seed in UInt64(3)...4 {
            let venue = TestVenues.randomGrid(seed: seed, levels: 2, side: 10)
            let report = try ScenarioRunner(venue: venue).run(seeds: 0..<10)
            check(report, minimumWalks: 8)
            if report.deviationWalks > 0 {
                #expect(report.deviationsDetected == report.deviationWalks)
                #expect(report.maxOffRouteDetectionDelaySeconds <= 3)
                // Detected early, a user walking on away from the new route is rerouted again (see above).
                #expect(report.maxReroutesPerDeviation <= 3)
            }
        }
    }

    /// The walk simulator itself: noise with the configured sigma, fixes at 1–2 Hz.
    @Test func fixGeneratorHasConfiguredNoiseAndRate() {
        var generator = FixGenerator(configuration: FixGenerator.Configuration(), seed: 9)
        let truth = RoutePoint(point: .zero, levelID: "L0")
        var sumSquares = 0.0
        let n = 4000
        for i in 0..<n {
            let interval = generator.nextInterval()
            #expect(interval >= 0.5 && interval <= 1.0)
            let f = generator.fix(of: truth, headingRadians: 0, timeSeconds: Double(i))
            sumSquares += f.point.x * f.point.x
            #expect(f.horizontalAccuracyMeters == 3)
        }
        // Sample sigma of 4000 draws is within 5 % of 3 m.
        #expect(abs((sumSquares / Double(n)).squareRoot() - 3) < 0.15)
    }
}
