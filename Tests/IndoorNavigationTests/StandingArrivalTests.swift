import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

/// Arrival of a user who stops within an accuracy of the stop, progress that does not slide back along a
/// route doubling back, and the configuration's settings by name.
@Suite struct StandingArrivalTests {
    /// Approaches from 12 m to `standingDistance` over 5 s (1 m/s, moving), then stands there for
    /// `standingSeconds` with `accuracy`; returns the time of `.entered`, if any.
    func arrivalTime(
        standingDistance: Double, accuracy: Double, standingSeconds: Double = 4, jitterMeters: Double = 0,
        configuration: NavigationConfiguration = NavigationConfiguration.standard
    ) -> Double? {
        var detector = ArrivalDetector(configuration: configuration)
        var t = 0.0
        for k in 0...5 {
            let d = 12 - Double(k) * (12 - standingDistance) / 5
            if detector.update(distanceMeters: d, accuracyMeters: accuracy, timeSeconds: t, point: LocalPoint(x: d, y: 0)) == .entered {
                return t
            }
            t += 1
        }
        var k = 0
        while t <= 5 + standingSeconds + 1e-9 {
            // Alternating sideways jitter of the fused position while standing.
            let y = k % 2 == 0 ? 0 : jitterMeters
            let change = detector.update(
                distanceMeters: standingDistance, accuracyMeters: accuracy, timeSeconds: t, point: LocalPoint(x: standingDistance, y: y))
            if change == .entered { return t }
            t += 0.5
            k += 1
        }
        return nil
    }

    @Test func standingWithinAnAccuracyOfTheStopArrivesAfterTheStandingTime() throws {
        // 7 m from the stop with 3 m accuracy: 7 − 3 ≤ 5. Standing from t = 5 s, so arrival at 7 s (2 s).
        let time = try #require(arrivalTime(standingDistance: 7, accuracy: 3))
        #expect(abs(time - 7) < 1e-9)
        // The averaged distance (7 m) is beyond the radius, so without the rule there is no arrival.
        var off = NavigationConfiguration.standard
        off.arrivalStationarySeconds = 0
        #expect(arrivalTime(standingDistance: 7, accuracy: 3, configuration: off) == nil)
    }

    @Test func standingBeyondAnAccuracyOrMovingIsNoArrival() {
        // 7 m with 1.5 m accuracy: 7 − 1.5 > 5.
        #expect(arrivalTime(standingDistance: 7, accuracy: 1.5) == nil)
        // Jitter of 0.8 m (above the 0.5 m limit) is movement, not standing.
        #expect(arrivalTime(standingDistance: 7, accuracy: 3, jitterMeters: 0.8) == nil)
        // Jitter of 0.3 m still counts as standing.
        #expect(arrivalTime(standingDistance: 7, accuracy: 3, jitterMeters: 0.3) != nil)
        // One accuracy more allowed: 8.5 − 2 · 2 ≤ 5.
        var wider = NavigationConfiguration.standard
        wider.arrivalStationarySigmas = 2
        #expect(arrivalTime(standingDistance: 8.5, accuracy: 2) == nil)
        #expect(arrivalTime(standingDistance: 8.5, accuracy: 2, configuration: wider) != nil)
    }

    @Test func fixesWithoutAPositionNeverCountAsStanding() {
        var detector = ArrivalDetector(configuration: NavigationConfiguration.standard)
        var changes: [ArrivalDetector.Change] = []
        for k in 0..<20 {
            changes.append(detector.update(distanceMeters: 7, accuracyMeters: 3, timeSeconds: Double(k) * 0.5))
        }
        #expect(!changes.contains(.entered))
        #expect(!detector.isStanding(at: 9.5))
    }

    @Test func aSessionArrivesWhenItsUserStopsShortWithinTheAccuracy() throws {
        let venue = TestVenues.golden()
        func run(accuracy: Double) throws -> [NavigationEvent] {
            let session = try NavigationSession(venue: venue)
            _ = try session.startNavigation(to: .point(LocalPoint(x: 18, y: 0), levelID: "L0"), from: fix(0, 0, "L0", t: 0))
            // Walks to 11.5 m (6.5 m short along the route), then stands for 4 s.
            var fixes = walk(from: LocalPoint(x: 0, y: 0), to: LocalPoint(x: 11.5, y: 0), level: "L0", t0: 0, accuracy: accuracy)
            let t = fixes.last?.timeSeconds ?? 0
            fixes += (1...4).map { fix(11.5, 0, "L0", t: t + Double($0), accuracy: accuracy) }
            return feed(session, fixes)
        }
        #expect(try run(accuracy: 2.5).contains { $0.finalArrival != nil })
        #expect(try !run(accuracy: 1).contains { $0.finalArrival != nil })
    }

    /// A route out along a dead end and back ((10,0) → (0,0) → (20,5)): a fused track that turns back
    /// 1 m before the turning point continues on the way back.
    @Test func turningBackEarlyContinuesOnTheWayBack() throws {
        let venue = TestVenues.golden()
        var request = RouteRequest(from: .local(LocalPoint(x: 10, y: 0), level: "L0"), to: .local(LocalPoint(x: 20, y: 5), level: "L0"))
        request.waypoints = [Waypoint(.local(LocalPoint(x: 0, y: 0), level: "L0"), passThrough: true)]
        let route = try #require(try IndoorRouter(venue: venue).route(request).route)
        let tracked = TrackedRoute(route: route, venue: venue)
        func offset(_ configuration: NavigationConfiguration) -> Double? {
            // Progress 9 m (at x = 1, on the way out); the user is back at x = 3: 7 m on the way out,
            // 13 m on the way back, both on the line.
            RouteSnapper(configuration: configuration).snap(
                point: LocalPoint(x: 3, y: 0), levelID: "L0", accuracyMeters: 2, headingRadians: nil,
                headingAccuracyRadians: nil, route: tracked, previousOffsetMeters: 9, elapsedSeconds: 1
            ).snap?.offsetMeters
        }
        #expect(abs((offset(NavigationConfiguration.standard) ?? -1) - 13) < 1e-9)
        var noPenalty = NavigationConfiguration.standard
        noPenalty.snapBackwardPenaltyPerMeter = 0
        #expect(abs((offset(noPenalty) ?? -1) - 7) < 1e-9)
    }

    @Test func settingsByNameCoverEveryCodingKeyAndAreValidated() throws {
        let standard = NavigationConfiguration.standard
        let names = Set(NavigationConfiguration.tunableNames)
        // Every encoded setting has a name, and the names give back the same configuration.
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(standard)) as? [String: Any])
        #expect(names == Set(encoded.keys))
        let all = standard.namedValues.map { "\($0.key)=\($0.value)" }
        #expect(try standard.replacing(all) == standard)
        #expect(try standard.replacing(["arrivalStationarySeconds=0"]).arrivalStationarySeconds == 0)
        #expect(
            throws: ConfigurationError.unknownName(
                configuration: "navigation", name: "arrivalRadius", known: NavigationConfiguration.tunableNames)
        ) {
            try standard.replacing(["arrivalRadius=3"])
        }
    }
}
