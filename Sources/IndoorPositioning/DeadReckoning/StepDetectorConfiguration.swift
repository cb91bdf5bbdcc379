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

extension StepDetectorConfiguration: TunableConfiguration {
    /// The defaults (see each property and ``tunables``).
    public static let standard = StepDetectorConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "step-detector" in messages and on the command line.
    public static let configurationName = "step-detector"

    /// The one table of the step detector's tunables.
    public static let tunables: [Tunable<StepDetectorConfiguration>] = [
        Tunable(\.lowPassCutoffHertz, unit: "Hz", range: 0.5...20, "cut-off of each of the two low-pass stages"),
        Tunable(\.gravityTimeConstantSeconds, unit: "s", range: 0.2...60, "time constant of the gravity average"),
        Tunable(\.peakThresholdMetersPerSecondSquared, unit: "m/s²", range: 0...20, "a peak reaches at least this"),
        Tunable(\.valleyThresholdMetersPerSecondSquared, unit: "m/s²", range: 0...20, "the valley after it goes below minus this"),
        Tunable(\.minimumPeakToValleyMetersPerSecondSquared, unit: "m/s²", range: 0...40, "smallest peak-to-valley swing of a step"),
        Tunable(\.minimumStepIntervalSeconds, unit: "s", range: 0.1...2, "shortest time between two step peaks"),
        Tunable(\.peakToValleyTimeoutSeconds, unit: "s", range: 0.1...5, "a peak without a valley within this is dropped"),
        Tunable(\.maximumSampleGapSeconds, unit: "s", range: 0.05...60, "longer gaps between samples restart the filters"),
    ]
}
