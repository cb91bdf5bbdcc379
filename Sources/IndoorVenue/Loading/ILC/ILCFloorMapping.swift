import Foundation
import IndoorGeometry

/// The ILC floor frame of one floor: how the floor's `geojson_map.json` lon/lat relate to the metres of
/// its waypoints.
///
/// The data set defines a floor's map as the bounding box of its outline in longitude/latitude,
/// stretched linearly onto `map_info.width` × `map_info.height` metres, origin at the south-west corner,
/// x east, y north:
///
///     floorX = (lon − lonMin) / (lonMax − lonMin) × width
///     floorY = (lat − latMin) / (latMax − latMin) × height
///
/// (checked on site 1: the outline box measured on the ellipsoid is 1.0000013–1.0000037 times the
/// stated size on every floor and both axes, so the stated size is that box.) The bounding box is the
/// outline's, not all features': on site 1 floor F2 one shop pokes 6 cm south of the outline.
struct ILCFloorMapping: Hashable, Sendable {
    var lonMinDegrees: Double, latMinDegrees: Double, lonMaxDegrees: Double, latMaxDegrees: Double
    var widthMeters: Double, heightMeters: Double

    /// Floor-frame metres of a geographic coordinate.
    func floorCoordinates(lonDegrees: Double, latDegrees: Double) -> (x: Double, y: Double) {
        (
            (lonDegrees - lonMinDegrees) / (lonMaxDegrees - lonMinDegrees) * widthMeters,
            (latDegrees - latMinDegrees) / (latMaxDegrees - latMinDegrees) * heightMeters
        )
    }

    /// The ``FloorFrame`` placing this floor in a venue frame.
    ///
    /// Origin: the venue-frame point of the south-west corner. Scales: the venue-frame east-west run of
    /// the box's south edge over `width`, and the north-south run of its west edge over `height`, so the
    /// stated size spans the box exactly. Venue points made this way differ from converting each
    /// lon/lat through `frame` by the plane's curvature only: a few millimetres across a 300 m mall.
    func floorFrame(in frame: LocalFrame) -> FloorFrame {
        let southWest = frame.localPoint(from: GeoCoordinate(latitudeDegrees: latMinDegrees, longitudeDegrees: lonMinDegrees))
        let southEast = frame.localPoint(from: GeoCoordinate(latitudeDegrees: latMinDegrees, longitudeDegrees: lonMaxDegrees))
        let northWest = frame.localPoint(from: GeoCoordinate(latitudeDegrees: latMaxDegrees, longitudeDegrees: lonMinDegrees))
        return FloorFrame(
            originInVenue: southWest,
            metersPerUnitX: (southEast.x - southWest.x) / widthMeters,
            metersPerUnitY: (northWest.y - southWest.y) / heightMeters)
    }
}

/// Spherical ("web") Mercator, EPSG:3857, in which ILC shop `point` properties are given.
enum ILCWebMercator {
    /// Sphere radius of EPSG:3857 in metres.
    static let radiusMeters = 6_378_137.0

    /// Geographic coordinate of EPSG:3857 easting/northing in metres.
    static func coordinate(eastingMeters x: Double, northingMeters y: Double) -> GeoCoordinate {
        // lon = x / R;  lat = 2·atan(e^(y/R)) − π/2
        let lon = x / radiusMeters
        let lat = 2 * atan(exp(y / radiusMeters)) - Double.pi / 2
        return GeoCoordinate(latitudeDegrees: lat * 180 / Double.pi, longitudeDegrees: lon * 180 / Double.pi)
    }
}
