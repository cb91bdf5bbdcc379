import IndoorConfiguration
import IndoorPositioning
import Testing

/// A small configuration for the mechanism itself.
private struct Sample: TunableConfiguration, Equatable {
    var lengthMeters = 2.0
    var count = 3
    var enabled = true
    var gate = 0.9
    var minimumMeters = 1.0
    static let table = TunableTable<Self>(
        name: "sample", defaults: Sample(),
        [
            Tunable(\.lengthMeters, unit: "m", range: 0.5...10, "a length"),
            Tunable(\.count, unit: "", range: 1...20, "a count"),
            Tunable(\.enabled, "a switch"),
            Tunable(\.gate, unit: "", range: 0.5..<1, "a probability"),
            Tunable(\.minimumMeters, unit: "m", range: 0...10, "at most lengthMeters"),
        ])
    func validateCombination() throws(ConfigurationError) {
        try require(\.minimumMeters, atMost: \.lengthMeters)
    }
}

@Suite struct TunableConfigurationTests {
    @Test func replacingAppliesAndValidates() throws {
        let result = try Sample.standard.replacing(["lengthMeters=4", "count=7", "enabled=0"])
        #expect(result.lengthMeters == 4)
        #expect(result.count == 7)
        #expect(!result.enabled)
        #expect(try Sample.standard.replacing([]) == Sample.standard)
    }

