import IndoorConfiguration
import IndoorEstimation
import IndoorNavigation
import IndoorPositioning
import Testing

/// The dead-reckoning, level, provider, smoothing, survey, audit, follow-user and estimation
/// configurations: each table covers every stored numeric and on-off field (against lists written here),
/// every default lies in its range, and a value out of range is refused naming the field.
@Suite struct ConvertedPartConfigurationTests {
    /// Every table's names against an independently written list of the type's stored numeric and on-off fields.
    @Test func everyStoredFieldIsInItsTable() {
        #expect(FollowUserConfiguration.tunableNames == ["reliableHeadingAccuracyRadians", "maximumHeadingAgeSeconds", "followZoom"])
        #expect(
            StepDetectorConfiguration.tunableNames == [
                "lowPassCutoffHertz", "gravityTimeConstantSeconds", "peakThresholdMetersPerSecondSquared",
                "valleyThresholdMetersPerSecondSquared", "minimumPeakToValleyMetersPerSecondSquared", "minimumStepIntervalSeconds",
                "peakToValleyTimeoutSeconds", "maximumSampleGapSeconds",
            ])
        #expect(
            StrideConfiguration.tunableNames == [
                "weinbergK", "minimumStrideMeters", "maximumStrideMeters", "lengthSigmaFraction", "minimumLengthSigmaMeters",
            ])
        #expect(
            HeadingConfiguration.tunableNames == [
                "declinationRadians", "mountingOffsetRadians", "absoluteHeadingSigmaRadians", "complementaryHeadingSigmaRadians",
                "complementaryTimeConstantSeconds", "gravityTimeConstantSeconds", "absoluteHeadingTimeoutSeconds",
                "absoluteHeadingTimeConstantSeconds", "absoluteHeadingTimeConstantWithoutFloorPlanSeconds",
            ])
        #expect(DeadReckoningConfiguration.tunableNames == ["positionNoisePerStepMeters"])
        #expect(
            LevelEstimatorConfiguration.tunableNames == [
                "hectopascalsPerMeter", "pressureHeightSigmaMeters", "pressureOutlierLikelihood", "pressureSmoothingSeconds",
                "pressureUpdateIntervalSeconds", "pressureDriftTimeConstantSeconds", "driftCaptureMeters",
                "transitionRateNearConnectorPerSecond", "transitionRateElsewherePerSecond", "transitionRateWithoutConnectorsPerSecond",
                "connectorRadiusMeters", "beaconLevelWeight", "probabilityFloor",
            ])
        #expect(
            BeaconProviderConfiguration.tunableNames == [
                "rssiWindowSeconds", "defaultPathLossExponent", "rssiSigmaDb", "maximumIndependentReadings", "minimumRangeMeters",
                "maximumRangeMeters", "minimumRangeSigmaMeters", "minimumBeaconsForFit", "minimumSigmaMeters",
                "fallbackMinimumSigmaMeters", "fixIntervalSeconds", "useAdvertisedTxPower", "fitWithinVotedLevel",
            ])
        #expect(
            GNSSProviderConfiguration.tunableNames == [
                "maximumAccuracyMeters", "sigmaPerAccuracy", "minimumSigmaMeters", "missingAccuracySigmaMeters",
                "minimumSatellitesUsed", "errorCorrelationSeconds", "useBelowGround",
            ])
        #expect(
            FusionSmoothingConfiguration.tunableNames == [
                "particleLagSteps", "particleWeight", "particleMeansIntoKalman", "particleBackwardPass", "particlesWithoutFloorPlan",
            ])
        #expect(TrackSurveyConfiguration.tunableNames == ["maximumSigmaMeters", "legSpacingMeters", "legHeadingSigmaRadians"])
        #expect(
            BeaconAuditConfiguration.tunableNames == [
                "minimumReadings", "strongestFraction", "suspectOffsetMeters", "maximumCorrelation", "minimumDistanceSpreadRatio",
            ])
        #expect(KalmanFilterConfiguration.tunableNames == ["gateProbability", "symmetryTolerance", "semidefiniteTolerance"])
        #expect(
            NonlinearLeastSquaresConfiguration.tunableNames == [
                "maxIterations", "stepTolerance", "gradientTolerance", "costTolerance", "covarianceRankTolerance",
            ])
    }

    /// `standard.validate()` and each default accepted by its own tunable.
    static func defaultsLieInRange<C: TunableConfiguration>(_ type: C.Type) throws {
        try C.standard.validate()
        for t in C.tunables { #expect(t.accepts(t.value(in: C.standard)), "\(C.configurationName).\(t.name)") }
    }

    @Test func everyDefaultLiesInItsRange() throws {
        try Self.defaultsLieInRange(FollowUserConfiguration.self)
        try Self.defaultsLieInRange(StepDetectorConfiguration.self)
        try Self.defaultsLieInRange(StrideConfiguration.self)
        try Self.defaultsLieInRange(HeadingConfiguration.self)
        try Self.defaultsLieInRange(DeadReckoningConfiguration.self)
        try Self.defaultsLieInRange(LevelEstimatorConfiguration.self)
        try Self.defaultsLieInRange(BeaconProviderConfiguration.self)
        try Self.defaultsLieInRange(GNSSProviderConfiguration.self)
        try Self.defaultsLieInRange(FusionSmoothingConfiguration.self)
        try Self.defaultsLieInRange(TrackSurveyConfiguration.self)
        try Self.defaultsLieInRange(BeaconAuditConfiguration.self)
        try Self.defaultsLieInRange(KalmanFilterConfiguration.self)
        try Self.defaultsLieInRange(NonlinearLeastSquaresConfiguration.self)
    }

    @Test func defaultsAreTheFormerValues() {
        #expect(StepDetectorConfiguration.standard.minimumPeakToValleyMetersPerSecondSquared == 0.8)
        #expect(StrideConfiguration.standard.weinbergK == 0.44 && StrideConfiguration.standard.maximumStrideMeters == 1.3)
        #expect(HeadingConfiguration.standard.absoluteHeadingSigmaRadians == 0.15)
        #expect(DeadReckoningConfiguration.standard.positionNoisePerStepMeters == 0.05)
        #expect(LevelEstimatorConfiguration.standard.transitionRateElsewherePerSecond == 1e-5)
        #expect(
            BeaconProviderConfiguration.standard.maximumIndependentReadings == 4 && BeaconProviderConfiguration.standard.fitWithinVotedLevel
        )
        #expect(
            GNSSProviderConfiguration.standard.sigmaPerAccuracy == 1 / 1.51
                && GNSSProviderConfiguration.standard.minimumSatellitesUsed == 15)
        #expect(
            FusionSmoothingConfiguration.standard.particleLagSteps == 20 && !FusionSmoothingConfiguration.standard.particleMeansIntoKalman)
        #expect(
            TrackSurveyConfiguration.standard.maximumSigmaMeters == 4 && TrackSurveyConfiguration.standard.legSpacingMeters == 6
                && TrackSurveyConfiguration.standard.legHeadingSigmaRadians == 0.1)
        #expect(BeaconAuditConfiguration.standard.maximumCorrelation == -0.1)
        #expect(KalmanFilterConfiguration.standard.gateProbability == 0.99)
        #expect(NonlinearLeastSquaresConfiguration.standard.maxIterations == 100)
        #expect(FollowUserConfiguration.standard.followZoom == 19)
    }

    @Test func anOutOfRangeValueNamesTheField() throws {
        #expect(
            throws: ConfigurationError.outOfRange(configuration: "stride", field: "weinbergK", value: 2, range: TunableRange(0.1...1.5))
        ) {
            try StrideConfiguration { $0.weinbergK = 2 }
        }
        #expect(
            throws: ConfigurationError.invalidCombination(
                configuration: "stride", field: "maximumStrideMeters", value: 0.5, rule: "at least minimumStrideMeters 0.8")
        ) {
            try StrideConfiguration {
                $0.minimumStrideMeters = 0.8
                $0.maximumStrideMeters = 0.5
            }
        }
        #expect(
            throws: ConfigurationError.outOfRange(
                configuration: "beacon-provider", field: "minimumBeaconsForFit", value: 2, range: TunableRange(3...50))
        ) {
            try BeaconProviderConfiguration { $0.minimumBeaconsForFit = 2 }
        }
        #expect(
            throws: ConfigurationError.outOfRange(
                configuration: "dead-reckoning", field: "positionNoisePerStepMeters", value: 6, range: TunableRange(0...5))
        ) {
            try DeadReckoningConfiguration { $0.positionNoisePerStepMeters = 6 }
        }
        var heading = HeadingConfiguration.standard
        heading.gravityTimeConstantSeconds = 0
        #expect(throws: ConfigurationError.self) { try DeadReckoningConfiguration { $0.heading = heading } }
        #expect(
            throws: ConfigurationError.outOfRange(
                configuration: "kalman-filter", field: "symmetryTolerance", value: 1, range: TunableRange(0...1e-3))
        ) {
            try KalmanFilterConfiguration { $0.symmetryTolerance = 1 }
        }
        #expect(throws: ConfigurationError.self) { try KalmanFilterConfiguration { $0.gateProbability = 0.3 } }
        #expect(try KalmanFilterConfiguration { $0.gateProbability = nil }.gateProbability == nil)
        var follow = FollowUserConfiguration.standard
        follow.followZoom = 30
        #expect(
            throws: ConfigurationError.outOfRange(configuration: "follow-user", field: "followZoom", value: 30, range: TunableRange(1...24))
        ) {
            try follow.validate()
        }
        #expect(throws: ConfigurationError.self) { try GNSSProviderConfiguration.standard.replacing(["minimumSatellitesUsed=2.5"]) }
        #expect(throws: ConfigurationError.self) { try LevelEstimatorConfiguration.standard.replacing(["probabilityFloor=0.5"]) }
    }
}
