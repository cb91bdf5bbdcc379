import IndoorConfiguration

extension BeaconAuditConfiguration: TunableConfiguration {
    /// The one table of the beacon audit's tunables.
    public static let table = TunableTable<Self>(
        name: "beacon-audit", defaults: Self(),
        [
            Tunable(\.minimumReadings, unit: "readings", range: 3...1_000_000, "readings on the beacon's level before it is judged"),
            Tunable(\.strongestFraction, unit: "", range: 0.01...1, "share of the strongest readings whose positions are averaged"),
            Tunable(
                \.suspectOffsetMeters, unit: "m", range: 0.5...1000, "strongest readings this far from the mapped position are suspect"),
            Tunable(\.maximumCorrelation, unit: "", range: -1...1, "an RSSI-log-distance correlation above this is suspect"),
            Tunable(\.minimumDistanceSpreadRatio, unit: "", range: 1.1...1000, "the correlation is judged from this distance spread"),
        ])
}
