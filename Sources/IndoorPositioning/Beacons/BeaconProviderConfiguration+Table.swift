import IndoorConfiguration

extension BeaconProviderConfiguration: TunableConfiguration {
    /// The one table of the beacon provider's tunables.
    public static let table = TunableTable<Self>(
        name: "beacon-provider", defaults: Self(),
        [
            Tunable(\.rssiWindowSeconds, unit: "s", range: 0.1...60, "readings of a beacon averaged"),
            Tunable(\.defaultPathLossExponent, unit: "", range: 1...6, "path-loss exponent of beacons without one"),
            Tunable(\.rssiSigmaDb, unit: "dB", range: 0.5...30, "one-sigma of a reading around the path-loss model"),
            Tunable(\.maximumIndependentReadings, unit: "readings", range: 1...100, "most readings an average is trusted for"),
            Tunable(\.minimumRangeMeters, unit: "m", range: 0.01...10, "ranges are clamped to at least this"),
            Tunable(\.maximumRangeMeters, unit: "m", range: 1...1000, "ranges are clamped to at most this (at least the smallest)"),
            Tunable(\.minimumRangeSigmaMeters, unit: "m", range: 0.01...100, "smallest one-sigma of a range"),
            Tunable(\.minimumBeaconsForFit, unit: "beacons", range: 3...50, "fewest beacons for multilateration"),
            Tunable(\.minimumSigmaMeters, unit: "m", range: 0.01...100, "added to each axis of a fit's covariance"),
            Tunable(\.fallbackMinimumSigmaMeters, unit: "m", range: 0.1...1000, "smallest one-sigma of a centroid fallback"),
            Tunable(\.fixIntervalSeconds, unit: "s", range: 0...60, "at most one fix per this interval (0 = every reading)"),
            Tunable(\.useAdvertisedTxPower, "use a beacon's advertised power over the registry's"),
            Tunable(\.fitWithinVotedLevel, "multilaterate with the voted level's beacons only"),
        ])

    /// `maximumRangeMeters` is at least `minimumRangeMeters`.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.maximumRangeMeters, atLeast: \.minimumRangeMeters)
    }
}
