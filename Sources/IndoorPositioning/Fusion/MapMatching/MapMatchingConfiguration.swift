import IndoorConfiguration

/// Tunables of the particle map matcher (``ParticleMapMatcher``), which carries the fusion engine's
/// position and heading bias as a cloud of particles that the floor plan prunes.
///
/// The per-step noise of the particles is the engine's own (``FusionConfiguration``: stride and heading
/// noise, random walk of the bias); the stride scale stays in the Kalman filter; these are the parts only a particle filter has.
public struct MapMatchingConfiguration: Hashable, Sendable {
    /// Number of particles.
    public var particleCount = 300
    /// Seed of the particles' random numbers (the engine is deterministic for a given seed).
    public var seed: UInt64 = 1
    /// Weight factor of a particle whose step ends inside an obstacle (a non-walkable space drawn inside
    /// a walkable hall, e.g. a shop: walkers seldom enter them, but do).
    public var obstacleStepWeight = 0.1
    /// Weight factor of a particle whose step ends outside every walkable place of its level (through an
    /// outer wall).
    public var outsideStepWeight = 0.01
    /// One-sigma of the heading bias the particles start with, radians: wider than the Kalman filter's,
    /// since the map rejects the wrong ones (narrower clouds with a smaller random walk below score a
    /// smaller mean but turn confident on wrong corridors; figures in docs/positioning-measurements.md).
    public var initialHeadingBiasSigmaRadians = 0.25
    /// Random walk of each particle's heading bias per step, radians (the Kalman filter's is
    /// ``FusionConfiguration/headingBiasRandomWalkRadiansPerStep``, set apart since the walls also steer
    /// the particles' bias; the same 0.07 by default).
    public var headingBiasRandomWalkRadiansPerStep = 0.07
    /// Particles are resampled when the effective sample size falls below this fraction of their count.
    public var resampleBelowEffectiveFraction = 0.5
    /// Floor added to the Gaussian likelihood exp(−d²/2) of a fix or range, so one wrong measurement
    /// cannot wipe out every particle near the truth.
    public var measurementLikelihoodFloor = 0.02
    /// Cell size of the rasterized floor plan (``WalkabilityRaster``) the particles are weighed on, metres.
    public var cellSizeMeters = 0.25
    /// When less than this share of the cloud's weight ends a step on open floor (the cloud has drifted
    /// into shops or through a wall together, so the walls no longer tell its particles apart), a share
    /// ``recoveryShare`` of the particles that are not on open floor is redrawn on open floor around the
    /// particles' mean (one-sigma ``recoverySpreadMeters``) and keeps its heading bias; the walls then pull the
    /// cloud back into the corridor. 0 turns recovery off.
    public var recoveryOpenFraction = 0.3
    /// Share of the particles off open floor that a recovery redraws.
    public var recoveryShare = 0.3
    /// One-sigma of a recovery draw around the particles' mean, metres.
    public var recoverySpreadMeters = 2.0

    /// Run the particles also where there is no floor plan (no venue): no walls weigh them, but they
    /// carry what a Gaussian cannot, the many-peaked likelihoods of radio scans under a signal model
    /// (``FusionInput/likelihood(_:_:)``); see "Signal model" in
    /// `docs/positioning-measurements.md`.
    public var withoutFloorPlan = false

    /// After each step the reported position covariance is kept within this factor (one-sigma) of the
    /// particles' spread: where the walls hold the cloud narrower than the Kalman filter's covariance,
    /// the filter takes the information the walls added (a Kalman update whose posterior position
    /// covariance is the spread times the factor squared, so its heading and stride terms follow).
    /// The spread understates the error (resampling keeps copies of a few particles), hence a factor
    /// well above 1. 0 = off (the filter keeps its own covariance); else at least 1. The default lets more
    /// ILC walks announce arrival with no false off-route, ordinary and blocked, where 2 and 3 gave false
    /// ones ("Honest covariance from the walls" in `docs/positioning-measurements.md`).
    public var spreadCovarianceFactor = 4.0
}
