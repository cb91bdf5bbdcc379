/// Tunables of the particle map matcher (``ParticleMapMatcher``), which carries the fusion engine's
/// position and heading bias as a cloud of particles that the floor plan prunes.
///
/// The per-step noise of the particles is the engine's own (``FusionConfiguration``: stride and heading
/// noise, random walk of the bias); the stride scale stays in the Kalman filter; these are the parts only a particle filter has.
public struct MapMatchingConfiguration: Hashable, Sendable {
    /// Number of particles. Default 300; range 10 ... 100,000.
    public var particleCount: Int
    /// Seed of the particles' random numbers (the engine is deterministic for a given seed). Default 1.
    public var seed: UInt64
    /// Weight factor of a particle whose step ends inside an obstacle (a non-walkable space drawn inside
    /// a walkable hall, e.g. a shop: walkers seldom enter them, but do). Default 0.1; range 0 ... 1.
    public var obstacleStepWeight: Double
    /// Weight factor of a particle whose step ends outside every walkable place of its level (through an
    /// outer wall). Default 0.01; range 0 ... 1.
    public var outsideStepWeight: Double
    /// One-sigma of the heading bias the particles start with, radians: wider than the Kalman filter's,
    /// since the map rejects the wrong ones. Default 0.25 (14°); range 0 ... π.
    public var initialHeadingBiasSigmaRadians: Double
    /// Particles are resampled when the effective sample size falls below this fraction of their count.
    /// Default 0.5; range 0 ... 1.
    public var resampleBelowEffectiveFraction: Double
    /// Floor added to the Gaussian likelihood exp(−d²/2) of a fix or range, so one wrong measurement
    /// cannot wipe out every particle near the truth. Default 0.02; range 0 ... 1.
    public var measurementLikelihoodFloor: Double
    /// Cell size of the rasterized floor plan (``WalkabilityRaster``) the particles are weighed on, metres.
    /// Default 0.25; range 0.01 ... 5.
    public var cellSizeMeters: Double
    /// When less than this share of the cloud's weight ends a step on open floor (the cloud has drifted
    /// into shops or through a wall together, so the walls no longer tell its particles apart), a share
    /// ``recoveryShare`` of the particles that are not on open floor is redrawn on open floor around the
    /// particles' mean (one-sigma ``recoverySpreadMeters``) and keeps its heading bias; the walls then pull the
    /// cloud back into the corridor. 0 turns recovery off. Default 0.3; range 0 ... 1.
    public var recoveryOpenFraction: Double
    /// Share of the particles off open floor that a recovery redraws. Default 0.3; range 0 ... 1.
    public var recoveryShare: Double
    /// One-sigma of a recovery draw around the particles' mean, metres. Default 2; range 0.1 ... 50.
    public var recoverySpreadMeters: Double

    /// Run the particles also where there is no floor plan (no venue): no walls weigh them, but they
    /// carry what a Gaussian cannot, the many-peaked likelihoods of radio scans under a signal model
    /// (``FusionInput/likelihood(_:_:)``). Default false; see "Signal model" in
    /// `docs/positioning-measurements.md`.
    public var withoutFloorPlan: Bool

    /// After each step the reported position covariance is kept within this factor (one-sigma) of the
    /// particles' spread: where the walls hold the cloud narrower than the Kalman filter's covariance,
    /// the filter takes the information the walls added (a Kalman update whose posterior position
    /// covariance is the spread times the factor squared, so its heading and stride terms follow).
    /// The spread understates the error (resampling keeps copies of a few particles), hence a factor
    /// well above 1. 0 = off (the filter keeps its own covariance). Default 4 (ILC site 1 cross-validated
    /// `--navigate`, seeds 1/2/3: 120/121/120 → 124/125/125 of 126 walks arrive, 0 false off-route, points
    /// beyond 2.5 σ 1.7 → 2.1 %; 3 gave a false off-route when blocked, 2 three and 6.3 % beyond; see
    /// "Honest covariance from the walls" in `docs/positioning-measurements.md`); range 0 or 1 ... 100.
    public var spreadCovarianceFactor: Double

    /// The defaults (see each property).
    public static let standard = MapMatchingConfiguration(
        unchecked: 300, seed: 1, obstacle: 0.1, outside: 0.01, biasSigma: 0.25, resample: 0.5, floor: 0.02, cell: 0.25,
        recovery: (0.3, 0.3, 2), spreadFactor: 4, withoutFloorPlan: false)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        particleCount: Int = 300, seed: UInt64 = 1, obstacleStepWeight: Double = 0.1, outsideStepWeight: Double = 0.01,
        initialHeadingBiasSigmaRadians: Double = 0.25,
        resampleBelowEffectiveFraction: Double = 0.5, measurementLikelihoodFloor: Double = 0.02,
        cellSizeMeters: Double = 0.25, recoveryOpenFraction: Double = 0.3,
        recoveryShare: Double = 0.3, recoverySpreadMeters: Double = 2, spreadCovarianceFactor: Double = 4,
        withoutFloorPlan: Bool = false
    ) throws(PositioningError) {
        try PositioningError.check("particleCount", Double(particleCount), in: 10...100_000)
        try PositioningError.check("obstacleStepWeight", obstacleStepWeight, in: 0...1)
        try PositioningError.check("outsideStepWeight", outsideStepWeight, in: 0...1)
        try PositioningError.check("initialHeadingBiasSigmaRadians", initialHeadingBiasSigmaRadians, in: 0...Double.pi)
        try PositioningError.check("resampleBelowEffectiveFraction", resampleBelowEffectiveFraction, in: 0...1)
        try PositioningError.check("measurementLikelihoodFloor", measurementLikelihoodFloor, in: 0...1)
        try PositioningError.check("cellSizeMeters", cellSizeMeters, in: 0.01...5)
        try PositioningError.check("recoveryOpenFraction", recoveryOpenFraction, in: 0...1)
        try PositioningError.check("recoveryShare", recoveryShare, in: 0...1)
        try PositioningError.check("recoverySpreadMeters", recoverySpreadMeters, in: 0.1...50)
        if spreadCovarianceFactor != 0 {
            try PositioningError.check("spreadCovarianceFactor", spreadCovarianceFactor, in: 1...100)
        }
        self.init(
            unchecked: particleCount, seed: seed, obstacle: obstacleStepWeight, outside: outsideStepWeight,
            biasSigma: initialHeadingBiasSigmaRadians,
            resample: resampleBelowEffectiveFraction, floor: measurementLikelihoodFloor, cell: cellSizeMeters,
            recovery: (recoveryOpenFraction, recoveryShare, recoverySpreadMeters), spreadFactor: spreadCovarianceFactor,
            withoutFloorPlan: withoutFloorPlan)
    }

    private init(
        unchecked count: Int, seed: UInt64, obstacle: Double, outside: Double, biasSigma: Double,
        resample: Double, floor: Double, cell: Double,
        recovery: (openFraction: Double, share: Double, spread: Double), spreadFactor: Double, withoutFloorPlan: Bool
    ) {
        particleCount = count
        self.seed = seed
        obstacleStepWeight = obstacle
        outsideStepWeight = outside
        initialHeadingBiasSigmaRadians = biasSigma
        resampleBelowEffectiveFraction = resample
        measurementLikelihoodFloor = floor
        cellSizeMeters = cell
        recoveryOpenFraction = recovery.openFraction
        recoveryShare = recovery.share
        recoverySpreadMeters = recovery.spread
        spreadCovarianceFactor = spreadFactor
        self.withoutFloorPlan = withoutFloorPlan
    }
}
