import IndoorConfiguration

extension FingerprintConfiguration: TunableConfiguration {
    /// The one table of the fingerprint tunables, followed by `signalModel` (on-off) and the signal
    /// model's own (``SignalModelConfiguration/tunables``), which apply when it is on.
    public static let table = TunableTable<Self>(
        name: "fingerprint", defaults: Self(),
        [
            Tunable(\.maximumStalenessSeconds, unit: "s", range: 0...600, "oldest last-seen age of a Wi-Fi entry kept in a scan"),
            Tunable(\.beaconWindowSeconds, unit: "s", range: 0.1...60, "beacon advertisements averaged into a scan"),
            Tunable(\.beaconScanIntervalSeconds, unit: "s", range: 0.1...60, "shortest interval of beacon-only scans"),
            Tunable(\.minimumRSSIDbm, unit: "dBm", range: -150...(-30), "weaker readings are dropped"),
            Tunable(\.missingRSSIDbm, unit: "dBm", range: -150...(-30), "a missing transmitter compared as this (at most minimumRSSIDbm)"),
            Tunable(\.neighbourCount, unit: "", range: 1...100, "nearest fingerprints averaged"),
            Tunable(\.minimumKnownTransmitters, unit: "", range: 1...100, "known transmitters a fix needs"),
            Tunable(\.minimumSigmaMeters, unit: "m", range: 0.1...100, "smallest one-sigma of a fix per axis"),
            Tunable(\.spreadScale, unit: "", range: 0...20, "factor on the neighbours' spread in the covariance"),
            Tunable(\.sigmaPerRMSMetersPerDb, unit: "m/dB", range: 0...10, "one-sigma per dB of the best match's RMS difference"),
            Tunable(\.maximumMatchRMSDb, unit: "dB", range: 1...100, "no fix above this RMS difference"),
            Tunable(\.minimumFingerprintsPerTransmitter, unit: "", range: 1...1_000, "rarer transmitters are left out of a map"),
            Tunable(\.levelEvidenceWeight, unit: "", range: 0...1, "share of the level vote a fix carries"),
            Tunable(\.priorCandidateCount, unit: "", range: 0...1_000, "candidates weighed by the prior (0 = no prior weighting)"),
            Tunable(\.priorSpreadMeters, unit: "m", range: 0.1...100, "added to the prior's covariance"),
            Tunable(\.priorWeightFloor, unit: "", range: 0...1, "weight a candidate keeps however unlikely"),
            Tunable(\.errorCorrelationSeconds, unit: "s", range: 0...600, "how long a fix's error persists (0 = independent fixes)"),
            Tunable(\.dateScansByLastSeen, "date Wi-Fi scans at their entries' median last-seen time"),
            Tunable(\.signalModelSwitch.isOn, name: "signalModel", "fuse the signal model's likelihood instead of the kNN centroid"),
        ]
            + SignalModelConfiguration.tunables.map { $0.lifted(into: \.signalModelSwitch.settings, summaryPrefix: "signal model: ") })

    /// `missingRSSIDbm` is at most `minimumRSSIDbm`; the signal model's own rules.
    public func validateCombination() throws(ConfigurationError) {
        try require(\.missingRSSIDbm, atMost: \.minimumRSSIDbm)
        try signalModelSwitch.settings.validateCombination()
    }
}
