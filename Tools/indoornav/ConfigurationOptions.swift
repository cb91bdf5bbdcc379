import IndoorCommandLine
import IndoorConfiguration
import IndoorNavigation
import IndoorPositioning

// The `NAME=VALUE` option families of `eval`, `survey` and `bench fusion` (`--fingerprint-option`,
// `--map-matching-option`, `--fusion-option`, `--navigation-option`), each turned into its validated
// configuration.

/// `--fingerprint-option NAME=VALUE` values turned into a validated ``FingerprintConfiguration``.
enum FingerprintOptions {
    static func configuration(_ options: [String]) throws -> FingerprintConfiguration {
        let s = FingerprintConfiguration.standard
        var values: [String: Double] = [
            "maximumStalenessSeconds": s.maximumStalenessSeconds, "beaconWindowSeconds": s.beaconWindowSeconds,
            "beaconScanIntervalSeconds": s.beaconScanIntervalSeconds, "minimumRSSIDbm": s.minimumRSSIDbm,
            "missingRSSIDbm": s.missingRSSIDbm, "neighbourCount": Double(s.neighbourCount),
            "minimumKnownTransmitters": Double(s.minimumKnownTransmitters), "minimumSigmaMeters": s.minimumSigmaMeters,
            "spreadScale": s.spreadScale, "sigmaPerRMSMetersPerDb": s.sigmaPerRMSMetersPerDb, "maximumMatchRMSDb": s.maximumMatchRMSDb,
            "minimumFingerprintsPerTransmitter": Double(s.minimumFingerprintsPerTransmitter),
            "levelEvidenceWeight": s.levelEvidenceWeight, "dateScansByLastSeen": s.dateScansByLastSeen ? 1 : 0,
            "priorCandidateCount": Double(s.priorCandidateCount), "priorSpreadMeters": s.priorSpreadMeters,
            "priorWeightFloor": s.priorWeightFloor, "errorCorrelationSeconds": s.errorCorrelationSeconds,
            "signalModel": s.signalModel == nil ? 0 : 1,
        ]
        let m = s.signalModel ?? SignalModelConfiguration.standard
        let model: [String: Double] = [
            "kernelLengthMeters": m.kernelLengthMeters, "evidencePseudoCount": m.evidencePseudoCount,
            "measurementSigmaDb": m.measurementSigmaDb, "outlierProbability": m.outlierProbability,
            "outlierSpanDb": m.outlierSpanDb, "likelihoodExponent": m.likelihoodExponent,
            "neighbourhoodSigmas": m.neighbourhoodSigmas, "neighbourhoodCells": Double(m.neighbourhoodCells),
            "minimumNeighbourhoodMeters": m.minimumNeighbourhoodMeters, "maximumNeighbourhoodMeters": m.maximumNeighbourhoodMeters,
            "uninformativeSigmaMeters": m.uninformativeSigmaMeters, "transmitterHeightMeters": m.transmitterHeightMeters,
            "deviceOffsetSigmaDb": m.deviceOffsetSigmaDb, "weighsParticlesByLikelihood": m.weighsParticlesByLikelihood ? 1 : 0,
        ]
        values.merge(model) { current, _ in current }
        try NamedNumberOptions.apply(options, flag: "--fingerprint-option", to: &values)
        func v(_ name: String) -> Double { values[name] ?? 0 }
        do {
            var configuration = try FingerprintConfiguration(
                maximumStalenessSeconds: v("maximumStalenessSeconds"), beaconWindowSeconds: v("beaconWindowSeconds"),
                beaconScanIntervalSeconds: v("beaconScanIntervalSeconds"), minimumRSSIDbm: v("minimumRSSIDbm"),
                missingRSSIDbm: v("missingRSSIDbm"), neighbourCount: Int(v("neighbourCount")),
                minimumKnownTransmitters: Int(v("minimumKnownTransmitters")), minimumSigmaMeters: v("minimumSigmaMeters"),
                spreadScale: v("spreadScale"), sigmaPerRMSMetersPerDb: v("sigmaPerRMSMetersPerDb"),
                maximumMatchRMSDb: v("maximumMatchRMSDb"),
                minimumFingerprintsPerTransmitter: Int(v("minimumFingerprintsPerTransmitter")),
                levelEvidenceWeight: v("levelEvidenceWeight"), priorCandidateCount: Int(max(-1, min(1e6, v("priorCandidateCount")))),
                priorSpreadMeters: v("priorSpreadMeters"), priorWeightFloor: v("priorWeightFloor"),
                errorCorrelationSeconds: v("errorCorrelationSeconds"))
            configuration.dateScansByLastSeen = v("dateScansByLastSeen") != 0
            var model = try SignalModelConfiguration(
                kernelLengthMeters: v("kernelLengthMeters"), evidencePseudoCount: v("evidencePseudoCount"),
                measurementSigmaDb: v("measurementSigmaDb"), outlierProbability: v("outlierProbability"),
                outlierSpanDb: v("outlierSpanDb"), likelihoodExponent: v("likelihoodExponent"),
                neighbourhoodSigmas: v("neighbourhoodSigmas"), neighbourhoodCells: Int(max(0, min(1e6, v("neighbourhoodCells")))),
                minimumNeighbourhoodMeters: v("minimumNeighbourhoodMeters"),
                maximumNeighbourhoodMeters: v("maximumNeighbourhoodMeters"),
                uninformativeSigmaMeters: v("uninformativeSigmaMeters"), transmitterHeightMeters: v("transmitterHeightMeters"),
                deviceOffsetSigmaDb: v("deviceOffsetSigmaDb"))
            model.weighsParticlesByLikelihood = v("weighsParticlesByLikelihood") != 0
            configuration.signalModel = v("signalModel") == 0 ? nil : model
            return configuration
        } catch {
            throw UsageError("--fingerprint-option: \(error)")
        }
    }
}

