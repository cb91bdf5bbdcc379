import Foundation
import IndoorGeometry
import IndoorPositioning

/// The seeded generator of a scenario: IndoorNav's one ``SplitMix64`` (with its Gaussian draws),
/// its seed mixed first so that nearby scenario seeds give unrelated walks.
enum ScenarioSeed {
    /// The generator for scenario seed `seed`.
    static func generator(_ seed: UInt64) -> SplitMix64 {
        SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ 0x9E37_79B9_7F4A_7C15)
    }
}

/// A point of a walked path: where, on which level.
public struct PathPoint: Hashable, Sendable {
    /// Position, venue frame, metres.
    public var point: LocalPoint
    /// The level of the point.
    public var levelID: String
    /// A point at `point` on `levelID`.
    public init(point: LocalPoint, levelID: String) { self.point = point; self.levelID = levelID }
}

/// A walker moving along a path at a constant speed; the true position at any distance walked. A
/// level change happens half way along a segment whose ends are on different levels.
public struct PathWalker: Sendable {
    /// The path's vertices, in walking order.
    public let points: [PathPoint]
    /// Cumulative length at each point, metres (level changes count their horizontal run plus 4 m).
    public let cumulativeMeters: [Double]
    /// Total walked length in metres.
    public var lengthMeters: Double { cumulativeMeters.last ?? 0 }

    /// A walker along `points` (computes the cumulative lengths once).
    public init(points: [PathPoint]) {
        self.points = points
        var cumulative: [Double] = [0]
        for (a, b) in zip(points, points.dropFirst()) {
            let horizontal = a.point.distance(to: b.point)
            cumulative.append((cumulative.last ?? 0) + horizontal + (a.levelID == b.levelID ? 0 : 4))
        }
        cumulativeMeters = cumulative
    }

    /// The true position and direction of travel (radians clockwise from north) after `meters`.
    public func state(atMeters meters: Double) -> (position: PathPoint, headingRadians: Double) {
        guard let first = points.first else { return (PathPoint(point: .zero, levelID: ""), 0) }
        guard points.count > 1 else { return (first, 0) }
        var i = 1
        while i < points.count - 1, cumulativeMeters[i] < meters { i += 1 }
        let a = points[i - 1], b = points[i]
        let span = cumulativeMeters[i] - cumulativeMeters[i - 1]
        let t = span > 1e-9 ? min(1, max(0, (meters - cumulativeMeters[i - 1]) / span)) : 1
        let p = a.point + (b.point - a.point) * t
        let heading = a.point.distance(to: b.point) > 1e-6 ? a.point.bearingRadians(to: b.point) : lastHeading(before: i)
        return (PathPoint(point: p, levelID: t < 0.5 ? a.levelID : b.levelID), heading)
    }

    private func lastHeading(before i: Int) -> Double {
        var k = i - 1
        while k > 0 {
            if points[k - 1].point.distance(to: points[k].point) > 1e-6 { return points[k - 1].point.bearingRadians(to: points[k].point) }
            k -= 1
        }
        return 0
    }
}

/// Turns true positions into fixes: Gaussian noise per axis, a reported accuracy, a noisy heading and
/// the true level, at intervals drawn between the configured bounds.
public struct FixGenerator: Sendable {
    /// Tunables of the simulated positioning.
    public struct Configuration: Hashable, Sendable {
        /// Noise standard deviation per axis, metres. Default 3 m.
        public var noiseSigmaMeters = 3.0
        /// Accuracy reported with each fix (one sigma), metres. Default: the noise sigma.
        public var reportedAccuracyMeters: Double?
        /// Shortest and longest time between fixes, seconds (1–2 Hz by default).
        public var fixIntervalSeconds: ClosedRange<Double> = 0.5...1.0
        /// Heading noise standard deviation, radians. Default 0.2 rad.
        public var headingNoiseRadians = 0.2
        /// Heading accuracy reported with each fix, radians. Default 0.35 rad.
        public var reportedHeadingAccuracyRadians = 0.35
        /// The defaults.
        public init() {}
    }

    /// The tunables.
    public let configuration: Configuration
    /// The seeded generator the noise and intervals are drawn from.
    public private(set) var random: SplitMix64

    /// A generator whose fixes are fixed by `seed`.
    public init(configuration: Configuration, seed: UInt64) {
        self.configuration = configuration
        random = ScenarioSeed.generator(seed)
    }

    /// The time to the next fix, seconds.
    public mutating func nextInterval() -> Double {
        let r = configuration.fixIntervalSeconds
        return r.lowerBound + (r.upperBound - r.lowerBound) * Double.random(in: 0..<1, using: &random)
    }

    /// A noisy fix of a true position.
    public mutating func fix(of truth: PathPoint, headingRadians: Double, timeSeconds: Double) -> IndoorLocation {
        let sigma = configuration.noiseSigmaMeters
        let noisy = LocalPoint(x: truth.point.x + sigma * random.gaussian(), y: truth.point.y + sigma * random.gaussian())
        let heading = Angle.normalizedPositive(headingRadians + configuration.headingNoiseRadians * random.gaussian())
        return IndoorLocation(
            point: noisy, levelID: truth.levelID, accuracyMeters: configuration.reportedAccuracyMeters ?? sigma,
            timeSeconds: timeSeconds, source: "simulated", headingRadians: heading,
            headingAccuracyRadians: configuration.reportedHeadingAccuracyRadians)
    }
}
