import IndoorConfiguration

/// The tunables of offline smoothing (``FusionSmoothingRecorder``): defaults, units and ranges are in
/// ``tunables`` (the table in the module README is generated from it), checked by ``validate()``
/// (``TunableConfiguration/init(_:)`` builds validated ones).
public struct FusionSmoothingConfiguration: Hashable, Sendable {
    /// The particle map matcher's fixed lag, steps (``ParticleLagSmoother``), when ``particleBackwardPass`` is
    /// off; 0 then leaves the particles unsmoothed (the Kalman backward pass alone). The default is about 14 m
    /// of walking.
    public var particleLagSteps: Int = 20
    /// Share of the particles' fixed-lag mean in the smoothed position where the map matcher runs; the rest is
    /// the Kalman backward pass's.
    public var particleWeight = 1.0
    /// Whether the particles' fixed-lag means replace the filtered position and heading bias before the Kalman
    /// backward pass (which then carries their correction to the stride scale and to the epochs without
    /// particles).
    public var particleMeansIntoKalman = false
    /// Whether the particles are smoothed by a backward pass over the whole recording
    /// (``ParticleBackwardSmoother``) instead of by their fixed-lag means (``particleLagSteps``, whose
    /// memory is bounded by the lag: the backward pass keeps every epoch's particles, about 80 MB for an
    /// hour). Chosen on ILC site 1, ordinary and blocked cross-validation, two particle seeds (offline
    /// mean 2.038 → 1.982 m ordinary, 2.032 → 1.993 m blocked; docs/positioning-measurements.md).
    public var particleBackwardPass = true
    /// Whether, without a floor plan but with a radio map, the offline smoothing runs its own forward pass
    /// with the particle map matcher (``MapMatchingConfiguration/withoutFloorPlan``), whose backward pass
    /// follows the fingerprints' many-peaked evidence better than the Kalman backward pass does; the live
    /// pass keeps its own settings (the particles without walls do not win live). Without a radio map the
    /// wall-free cloud only fans out, and its mean falls short of the walk (self-surveyed IPIN maps p75 3.75
    /// → 4.43 m), so the Kalman backward pass smooths those. IPIN 2023 T3 offline p75 2.554 → 2.441 m ordinary,
    /// 2.865 → 2.730 m blocked
    /// (docs/positioning-measurements.md, "Particles offline without a floor plan").
    public var particlesWithoutFloorPlan = true
}
