import IndoorConfiguration

extension SyntheticVenueConfiguration: TunableConfiguration {
    /// The one table of the synthetic venue's numeric tunables (`venue generate`'s flags read it).
    public static let table = TunableTable<Self>(
        name: "synthetic-venue", defaults: Self(),
        [
            Tunable(\.levelCount, unit: "levels", range: 1...500, "above-ground levels"),
            Tunable(\.parkingLevelCount, unit: "levels", range: 0...10, "parking levels below ground"),
            Tunable(\.towerCount, unit: "buildings", range: 2...32, "towers side by side"),
            Tunable(\.corridorsPerTower, unit: "corridors", range: 1...100, "east-west corridors per tower floor"),
            Tunable(\.sizeScale, unit: "", range: 0.01...100, "scale of the rooms per corridor side"),
        ])
}