/// `NAME=VALUE` overrides of a configuration's numeric tunables (`--fingerprint-option`,
/// `--map-matching-option`): each NAME must be one of `values`' keys and VALUE a finite number.
enum NamedNumberOptions {
    static func apply(_ options: [String], flag: String, to values: inout [String: Double]) throws {
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, values[parts[0]] != nil else {
                throw UsageError("\(flag) \(option): expected NAME=VALUE with NAME one of \(values.keys.sorted().joined(separator: ", "))")
            }
            guard let value = Double(parts[1]), value.isFinite else {
                throw UsageError("\(flag) \(option): '\(parts[1])' is not a number")
            }
            values[parts[0]] = value
        }
    }
}

/// `NAME=VALUE` values of a ``TunableConfiguration``'s option family applied by its table.
enum TunableOptions {
    static func configuration<C: TunableConfiguration>(_ options: [String], flag: String, base: C) throws -> C {
        guard !options.isEmpty else { return base }
        do { return try base.replacing(options) } catch { throw UsageError("\(flag): \(error)") }
    }
}

/// `--map-matching-option NAME=VALUE` values turned into a validated ``MapMatchingConfiguration``.
enum MapMatchingOptions {
    static func configuration(_ options: [String]) throws -> MapMatchingConfiguration {
        try TunableOptions.configuration(options, flag: "--map-matching-option", base: MapMatchingConfiguration.standard)
    }
}

/// `--fusion-option NAME=VALUE` values turned into a validated ``FusionConfiguration`` (its own
/// tunables; the map matcher keeps its own flag).
enum FusionOptions {
    static func configuration(_ options: [String], base s: FusionConfiguration) throws -> FusionConfiguration {
        try TunableOptions.configuration(options, flag: "--fusion-option", base: s)
    }
}

/// `--navigation-option NAME=VALUE` values turned into a validated ``NavigationConfiguration`` (names and
/// ranges are the configuration's own).
enum NavigationOptions {
    static func configuration(_ options: [String]) throws -> NavigationConfiguration {
        let standard = NavigationConfiguration()
        guard !options.isEmpty else { return standard }
        var values = standard.namedValues
        try NamedNumberOptions.apply(options, flag: "--navigation-option", to: &values)
        do {
            return try standard.replacing(values)
        } catch {
            throw UsageError("--navigation-option: \(error)")
        }
    }
}
