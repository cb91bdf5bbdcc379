import IndoorCommandLine
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

/// `--map-matching-option NAME=VALUE` values turned into a validated ``MapMatchingConfiguration``.
enum MapMatchingOptions {
    static func configuration(_ options: [String]) throws -> MapMatchingConfiguration {
        let s = MapMatchingConfiguration.standard
        var values: [String: Double] = [
            "particleCount": Double(s.particleCount), "seed": Double(s.seed), "obstacleStepWeight": s.obstacleStepWeight,
            "outsideStepWeight": s.outsideStepWeight, "initialHeadingBiasSigmaRadians": s.initialHeadingBiasSigmaRadians,
            "resampleBelowEffectiveFraction": s.resampleBelowEffectiveFraction,
            "measurementLikelihoodFloor": s.measurementLikelihoodFloor, "cellSizeMeters": s.cellSizeMeters,
            "recoveryOpenFraction": s.recoveryOpenFraction,
            "recoveryShare": s.recoveryShare, "recoverySpreadMeters": s.recoverySpreadMeters,
            "withoutFloorPlan": s.withoutFloorPlan ? 1 : 0, "spreadCovarianceFactor": s.spreadCovarianceFactor,
        ]
        try NamedNumberOptions.apply(options, flag: "--map-matching-option", to: &values)
        func v(_ name: String) -> Double { values[name] ?? 0 }
        guard v("particleCount") == v("particleCount").rounded(), v("seed") >= 0, v("seed") < 1e15, v("seed") == v("seed").rounded() else {
            throw UsageError("--map-matching-option: particleCount and seed must be whole numbers (seed 0 ... 10^15)")
        }
        do {
            return try MapMatchingConfiguration(
                particleCount: Int(max(0, min(1e9, v("particleCount")))), seed: UInt64(v("seed")),
                obstacleStepWeight: v("obstacleStepWeight"), outsideStepWeight: v("outsideStepWeight"),
                initialHeadingBiasSigmaRadians: v("initialHeadingBiasSigmaRadians"),
                resampleBelowEffectiveFraction: v("resampleBelowEffectiveFraction"),
                measurementLikelihoodFloor: v("measurementLikelihoodFloor"), cellSizeMeters: v("cellSizeMeters"),
                recoveryOpenFraction: v("recoveryOpenFraction"),
                recoveryShare: v("recoveryShare"), recoverySpreadMeters: v("recoverySpreadMeters"),
                spreadCovarianceFactor: v("spreadCovarianceFactor"), withoutFloorPlan: v("withoutFloorPlan") != 0)
        } catch {
            throw UsageError("--map-matching-option: \(error)")
        }
    }
}

/// `--fusion-option NAME=VALUE` values turned into a validated ``FusionConfiguration`` (its numeric
/// tunables; the switches and the map matcher keep their own flags).
enum FusionOptions {
    static func configuration(_ options: [String], base s: FusionConfiguration) throws -> FusionConfiguration {
        guard !options.isEmpty else { return s }
        var values: [String: Double] = [
            "initialHeadingBiasSigmaRadians": s.initialHeadingBiasSigmaRadians,
            "headingBiasRandomWalkRadiansPerStep": s.headingBiasRandomWalkRadiansPerStep,
            "stepHeadingNoiseFraction": s.stepHeadingNoiseFraction, "initialStrideScaleSigma": s.initialStrideScaleSigma,
            "strideScaleRandomWalkPerStep": s.strideScaleRandomWalkPerStep, "minimumStrideScale": s.minimumStrideScale,
            "maximumStrideScale": s.maximumStrideScale, "positionNoisePerStepMeters": s.positionNoisePerStepMeters,
            "beaconCovarianceScale": s.beaconCovarianceScale, "minimumFixSigmaMeters": s.minimumFixSigmaMeters,
            "gateProbability": s.gateProbability, "maximumFixDelaySeconds": s.maximumFixDelaySeconds,
            "fixScaleLearningRate": s.fixScaleLearningRate, "maximumFixScale": s.maximumFixScale,
            "maximumFusedRangeMeters": s.maximumFusedRangeMeters,
            "climbingVerticalSpeedMetersPerSecond": s.climbingVerticalSpeedMetersPerSecond,
            "climbingStrideFactor": s.climbingStrideFactor, "connectorEntrySigmaMeters": s.connectorEntrySigmaMeters,
            "wallCorrectionSigmaMeters": s.wallCorrectionSigmaMeters, "maximumWallCorrectionMeters": s.maximumWallCorrectionMeters,
            "straightWalkSteps": Double(s.straightWalkSteps), "straightWalkToleranceRadians": s.straightWalkToleranceRadians,
            "floorPlanCaptureRadians": s.floorPlanCaptureRadians, "floorPlanHeadingSigmaRadians": s.floorPlanHeadingSigmaRadians,
        ]
        try NamedNumberOptions.apply(options, flag: "--fusion-option", to: &values)
        func v(_ name: String) -> Double { values[name] ?? 0 }
        guard v("straightWalkSteps") == v("straightWalkSteps").rounded() else {
            throw UsageError("--fusion-option: straightWalkSteps must be a whole number")
        }
        do {
            var configuration = try FusionConfiguration(
                initialHeadingBiasSigmaRadians: v("initialHeadingBiasSigmaRadians"),
                headingBiasRandomWalkRadiansPerStep: v("headingBiasRandomWalkRadiansPerStep"),
                stepHeadingNoiseFraction: v("stepHeadingNoiseFraction"), initialStrideScaleSigma: v("initialStrideScaleSigma"),
                strideScaleRandomWalkPerStep: v("strideScaleRandomWalkPerStep"), minimumStrideScale: v("minimumStrideScale"),
                maximumStrideScale: v("maximumStrideScale"), positionNoisePerStepMeters: v("positionNoisePerStepMeters"),
                beaconCovarianceScale: v("beaconCovarianceScale"), minimumFixSigmaMeters: v("minimumFixSigmaMeters"),
                gateProbability: v("gateProbability"), maximumFixDelaySeconds: v("maximumFixDelaySeconds"),
                fixScaleLearningRate: v("fixScaleLearningRate"), maximumFixScale: v("maximumFixScale"),
                maximumFusedRangeMeters: v("maximumFusedRangeMeters"),
                climbingVerticalSpeedMetersPerSecond: v("climbingVerticalSpeedMetersPerSecond"),
                climbingStrideFactor: v("climbingStrideFactor"), connectorEntrySigmaMeters: v("connectorEntrySigmaMeters"),
                constrainToWalkableArea: s.constrainToWalkableArea, wallCorrectionSigmaMeters: v("wallCorrectionSigmaMeters"),
                maximumWallCorrectionMeters: v("maximumWallCorrectionMeters"), alignHeadingToFloorPlan: s.alignHeadingToFloorPlan,
                straightWalkSteps: Int(max(-1e9, min(1e9, v("straightWalkSteps")))),
                straightWalkToleranceRadians: v("straightWalkToleranceRadians"),
                floorPlanCaptureRadians: v("floorPlanCaptureRadians"), floorPlanHeadingSigmaRadians: v("floorPlanHeadingSigmaRadians"))
            configuration.mapMatching = s.mapMatching
            return configuration
        } catch {
            throw UsageError("--fusion-option: \(error)")
        }
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
