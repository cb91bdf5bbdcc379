/// Tunables of ``LevelEstimator``, validated in `init`. The table is in the module README.
public struct LevelEstimatorConfiguration: Hashable, Sendable {
    /// Pressure change per metre of height, hPa/m (pressure falls going up). Default 0.12; range 0.05 ... 0.2.
    public var hectopascalsPerMeter: Double
    /// One-sigma error of the barometric height against a level's elevation, metres. Default 1.2; range 0.1 ... 20.
    public var pressureHeightSigmaMeters: Double
    /// Likelihood floor added to every level's pressure likelihood (peak 1), bounding the evidence of one
    /// reading. Default 0.05; range 1e-6 ... 1.
    public var pressureOutlierLikelihood: Double
    /// Time constant of the pressure low-pass, seconds. Default 2; range 0 ... 60.
    public var pressureSmoothingSeconds: Double
    /// Least time between two pressure likelihood updates, seconds. Default 1; range 0.05 ... 60.
    public var pressureUpdateIntervalSeconds: Double
    /// Time constant with which the pressure reference follows slow drift while the level is certain and
    /// the barometric height agrees with it within ``driftCaptureMeters``, seconds. Default 120; range 1 ... 1e6.
    public var pressureDriftTimeConstantSeconds: Double
    /// Largest height disagreement treated as drift rather than a level change, metres. Default 1.5; range 0 ... 10.
    public var driftCaptureMeters: Double
    /// Probability a level change starts per second within ``connectorRadiusMeters`` of a connector entry
    /// (split over the levels it reaches). Default 0.2; range 0 ... 1.
    public var transitionRateNearConnectorPerSecond: Double
    /// Probability a level change starts per second elsewhere on a level with known connectors. Default 1e-5; range 0 ... 1.
    public var transitionRateElsewherePerSecond: Double
    /// Probability a level change to an adjacent level starts per second when the connectors are unknown
    /// (no venue). Default 0.01; range 0 ... 1.
    public var transitionRateWithoutConnectorsPerSecond: Double
    /// Distance to a connector entry within which level changes are likely, metres. Default 8; range 0 ... 100.
    public var connectorRadiusMeters: Double
    /// Weight of a beacon level vote, mixed with a uniform likelihood (0: ignored, 1: taken at face value).
    /// Default 0.15; range 0 ... 1.
    public var beaconLevelWeight: Double
    /// Smallest probability any level keeps, so that evidence can always bring it back. Default 1e-6; range 0 ... 0.01.
    public var probabilityFloor: Double

    /// The defaults.
    public static let standard = LevelEstimatorConfiguration(
        unchecked: 0.12, sigma: 1.2, outlier: 0.05, smoothing: 2, interval: 1, drift: 120, capture: 1.5, near: 0.2, elsewhere: 1e-5,
        without: 0.01, radius: 8, beacon: 0.15, floor: 1e-6)

    /// A configuration; every value is checked against its range.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)``.
    public init(
        hectopascalsPerMeter: Double = 0.12, pressureHeightSigmaMeters: Double = 1.2, pressureOutlierLikelihood: Double = 0.05,
        pressureSmoothingSeconds: Double = 2, pressureUpdateIntervalSeconds: Double = 1,
        pressureDriftTimeConstantSeconds: Double = 120, driftCaptureMeters: Double = 1.5,
        transitionRateNearConnectorPerSecond: Double = 0.2, transitionRateElsewherePerSecond: Double = 1e-5,
        transitionRateWithoutConnectorsPerSecond: Double = 0.01, connectorRadiusMeters: Double = 8,
        beaconLevelWeight: Double = 0.15, probabilityFloor: Double = 1e-6
    ) throws(PositioningError) {
        try PositioningError.check("hectopascalsPerMeter", hectopascalsPerMeter, in: 0.05...0.2)
        try PositioningError.check("pressureHeightSigmaMeters", pressureHeightSigmaMeters, in: 0.1...20)
        try PositioningError.check("pressureOutlierLikelihood", pressureOutlierLikelihood, in: 1e-6...1)
        try PositioningError.check("pressureSmoothingSeconds", pressureSmoothingSeconds, in: 0...60)
        try PositioningError.check("pressureUpdateIntervalSeconds", pressureUpdateIntervalSeconds, in: 0.05...60)
        try PositioningError.check("pressureDriftTimeConstantSeconds", pressureDriftTimeConstantSeconds, in: 1...1e6)
        try PositioningError.check("driftCaptureMeters", driftCaptureMeters, in: 0...10)
        try PositioningError.check("transitionRateNearConnectorPerSecond", transitionRateNearConnectorPerSecond, in: 0...1)
        try PositioningError.check("transitionRateElsewherePerSecond", transitionRateElsewherePerSecond, in: 0...1)
        try PositioningError.check("transitionRateWithoutConnectorsPerSecond", transitionRateWithoutConnectorsPerSecond, in: 0...1)
        try PositioningError.check("connectorRadiusMeters", connectorRadiusMeters, in: 0...100)
        try PositioningError.check("beaconLevelWeight", beaconLevelWeight, in: 0...1)
        try PositioningError.check("probabilityFloor", probabilityFloor, in: 0...0.01)
        self.init(
            unchecked: hectopascalsPerMeter, sigma: pressureHeightSigmaMeters, outlier: pressureOutlierLikelihood,
            smoothing: pressureSmoothingSeconds,
            interval: pressureUpdateIntervalSeconds, drift: pressureDriftTimeConstantSeconds, capture: driftCaptureMeters,
            near: transitionRateNearConnectorPerSecond, elsewhere: transitionRateElsewherePerSecond,
            without: transitionRateWithoutConnectorsPerSecond, radius: connectorRadiusMeters,
            beacon: beaconLevelWeight, floor: probabilityFloor)
    }

    private init(
        unchecked hPaPerMeter: Double, sigma: Double, outlier: Double, smoothing: Double, interval: Double, drift: Double,
        capture: Double, near: Double, elsewhere: Double, without: Double, radius: Double, beacon: Double, floor: Double
    ) {
        hectopascalsPerMeter = hPaPerMeter
        pressureHeightSigmaMeters = sigma
        pressureOutlierLikelihood = outlier
        pressureSmoothingSeconds = smoothing
        pressureUpdateIntervalSeconds = interval
        pressureDriftTimeConstantSeconds = drift
        driftCaptureMeters = capture
        transitionRateNearConnectorPerSecond = near
        transitionRateElsewherePerSecond = elsewhere
        transitionRateWithoutConnectorsPerSecond = without
        connectorRadiusMeters = radius
        beaconLevelWeight = beacon
        probabilityFloor = floor
    }
}
