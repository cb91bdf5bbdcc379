import IndoorConfiguration
import IndoorEstimation
import IndoorNavigation
import IndoorPositioning
import Testing

/// The dead-reckoning, level, provider, smoothing, survey, audit, follow-user and estimation
/// configurations: each table covers every stored numeric and on-off field (against lists written here),
/// and errors keep their shape (every tunable's range and default: ``TableRefusalTests``).
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
            throws: ConfigurationError.invalidCombination(
                configuration: "stride", field: "maximumStrideMeters", value: 0.5, rule: "at least minimumStrideMeters 0.8")
        ) {
            try StrideConfiguration {
                $0.minimumStrideMeters = 0.8
                $0.maximumStrideMeters = 0.5
            }
        }
        var heading = HeadingConfiguration.standard
        heading.gravityTimeConstantSeconds = 0
        #expect(throws: ConfigurationError.self) { try DeadReckoningConfiguration { $0.heading = heading } }
        #expect(try KalmanFilterConfiguration { $0.gateProbability = nil }.gateProbability == nil)
        var follow = FollowUserConfiguration.standard
        follow.followZoom = 30
        #expect(
            throws: ConfigurationError.outOfRange(configuration: "follow-user", field: "followZoom", value: 30, range: TunableRange(1...24))
        ) {
            try follow.validate()
        }
    }
}
