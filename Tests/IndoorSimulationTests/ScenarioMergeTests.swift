import IndoorNavigation
import IndoorRouting
import IndoorVenue
import Testing

@testable import IndoorSimulation

/// ``ScenarioReport/merged(_:)``: seed ranges run apart and merged give the report of one run over all.
@Suite struct ScenarioMergeTests {
    @Test func rangesRunApartMergeToTheWholeRunsReport() throws {
        let whole = try ScenarioRunner(venue: ScenarioVenues.corridorGrid()).run(seeds: 0..<6)
        let parts = try [0..<2, 2..<3, 3..<6].map { try ScenarioRunner(venue: ScenarioVenues.corridorGrid()).run(seeds: $0) }
        #expect(ScenarioReport.merged(parts) == whole)
        #expect(whole.onRouteWalks > 0 && whole.deviationWalks > 0)
    }

    @Test func minimaAndMaximaIgnorePartsWithoutSuchWalks() {
        var a = ScenarioReport()
        a.deviationWalks = 1
        a.minReroutesPerDeviation = 2
        a.maxReroutesPerDeviation = 3
        a.arrivals = 1
        a.maxArrivalDelaySeconds = -1.5
        let empty = ScenarioReport()
        let merged = ScenarioReport.merged([empty, a, empty])
        #expect(merged.minReroutesPerDeviation == 2 && merged.maxReroutesPerDeviation == 3)
        #expect(merged.maxArrivalDelaySeconds == -1.5 && merged.arrivals == 1 && merged.deviationWalks == 1)
    }
}
