import IndoorConfiguration
import IndoorNavigation
import IndoorPositioning
import Testing

/// The configurations described by a tunables table: each table covers every stored numeric and on-off
/// field (against lists written here, not read from the table), and rules between fields name the field
/// (every tunable's range and default: ``TableRefusalTests``).
@Suite struct ConvertedConfigurationTests {
    static let fingerprintFields = [
        "maximumStalenessSeconds", "beaconWindowSeconds", "beaconScanIntervalSeconds", "minimumRSSIDbm", "missingRSSIDbm",
        "neighbourCount", "minimumKnownTransmitters", "minimumSigmaMeters", "spreadScale", "sigmaPerRMSMetersPerDb",
        "maximumMatchRMSDb", "minimumFingerprintsPerTransmitter", "levelEvidenceWeight", "priorCandidateCount", "priorSpreadMeters",
        "priorWeightFloor", "errorCorrelationSeconds", "dateScansByLastSeen", "signalModel",
    ]
    static let signalModelFields = [
        "kernelLengthMeters", "evidencePseudoCount", "measurementSigmaDb", "outlierProbability", "outlierSpanDb",
        "likelihoodExponent", "neighbourhoodSigmas", "neighbourhoodCells", "minimumNeighbourhoodMeters",
        "maximumNeighbourhoodMeters", "uninformativeSigmaMeters", "transmitterHeightMeters", "deviceOffsetSigmaDb",
        "weighsParticlesByLikelihood",
    ]
    static let navigationFields = [
        "minimumCorridorMeters", "corridorAccuracyFactor", "maximumCorridorMeters", "searchBehindMeters", "searchAheadMeters",
        "maximumSpeedMetersPerSecond", "reliableHeadingAccuracyRadians", "headingMismatchRadians", "headingMismatchPenaltyMeters",
        "snapBackwardPenaltyPerMeter", "offRouteMinimumFixes", "offRouteMinimumSeconds", "onRouteEvidenceFraction",
        "offRouteAwayHeadingRadians", "levelChangeZoneMeters", "onRouteRecoveryFixes", "maximumUsableAccuracyMeters",
        "minimumLevelProbability", "arrivalRadiusMeters", "arrivalExitMarginMeters", "arrivalMinimumFixes", "arrivalAveragingSeconds",
        "arrivalConfidenceSigmas", "arrivalMaximumAccuracyMeters", "arrivalStationarySeconds", "arrivalStationaryMeters",
        "arrivalStationarySigmas", "arrivingNoticeMeters", "maneuverAdvanceLeadMeters", "rerouteCooldownSeconds",
        "rerouteBackoffFactor", "maximumRerouteCooldownSeconds", "backoffResetSeconds", "minimumMovementBetweenReroutesMeters",
        "rejoinToleranceFraction", "rerouteOriginAveragingSeconds", "maximumFailedReroutes", "rearmDistanceMeters",
    ]

    @Test func everyStoredFieldIsInItsTable() {
        #expect(Set(FingerprintConfiguration.tunableNames) == Set(Self.fingerprintFields + Self.signalModelFields))
        #expect(FingerprintConfiguration.tunableNames.count == Self.fingerprintFields.count + Self.signalModelFields.count)
        #expect(SignalModelConfiguration.tunableNames == Self.signalModelFields)
        #expect(NavigationConfiguration.tunableNames == Self.navigationFields)
    }

    @Test func theDefaultsAreTheClosureInitsStart() throws {
        #expect(try FingerprintConfiguration { _ in } == .standard)
    }

    @Test func defaultsAreTheFormerValues() {
        let f = FingerprintConfiguration.standard
        #expect(f.maximumStalenessSeconds == 3 && f.minimumRSSIDbm == -95 && f.missingRSSIDbm == -100 && f.neighbourCount == 7)
        #expect(f.priorCandidateCount == 14 && f.errorCorrelationSeconds == 15 && f.dateScansByLastSeen && f.signalModel == nil)
        let m = SignalModelConfiguration.standard
        #expect(m.kernelLengthMeters == 3 && m.likelihoodExponent == 0.04 && m.neighbourhoodCells == 15 && m.deviceOffsetSigmaDb == 6)
        #expect(!m.weighsParticlesByLikelihood)
        let n = NavigationConfiguration.standard
        #expect(n.minimumCorridorMeters == 5 && n.reliableHeadingAccuracyRadians == 0.52 && n.maximumFailedReroutes == 3)
    }

    @Test func anOutOfRangeValueNamesTheField() {
        var navigation = NavigationConfiguration.standard
        navigation.rearmDistanceMeters = 0
        #expect(
            throws: ConfigurationError.outOfRange(
                configuration: "navigation", field: "rearmDistanceMeters", value: 0, range: TunableRange(1...1000))
        ) { try navigation.validate() }
        var fingerprint = FingerprintConfiguration.standard
        fingerprint.levelEvidenceWeight = .nan
        #expect(throws: ConfigurationError.self) { try fingerprint.validate() }
    }

    /// The field `assignments` are refused for, or `nil` when they are accepted.
    static func refusedField<C: TunableConfiguration>(_ base: C, _ assignments: [String]) -> String? {
        do { _ = try base.replacing(assignments) } catch { return error.field }
        return nil
    }

    @Test func rulesBetweenFieldsNameTheField() {
        #expect(Self.refusedField(FingerprintConfiguration.standard, ["minimumRSSIDbm=-90", "missingRSSIDbm=-80"]) == "missingRSSIDbm")
        #expect(Self.refusedField(SignalModelConfiguration.standard, ["neighbourhoodCells=14"]) == "neighbourhoodCells")
        #expect(
            Self.refusedField(SignalModelConfiguration.standard, ["minimumNeighbourhoodMeters=50", "maximumNeighbourhoodMeters=20"])
                == "maximumNeighbourhoodMeters")
        #expect(
            Self.refusedField(NavigationConfiguration.standard, ["minimumCorridorMeters=20", "maximumCorridorMeters=10"])
                == "maximumCorridorMeters")
        #expect(Self.refusedField(FingerprintConfiguration.standard, ["neighbourhoodCells=14"]) == "neighbourhoodCells")
        #expect(Self.refusedField(FingerprintConfiguration.standard, ["neighbourhoodCells=21"]) == nil)
    }

    @Test func navigationErrorsKeepTheirShape() {
        let error = NavigationError(
            .outOfRange(configuration: "navigation", field: "arrivalRadiusMeters", value: 0, range: TunableRange(1...50)))
        #expect(error == .invalidConfiguration(field: "arrivalRadiusMeters", reason: "0 is outside 1 ... 50"))
        #expect(error.description == "navigation configuration: arrivalRadiusMeters: 0 is outside 1 ... 50")
    }
}
