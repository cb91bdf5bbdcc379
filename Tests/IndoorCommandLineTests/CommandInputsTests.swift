import Foundation
import IndoorCommandLine
import Testing

/// Inputs declared as bound properties: the table they make, the values they read, and the malformed
/// command lines they reject.
@Suite struct CommandInputsTests {
    struct DemoInputs: CommandInputs {
        @Positional(PositionalSpec(name: "VENUE", help: "a venue")) var venue: String
        @Positional(PositionalSpec(name: "FILE", help: "files", isRequired: false, isRepeated: true)) var files: [String]
        @Option(.integer("--repeat", "N", "passes", in: 1...1000, default: 5)) var passes: Int
        @Option(.integer("--landmarks", "K", "landmarks", in: 0...64, defaultText: "2 per level")) var landmarks: Int?
        @Option(.number("--sigma", "M", "one-sigma, metres", in: 0.1...100, default: 2.5)) var sigmaMeters: Double
        @Option(.number("--scale", "X", "a factor", in: 1...10)) var scale: Double?
        @Option(.value("--mode", "a|b", "the mode", default: "a")) var mode: String
        @Option(.value("--output", "FILE", "where", aliases: ["-o"])) var output: String?
        @Option(.repeated("--via", "PLACE", "a stop")) var stops: [String]
        @Option(.flag("--json", "JSON out")) var json: Bool
    }

    static let spec = CommandSpec(path: ["demo"], summary: "a demo command", inputs: DemoInputs.self) { inputs in
        Int32(inputs.passes)
    }

    func read(_ items: [String]) throws -> DemoInputs {
        var arguments = try Arguments(items, spec: Self.spec)
        return try DemoInputs.read(from: &arguments)
    }

    @Test func theTableIsTheBoundPropertiesInDeclarationOrder() {
        #expect(
            Self.spec.options.map(\.name) == ["--repeat", "--landmarks", "--sigma", "--scale", "--mode", "--output", "--via", "--json"])
        #expect(Self.spec.positionals.map(\.name) == ["VENUE", "FILE"])
        #expect(Self.spec.option(named: "-o")?.name == "--output")
    }

    @Test func givenValuesAreReadByTheirPropertiesTypes() throws {
        let inputs = try read([
            "v", "a.txt", "b.txt", "--repeat", "7", "--landmarks=3", "--sigma", "0.5", "--scale", "2", "--mode", "b", "-o", "out",
            "--via", "x", "--via", "y", "--json",
        ])
        #expect(inputs.venue == "v")
        #expect(inputs.files == ["a.txt", "b.txt"])
        #expect(inputs.passes == 7)
        #expect(inputs.landmarks == 3)
        #expect(abs(inputs.sigmaMeters - 0.5) < 1e-12)
        #expect(inputs.scale == 2)
        #expect(inputs.mode == "b")
        #expect(inputs.output == "out")
        #expect(inputs.stops == ["x", "y"])
        #expect(inputs.json)
    }

    @Test func absentOptionsTakeTheTablesDefaultsOrNothing() throws {
        let inputs = try read(["v"])
        #expect(inputs.files.isEmpty)
        #expect(inputs.passes == 5)
        #expect(inputs.landmarks == nil)
        #expect(abs(inputs.sigmaMeters - 2.5) < 1e-12)
        #expect(inputs.scale == nil)
        #expect(inputs.mode == "a")
        #expect(inputs.output == nil)
        #expect(inputs.stops.isEmpty)
        #expect(!inputs.json)
    }

    @Test func runGetsTheReadInputs() throws {
        var arguments = try Arguments(["v", "--repeat", "9"], spec: Self.spec)
        #expect(try Self.spec.run(&arguments) == 9)
    }

    @Test(arguments: [
        (["v", "--repeat", "abc"], "--repeat: 'abc' is not a whole number"),
        (["v", "--repeat", "0"], "--repeat: 0 is outside 1...1000"),
        (["v", "--sigma", "nan"], "--sigma: 'nan' is not a number"),
        (["v", "--scale", "11"], "--scale: 11 is outside 1...10"),
        (["v", "--landmarks", "2.5"], "--landmarks: '2.5' is not a whole number"),
    ])
    func malformedValuesAreRejectedNamingTheOption(items: [String], message: String) {
        do {
            _ = try read(items)
            Issue.record("\(items) must be rejected")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func theTableCheckModeFindsEveryOptionRead() throws {
        var arguments = try Arguments(["v"], spec: Self.spec)
        arguments.checksTable = true
        do {
            _ = try DemoInputs.read(from: &arguments)
            Issue.record("table check mode must stop the command")
        } catch let check as TableCheck {
            #expect(check.unread.isEmpty)
        }
    }
}
