import Foundation
import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorVenue

@Suite struct SyntheticVenueGeneratorTests {
    static let files = [
        "manifest.json", "venue.geojson", "building.geojson", "level.geojson", "unit.geojson",
        "opening.geojson", "amenity.geojson", "anchor.geojson", "occupant.geojson",
        "relationship.geojson", "graph.geojson",
    ]

    @Test func sameSeedSameBytesDifferentSeedDifferentBytes() throws {
        let config = try SyntheticVenueConfiguration.sized(levels: 3, parking: 1, corridors: 2, scale: 0.3, seed: 42)
        let a = try GeneratedSyntheticVenue(config), b = try GeneratedSyntheticVenue(config)
        let c = try GeneratedSyntheticVenue(.sized(levels: 3, parking: 1, corridors: 2, scale: 0.3, seed: 43))
        defer { a.remove(); b.remove(); c.remove() }
        #expect(a.summary.files.sorted() == Self.files.sorted())
        for file in Self.files { #expect(try a.bytes(file) == b.bytes(file), "\(file)") }
        #expect(try a.bytes("occupant.geojson") != c.bytes("occupant.geojson"))
        #expect(try a.bytes("unit.geojson") != c.bytes("unit.geojson"))
        // The seed picks names and categories only: the geometry of the graph is the same.
        #expect(try a.features("graph").count == c.features("graph").count)
    }

    @Test(arguments: [(1, 0, 2, 1, 0.1), (2, 1, 2, 2, 0.25), (3, 2, 3, 2, 0.3), (4, 1, 2, 3, 0.5)])
    func nodeCountMatchesTheLayout(levels: Int, parking: Int, towers: Int, corridors: Int, size: Double) throws {
        let config = try SyntheticVenueConfiguration.sized(
            levels: levels, parking: parking, towers: towers, corridors: corridors, scale: size, seed: 7)
        let venue = try GeneratedSyntheticVenue(config)
        defer { venue.remove() }
        let rooms = max(8, Int((32 * size).rounded()))
        let expected = expectedSyntheticNodeCount(rooms: rooms, corridors: corridors, towers: towers, levels: levels, parking: parking)
        let points = try venue.features("graph").filter { $0["geometry"]?["type"]?.string == "Point" }
        #expect(points.count == expected)
        #expect(venue.summary.graphNodes == expected)
        #expect(try venue.features("level").count == levels + parking)
        #expect(try venue.features("building").count == towers)
        // One door per room slot.
        #expect(try venue.features("opening").count == 2 * rooms * corridors * towers * (levels + parking))
    }

    @Test func defaultSizeReachesTwoHundredThousandNodes() {
        // Defaults: R = 32, C = 8, T = 2, N = 40, P = 1.
        let count = expectedSyntheticNodeCount(rooms: 32, corridors: 8, towers: 2, levels: 40, parking: 1)
        #expect(count == 221_234)
        #expect(count >= 200_000)
        #expect(SyntheticVenueConfiguration.standard.roomsPerCorridorSide == 32)
    }

    /// (field expected in the error, levels, parking, towers, corridors, size, latitude)
    static let badConfigurations: [(String, Int, Int, Int, Int, Double, Double)] = [
        ("levelCount", 0, 1, 2, 8, 1, 47), ("levelCount", 501, 1, 2, 8, 1, 47), ("parkingLevelCount", 40, -1, 2, 8, 1, 47),
        ("parkingLevelCount", 40, 11, 2, 8, 1, 47), ("towerCount", 40, 1, 1, 8, 1, 47), ("corridorsPerTower", 40, 1, 2, 0, 1, 47),
        ("sizeScale", 40, 1, 2, 8, -1, 47), ("sizeScale", 40, 1, 2, 8, .nan, 47), ("sizeScale", 40, 1, 2, 8, .infinity, 47),
        ("origin", 40, 1, 2, 8, 1, 95),
    ]

    @Test(arguments: badConfigurations)
    func invalidConfigurationNamesTheField(_ bad: (String, Int, Int, Int, Int, Double, Double)) throws {
        var c = SyntheticVenueConfiguration.standard
        (c.levelCount, c.parkingLevelCount, c.towerCount, c.corridorsPerTower) = (bad.1, bad.2, bad.3, bad.4)
        c.sizeScale = bad.5
        c.origin = .init(latitudeDegrees: bad.6, longitudeDegrees: 8)
        do {
            _ = try c.validated()
            Issue.record("accepted a bad \(bad.0)")
        } catch {
            guard case .invalidConfiguration(let field, _, _) = error else { Issue.record("got \(error)"); return }
            #expect(field == bad.0)
        }
        // The generator checks before it writes anything.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("synthetic-bad-\(UUID().uuidString)").path
        #expect(throws: SyntheticVenueError.self) { try SyntheticVenueGenerator(configuration: c).write(to: directory) }
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    /// One small level: one tower corridor, no parking, a tenth of the size.
    static func oneSmallLevel() throws -> SyntheticVenueConfiguration {
        try SyntheticVenueConfiguration {
            $0.levelCount = 1
            $0.parkingLevelCount = 0
            $0.corridorsPerTower = 1
            $0.sizeScale = 0.1
        }
    }

    @Test func refusesNonEmptyOutputUnlessOverwriting() throws {
        let config = try Self.oneSmallLevel()
        let venue = try GeneratedSyntheticVenue(config)
        defer { venue.remove() }
        let generator = SyntheticVenueGenerator(configuration: config)
        #expect(throws: SyntheticVenueError.outputNotEmpty(path: venue.directory)) {
            _ = try generator.write(to: venue.directory)
        }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: venue.directory + "/notes.txt"))
        let again = try generator.write(to: venue.directory, overwrite: true)
        #expect(again.graphNodes == venue.summary.graphNodes)
        #expect(FileManager.default.fileExists(atPath: venue.directory + "/notes.txt"))
    }

    @Test func unwritableOutput() throws {
        let config = try Self.oneSmallLevel()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("synthetic-file-\(UUID().uuidString)").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let generator = SyntheticVenueGenerator(configuration: config)
        for target in [file, file + "/below"] {
            do {
                _ = try generator.write(to: target)
                Issue.record("wrote into \(target)")
            } catch {
                guard case .unwritable(let path, _) = error else { Issue.record("got \(error)"); continue }
                #expect(path == target)
            }
        }
    }

    @Test func splitMixIsTheReferenceSequence() {
        // First outputs for seed 0 of the published SplitMix64 reference implementation.
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }
}
