import Testing

@testable import IndoorPositioning

/// Each configuration states its defaults twice — in `standard` and as the init's default arguments —
/// so that `standard` needs no `try`. These tests keep the two lists equal.
@Suite struct ConfigurationDefaultsTests {
    @Test func standardEqualsTheInitDefaults() throws {
        #expect(try StepDetectorConfiguration() == .standard)
        #expect(try StrideConfiguration() == .standard)
        #expect(try HeadingConfiguration() == .standard)
        #expect(try DeadReckoningConfiguration() == .standard)
        #expect(try BeaconProviderConfiguration() == .standard)
        #expect(try LevelEstimatorConfiguration() == .standard)
        #expect(try FusionConfiguration() == .standard)
        #expect(try GNSSProviderConfiguration() == .standard)
        #expect(try FingerprintConfiguration() == .standard)
        #expect(try BeaconAuditConfiguration() == .standard)
        #expect(try SignalModelConfiguration() == .standard)
    }

    @Test func aChangedValueIsNotTheStandard() throws {
        #expect(try FusionConfiguration(floorPlanHeadingSigmaRadians: 0.3) != .standard)
        #expect(try StepDetectorConfiguration(minimumPeakToValleyMetersPerSecondSquared: 1.2) != .standard)
    }
}
