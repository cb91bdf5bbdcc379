import Foundation
import Testing

/// `indoornav config [NAME] [--markdown]`: the list of the table-described configurations, each one's
/// table, and the module READMEs' tunables blocks, which must hold exactly `config NAME --markdown`.
@Suite struct ConfigCommandTests {
    /// The configuration names `config` lists, one a line, first word.
    static func listedNames() throws -> [String] {
        let listing = try CLIRunner.run(["config"])
        #expect(listing.status == 0, "\(listing.stderr)")
        return listing.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func theListNamesEveryConvertedConfigurationWithALine() throws {
        let names = try Self.listedNames()
        for expected in ["fusion", "map-matching", "fingerprint", "signal-model", "navigation"] {
            #expect(names.contains(expected), "\(expected) missing from \(names)")
        }
        let lines = try CLIRunner.run(["config"]).stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.split(separator: " ").count > 2 }, "\(lines)")
    }

    @Test func aNamePrintsItsTableAndAnUnknownOneIsAUsageError() throws {
        let text = try CLIRunner.run(["config", "navigation"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("navigation:\n") && text.stdout.contains("  arrivalRadiusMeters"), "\(text.stdout)")
        let markdown = try CLIRunner.run(["config", "fingerprint", "--markdown"])
        #expect(markdown.stdout.hasPrefix("| Name | Unit | Default | Range | Meaning |\n"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("| `signalModel` |  | off | on-off |"))
        let unknown = try CLIRunner.run(["config", "fusoin"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no configuration 'fusoin'; known: fusion, map-matching"), "\(unknown.stderr)")
    }

    @Test func everyReadmeBlockIsTheConfigurationsMarkdownTable() throws {
        let sources = CLIRunner.packageRoot.appendingPathComponent("Sources")
        let readmes = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().compactMap { module in
            try? String(contentsOf: sources.appendingPathComponent("\(module)/README.md"), encoding: .utf8)
        }
        for name in try Self.listedNames() {
            let begin = "<!-- tunables:\(name):begin -->\n", end = "<!-- tunables:\(name):end -->"
            let blocks = readmes.compactMap { readme -> String? in
                guard let start = readme.range(of: begin), let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex)
                else { return nil }
                return String(readme[start.upperBound..<stop.lowerBound])
            }
            #expect(blocks.count == 1, "\(name): \(blocks.count) README blocks")
            let generated = try CLIRunner.run(["config", name, "--markdown"])
            #expect(generated.status == 0)
            #expect(
                blocks.first == generated.stdout,
                "the README block of \(name) differs from `indoornav config \(name) --markdown`; run Tools/update-reference.sh")
        }
    }
}
