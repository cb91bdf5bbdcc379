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
