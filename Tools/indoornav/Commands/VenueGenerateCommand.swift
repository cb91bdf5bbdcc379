import Foundation
import IndoorCommandLine
import IndoorVenue

/// `indoornav venue generate --levels N --seed S [--size K] [--towers T] [--parking P] [--corridors C]
/// -o DIR [--force]` — writes a synthetic IMDF venue with an authored graph.
enum VenueGenerateCommand {
    static let spec = CommandSpec(
        path: ["venue", "generate"], summary: "write a synthetic IMDF venue with an authored graph (40 levels: over 200,000 nodes)",
        inputs: Inputs.self,
        examples: ["venue generate --levels 40 --seed 1 -o /tmp/big"])

    /// Flag names of configuration fields, for error messages.
    static let flagOfField = [
        "levelCount": "--levels", "parkingLevelCount": "--parking", "towerCount": "--towers",
        "corridorsPerTower": "--corridors", "sizeScale": "--size",
    ]

    struct Inputs: RunnableInputs {
        @Option(
            .tunable(\SyntheticVenueConfiguration.levelCount, "--levels", "N", "above-ground levels", example: "--levels 10"))
        var levels: Int
        @Option(
            .value(
                "--seed", "S", "non-negative whole number fixing names and room categories",
                default: "\(SyntheticVenueConfiguration.standard.seed)",
                example: "--seed 7"))
        var seedText: String
        @Option(
            .tunable(\SyntheticVenueConfiguration.sizeScale, "--size", "K", "scale of rooms per corridor", example: "--size 0.5"))
        var size: Double
        @Option(
            .tunable(\SyntheticVenueConfiguration.towerCount, "--towers", "T", "buildings", example: "--towers 4"))
        var towers: Int
        @Option(
            .tunable(
                \SyntheticVenueConfiguration.parkingLevelCount, "--parking", "P", "parking levels below ground", example: "--parking 2"))
        var parking: Int
        @Option(
            .tunable(
                \SyntheticVenueConfiguration.corridorsPerTower, "--corridors", "C", "corridors per tower floor", example: "--corridors 4"))
        var corridors: Int
        @Option(
            SharedOptions.output("DIR", "output folder (created; must be empty unless --force)", required: true, example: "-o /tmp/big"))
        var output: String
        @Option(.flag("--force", "write into a folder that is not empty")) var force: Bool
        @Option(.flag("--verify", "load the written venue back and report load time, issues and graph connectivity")) var verify: Bool
        func run() throws -> Int32 {
            guard !output.isEmpty else { throw UsageError("venue generate: missing -o DIR") }
            guard let seed = UInt64(seedText) else { throw UsageError("--seed: '\(seedText)' is not a non-negative integer") }

            var configuration = SyntheticVenueConfiguration.standard
            (configuration.levelCount, configuration.parkingLevelCount, configuration.towerCount) = (levels, parking, towers)
            (configuration.corridorsPerTower, configuration.sizeScale, configuration.seed) = (corridors, size, seed)
            do { configuration = try configuration.validated() } catch {
                if case .invalidConfiguration(let field, let value, let reason) = error {
                    throw UsageError("\(flagOfField[field] ?? field) \(value): \(reason)")
                }
                throw error
            }
            let clock = ContinuousClock()
            let start = clock.now
            var progress = ProgressLine("venue generate")
            progress.stage("writing \(levels + parking) levels of \(towers) towers to \(output)…")
            let summary: SyntheticVenueGenerator.Summary
            do {
                defer { progress.finish() }
                summary = try SyntheticVenueGenerator(configuration: configuration).write(to: output, overwrite: force)
            }
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print(
                """
                wrote \(output): \(summary.files.count) files, \(summary.bytesWritten) bytes in \(String(format: "%.2f", seconds)) s
                  levels \(summary.levels), buildings \(summary.buildings), units \(summary.units), openings \(summary.openings)
                  amenities \(summary.amenities), occupants \(summary.occupants), anchors \(summary.anchors), relationships \(summary.relationships)
                  graph nodes \(summary.graphNodes), graph edges \(summary.graphEdges)
                """)
            return verify ? try verifyLoad(output, summary: summary) : 0
        }
    }

    /// Loads the written venue through ``VenueLoader`` and checks it against what was written; exit 1
    /// on error issues, count mismatches or a disconnected graph.
    static func verifyLoad(_ folder: String, summary: SyntheticVenueGenerator.Summary) throws -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        var progress = ProgressLine("venue generate")
        progress.stage("loading \(folder) back…")
        let venue: Venue
        do {
            defer { progress.finish() }
            venue = try VenueLoader.load(path: folder)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let components = venue.graph.components().count
        let errors = venue.issues.filter { $0.severity == .error }
        print(
            "loaded in \(String(format: "%.2f", seconds)) s: levels \(venue.levels.count), spaces \(venue.spaces.count), "
                + "openings \(venue.openings.count), POIs \(venue.pois.count), connectors \(venue.connectors.count)")
        print(
            "  graph nodes \(venue.graph.nodes.count), edges \(venue.graph.edges.count), components \(components); "
                + "issues \(venue.issues.count) (\(errors.count) errors)")
        for issue in errors.prefix(10) { warn("  \(issue)") }
        let ok =
            errors.isEmpty && components == 1 && venue.graph.nodes.count == summary.graphNodes
            && venue.graph.edges.count == summary.graphEdges && venue.connectors.count == summary.relationships
        if !ok { warn("verify: the loaded venue does not match what was written") }
        return ok ? 0 : 1
    }
}
