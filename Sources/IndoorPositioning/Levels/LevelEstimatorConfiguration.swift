import IndoorConfiguration

/// Tunables of ``LevelEstimator``: defaults, units and ranges are in ``tunables`` (the table in the module
/// README is generated from it), checked by ``validate()`` (``TunableConfiguration/init(_:)`` builds
/// validated ones).
public struct LevelEstimatorConfiguration: Hashable, Sendable {
    /// Pressure change per metre of height, hPa/m (pressure falls going up).
    public var hectopascalsPerMeter = 0.12
    /// One-sigma error of the barometric height against a level's elevation, metres.
    public var pressureHeightSigmaMeters = 1.2
    /// Likelihood floor added to every level's pressure likelihood (peak 1), bounding the evidence of one
    /// reading.
    public var pressureOutlierLikelihood = 0.05
    /// Time constant of the pressure low-pass, seconds.
    public var pressureSmoothingSeconds = 2.0
    /// Least time between two pressure likelihood updates, seconds.
    public var pressureUpdateIntervalSeconds = 1.0
    /// Time constant with which the pressure reference follows slow drift while the level is certain and the
    /// barometric height agrees with it within ``driftCaptureMeters``, seconds.
    public var pressureDriftTimeConstantSeconds = 120.0
    /// Largest height disagreement treated as drift rather than a level change, metres.
    public var driftCaptureMeters = 1.5
    /// Probability a level change starts per second within ``connectorRadiusMeters`` of a connector entry
    /// (split over the levels it reaches).
    public var transitionRateNearConnectorPerSecond = 0.2
    /// Probability a level change starts per second elsewhere on a level with known connectors.
    public var transitionRateElsewherePerSecond = 1e-5
    /// Probability a level change to an adjacent level starts per second when the connectors are unknown (no
    /// venue).
    public var transitionRateWithoutConnectorsPerSecond = 0.01
    /// Distance to a connector entry within which level changes are likely, metres.
    public var connectorRadiusMeters = 8.0
    /// Weight of a beacon level vote, mixed with a uniform likelihood (0: ignored, 1: taken at face value).
    public var beaconLevelWeight = 0.15
    /// Smallest probability any level keeps, so that evidence can always bring it back.
    public var probabilityFloor = 1e-6
}
