import IndoorConfiguration

/// Tunables of ``DeadReckoningProvider``: its step detector, stride model and heading estimator (each with
/// its own table), plus the extra position noise added per step (``tunables``), checked by ``validate()``
/// (``TunableConfiguration/init(_:)`` builds validated ones).
public struct DeadReckoningConfiguration: Hashable, Sendable {
    /// Step detection.
    public var stepDetector: StepDetectorConfiguration = .standard
    /// Stride length.
    public var stride: StrideConfiguration = .standard
    /// Heading.
    public var heading: HeadingConfiguration = .standard
    /// Isotropic one-sigma position noise added per step on top of the stride and heading terms, metres (missed
    /// or doubled steps, sway).
    public var positionNoisePerStepMeters = 0.05

    /// The defaults (see each property and ``tunables``).
    public static let standard = DeadReckoningConfiguration(defaults: ())

    /// This configuration for a walk with or without a floor plan to align the heading to (a venue):
    /// without one the heading uses ``HeadingConfiguration/withoutFloorPlan()``. The one place the rule is
    /// applied, for the fused pipeline and the dead-reckoning scores alike.
    public func forWalk(withFloorPlan: Bool) -> DeadReckoningConfiguration {
        guard !withFloorPlan else { return self }
        var copy = self
        copy.heading = heading.withoutFloorPlan()
        return copy
    }

    private init(defaults: Void) {}
}

extension DeadReckoningConfiguration: TunableConfiguration {
    /// "dead-reckoning" in messages and on the command line.
    public static let configurationName = "dead-reckoning"

    /// The dead-reckoning provider's own tunables (its parts have their own tables).
    public static let tunables: [Tunable<DeadReckoningConfiguration>] = [
        Tunable(\.positionNoisePerStepMeters, unit: "m", range: 0...5, "isotropic position noise added per step")
    ]

    /// The parts' own ranges and rules.
    public func validateCombination() throws(ConfigurationError) {
        try stepDetector.validate()
        try stride.validate()
        try heading.validate()
    }
}
