import IndoorConfiguration
import IndoorEstimation

/// Tunables of ``FusionEngine``: defaults, units and ranges are in ``tunables`` (the table in the
/// module README, "Fusion", is generated from it); the engine validates it when made.
public struct FusionConfiguration: Hashable, Sendable {
    /// One-sigma of the initial heading bias (the error of the step headings), radians. The default is
    /// the measured error of dead reckoning's first direction (from the start to the first truth point
    /// at least 3 m away: RMS 15.3° on ILC site 1 and on IPIN 2023 T3), the particle map matcher's spread
    /// too; chosen over 0.15 by ordinary and blocked cross-validation on both sets
    /// (docs/positioning-measurements.md).
    public var initialHeadingBiasSigmaRadians = 0.25
    /// Random walk of the heading bias per step, radians (the Kalman filter's process noise and the map
    /// matcher's particle spread). The default allows 4° a step: a phone's heading indoors wanders with the
    /// magnetic field. Chosen by ordinary and blocked cross-validation on both shared sets (IPIN's p75 and
    /// share beyond 2.5 σ fell, ILC's mean did not rise); figures in docs/positioning-measurements.md.
    public var headingBiasRandomWalkRadiansPerStep = 0.07
    /// Fraction of each step's heading sigma treated as independent per-step noise (the rest is left to
    /// the bias state).
    public var stepHeadingNoiseFraction = 0.5
    /// One-sigma of the initial stride scale (1 = the provider's stride).
    public var initialStrideScaleSigma = 0.2
    /// The stride scale the filter starts with (1 = the provider's stride; a radio map's
    /// ``RadioMap/surveyedStrideScale`` where one is used); kept within
    /// ``minimumStrideScale`` ... ``maximumStrideScale`` when the engine starts. Validated on
    /// assignment through ``withInitialStrideScale(_:)``.
    public internal(set) var initialStrideScale = 1.0

    /// This configuration starting from stride scale `scale`.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)`` outside its range.
    public func withInitialStrideScale(_ scale: Double) throws(PositioningError) -> FusionConfiguration {
        var copy = self
        copy.initialStrideScale = scale
        try copy.checked()
        return copy
    }
    /// Random walk of the stride scale per step.
    public var strideScaleRandomWalkPerStep = 0.002
    /// Smallest stride scale the filter may reach.
    public var minimumStrideScale = 0.6
    /// Largest stride scale the filter may reach.
    public var maximumStrideScale = 1.5
    /// Isotropic position noise added per step, metres.
    public var positionNoisePerStepMeters = 0.05
    /// Factor on the covariance of fixes whose source is `beacon` (RSSI fixes are often over-confident).
    public var beaconCovarianceScale = 4.0
    /// Smallest one-sigma accepted for an absolute fix (its covariance is widened to at least this), metres.
    public var minimumFixSigmaMeters = 0.5
    /// Chi-square gate probability for absolute fixes (2 degrees of freedom).
    public var gateProbability = 0.99
    /// Oldest fix, relative to the newest step, still applied (shifted by the steps since), seconds.
    public var maximumFixDelaySeconds = 5.0
    /// Weight of each new fix in the per-source average of d²·a/2 that scales that source's covariance
    /// (0 turns the learning off).
    public var fixScaleLearningRate = 0.1
    /// Largest learnt covariance factor per source.
    public var maximumFixScale = 1000.0
    /// Longest beacon range fused, metres; longer ranges are skipped.
    public var maximumFusedRangeMeters = 8.0
    /// Height of a beacon above the phone on the same level, m: a range is the slant distance, so a beacon on
    /// a wall or ceiling at about 2.5 m read from a phone held at about 1.2 m is never nearer than 1.3 m.
    /// Taken as 0 it pushes the position away from the beacons near it (simulated campus walks, whose
    /// beacons hang 1.3 m above the phone: mean 0.92 → 0.86 m and NEES 4.8 → 2.8 on the bundled walk; IPIN 2023
    /// T3 with its registry, heights unknown: p75 2.84 → 2.78 m ordinary, 2.95 → 2.91 m blocked;
    /// docs/positioning-measurements.md, "Beacons above the phone").
    public var beaconHeightAboveDeviceMeters = 1.3
    /// Barometric vertical speed above which steps count as climbing (stairs, ramps), m/s.
    public var climbingVerticalSpeedMetersPerSecond = 0.12
    /// Factor on the length of a climbing step (its horizontal part), with the removed part added to its
    /// sigma.
    public var climbingStrideFactor = 0.3
    /// Barometric height change that confirms a climb away from known connectors, m: steps count as
    /// climbing only once the height has changed this much since the vertical speed first exceeded
    /// ``climbingVerticalSpeedMetersPerSecond`` (the steps before are then shortened afterwards;
    /// ``ClimbDetector``); 0 confirms at once. On IPIN 2023 T3 such stretches on level walks change the
    /// height by at most 0.2 m, its flights of stairs by 0.9–2.3 m; 0.3 m and more confirm one flight
    /// after a truth point on it (docs/positioning-measurements.md, "Climbing without stairs").
    public var climbingConfirmHeightMeters = 0.25
    /// One-sigma of the position pseudo-measurement at the connector entry when the level changes
    /// (with a venue), metres; the entry must lie within twice the level filter's connector radius.
    public var connectorEntrySigmaMeters = 2.0
    /// Whether steps are kept inside the venue's walkable area.
    public var constrainToWalkableArea = true
    /// One-sigma of the position pseudo-measurement made when a step is pushed back into walkable space, metres.
    public var wallCorrectionSigmaMeters = 0.7
    /// Farthest a non-walkable point is moved to reach walkable space; beyond it the point is left alone, metres.
    public var maximumWallCorrectionMeters = 4.0
    /// Pull the heading bias towards the floor plan's main directions (``DominantDirections``) while
    /// walking straight; needs a venue.
    public var alignHeadingToFloorPlan = true
    /// Steps in a straight-walk window: their headings must all lie within
    /// ``straightWalkToleranceRadians`` of their mean; one alignment per window.
    public var straightWalkSteps = 4
    /// See ``straightWalkSteps``, radians (10° by default).
    public var straightWalkToleranceRadians = 10 * Double.pi / 180
    /// A straight walk is aligned only when its corrected heading is this close to a main direction,
    /// radians (15° by default).
    public var floorPlanCaptureRadians = 15 * Double.pi / 180
    /// One-sigma of the "heading equals the main direction" pseudo-measurement, radians (15° by default).
    public var floorPlanHeadingSigmaRadians = 15 * Double.pi / 180
    /// The particle map matcher (``ParticleMapMatcher``): with a venue, the position, heading bias and
    /// stride scale are carried by particles that the floor plan weighs, and the Kalman filter takes their
    /// mean and covariance after every input (the wall correction is then not used). `nil` turns it off.
    /// Default ``MapMatchingConfiguration/standard``.
    public var mapMatching: MapMatchingConfiguration? = .standard
}
