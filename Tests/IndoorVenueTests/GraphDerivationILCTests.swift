import Foundation
import IndoorGeometry
import IndoorJSON
import Testing

@testable import IndoorVenue

/// Where the ILC site-1 sample data lives.
enum ILCSite {
    static let folder = TestPaths.sharedData + "/ilc-site1"
    static var hasData: Bool { FileManager.default.fileExists(atPath: folder + "/F1/geojson_map.json") }
}

/// The walkable grid on the real Microsoft ILC site-1 floors (outline + shop polygons from
/// `geojson_map.json`, read here directly). Skipped when the shared data folder is absent.
@Suite(.enabled(if: ILCSite.hasData, "ilc-site1 is absent from the shared data folder (../shared/data or $INDOORNAV_SHARED_DATA)"))
struct GraphDerivationILCTests {
    static let folder = ILCSite.folder

    /// A one-level venue: the floor outline (the MultiPolygon feature's largest polygon) and the other
    /// polygons inside it as non-walkable shops.
    static func floor(_ name: String) throws -> Venue {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/\(name)/geojson_map.json"))
        let json = try JSONParser().parse(data).value
        let features = try #require(json["features"]?.array)
        let frame = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 30.2935, longitudeDegrees: 120.0760))
        func ring(_ value: JSONValue?) -> [LocalPoint] {
            (value?.array ?? []).compactMap { p -> LocalPoint? in
                guard let c = p.array, c.count >= 2, let lon = c[0].double, let lat = c[1].double else { return nil }
                return frame.localPoint(from: GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon))
            }
        }
        func polygon(_ rings: [JSONValue]) -> Polygon {
            Polygon(exterior: ring(rings.first), holes: rings.dropFirst().map { ring($0) })
        }
        var outline: Polygon?
        var polygons: [Space] = []
        for (i, f) in features.enumerated() {
            guard let geometry = f["geometry"], let coordinates = geometry["coordinates"]?.array else { continue }
            switch geometry["type"]?.string {
            case "MultiPolygon":
                outline = coordinates.compactMap { $0.array.map(polygon) }.max { $0.areaSquareMeters < $1.areaSquareMeters }
            case "Polygon":
                polygons.append(
                    Space(
                        id: f["properties"]?["id"]?.string ?? "shop-\(i)", category: "shop",
                        polygon: polygon(coordinates), levelID: name, isWalkable: false))
            default: continue
            }
        }
        let outlinePolygon = try #require(outline)
        // The level model has one outline polygon: keep the shops of the largest part of the floor.
        let shops = polygons.filter { outlinePolygon.contains($0.polygon.centroid) }
        return DerivationFixtures.venue(levels: [Level(id: name, ordinal: 0, outline: outlinePolygon)], spaces: shops)
    }

    @Test(arguments: ["B1", "F1", "F2", "F3", "F4"])
    func gridOnRealFloor(name: String) throws {
        let venue = try Self.floor(name)
        let (graph, issues) = GraphDerivation.derive(venue)
        let lattice = graph.nodes.filter { $0.kind == .waypoint }
        let (component, count) = graph.components()
        var sizes = [Int](repeating: 0, count: count)
        for c in component { sizes[Int(c)] += 1 }
        let largest = sizes.max() ?? 0
        let entrances = graph.nodes.filter { $0.kind == .door }.count
        print(
            "ILC \(name): \(venue.spaces.count) shops, \(graph.nodes.count) nodes (\(lattice.count) grid), "
                + "\(graph.edges.count) edges, \(count) components, largest \(largest), \(entrances) entrances, \(issues.count) issues")
        // At 2 m spacing a 240 m × 176 m floor has at most ~10,800 grid points.
        #expect(lattice.count > 1000 && lattice.count < 11_000)
        let index = venue.replacingGraph(graph).spatialIndex
        for n in lattice { #expect(index.isWalkable(n.point, levelIndex: 0), "grid point \(n.point)") }
        // Nearly all of the floor is one connected walkway (small pockets between shops may be cut off).
        #expect(Double(largest) >= 0.9 * Double(graph.nodes.count))
    }
}
