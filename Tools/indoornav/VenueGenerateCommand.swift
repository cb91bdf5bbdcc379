import Foundation
import Venue

/// `indoornav venue generate --levels N --seed S [--size K] [--towers T] [--parking P] [--corridors C]
/// -o DIR [--force]` — writes a synthetic IMDF venue with an authored graph.
enum VenueGenerateCommand {
    static let help = """
        usage: indoornav venue generate [--levels N] [--seed S] [--size K] [--towers T] [--parking P]
                                        [--corridors C] -o DIR [--force]
          --levels N     above-ground levels, 1...500 (default 40)
          --seed S       non-negative integer fixing names and room categories (default 1)
          --size K       scale of rooms per corridor, 0.01...100 (default 1)
          --towers T     buildings, 2...32 (default 2)
          --parking P    parking levels below ground, 0...10 (default 1)
          --corridors C  corridors per tower floor, 1...100 (default 8)
          -o DIR         output folder (created; must be empty unless --force)
        """

    /// Flag names of configuration fields, for error messages.
    static let flagOfField = [
        "levelCount": "--levels", "parkingLevelCount": "--parking", "towerCount": "--towers",
        "corridorsPerTower": "--corridors", "sizeScale": "--size",
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        if args.flag("--help") { print(help); return 0 }
        let levels = try args.int("--levels") ?? 40
        let parking = try args.int("--parking") ?? 1
        let towers = try args.int("--towers") ?? 2
        let corridors = try args.int("--corridors") ?? 8
        let size = try args.double("--size") ?? 1
        var seed: UInt64 = 1
        if let text = try args.option("--seed") {
            guard let value = UInt64(text) else { throw UsageError("--seed: '\(text)' is not a non-negative integer") }
            seed = value
        }
        let output = try args.option("-o") ?? args.option("--output")
        let force = args.flag("--force")
        try args.finish()
        guard let output, !output.isEmpty else { throw UsageError("venue generate: missing -o DIR\n\(help)") }

        let configuration: SyntheticVenueConfiguration
        do {
            configuration = try SyntheticVenueConfiguration(levelCount: levels, parkingLevelCount: parking, towerCount: towers,
                                                            corridorsPerTower: corridors, sizeScale: size, seed: seed)
        } catch {
            if case .invalidConfiguration(let field, let value, let reason) = error {
                throw UsageError("\(flagOfField[field] ?? field) \(value): \(reason)")
            }
            throw error
        }
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try SyntheticVenueGenerator(configuration: configuration).write(to: output, overwrite: force)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print("""
            wrote \(output): \(summary.files.count) files, \(summary.bytesWritten) bytes in \(String(format: "%.2f", seconds)) s
              levels \(summary.levels), buildings \(summary.buildings), units \(summary.units), openings \(summary.openings)
              amenities \(summary.amenities), occupants \(summary.occupants), anchors \(summary.anchors), relationships \(summary.relationships)
              graph nodes \(summary.graphNodes), graph edges \(summary.graphEdges)
            """)
        return 0
    }
}
