import IndoorCommandLine
import IndoorConfiguration
import Testing

private struct Limits: TunableConfiguration {
    var maximumItems = 12
    var timeoutSeconds = 2.5
    var shareFraction = 0.5
    var verbose = false
    var label = "not a tunable"
    static let table = TunableTable<Self>(
        name: "limits", defaults: Limits(),
        [
            Tunable(\.maximumItems, unit: "", range: 1...100, "most items"),
            Tunable(\.timeoutSeconds, unit: "s", range: 0.1...60, "how long to wait"),
            Tunable(\.shareFraction, unit: "", range: 0..<1, "a share below one"),
            Tunable(\.verbose, "say more"),
        ])
}

/// Options that set a tunable take its kind, range and default from the table.
@Suite struct TunableOptionTests {
    @Test func aWholeNumberTunableGivesAnIntegerOptionWithItsRangeAndDefault() {
        let option = OptionSpec.tunable(\Limits.maximumItems, "--max-items", "N", "most items", example: "--max-items 5")
        #expect(option.kind == .integer(1...100))
        #expect(option.typedDefault == .integer(12))
        #expect(option.kindText == "whole number 1–100")
        #expect(option.placeholder == "N")
    }

    @Test func aRealTunableGivesANumberOption() {
        let option = OptionSpec.tunable(\Limits.timeoutSeconds, "--timeout", "S", "seconds to wait")
        #expect(option.kind == .number(0.1...60))
        #expect(option.typedDefault == .number(2.5))
    }

    @Test func aRangeOpenAtTheTopIsLeftToValidation() {
        // A closed range cannot express "below one"; the configuration's own validation refuses 1.
        let option = OptionSpec.tunable(\Limits.shareFraction, "--share", "F", "a share")
        #expect(option.kind == .number(nil))
        #expect(throws: ConfigurationError.self) { try Limits.standard.replacing(["shareFraction=1"]) }
    }

    @Test func theCommandsOwnDefaultTextReplacesTheTablesDefault() {
        let option = OptionSpec.tunable(\Limits.timeoutSeconds, "--timeout", "S", "seconds", defaultText: "from the server")
        #expect(option.typedDefault == nil)
        #expect(option.kind == .number(0.1...60))
    }
}
