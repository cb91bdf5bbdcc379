import Foundation
import IndoorVenue

extension SyntheticVenueConfiguration {
    /// A validated generator configuration of these sizes (everything else at its default): `levels`
    /// levels above `parking` parking levels, `towers` towers of `corridors` corridors, scaled by `scale`.
    public static func sized(
        levels: Int, parking: Int, towers: Int = 2, corridors: Int, scale: Double, seed: UInt64 = 1
    ) throws -> SyntheticVenueConfiguration {
        try SyntheticVenueConfiguration {
            $0.levelCount = levels
            $0.parkingLevelCount = parking
            $0.towerCount = towers
            $0.corridorsPerTower = corridors
            $0.sizeScale = scale
            $0.seed = seed
        }
    }
}

/// Synthetic venues written by the generator for a test.
public enum GeneratedVenues {
    /// Writes the venue of `configuration` into a new temporary folder named after `prefix` and returns
    /// the folder (the caller removes it) with what the generator wrote.
    public static func write(
        _ configuration: SyntheticVenueConfiguration, prefix: String
    ) throws -> (directory: String, summary: SyntheticVenueGenerator.Summary) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        return (directory, try SyntheticVenueGenerator(configuration: configuration).write(to: directory))
    }

    /// The venue of `configuration`, written, read back through the general venue loader and removed.
    public static func load(_ configuration: SyntheticVenueConfiguration) throws -> Venue {
        let directory = try write(configuration, prefix: "generated").directory
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try VenueLoader.load(path: directory)
    }
}
