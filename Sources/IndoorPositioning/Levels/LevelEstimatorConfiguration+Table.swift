import IndoorConfiguration

extension LevelEstimatorConfiguration: TunableConfiguration {
    /// The one table of the level estimator's tunables.
    public static let table = TunableTable<Self>(
        name: "level-estimator", defaults: Self(),
        [
            Tunable(\.hectopascalsPerMeter, unit: "hPa/m", range: 0.05...0.2, "pressure change per metre of height"),
            Tunable(\.pressureHeightSigmaMeters, unit: "m", range: 0.1...20, "one-sigma of the barometric height against a level's"),
            Tunable(\.pressureOutlierLikelihood, unit: "", range: 1e-6...1, "floor of a level's pressure likelihood"),
            Tunable(\.pressureSmoothingSeconds, unit: "s", range: 0...60, "time constant of the pressure low-pass"),
            Tunable(\.pressureUpdateIntervalSeconds, unit: "s", range: 0.05...60, "least time between pressure updates"),
            Tunable(\.pressureDriftTimeConstantSeconds, unit: "s", range: 1...1e6, "time constant of the drift-following reference"),
            Tunable(\.driftCaptureMeters, unit: "m", range: 0...10, "largest height disagreement taken as drift"),
            Tunable(\.transitionRateNearConnectorPerSecond, unit: "1/s", range: 0...1, "level-change rate near a connector entry"),
            Tunable(\.transitionRateElsewherePerSecond, unit: "1/s", range: 0...1, "level-change rate elsewhere"),
            Tunable(\.transitionRateWithoutConnectorsPerSecond, unit: "1/s", range: 0...1, "level-change rate without known connectors"),
            Tunable(\.connectorRadiusMeters, unit: "m", range: 0...100, "level changes are likely this near a connector entry"),
            Tunable(\.beaconLevelWeight, unit: "", range: 0...1, "weight of a beacon level vote"),
            Tunable(\.probabilityFloor, unit: "", range: 0...0.01, "smallest probability a level keeps"),
        ])
}
