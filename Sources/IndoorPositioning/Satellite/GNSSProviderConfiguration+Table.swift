import IndoorConfiguration

extension GNSSProviderConfiguration: TunableConfiguration {
    /// The one table of the satellite provider's tunables.
    public static let table = TunableTable<Self>(
        name: "gnss-provider", defaults: Self(),
        [
            Tunable(\.maximumAccuracyMeters, unit: "m", range: 1...10_000, "fixes reporting a worse accuracy are dropped"),
            Tunable(\.sigmaPerAccuracy, unit: "", range: 0.1...10, "one-sigma per axis per metre of reported accuracy"),
            Tunable(\.minimumSigmaMeters, unit: "m", range: 0.01...100, "smallest one-sigma per axis"),
            Tunable(\.missingAccuracySigmaMeters, unit: "m", range: 0.1...10_000, "one-sigma of a fix without an accuracy"),
            Tunable(\.minimumSatellitesUsed, unit: "satellites", range: 0...200, "fixes from fewer satellites are dropped (0 = keep all)"),
            Tunable(\.errorCorrelationSeconds, unit: "s", range: 0...600, "how long a fix's error persists (0 = off)"),
            Tunable(\.useBelowGround, "use fixes below ground"),
        ])
}
