import Foundation
import IndoorGeometry
import IndoorJSON
import Testing

@testable import IndoorVenue

/// Checks against the real ILC site 1 (skipped when `../shared/data/ilc-site1` is absent).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: TestPaths.sharedData + "/ilc-site1/F1/floor_info.json")))
struct ILCSite1Tests {
    let sitePath = TestPaths.sharedData + "/ilc-site1"

    /// The ground-truth waypoints of the walks recorded on `level`, in the venue frame.
    func waypoints(of level: Level) throws -> [LocalPoint] {
        let frame = try #require(level.floorFrame)
        let folder = "\(sitePath)/\(level.id)/path_data_files"
        var points: [LocalPoint] = []
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("TYPE_WAYPOINT") {
                let fields = line.split(separator: "\t")
                guard fields.count >= 4, let x = Double(fields[2]), let y = Double(fields[3]) else { continue }
                points.append(frame.venuePoint(floorX: x, floorY: y))
            }
        }
        return points
    }

    @Test func levelsAndContents() throws {
        let venue = try ILCVenueLoader.load(path: sitePath)
        #expect(venue.levels.map(\.id) == ["B1", "F1", "F2", "F3", "F4"])
        #expect(venue.levels.map(\.ordinal) == [-1, 0, 1, 2, 3])
        #expect(venue.levels.map(\.floorNumber) == [-1, 1, 2, 3, 4])
        // Shop counts: features minus the outline (711, 172, 138, 142, 123 in the published files).
        #expect(venue.spaces.filter { $0.category == "shop" }.count == 711 + 172 + 138 + 142 + 123)
        #expect(venue.issues.filter { $0.severity == .error }.isEmpty)
        #expect(venue.pois.count == 711 + 172 + 138 + 142 + 123)
    }

    @Test func cornersMapToStatedMapSize() throws {
        let venue = try ILCVenueLoader.load(path: sitePath)
        for level in venue.levels {
            // Map size read independently of the loader.
            let data = try #require(FileManager.default.contents(atPath: "\(sitePath)/\(level.id)/floor_info.json"))
            let info = try JSONParser().parse(data).value
            let width = try #require(info["map_info"]?["width"]?.double), height = try #require(info["map_info"]?["height"]?.double)
            let frame = try #require(level.floorFrame)
            // The box of all outline parts (the walkable floor spaces) in the venue frame.
            let parts = venue.spaces.filter { $0.levelID == level.id && $0.isWalkable }
            let box = try #require(parts.map(\.polygon.bounds).reduce(nil as BoundingBox?) { $0?.union($1) ?? $1 })
            for (x, y, fx, fy) in [
                (box.minX, box.minY, 0.0, 0.0), (box.maxX, box.minY, width, 0.0),
                (box.minX, box.maxY, 0.0, height), (box.maxX, box.maxY, width, height),
            ] {
                let f = frame.floorCoordinates(of: LocalPoint(x: x, y: y))
                #expect(abs(f.x - fx) < 0.001 && abs(f.y - fy) < 0.001, "\(level.id): (\(f.x), \(f.y)) vs (\(fx), \(fy))")
            }
        }
    }

    /// Ground-truth waypoints of the recorded walks fall on the walkable floor, not inside shops.
    @Test func waypointsLieOnTheWalkableFloor() throws {
        let venue = try ILCVenueLoader.load(path: sitePath)
        var total = 0, onFloor = 0, inShop = 0, inOutline = 0
        for level in venue.levels {
            let floorParts = venue.spaces.filter { $0.levelID == level.id && $0.isWalkable }
            let shops = venue.spaces.filter { $0.levelID == level.id && !$0.isWalkable }
            for p in try waypoints(of: level) {
                total += 1
                if floorParts.contains(where: { $0.polygon.contains(p) }) { onFloor += 1 }
                if level.outline?.contains(p) == true { inOutline += 1 }
                if shops.contains(where: { $0.polygon.contains(p) }) { inShop += 1 }
            }
        }
        #expect(total > 100)
        #expect(Double(onFloor) >= 0.95 * Double(total), "\(onFloor) of \(total) on the floor")
        // The level outline joins F1's separate west wing, where 14 of its waypoints lie.
        #expect(inOutline == onFloor)
        #expect(Double(inShop) <= 0.05 * Double(total), "\(inShop) of \(total) inside shops")
    }

    /// The derived grid covers the walked floor: every ground-truth waypoint has a graph node of its level
    /// within 2 m, and each level's main part holds nearly all of that level's nodes.
    @Test func derivedGridCoversTheWaypoints() throws {
        let loaded = try ILCVenueLoader.load(path: sitePath)
        let derived = GraphDerivation.derive(loaded)
        let venue = loaded.replacingGraph(derived.graph, addingWarnings: derived.issues)
        #expect(venue.graph.nodes.count > 1000)
        var far = 0, total = 0
        for (index, level) in venue.levels.enumerated() {
            let points = try waypoints(of: level)
            #expect(venue.graph.nodes.contains { Int($0.levelIndex) == index }, "\(level.id) has no graph")
            for p in points {
                total += 1
                if venue.spatialIndex.nearestNode(to: p, levelIndex: index, maxDistanceMeters: 2) == nil { far += 1 }
            }
        }
        #expect(total > 100)
        #expect(Double(far) <= 0.05 * Double(total), "\(far) of \(total) waypoints farther than 2 m from the graph")
    }
}
