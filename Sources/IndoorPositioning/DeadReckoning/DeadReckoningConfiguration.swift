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

    /// This configuration for a walk with or without a floor plan to align the heading to (a venue):
    /// without one the heading uses ``HeadingConfiguration/withoutFloorPlan()``. The one place the rule is
    /// applied, for the fused pipeline and the dead-reckoning scores alike.
    public func forWalk(withFloorPlan: Bool) -> DeadReckoningConfiguration {
        guard !withFloorPlan else { return self }
        var copy = self
        copy.heading = heading.withoutFloorPlan()
        return copy
    }

}
