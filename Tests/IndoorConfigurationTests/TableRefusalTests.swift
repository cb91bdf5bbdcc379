import IndoorConfiguration
import IndoorEstimation
import IndoorNavigation
import IndoorPositioning
import Testing

/// Every tunable of every configuration these modules hold refuses, through `NAME=VALUE`, a value just
/// below its range, just above it (or at an open top), NaN, and a fraction where it counts whole
/// numbers, and the error names that tunable; its default is accepted. The ranges themselves are pinned
/// by the README tables (Tests/CLITests compares them with `indoornav config NAME --markdown`).
@Suite struct TableRefusalTests {
    /// The first tunable of `C` whose refusals are not as described, with the value, or nil.
    static func firstWrongRefusal<C: TunableConfiguration>(_ type: C.Type) -> String? {
        func refused(_ name: String, _ value: String) -> Bool {
            do {
                _ = try C.standard.replacing(["\(name)=\(value)"])
                return false
            } catch {
                return error.field == name
            }
        }
        for tunable in C.tunables where tunable.kind != .flag {
            let range = tunable.range
            let step = tunable.kind == .wholeNumber ? 1 : max(1e-9, abs(range.upperBound - range.lowerBound) * 1e-3)
            let above = range.upperIsOpen ? range.upperBound : range.upperBound + step
            var bad = ["\(range.lowerBound - step)", "\(above)", "nan"]
            if tunable.kind == .wholeNumber { bad.append("\(range.lowerBound + 0.5)") }
            for value in bad where !refused(tunable.name, value) { return "\(C.configurationName).\(tunable.name)=\(value)" }
            let standard = tunable.value(in: C.standard)
            if refused(tunable.name, "\(standard)") { return "\(C.configurationName).\(tunable.name)=\(standard) (its default)" }
        }
        return nil
    }

    @Test func everyTunableRefusesValuesOutsideItsRangeNamingItself() {
        #expect(Self.firstWrongRefusal(FusionConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(MapMatchingConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(FusionSmoothingConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(FingerprintConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(SignalModelConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(TrackSurveyConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(BeaconProviderConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(BeaconAuditConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(GNSSProviderConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(LevelEstimatorConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(StepDetectorConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(StrideConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(HeadingConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(DeadReckoningConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(NavigationConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(FollowUserConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(KalmanFilterConfiguration.self) == nil)
        #expect(Self.firstWrongRefusal(NonlinearLeastSquaresConfiguration.self) == nil)
    }

    @Test func theCheckCanFail() {
        // A default outside its own range is refused when assigned, and the check reports it.
        struct BadDefault: TunableConfiguration {
            var count = 20
            static let table = TunableTable<Self>(name: "bad", defaults: Self(), [Tunable(\.count, unit: "", range: 1...10, "a count")])
        }
        #expect(Self.firstWrongRefusal(BadDefault.self) == "bad.count=20.0 (its default)")
    }
}
