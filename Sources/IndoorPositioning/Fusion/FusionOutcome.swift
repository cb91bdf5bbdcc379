import IndoorEstimation

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
    /// Times the stride scale was clamped into [``FusionConfiguration/minimumStrideScale``, ``FusionConfiguration/maximumStrideScale``].
    public var strideScaleClamps = 0
    /// Steps weighed against the floor plan by the particle map matcher (``FusionConfiguration/mapMatching``).
    public var mapMatchedSteps = 0
    /// Times the map matcher's particles were resampled.
    public var particleResamplings = 0
    /// Steps after which the map matcher redrew particles on open floor because its cloud had left it
    /// (``MapMatchingConfiguration/recoveryOpenFraction``).
    public var particleRecoveries = 0
    /// Corrections the filter refused or failed (the state is left as it was), per ``FusionCorrection/rawValue``.
    public var failedCorrections: [String: Int] = [:]
    /// The newest of those failures, for messages.
    public var lastCorrectionFailure: FusionCorrectionFailure?

    /// An empty tally.
    public init() {}

    /// Total fixes refused.
    public var rejectedFixCount: Int { rejectedFixes.values.reduce(0, +) }

    /// Total corrections that failed.
    public var failedCorrectionCount: Int { failedCorrections.values.reduce(0, +) }

    /// Counts a failed correction and keeps it as ``lastCorrectionFailure``.
    mutating func recordFailure(of correction: FusionCorrection, reason: FusionCorrectionFailure.Reason) {
        failedCorrections[correction.rawValue, default: 0] += 1
        lastCorrectionFailure = FusionCorrectionFailure(correction: correction, reason: reason)
    }
}

/// A correction the engine applies on its own (not an input), whose failure is counted in
/// ``FusionStatistics/failedCorrections``.
public enum FusionCorrection: String, CaseIterable, Hashable, Sendable {
    /// A step's end pushed back into walkable space (``FusionStatistics/wallCorrections``).
    case wallCorrection
    /// The stride scale clamped into its configured range (``FusionStatistics/strideScaleClamps``).
    case strideScaleClamp
    /// The heading bias pulled towards a main direction of the floor plan (``FusionStatistics/headingAlignments``).
    case headingAlignment
    /// The position moved to a connector entry on a level change (``FusionStatistics/connectorSnaps``).
    case connectorSnap
    /// The map matcher's particle mean written into the Kalman filter (``FusionStatistics/mapMatchedSteps``).
    case mapMatching
    /// The steps of a climb confirmed late shortened afterwards (``FusionStatistics/climbingSteps``).
    case climbCatchUp
}

/// One failed correction and why; the state was left as it was.
public struct FusionCorrectionFailure: Hashable, Sendable, CustomStringConvertible {
    /// Why a correction failed.
    public enum Reason: Hashable, Sendable {
        /// The filter threw (bad sizes or non-finite values).
        case error(EstimationError)
        /// The filter refused the update (non-finite values, S not positive definite).
        case rejected(UpdateRejection)
    }

    /// Which correction.
    public let correction: FusionCorrection
    /// Why it failed.
    public let reason: Reason

    /// A one-line message.
    public var description: String {
        switch reason {
        case .error(let error): "\(correction.rawValue) failed: \(error)"
        case .rejected(let rejection): "\(correction.rawValue) refused by the filter: \(rejection)"
        }
    }
}

/// What ``FusionEngine/clampCalibration()`` did with the stride scale.
enum StrideScaleClamp: Hashable, Sendable {
    /// Already within range.
    case unchanged
    /// Moved into range.
    case clamped(fromScale: Double, toScale: Double)
    /// The filter refused the clamped state; the scale is unchanged.
    case failed(EstimationError)
}
