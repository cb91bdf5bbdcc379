import Foundation
import IndoorNavigation
import IndoorPositioning
import Testing

@testable import IndoorEvaluation

/// ``WalkEvaluator`` with navigation along the walk's own truth, and ``RadioMapSurvey`` on the bundled walk.
@Suite struct WalkNavigationTests {
    @Test func theBundledWalkIsNavigatedAlongItsOwnTruth() throws {
        let venue = try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue, withGraph: true)
        let registry = try EvaluationInputs.loadRegistry(path: EvaluationFixtures.campusBeacons)
        let evaluator = WalkEvaluator(
            settings: EvaluationSettings(venue: venue, registry: registry),
            radioMaps: RadioMapSelection(map: nil, configuration: .standard), files: [EvaluationFixtures.campusWalk], jobs: 1,
            navigation: NavigationConfiguration.standard)
        guard case .scored(let outcome, _) = evaluator.evaluate(EvaluationFixtures.campusWalk) else {
            Issue.record("the bundled walk was not scored")
            return
        }
        let navigation = try #require(outcome.navigation)
        #expect(navigation.walks == 1)
        #expect(navigation.notPlanned == 0)
        // Every off-route verdict is false here (the walker followed the route); each is followed by one reroute.
        #expect(navigation.falseOffRouteEvents == navigation.reroutes)
        #expect(navigation.arrived == 1)
        #expect(navigation.notArrived.isEmpty)
    }

    @Test func aNotArrivedWalksLastEventSaysWhenItCame() throws {
        let venue = try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue)
        let unnamed = ReplayReport.describe(.arriving(.destination(featureID: nil, name: nil), distanceMeters: 5.2), venue: venue)
        #expect(unnamed == "arriving at the destination (5 m)")
        let named = ReplayReport.describe(
            .arriving(.destination(featureID: "occ-1", name: "Dean's office"), distanceMeters: 9), venue: venue)
        #expect(named == "arriving at the destination Dean's office (9 m)")
        let byID = ReplayReport.describe(.arriving(.destination(featureID: "occ-1", name: nil), distanceMeters: 9), venue: venue)
        #expect(byID == "arriving at the destination occ-1 (9 m)")
        #expect(WalkNavigation.lastEventText("back on route", secondsBeforeEnd: 8.2) == "back on route (8.2 s before the end)")
        #expect(WalkNavigation.lastEventText("back on route", secondsBeforeEnd: 0) == "back on route (0.0 s before the end)")
        #expect(
            WalkNavigation.lastEventText("rerouted (fresh): 20 m", secondsBeforeEnd: -1.04)
                == "rerouted (fresh): 20 m (1.0 s after the recording's end, the walker standing)")
    }

    @Test func aSurveyOfTheBundledWalkHoldsItsScans() throws {
        let venue = try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue)
        let registry = try EvaluationInputs.loadRegistry(path: EvaluationFixtures.campusBeacons)
        var started: [Int] = []
        let result = RadioMapSurvey.build(
            files: [EvaluationFixtures.campusWalk], venue: venue, registry: registry, configuration: .standard,
            progress: { index, _ in started.append(index) })
        #expect(result.skipped.isEmpty)
        #expect(result.map.walks == ["campus-info-to-deans-office"])
        #expect(!result.map.fingerprints.isEmpty)
        #expect(result.outcomes.count == 1)
        #expect(started == [0])
        #expect(RadioMapSurvey.walkName("/a/b/walk-3.jsonl") == "walk-3")
    }
}
