import Foundation
import IndoorGeometry
import IndoorRecordings
import SharedTestData

@testable import IndoorPositioning

enum PositioningTestSupport {
    /// The package root (3 levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shared real data (``SharedTestData/folder``); `nil` when none exists.
    static let sharedData: URL? = SharedTestData.folder

    static var hasSharedData: Bool { sharedData != nil }

    /// A unit quaternion (w, x, y, z) for a rotation of `angle` radians about a unit `axis`.
    static func quaternion(axis: (Double, Double, Double), angle: Double) -> Quaternion {
        let s = sin(angle / 2)
        return Quaternion(w: cos(angle / 2), x: axis.0 * s, y: axis.1 * s, z: axis.2 * s)
    }

    /// Hamilton product a ⊗ b (apply b first, then a).
    static func multiply(_ a: Quaternion, _ b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    /// A phone held flat, its top pointing `headingRadians` clockwise from north: a rotation about
    /// world up by −heading (counter-clockwise positive).
    static func flatPhone(headingRadians: Double) -> Quaternion {
        quaternion(axis: (0, 0, 1), angle: -headingRadians)
    }

    /// Vertical bounce of walking: gravity on the device z axis plus a sinusoid of `amplitude` m/s² at
    /// `frequency` Hz, sampled at `rate` Hz for `seconds`, starting at `t0`.
    static func walkingAcceleration(
        seconds: Double, frequency: Double = 1.8, amplitude: Double = 2.5,
        rate: Double = 50, t0: Double = 0
    ) -> [SensorSample] {
        let count = Int(seconds * rate)
        return (0..<count).map { i in
            let t = Double(i) / rate
            return SensorSample(
                timeSeconds: t0 + t,
                reading: .accelerometer(
                    DeviceVector3(x: 0, y: 0, z: 9.81 + amplitude * sin(2 * Double.pi * frequency * t))))
        }
    }

    /// Walking acceleration interleaved with rotation-vector samples of a constant heading.
    static func walk(seconds: Double, headingRadians: Double, t0: Double = 0) -> [SensorSample] {
        var samples: [SensorSample] = []
        let q = flatPhone(headingRadians: headingRadians)
        for a in walkingAcceleration(seconds: seconds, t0: t0) {
            samples.append(SensorSample(timeSeconds: a.timeSeconds, reading: .rotationVector(q)))
            samples.append(a)
        }
        return samples
    }
}

/// The seeded generator of the tests (Gaussian draws from IndoorGeometry's ``SplitMix64/gaussian()``).
typealias SeededGenerator = SplitMix64
