import Foundation
import IndoorRecordings

/// The phone's frames, the same as Android's (and so the same as the ILC and IPIN recordings):
///
/// - **device**: x to the right of the screen, y forward (towards the top of the phone), z up out of
///   the screen. The simulated phone is held flat in front of the walker, screen up, top pointing in
///   the walking direction: device y is the heading, device z is up.
/// - **world**: x east, y north, z up (Android's rotation-vector reference frame; north is the venue
///   frame's north, magnetic declination taken as zero).
/// - **heading** ψ: radians clockwise from north (Android's azimuth).
///
/// With the phone flat, device→world is a rotation about z by θ = −ψ, so the rotation vector is the
/// quaternion (w, x, y, z) = (cos(θ/2), 0, 0, sin(θ/2)), and a counter-clockwise (left) turn gives a
/// positive gyroscope z rate: ω_z = −dψ/dt.
public enum DeviceFrame {
    /// The unit quaternion rotating device vectors into the world frame for a flat phone whose top
    /// points along `headingRadians` (clockwise from north); its scalar part is ≥ 0, as Android reports.
    public static func flatRotation(headingRadians: Double) -> Quaternion {
        let half = -headingRadians / 2
        var w = cos(half), z = sin(half)
        if w < 0 { w = -w; z = -z }
        return Quaternion(w: w, x: 0, y: 0, z: z)
    }

    /// A world vector (east, north, up) expressed in the frame of a flat phone heading `headingRadians`:
    /// x = e·cos ψ − n·sin ψ, y = e·sin ψ + n·cos ψ, z = u.
    public static func worldToFlatDevice(east: Double, north: Double, up: Double, headingRadians: Double) -> DeviceVector3 {
        let c = cos(headingRadians), s = sin(headingRadians)
        return DeviceVector3(x: east * c - north * s, y: east * s + north * c, z: up)
    }
}

/// Rounds `value` to `1 / scale` (the simulated sensor's resolution; `scale` a power of ten), keeping
/// files short: dividing the rounded integer by the power of ten gives the double nearest the decimal,
/// which prints in its short form.
@inline(__always)
func quantized(_ value: Double, _ scale: Double) -> Double {
    (value * scale).rounded() / scale
}
