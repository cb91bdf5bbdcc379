import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue
import VenueFixtures

@testable import IndoorNavigation

/// A fix with a circular accuracy and an optional heading.
func fix(
    _ x: Double, _ y: Double, _ level: String?, t: Double, accuracy: Double = 2, heading: Double? = nil,
    headingAccuracy: Double? = nil
) -> IndoorLocation {
    IndoorLocation(
        point: LocalPoint(x: x, y: y), levelID: level, accuracyMeters: accuracy, timeSeconds: t, source: "test",
        headingRadians: heading, headingAccuracyRadians: headingAccuracy)
}

/// Feeds fixes and collects every event.
func feed(_ session: NavigationSession, _ fixes: [IndoorLocation]) -> [NavigationEvent] {
    fixes.flatMap { session.handle($0) }
}

/// Fixes walking a straight line from `a` to `b` on a level at `speed` m/s, one per second from `t0`.
func walk(from a: LocalPoint, to b: LocalPoint, level: String, t0: Double, speed: Double = 1.3, accuracy: Double = 2) -> [IndoorLocation] {
    let n = max(1, Int((a.distance(to: b) / speed).rounded(.up)))
    return (1...n).map { i in
        let p = a + (b - a) * (Double(i) / Double(n))
        return fix(p.x, p.y, level, t: t0 + Double(i), accuracy: accuracy)
    }
}

extension NavigationEvent {
    var isOffRoute: Bool { if case .offRoute = self { return true } else { return false } }
    var isRerouted: Bool { if case .rerouted = self { return true } else { return false } }
    var isRerouteRequested: Bool { if case .rerouteRequested = self { return true } else { return false } }
    var finalArrival: ArrivalInfo? { if case .arrived(let a) = self, a.isFinal { return a } else { return nil } }
}
