import IndoorCommandLine
import Testing

/// Options whose value is one of named words: the table lists them, parsing refuses any other word
/// before the command reads anything, and an enumeration reads them as its cases.
@Suite struct ChoiceOptionTests {
    enum Pace: String, CaseIterable, ChoiceOptionValue {
        case slow, brisk, fast
    }

    /// An enumeration missing one of the words its option's table lists (a programming error).
    enum NarrowPace: String, ChoiceOptionValue {
        case slow
    }

    struct PaceInputs: CommandInputs {
        @Option(.choice("--pace", Pace.self, "walking pace", default: .brisk, example: "--pace fast")) var pace: Pace
        @Option(.choice("--then", Pace.self, "pace after the first turn")) var then: Pace?
        @Option(.choice("--format", ["text", "json"], "output format", default: "text")) var format: String
    }

    static let spec = CommandSpec(path: ["walk"], summary: "a walk", inputs: PaceInputs.self) { _ in 0 }

    func read(_ items: [String]) throws -> PaceInputs {
        var arguments = try Arguments(items, spec: Self.spec)
        return try PaceInputs.read(from: &arguments)
    }

    /// The usage error of parsing `items`, or nil when they parse.
    func refusal(_ items: [String]) -> String? {
        do {
            _ = try Arguments(items, spec: Self.spec)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theTableListsTheCasesInOrderAndShowsTheDefaultAsTyped() throws {
        let pace = try #require(Self.spec.option(named: "--pace"))
        #expect(pace.placeholder == "slow|brisk|fast")
        #expect(pace.kind == .choice(["slow", "brisk", "fast"]))
        #expect(pace.synopsis == "--pace slow|brisk|fast")
        #expect(pace.defaultValue == "brisk")
        #expect(pace.kindText == nil, "the placeholder already lists the words")
        #expect(Self.spec.option(named: "--format")?.placeholder == "text|json")
    }

    @Test func givenWordsAreReadAsTheirCases() throws {
        let inputs = try read(["--pace", "fast", "--then=slow", "--format", "json"])
        #expect(inputs.pace == .fast)
        #expect(inputs.then == .slow)
        #expect(inputs.format == "json")
    }

    @Test func absentChoicesTakeTheTablesDefaultOrNothing() throws {
        let inputs = try read([])
        #expect(inputs.pace == .brisk)
        #expect(inputs.then == nil)
        #expect(inputs.format == "text")
    }

    @Test(arguments: [
        (["--pace", "warp"], "--pace: expected slow, brisk or fast, got 'warp'"),
        (["--then=Fast"], "--then: expected slow, brisk or fast, got 'Fast'"),
        (["--pace", ""], "--pace: expected slow, brisk or fast, got ''"),
        (["--format", "xml"], "--format: expected text or json, got 'xml'"),
        (["--format", "json", "--pace", "1"], "--pace: expected slow, brisk or fast, got '1'"),
    ])
    func anyOtherWordIsRefusedWhenTheLineIsParsed(items: [String], message: String) {
        #expect(refusal(items) == message)
    }

    @Test func aWordTheTypeLacksIsAProgrammingError() throws {
        struct Inputs: CommandInputs {
            @Option(.choice("--pace", ["slow", "fast"], "walking pace")) var pace: NarrowPace?
        }
        let spec = CommandSpec(path: ["walk"], summary: "a walk", inputs: Inputs.self) { _ in 0 }
        var given = try Arguments(["--pace", "slow"], spec: spec)
        #expect(try Inputs.read(from: &given).pace == .slow)
        var arguments = try Arguments(["--pace", "fast"], spec: spec)
        #expect {
            _ = try Inputs.read(from: &arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains("internal error: indoornav walk declares 'fast' for --pace") == true
        }
    }

    @Test func readingAChoiceFromAnotherKindOfOptionIsAProgrammingError() throws {
        let spec = CommandSpec(path: ["walk"], summary: "a walk", options: [.value("--pace", "PACE", "walking pace")]) { _ in 0 }
        var arguments = try Arguments(["--pace", "fast"], spec: spec)
        #expect(try arguments.choice("--pace", as: Pace.self) == .fast)
        #expect {
            try arguments.finish()
        } throws: { error in
            (error as? UsageError)?.message.contains("reads --pace (read as a choice), which its option table declares otherwise") == true
        }
    }
}
