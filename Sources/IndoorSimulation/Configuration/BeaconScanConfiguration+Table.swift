import IndoorConfiguration

extension BeaconScanConfiguration: TunableConfiguration {
    /// The one table of the BLE radio model's tunables.
    public static let table = TunableTable<Self>(
        name: "beacon-scan", defaults: Self(),
        [
            Tunable(\.scanRateHz, unit: "Hz", range: 0.1...20, "scans per second, each reporting every beacon heard"),
            Tunable(\.shadowingStandardDeviationDb, unit: "dB", range: 0...20, "log-normal shadowing (one sigma)"),
            Tunable(\.dropoutProbability, unit: "", range: 0...0.99, "chance a beacon in range is missing from a scan"),
            Tunable(\.cutoffDbm, unit: "dBm", range: -130...(-30), "weakest RSSI the phone reports"),
            Tunable(\.floorAttenuationDb, unit: "dB", range: 0...100, "extra loss per floor between phone and beacon"),
            Tunable(\.defaultPathLossExponent, unit: "", range: 1...6, "path-loss exponent of beacons whose record gives none"),
            Tunable(\.beaconMountHeightMeters, unit: "m", range: 0...20, "mounting height of beacons above their floor"),
            Tunable(\.roundsToWholeDbm, "RSSI reported in whole dBm, as phones do"),
        ])
}