    @Test func namesAreThePropertiesTheKeyPathsEndAt() throws {
        #expect(Sample.tunableNames == ["lengthMeters", "count", "enabled", "gate", "minimumMeters"])
        // A flag whose property is not its name (a switch kept inside another value) is named explicitly.
        let renamed = Tunable<Sample>(\.enabled, name: "switchedOn", "a switch")
        #expect(renamed.name == "switchedOn")
        // An ordering rule names both fields and the other's value.
        var short = Sample.standard
        short.lengthMeters = 0.5
        #expect(
            throws: ConfigurationError.invalidCombination(
                configuration: "sample", field: "lengthMeters", value: 0.5, rule: "at least minimumMeters 1")
        ) {
            try short.require(\.lengthMeters, atLeast: \.minimumMeters)
        }
        try Sample.standard.require(\.lengthMeters, atLeast: \.minimumMeters)
    }

    @Test func flagsTakeTheWordsTheTablesPrint() throws {
        // The tables print a flag's default as on / off; an assignment takes those, true / false and yes / no.
        for (text, expected) in [("off", false), ("false", false), ("No", false), ("on", true), ("TRUE", true), ("yes", true)] {
            let start = try Sample.standard.replacing(["enabled=\(expected ? 0 : 1)"])
            #expect(try start.replacing(["enabled=\(text)"]).enabled == expected, "enabled=\(text)")
        }
        // Words are for flags only; other words are not numbers.
        #expect(throws: ConfigurationError.notANumber(configuration: "sample", field: "count", text: "on")) {
            try Sample.standard.replacing(["count=on"])
        }
        #expect(throws: ConfigurationError.notANumber(configuration: "sample", field: "enabled", text: "maybe")) {
            try Sample.standard.replacing(["enabled=maybe"])
        }
        #expect(throws: ConfigurationError.outOfRange(configuration: "sample", field: "enabled", value: 2, range: TunableRange(0...1))) {
            try Sample.standard.replacing(["enabled=2"])
        }
    }

    @Test func malformedAssignmentsNameTheField() {
        let s = Sample.standard
        #expect(throws: ConfigurationError.malformedAssignment(configuration: "sample", assignment: "count")) { try s.replacing(["count"]) }
        #expect(throws: ConfigurationError.unknownName(configuration: "sample", name: "size", known: Sample.tunableNames)) {
            try s.replacing(["size=3"])
        }
        #expect(throws: ConfigurationError.notANumber(configuration: "sample", field: "count", text: "abc")) {
            try s.replacing(["count=abc"])
        }
        #expect(throws: ConfigurationError.notANumber(configuration: "sample", field: "gate", text: "nan")) {
            try s.replacing(["gate=nan"])
        }
        #expect(throws: ConfigurationError.notWholeNumber(configuration: "sample", field: "count", value: 1.5)) {
            try s.replacing(["count=1.5"])
        }
        #expect(throws: ConfigurationError.outOfRange(configuration: "sample", field: "gate", value: 1, range: TunableRange(0.5..<1))) {
            try s.replacing(["gate=1"])
        }
        #expect(
            throws: ConfigurationError.invalidCombination(
                configuration: "sample", field: "minimumMeters", value: 5, rule: "at most lengthMeters 2")
        ) {
            try s.replacing(["minimumMeters=5"])
        }
    }

    @Test func validateChecksEveryRange() {
        var s = Sample.standard
        s.lengthMeters = 0.1
        #expect(
            throws: ConfigurationError.outOfRange(configuration: "sample", field: "lengthMeters", value: 0.1, range: TunableRange(0.5...10))
        ) {
            try s.validate()
        }
        #expect(
            "\(ConfigurationError.outOfRange(configuration: "sample", field: "gate", value: 1, range: TunableRange(0.5..<1)))"
                == "sample configuration: gate = 1 is outside 0.5 ..< 1")
    }

    @Test func markdownRowsComeFromTheStandard() {
        let lines = Sample.markdownTable().split(separator: "\n")
        #expect(lines.count == 2 + Sample.tunables.count)
        #expect(lines[2] == "| `lengthMeters` | m | 2 | 0.5 ... 10 | a length |")
        #expect(lines[4] == "| `enabled` |  | on | on-off | a switch |")
        #expect(Sample.standard.namedValues["count"] == 3)
    }

    @Test func tablesWriteNumbersShortAndPiByName() {
        #expect(TunableFormat.number(Double.pi) == "π" && TunableFormat.number(-Double.pi) == "-π")
        #expect(TunableFormat.number(Double.pi / 4) == "π/4" && TunableFormat.number(Double.pi / 2) == "π/2")
        #expect(TunableFormat.number(-95) == "-95" && TunableFormat.number(0.25) == "0.25")
        #expect(TunableFormat.rounded(10 * Double.pi / 180) == "0.174533")
        #expect(TunableFormat.rounded(1e-5) == "1e-05" && TunableFormat.rounded(0.002) == "0.002" && TunableFormat.rounded(4) == "4")
        #expect("\(TunableRange(0...(Double.pi / 2)))" == "0 ... π/2")
        #expect(
            TunableFormat.number(10_000_000) == "10000000" && TunableFormat.number(1e15) == "1000000000000000"
                && TunableFormat.number(1e16) == "1e+16")
    }

    @Test func aTunableIsFoundByItsKeyPath() {
        let steps = FusionConfiguration.tunable(at: \.straightWalkSteps)
        #expect(steps?.name == "straightWalkSteps" && steps?.kind == .wholeNumber)
        #expect(FusionConfiguration.tunable(at: \.positionNoisePerStepMeters)?.range == TunableRange(0...5))
        #expect(FusionConfiguration.tunable(at: \.gateProbability)?.range.upperIsOpen == true, "open at the top")
        #expect(FusionConfiguration.tunable(at: \.constrainToWalkableArea)?.kind == .flag)
        #expect(FusionConfiguration.tunable(at: \.mapMatching) == nil, "a nested configuration is no tunable")
    }

    @Test func aLiftedTunableReadsAndWritesTheNestedConfiguration() {
        struct Outer: Equatable { var inner = Sample.standard }
        let lifted = Sample.tunables[0].lifted(into: \Outer.inner, summaryPrefix: "inner: ")
        var outer = Outer()
        lifted.write(7, into: &outer)
        #expect(outer.inner.lengthMeters == 7 && lifted.value(in: outer) == 7)
        #expect(lifted.name == "lengthMeters" && lifted.summary == "inner: a length" && lifted.range == TunableRange(0.5...10))
    }

    @Test func convertedStandardsValidateAndDefaultsLieInRange() throws {
        try FusionConfiguration.standard.validate()
        try MapMatchingConfiguration.standard.validate()
        for tunable in FusionConfiguration.tunables { #expect(tunable.accepts(tunable.value(in: .standard)), "\(tunable.name)") }
        for tunable in MapMatchingConfiguration.tunables { #expect(tunable.accepts(tunable.value(in: .standard)), "\(tunable.name)") }
    }

    @Test func theClosureInitReportsTheBadField() {
        #expect(
            throws: ConfigurationError.outOfRange(configuration: "fusion", field: "gateProbability", value: 2, range: TunableRange(0.5..<1))
        ) {
            try FusionConfiguration { $0.gateProbability = 2 }
        }
    }
}
