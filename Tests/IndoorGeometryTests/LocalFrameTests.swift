import Foundation
import Testing

@testable import IndoorGeometry

@Suite struct LocalFrameTests {
    /// Meridian arc length per degree of latitude on WGS84 at the equator is 110,574.3 m and at 45° is
    /// 111,132.1 m; a degree of longitude at the equator is 111,319.5 m (standard geodesy tables).
    @Test func distancesMatchKnownArcLengths() {
        let equator = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0))
        // 0.02° of latitude centred on the equator ≈ 0.02 × 110,574.3 m.
        let north = equator.localPoint(from: GeoCoordinate(latitudeDegrees: 0.01, longitudeDegrees: 0))
        let south = equator.localPoint(from: GeoCoordinate(latitudeDegrees: -0.01, longitudeDegrees: 0))
        #expect(abs(north.distance(to: south) - 2211.49) < 2211.49 * 1e-3)
        let east = equator.localPoint(from: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0.04))
        #expect(abs(east.x - 0.04 * 111_319.49) < 4452.78 * 1e-3)
        #expect(abs(east.y) < 1.0)

        let mid = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 45, longitudeDegrees: 7))
        let a = mid.localPoint(from: GeoCoordinate(latitudeDegrees: 44.98, longitudeDegrees: 7))
        let b = mid.localPoint(from: GeoCoordinate(latitudeDegrees: 45.02, longitudeDegrees: 7))
        #expect(abs(a.distance(to: b) - 0.04 * 111_132.09) < 4445.28 * 1e-3)
    }

    @Test(arguments: [(0.0, 0.0), (60.007, 30.38), (-33.9, 151.2), (78.2, 15.6), (30.293, 120.075)])
    func roundTripBelowOneMillimetreWithinFiveKilometres(lat: Double, lon: Double) {
        let frame = LocalFrame(reference: GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon))
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let r = 5000 * rng.nextUnit().squareRoot(), a = 2 * Double.pi * rng.nextUnit()
            let p = LocalPoint(x: r * cos(a), y: r * sin(a))
            let back = frame.localPoint(from: frame.geoCoordinate(from: p))
            #expect(back.distance(to: p) < 1e-3, "round trip of \(p) off by \(back.distance(to: p)) m")
        }
    }

    @Test func referenceMapsToOrigin() {
        let ref = GeoCoordinate(latitudeDegrees: 60.0073, longitudeDegrees: 30.3817)
        let p = LocalFrame(reference: ref).localPoint(from: ref)
        #expect(abs(p.x) < 1e-9 && abs(p.y) < 1e-9)
    }
}
