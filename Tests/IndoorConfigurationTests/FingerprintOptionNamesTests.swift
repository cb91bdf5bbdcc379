import IndoorConfiguration
import IndoorPositioning
import Testing

/// `--fingerprint-option NAME=VALUE` (``FingerprintConfiguration/replacing(_:)``): every name the
/// hand-written option dictionaries accepted is still accepted with the same result, the signal model's
/// names in any order with `signalModel`; malformed values are refused with a clear error.
@Suite struct FingerprintOptionNamesTests {
    /// The names the tool accepted before the table, each with a valid value other than its default.
    static let formerNames: [(String, Double)] = [
        ("maximumStalenessSeconds", 5), ("beaconWindowSeconds", 3), ("beaconScanIntervalSeconds", 1.5), ("minimumRSSIDbm", -90),
        ("missingRSSIDbm", -105), ("neighbourCount", 5), ("minimumKnownTransmitters", 2), ("minimumSigmaMeters", 3),
        ("spreadScale", 2), ("sigmaPerRMSMetersPerDb", 1), ("maximumMatchRMSDb", 12), ("minimumFingerprintsPerTransmitter", 3),
        ("levelEvidenceWeight", 0.5), ("dateScansByLastSeen", 0), ("priorCandidateCount", 28), ("priorSpreadMeters", 4),
        ("priorWeightFloor", 0.02), ("errorCorrelationSeconds", 10), ("signalModel", 1), ("kernelLengthMeters", 5),
        ("evidencePseudoCount", 2), ("measurementSigmaDb", 5), ("outlierProbability", 0.1), ("outlierSpanDb", 80),
        ("likelihoodExponent", 0.08), ("neighbourhoodSigmas", 4), ("neighbourhoodCells", 21), ("minimumNeighbourhoodMeters", 5),
        ("maximumNeighbourhoodMeters", 50), ("uninformativeSigmaMeters", 20), ("transmitterHeightMeters", 2),
        ("deviceOffsetSigmaDb", 5), ("weighsParticlesByLikelihood", 1),
    ]

    @Test func everyFormerNameIsAcceptedAndSetsItsValue() throws {
        for (name, value) in Self.formerNames {
            // The signal model's values are read back with the model on (they apply only then).
            let configuration = try FingerprintConfiguration.standard.replacing(["\(name)=\(value)", "signalModel=1"])
            let written = try #require(FingerprintConfiguration.tunables.first { $0.name == name }, "\(name)")
            #expect(written.value(in: configuration) == (name == "signalModel" ? 1 : value), "\(name)")
        }
        let all = try FingerprintConfiguration.standard.replacing(Self.formerNames.map { "\($0.0)=\($0.1)" })
        #expect(all.neighbourCount == 5 && !all.dateScansByLastSeen && all.priorCandidateCount == 28)
        #expect(all.signalModel?.kernelLengthMeters == 5 && all.signalModel?.neighbourhoodCells == 21)
        #expect(all.signalModel?.weighsParticlesByLikelihood == true)
    }

    @Test func theSignalModelsNamesApplyInAnyOrderAndOnlyWhenItIsOn() throws {
        let after = try FingerprintConfiguration.standard.replacing(["kernelLengthMeters=5", "signalModel=1"])
        let before = try FingerprintConfiguration.standard.replacing(["signalModel=1", "kernelLengthMeters=5"])
        #expect(after == before && after.signalModel?.kernelLengthMeters == 5 && after.signalModel?.measurementSigmaDb == 4)
        // Off (the default), the model's settings change nothing, as before.
        let off = try FingerprintConfiguration.standard.replacing(["kernelLengthMeters=5"])
        #expect(off.signalModel == nil && off == .standard)
        #expect(try FingerprintConfiguration.standard.replacing(["signalModel=1"]).signalModel == SignalModelConfiguration.standard)
    }

    @Test func malformedOptionsGiveAClearError() {
        func message(_ assignment: String) -> String {
            do { _ = try FingerprintConfiguration.standard.replacing([assignment]) } catch { return error.description }
            return "accepted"
        }
        #expect(
            message("neighbourCont=5").hasPrefix("fingerprint configuration: no setting 'neighbourCont'; known: maximumStalenessSeconds,"))
        #expect(message("neighbourCount=five") == "fingerprint configuration: neighbourCount = 'five' is not a number")
        #expect(message("neighbourCount=7.5") == "fingerprint configuration: neighbourCount = 7.5 is not a whole number")
        #expect(message("signalModel=0.5") == "fingerprint configuration: signalModel = 0.5 is not a whole number")
        #expect(message("minimumRSSIDbm=-10") == "fingerprint configuration: minimumRSSIDbm = -10 is outside -150 ... -30")
        #expect(message("kernelLengthMeters=0") == "fingerprint configuration: kernelLengthMeters = 0 is outside 0.5 ... 50")
        #expect(message("neighbourCount") == "fingerprint configuration: 'neighbourCount' is not NAME=VALUE")
    }
}
