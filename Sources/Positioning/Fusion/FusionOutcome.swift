import Estimation

/// The fusion filter's state layout: position, heading bias and stride scale.
public enum FusionState: Int, StateLayout {
    /// Metres east of the local frame's origin.
    case eastMeters
    /// Metres north of the local frame's origin.
    case northMeters
    /// Added to every step heading, radians clockwise.
    case headingBiasRadians
    /// Multiplies every step length (unitless, 1 = as detected).
    case strideScale
}

/// What ``FusionEngine/update(with:)`` did with an absolute fix.
public enum FusionUpdateOutcome: Hashable, Sendable {
    /// Fused; d² of the innovation, and how late the fix was relative to the newest step (seconds, 0 when on time).
    case accepted(mahalanobisSquared: Double, delaySeconds: Double)
    /// Not fused, and why.
    case rejected(FusionRejection)

    /// True for ``accepted(mahalanobisSquared:delaySeconds:)``.
    public var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}

/// Why an absolute fix was not fused. The state is unchanged in every case.
public enum FusionRejection: Hashable, Sendable, CustomStringConvertible {
    /// ``FusionEngine/start(at:levelIndex:)`` has not been called.
    case notStarted
    /// The fix has a non-finite point or time, or an invalid covariance.
    case invalidFix
    /// The innovation's squared Mahalanobis distance exceeded the gate.
    case gated(mahalanobisSquared: Double, threshold: Double)
    /// The fix is older than ``FusionConfiguration/maximumFixDelaySeconds`` (or older than the start).
    case tooOld(ageSeconds: Double)
    /// A beacon range from another level than the current one (not used).
    case otherLevel
    /// A beacon range longer than ``FusionConfiguration/maximumFusedRangeMeters`` (RSSI ranging is not informative that far).
    case beyondRange(rangeMeters: Double)
    /// The filter refused the update for another reason (non-finite values, S not positive definite).
    case filter(UpdateRejection)

    /// A short key for counting (`notStarted`, `invalidFix`, `gated`, `tooOld`, `otherLevel`, `beyondRange`, `filter`).
    public var key: String {
        switch self {
        case .notStarted: "notStarted"
        case .invalidFix: "invalidFix"
        case .gated: "gated"
        case .tooOld: "tooOld"
        case .otherLevel: "otherLevel"
        case .beyondRange: "beyondRange"
        case .filter: "filter"
        }
    }

    /// A one-line message.
    public var description: String {
        switch self {
        case .notStarted: "fusion not started"
        case .invalidFix: "fix with a non-finite value or an invalid covariance"
        case .gated(let d2, let threshold): "gated: d² = \(d2) > \(threshold)"
        case .tooOld(let age): "fix \(age) s older than the newest step"
        case .otherLevel: "beacon range from another level"
        case .beyondRange(let meters): "beacon range \(meters) m beyond the fused limit"
        case .filter(let reason): "filter rejected the update: \(reason)"
        }
    }
}

/// Counters of what the engine did.
public struct FusionStatistics: Hashable, Sendable {
    /// Steps applied.
    public var steps = 0
    /// Steps refused (non-finite values).
    public var rejectedSteps = 0
    /// Fixes fused.
    public var acceptedFixes = 0
    /// Fixes fused per source (`beacon-range`, `gnss`, a provider's name).
    public var acceptedFixesBySource: [String: Int] = [:]
    /// Of those, fixes older than the newest step that were shifted forward.
    public var lateFixes = 0
    /// Fixes not fused, per ``FusionRejection/key``.
    public var rejectedFixes: [String: Int] = [:]
    /// Steps pushed back into walkable space.
    public var wallCorrections = 0
    /// Straight walks whose heading was pulled towards a main direction of the floor plan.
    public var headingAlignments = 0
    /// Level changes of the most probable level.
    public var levelChanges = 0
    /// Steps shortened because the barometer showed climbing.
    public var climbingSteps = 0
    /// Level changes that moved the position to a connector entry.
    public var connectorSnaps = 0

    /// An empty tally.
    public init() {}

    /// Total fixes refused.
    public var rejectedFixCount: Int { rejectedFixes.values.reduce(0, +) }
}
