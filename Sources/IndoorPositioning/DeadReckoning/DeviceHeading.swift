import Foundation
import IndoorRecordings

/// Heading of a hand-held phone from its orientation.
///
/// Frames: the device frame is Android's (x right, y up along the screen, z out of the screen); the
/// world frame is east/north/up. A rotation-vector quaternion q rotates device vectors into the world:
/// v_world = R(q) v_device.
///
/// Pose: the walking direction is taken as the horizontal part of the device's y axis minus its z axis
/// (y − z). Held flat in front, y points ahead and −z down, so this is the y axis's azimuth (Android's
/// `getOrientation` azimuth); held upright with the screen towards the user, y points up and −z (the
/// back camera) ahead; any pitch in between adds two vectors pointing ahead. Phones in a pocket, a
/// swinging hand or landscape orientation need ``HeadingConfiguration/mountingOffsetRadians``.
public enum DeviceHeading {
    /// Azimuth of the forward direction, radians clockwise from the world frame's north, in [0, 2π);
    /// `nil` when the quaternion is not finite or the forward direction is vertical.
    public static func forwardAzimuthRadians(of q: Quaternion) -> Double? {
        guard q.isFinite else { return nil }
        let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        guard norm > 1e-9 else { return nil }
        let w = q.w / norm, x = q.x / norm, y = q.y / norm, z = q.z / norm
        // Columns of R(q): device y axis = (2(xy − wz), 1 − 2(x² + z²), …), device z axis = (2(xz + wy), 2(yz − wx), …).
        let east = 2 * (x * y - w * z) - 2 * (x * z + w * y)
        let north = (1 - 2 * (x * x + z * z)) - 2 * (y * z - w * x)
        return azimuth(east: east, north: north)
    }

    /// Azimuth of the forward direction from a gravity-pointing-up vector and the magnetic field, both in
    /// the device frame (tilt-compensated compass): east = B × up, north = up × east. Radians clockwise
    /// from magnetic north in [0, 2π), or `nil` when the vectors are degenerate.
    public static func forwardAzimuthRadians(up: DeviceVector3, magneticField b: DeviceVector3) -> Double? {
        let e = cross(b, up)
        let eNorm = length(e)
        let uNorm = length(up)
        guard eNorm > 1e-9, uNorm > 1e-9, eNorm.isFinite, uNorm.isFinite else { return nil }
        let east = DeviceVector3(x: e.x / eNorm, y: e.y / eNorm, z: e.z / eNorm)
        let u = DeviceVector3(x: up.x / uNorm, y: up.y / uNorm, z: up.z / uNorm)
        let north = cross(u, east)
        // Forward = device y − device z = (0, 1, −1) in device coordinates.
        return azimuth(east: east.y - east.z, north: north.y - north.z)
    }

    static func azimuth(east: Double, north: Double) -> Double? {
        guard east.isFinite, north.isFinite, east * east + north * north > 1e-12 else { return nil }
        var a = atan2(east, north)
        if a < 0 { a += 2 * Double.pi }
        return a
    }

    static func cross(_ a: DeviceVector3, _ b: DeviceVector3) -> DeviceVector3 {
        DeviceVector3(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
    }

    static func dot(_ a: DeviceVector3, _ b: DeviceVector3) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }

    static func length(_ a: DeviceVector3) -> Double { dot(a, a).squareRoot() }
}
