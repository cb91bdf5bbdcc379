import IndoorGeometry
import IndoorPositioning
import Testing
import VenueFixtures

@testable import IndoorNavigation

/// Where a new route starts (`smoothedPoint(endingAt:levelID:)`): at the user, not behind them.
@Suite struct RerouteOriginTests {
    static func fix(_ x: Double, _ y: Double, at t: Double, accuracy: Double) -> IndoorLocation {
        IndoorLocation(point: LocalPoint(x: x, y: y), levelID: nil, accuracyMeters: accuracy, timeSeconds: t, source: "test")
    }

    @Test func aUserWalkingOnGetsTheOriginWhereTheyAreNotWhereTheyWere() throws {
        let session = try NavigationSession(venue: TestVenues.golden())
        // Eleven precise fixes over the 2 s window, walking east at 1.3 m/s: their mean is 1.3 m behind.
        session.recentFixes = (0...10).map { i in Self.fix(1.3 * 0.2 * Double(i), 5, at: 0.2 * Double(i), accuracy: 0.5) }
        let latest = try #require(session.recentFixes.last)
        let origin = session.smoothedPoint(endingAt: latest, levelID: "L0")
        // Within a tenth of a metre of the user (the slope's noise shrinks it by 2 × 0.057 / 1.69 = 7 %).
        #expect(abs(origin.x - 2.6) < 0.1, "origin \(origin.x), the user at 2.6")
        #expect(origin.x > 2.45)
        #expect(abs(origin.y - 5) < 1e-9)
    }

    @Test func theJitterOfAFewNoisyFixesIsAveragedNotExtrapolated() throws {
        let session = try NavigationSession(venue: TestVenues.golden())
        // A standing user, three fixes of 3 m accuracy scattered 2 m about (10, 5): the slope they suggest
        // (2 m/s) is within their noise, so the origin is their mean.
        session.recentFixes = [
            Self.fix(8, 5, at: 0, accuracy: 3), Self.fix(10, 5, at: 1, accuracy: 3), Self.fix(12, 5, at: 2, accuracy: 3),
        ]
        let origin = session.smoothedPoint(endingAt: session.recentFixes[2], levelID: "L0")
        #expect(abs(origin.x - 10) < 1e-9)
        // Fixes of one time: their mean.
        session.recentFixes = [Self.fix(9, 5, at: 2, accuracy: 0.5), Self.fix(11, 5, at: 2, accuracy: 0.5)]
        #expect(session.smoothedPoint(endingAt: session.recentFixes[1], levelID: "L0") == LocalPoint(x: 10, y: 5))
    }
}
