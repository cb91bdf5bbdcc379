import Foundation
import IndoorJSON
import VenueFixtures

@testable import IndoorVenue

/// A synthetic venue written to a temporary folder and parsed back with IndoorJSON.
struct GeneratedSyntheticVenue {
    let directory: String
    let summary: SyntheticVenueGenerator.Summary

    init(_ configuration: SyntheticVenueConfiguration) throws {
        (directory, summary) = try GeneratedVenues.write(configuration, prefix: "synthetic")
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// A small venue (3 levels and a parking level, 2 towers, seed 5) generated, loaded through the general
    /// venue loader and its folder removed: the venue and what the generator wrote.
    static func loadSmall() throws -> (venue: Venue, summary: SyntheticVenueGenerator.Summary) {
        let generated = try GeneratedSyntheticVenue(.sized(levels: 3, parking: 1, corridors: 2, scale: 0.25, seed: 5))
        defer { generated.remove() }
        return (try VenueLoader.load(path: generated.directory), generated.summary)
    }

    func bytes(_ file: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: directory + "/" + file) else {
            throw GeneratedFileMissing(path: directory + "/" + file)
        }
        return data
    }

    func json(_ file: String) throws -> JSONValue { try JSONParser(allowTrailingCommas: false).parse(try bytes(file)).value }

    /// The features of a `.geojson` collection.
    func features(_ name: String) throws -> [JSONValue] { try json(name + ".geojson")["features"]?.array ?? [] }

    /// Ids of a collection's features.
    func ids(_ name: String) throws -> Set<String> { Set(try features(name).compactMap { $0["id"]?.string }) }
}

struct GeneratedFileMissing: Error { var path: String }

/// Graph node count worked out by hand from the layout (see the generator's documentation for the
/// derivation): R rooms per side, C corridors, T towers, N levels, P parking levels.
func expectedSyntheticNodeCount(rooms r: Int, corridors c: Int, towers t: Int, levels n: Int, parking p: Int) -> Int {
    // Corridor waypoints: the centreline spans 6R + 3 m in 1.5 m steps → 4R + 3 nodes per corridor;
    // each spine adds 9 nodes per gap between corridors.
    let waypoints = c * (4 * r + 3) + 2 * 9 * (c - 1)
    let rooms = 2 * r * c
    let abovePlate = waypoints + 3 * rooms  // door + room/entry + POI
    let parkingPlate = waypoints + 2 * (rooms - 4) + 3 * 4  // bays: door + bay; 4 connector slots: 3 each
    let links = (t - 1) * 15 * (1 + p)  // 24 m between spine centres → 15 inner nodes
    return t * (n * abovePlate + p * parkingPlate) + links
}
