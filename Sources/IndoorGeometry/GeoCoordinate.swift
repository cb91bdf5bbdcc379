/// A position on the WGS84 ellipsoid in degrees.
///
/// Only ``LocalFrame`` converts between this frame and metres; everything else in IndoorNav works in
/// ``LocalPoint``.
public struct GeoCoordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Latitude in degrees, positive north, in [-90, 90].
    public var latitudeDegrees: Double
    /// Longitude in degrees, positive east, in [-180, 180].
    public var longitudeDegrees: Double

    /// A coordinate from WGS84 degrees (not range-checked here; loaders check ranges).
    public init(latitudeDegrees: Double, longitudeDegrees: Double) {
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
    }

    /// Whether both values are finite and inside their ranges.
    public var isValid: Bool {
        latitudeDegrees.isFinite && longitudeDegrees.isFinite
            && abs(latitudeDegrees) <= 90 && abs(longitudeDegrees) <= 180
    }

    /// `(latitude°, longitude°)`, for messages and logs.
    public var description: String { "(\(latitudeDegrees)°, \(longitudeDegrees)°)" }
}
