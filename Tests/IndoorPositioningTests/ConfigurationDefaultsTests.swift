import IndoorConfiguration
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// Each configuration states its defaults once, in its properties; `standard` holds them and the
/// closure init (``TunableConfiguration/init(_:)``) starts from it. These tests check that every
/// standard passes its own validation and that the closure init starts from it and validates.
@Suite struct ConfigurationDefaultsTests {
    @Test func everyStandardIsValid() throws {
        try StepDetectorConfiguration.standard.validate()
        try StrideConfiguration.standard.validate()
        try HeadingConfiguration.standard.validate()
        try DeadReckoningConfiguration.standard.validate()
        try BeaconProviderConfiguration.standard.validate()
        try LevelEstimatorConfiguration.standard.validate()
        try FusionConfiguration.standard.validate()
        try GNSSProviderConfiguration.standard.validate()
        try FingerprintConfiguration.standard.validate()
        try BeaconAuditConfiguration.standard.validate()
        try SignalModelConfiguration.standard.validate()
        try MapMatchingConfiguration.standard.validate()
        try TrackSurveyConfiguration.standard.validate()
        try FusionSmoothingConfiguration.standard.validate()
    }

    @Test func theClosureInitStartsFromTheStandard() throws {
        #expect(try FusionConfiguration { _ in } == .standard)
        let changed = try FusionConfiguration { $0.floorPlanHeadingSigmaRadians = 0.3 }
        #expect(changed != .standard)
        #expect(changed.floorPlanHeadingSigmaRadians == 0.3)
        #expect(changed.gateProbability == FusionConfiguration.standard.gateProbability)
        #expect(try StepDetectorConfiguration { $0.minimumPeakToValleyMetersPerSecondSquared = 1.2 } != .standard)
    }

    /// A value changed after validation is caught where it is used: the engine checks its configuration
    /// at start and names the field (not "start covariance").
    @Test func theEngineChecksItsConfigurationAtStart() throws {
        var configuration = FusionConfiguration.standard
        configuration.gateProbability = 2
        let engine = FusionEngine(configuration: configuration)
        let start = IndoorLocation(point: LocalPoint(x: 0, y: 0), levelID: nil, accuracyMeters: 1, timeSeconds: 0, source: "test")
        #expect(throws: PositioningError.invalidConfiguration(parameter: "gateProbability", value: 2, validRange: "0.5 ..< 1")) {
            try engine.start(at: start, levelIndex: nil)
        }
    }
}
