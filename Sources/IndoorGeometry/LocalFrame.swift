import Foundation

/// A local east-north tangent plane at a reference coordinate on the WGS84 ellipsoid.
///
/// The only converter between ``GeoCoordinate`` and ``LocalPoint``. Points are taken on the ellipsoid
/// surface (height 0), converted to Earth-centred Earth-fixed coordinates and rotated into the
/// east/north/up frame of the reference; the up component is dropped. The inverse solves for the
/// surface point whose east/north components match, by Newton iteration on the forward map.
///
/// Accuracy (tested): round trip below 1 mm and distances within 0.1 % of the geodesic within 5 km
/// of the reference.
public struct LocalFrame: Hashable, Sendable {
    /// The coordinate at the local origin (0, 0).
    public let reference: GeoCoordinate

    private let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double
    private let referenceECEF: (x: Double, y: Double, z: Double)

    /// WGS84 semi-major axis in metres.
    public static let semiMajorAxisMeters = 6_378_137.0
    /// WGS84 flattening.
    public static let flattening = 1 / 298.257_223_563
    private static let e2 = flattening * (2 - flattening)

    /// The tangent plane touching the WGS84 ellipsoid at `reference` (which becomes the local origin).
    public init(reference: GeoCoordinate) {
        self.reference = reference
        let lat = Angle.radians(reference.latitudeDegrees), lon = Angle.radians(reference.longitudeDegrees)
        sinLat = sin(lat); cosLat = cos(lat); sinLon = sin(lon); cosLon = cos(lon)
        referenceECEF = LocalFrame.ecef(latRadians: lat, lonRadians: lon, heightMeters: 0)
    }

    /// Frames are equal when their reference coordinates are.
    public static func == (a: LocalFrame, b: LocalFrame) -> Bool { a.reference == b.reference }
    /// Hashes the reference coordinate (consistent with `==`).
    public func hash(into hasher: inout Hasher) { hasher.combine(reference) }

    /// Converts a geographic coordinate to metres east/north of the reference.
    public func localPoint(from coordinate: GeoCoordinate) -> LocalPoint {
        let enu = enuOf(
            latRadians: Angle.radians(coordinate.latitudeDegrees),
            lonRadians: Angle.radians(coordinate.longitudeDegrees))
        return LocalPoint(x: enu.e, y: enu.n)
    }

    /// Converts metres east/north of the reference back to a geographic coordinate on the ellipsoid.
    public func geoCoordinate(from point: LocalPoint) -> GeoCoordinate {
        // Initial guess: the tangent-plane point dropped onto a sphere, then refined by Newton steps on
        // the forward map (its Jacobian is the identity to first order near the reference).
        let r = LocalFrame.semiMajorAxisMeters
        let up = -(point.x * point.x + point.y * point.y) / (2 * r)
        var (lat, lon) = geodeticOf(east: point.x, north: point.y, up: up)
        for _ in 0..<4 {
            let enu = enuOf(latRadians: lat, lonRadians: lon)
            let de = point.x - enu.e, dn = point.y - enu.n
            if abs(de) < 1e-9 && abs(dn) < 1e-9 { break }
            // Metres per radian of latitude/longitude at the current latitude.
            let s = sin(lat)
            let w = (1 - LocalFrame.e2 * s * s).squareRoot()
            let meridional = r * (1 - LocalFrame.e2) / (w * w * w)
            let prime = r / w
            lat += dn / meridional
            lon += de / (prime * cos(lat))
        }
        return GeoCoordinate(latitudeDegrees: Angle.degrees(lat), longitudeDegrees: Angle.degrees(lon))
    }

    // MARK: - ECEF helpers

    private static func ecef(
        latRadians lat: Double, lonRadians lon: Double, heightMeters h: Double
    )
        -> (x: Double, y: Double, z: Double)
    {
        let s = sin(lat)
        let n = semiMajorAxisMeters / (1 - e2 * s * s).squareRoot()
        return ((n + h) * cos(lat) * cos(lon), (n + h) * cos(lat) * sin(lon), (n * (1 - e2) + h) * s)
    }

    private func enuOf(latRadians: Double, lonRadians: Double) -> (e: Double, n: Double, u: Double) {
        let p = LocalFrame.ecef(latRadians: latRadians, lonRadians: lonRadians, heightMeters: 0)
        let dx = p.x - referenceECEF.x, dy = p.y - referenceECEF.y, dz = p.z - referenceECEF.z
        let e = -sinLon * dx + cosLon * dy
        let n = -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz
        let u = cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz
        return (e, n, u)
    }

    private func geodeticOf(east e: Double, north n: Double, up u: Double) -> (lat: Double, lon: Double) {
        let dx = -sinLon * e - sinLat * cosLon * n + cosLat * cosLon * u
        let dy = cosLon * e - sinLat * sinLon * n + cosLat * sinLon * u
        let dz = cosLat * n + sinLat * u
        let x = referenceECEF.x + dx, y = referenceECEF.y + dy, z = referenceECEF.z + dz
        let lon = atan2(y, x)
        let p = (x * x + y * y).squareRoot()
        var lat = atan2(z, p * (1 - LocalFrame.e2))
        for _ in 0..<5 {
            let s = sin(lat)
            let nRadius = LocalFrame.semiMajorAxisMeters / (1 - LocalFrame.e2 * s * s).squareRoot()
            let h = p / cos(lat) - nRadius
            lat = atan2(z, p * (1 - LocalFrame.e2 * nRadius / (nRadius + h)))
        }
        return (lat, lon)
    }
}
