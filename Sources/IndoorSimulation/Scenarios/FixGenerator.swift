import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRouting

/// The seeded generator of a scenario: IndoorNav's one ``SplitMix64`` (with its Gaussian draws),
/// its seed mixed first so that nearby scenario seeds give unrelated walks.
enum ScenarioSeed {
    /// The generator for scenario seed `seed`.
    static func generator(_ seed: UInt64) -> SplitMix64 {
        SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ 0x9E37_79B9_7F4A_7C15)
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

    /// A noisy fix of a true position (venue frame, on its level).
    public mutating func fix(of truth: RoutePoint, headingRadians: Double, timeSeconds: Double) -> IndoorLocation {
        let sigma = configuration.noiseSigmaMeters
        let noisy = LocalPoint(x: truth.point.x + sigma * random.gaussian(), y: truth.point.y + sigma * random.gaussian())
        let heading = Angle.normalizedPositive(headingRadians + configuration.headingNoiseRadians * random.gaussian())
        return IndoorLocation(
            point: noisy, levelID: truth.levelID, accuracyMeters: configuration.reportedAccuracyMeters ?? sigma,
            timeSeconds: timeSeconds, source: "simulated", headingRadians: heading,
            headingAccuracyRadians: configuration.reportedHeadingAccuracyRadians)
    }
}
