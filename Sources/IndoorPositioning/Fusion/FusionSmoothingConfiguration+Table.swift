import IndoorConfiguration

extension FusionSmoothingConfiguration: TunableConfiguration {
    /// The one table of offline smoothing's tunables.
    public static let table = TunableTable<Self>(
        name: "fusion-smoothing", defaults: Self(),
        [
            Tunable(\.particleLagSteps, unit: "steps", range: 0...10_000, "the particles' fixed lag (0 = unsmoothed particles)"),
            Tunable(\.particleWeight, unit: "", range: 0...1, "share of the particles' mean in the smoothed position"),
            Tunable(\.particleMeansIntoKalman, "the particles' means replace the filtered state first"),
            Tunable(\.particleBackwardPass, "smooth the particles backwards over the whole recording"),
            Tunable(\.particlesWithoutFloorPlan, "without a floor plan, smooth a forward pass of wall-free particles"),
        ])
}
