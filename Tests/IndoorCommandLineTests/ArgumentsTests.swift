import Foundation
import IndoorCommandLine
import Testing

/// Parsing against an option table, typed defaults and the messages for malformed command lines.
@Suite struct ArgumentsTests {
    static let spec = CommandSpec(
        path: ["demo"], summary: "a demo command",
        positionals: [PositionalSpec(name: "FILE", help: "a file")],
        options: [
            .integer("--repeat", "N", "passes", in: 1...1000, default: 5, example: "--repeat 10"),
            .number("--sigma", "M", "one-sigma, metres", in: 0.1...100, default: 2.5),
            .number("--ttl", "S", "seconds", in: 1...86_400, default: 600),
            .value("--mode", "a|b", "the mode", default: "a"),
            .value("--title", "TEXT", "page title", defaultText: "the venue's name"),
            .integer("--landmarks", "K", "landmarks", in: 0...64, defaultText: "2 per level"),
            .repeated("--via", "PLACE", "a stop"),
            .flag("--json", "JSON out"),
            .value("--output", "FILE", "where", aliases: ["-o"]),
        ],
        run: { _ in 0 })

    func parse(_ items: [String]) throws(UsageError) -> Arguments { try Arguments(items, spec: Self.spec) }

    @Test func givenValuesWinOverTheDefaults() throws {
        var args = try parse(["f.txt", "--repeat", "7", "--sigma=0.5", "--mode", "b", "--via", "x", "--via", "y", "-o", "out", "--json"])
        #expect(try args.integer("--repeat") == 7)
        #expect(try args.number("--sigma") == 0.5)
        #expect(try args.text("--mode") == "b")
        #expect(try args.options("--via") == ["x", "y"])
        #expect(try args.option("--output") == "out")
        let json = args.flag("--json")
        #expect(json)
        #expect(try args.positional("FILE") == "f.txt")
    }

    @Test func theTablesDefaultsAreReturnedAndShownAsTyped() throws {
        var args = try parse(["f.txt"])
        #expect(try args.integer("--repeat") == 5)
        #expect(try args.number("--sigma") == 2.5)
        #expect(try args.number("--ttl") == 600)
        #expect(try args.text("--mode") == "a")
        #expect(try args.int("--repeat") == nil, "the optional reader still says it was not given")
        let help = CommandHelp.text(Self.spec)
        for shown in ["default: 5", "default: 2.5", "default: 600", "default: a", "default: the venue's name", "default: 2 per level"] {
            #expect(help.contains(shown), "\(shown)")
        }
        #expect(!help.contains("600.0"))
        #expect(Self.spec.option(named: "--ttl")?.typedDefault == .number(600))
        #expect(Self.spec.option(named: "--title")?.typedDefault == nil)
    }

    @Test func readingADefaultTheTableDoesNotDeclareIsAProgrammingError() throws {
        var args = try parse(["f.txt"])
        let parsed = args
        #expect(throws: UsageError.self) {
            var copy = parsed
            _ = try copy.text("--title")
        }
        #expect(throws: UsageError.self) {
            var copy = parsed
            _ = try copy.integer("--landmarks")
        }
        do {
            _ = try args.integer("--missing")
            Issue.record("an undeclared option was read")
        } catch { #expect(error.message.contains("internal error: indoornav demo reads --missing")) }
    }

    @Test(arguments: [
        (["f", "--repat", "3"], "unknown option --repat (did you mean --repeat?)"),
        (["f", "--repeat", "3", "--repeat", "4"], "--repeat given 2 times"),
        (["f", "--json=yes"], "--json is a switch and takes no value (got 'yes')"),
        (["f", "--repeat"], "--repeat needs a value (N)"),
        ([], "missing FILE: a file"),
        (["f", "g"], "unexpected argument 'g'"),
    ])
    func malformedLinesAreRefusedBeforeTheCommandRuns(_ items: [String], _ message: String) {
        do {
            _ = try parse(items)
            Issue.record("\(items) was accepted")
        } catch { #expect(error.message.contains(message), "\(error.message)") }
    }

    @Test(arguments: [
        ("--repeat", "0", "--repeat: 0 is outside 1...1000"),
        ("--repeat", "2.5", "--repeat: '2.5' is not a whole number"),
        ("--sigma", "nan", "--sigma: 'nan' is not a number"),
        ("--sigma", "inf", "--sigma: 'inf' is not a number"),
        ("--sigma", "200", "--sigma: 200 is outside 0.1...100"),
    ])
    func valuesOutsideTheirKindOrRangeAreNamed(_ name: String, _ value: String, _ message: String) throws {
        var args = try parse(["f", name, value])
        do {
            if name == "--repeat" { _ = try args.integer(name) } else { _ = try args.number(name) }
            Issue.record("\(name) \(value) was accepted")
        } catch { #expect(error.message == message) }
    }

    @Test func numbersLookLikeValuesNotOptions() {
        #expect(Arguments.looksLikeOption("--x") && Arguments.looksLikeOption("-o"))
        #expect(!Arguments.looksLikeOption("-5") && !Arguments.looksLikeOption("-") && !Arguments.looksLikeOption("-2.5,1@L0"))
    }

    @Test func suggestionsAreTheNearestNameWithinReach() {
        #expect(Suggestion.distance("--form", "--from") == 1)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.nearest(to: "--form", among: ["--to", "--from"]) == "--from")
        #expect(Suggestion.nearest(to: "--zzzzzz", among: ["--to", "--from"]) == nil)
    }

    @Test func defaultsAreWrittenAsTheUserTypesThem() {
        #expect(OptionDefault.number(600).text == "600")
        #expect(OptionDefault.number(0.46).text == "0.46")
        #expect(OptionDefault.number(-59).text == "-59")
        #expect(OptionDefault.integer(100_000).text == "100000")
        #expect(OptionDefault.text("derived").text == "derived")
    }
}
