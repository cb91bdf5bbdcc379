import IndoorConfiguration

/// Tunables of ``StepDetector``: defaults, units and ranges are in ``tunables`` (the table in the module
/// README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones). Accelerations are m/s² of the filtered, gravity-free acceleration magnitude.
public struct StepDetectorConfiguration: Hashable, Sendable {
    /// Cut-off of each of the two cascaded first-order low-pass stages, Hz.
    public var lowPassCutoffHertz = 3.0
    /// Time constant of the slow average of the magnitude taken as gravity, s.
    public var gravityTimeConstantSeconds = 2.0
    /// A peak must reach at least this, m/s².
    public var peakThresholdMetersPerSecondSquared = 0.3
    /// The valley after it must go below minus this, m/s².
    public var valleyThresholdMetersPerSecondSquared = 0.15
    /// Peak minus valley must be at least this, m/s².
    public var minimumPeakToValleyMetersPerSecondSquared = 0.8
    /// Shortest time between two step peaks, s (0.3 s allows 3.3 steps per second).
    public var minimumStepIntervalSeconds = 0.3
    /// A peak not followed by a valley within this time is dropped, s.
    public var peakToValleyTimeoutSeconds = 0.8
    /// Samples further apart than this restart the filters (a gap in the recording), s.
    public var maximumSampleGapSeconds = 1.0
}
