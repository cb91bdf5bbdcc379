import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

/// The lookups route assembly calls per segment and per maneuver (`Venue.buildingID(at:levelIndex:)`,
/// `VenueSpatialIndex.smallestSpace(containing:levelIndex:)`) give exactly the answers of the plain
/// implementations they replaced, kept here as references, on seeded points: graph nodes, edge
/// midpoints and the route assembler's probes, points near footprint outlines, and random points.
@Suite struct SpatialLookupEquivalenceTests {
    /// The building lookup as it was: a scan of every footprint, the level's own buildings first.
    static func referenceBuildingID(_ venue: Venue, at point: LocalPoint, levelIndex: Int, toleranceMeters: Double = 0.5) -> String? {
        guard venue.levels.indices.contains(levelIndex), point.isFinite else { return nil }
        let levelBuildings = venue.levels[levelIndex].buildingIDs
        if !venue.levelBuildingFootprints.isEmpty {
            for pass in 0..<2 {
                for entry in venue.levelBuildingFootprints where levelBuildings.contains(entry.id) == (pass == 0) {
                    let f = entry.footprint
                    if f.bounds.distance(to: point) <= toleranceMeters,
                        f.contains(point) || f.distanceToBoundary(point) <= toleranceMeters
                    {
                        return entry.id
                    }
                }
            }
            return nil
        }
        let holding = venue.spatialIndex.spaces(containing: point, levelIndex: levelIndex)
        guard !holding.isEmpty else { return nil }
        for i in holding { if let b = venue.spaces[i].buildingID { return b } }
        return levelBuildings.count == 1 ? levelBuildings[0] : nil
    }

    /// Seeded probe points per level: nodes, edge midpoints and the assembler's space probes (up to
    /// 1 m along each edge from either end), footprint vertices moved by up to 0.6 m, random points.
    static func probes(_ venue: Venue, seed: UInt64, count: Int) -> [(LocalPoint, Int)] {
        var rng = SplitMix64(seed: seed)
        let graph = venue.graph
        var out: [(LocalPoint, Int)] = []
        guard !graph.edges.isEmpty else { return out }
        for _ in 0..<count {
            let e = graph.edges[Int(rng.next() % UInt64(graph.edges.count))]
            let a = graph.nodes[Int(e.from)], b = graph.nodes[Int(e.to)]
            let level = Int(b.levelIndex)
            out.append((a.point, Int(a.levelIndex)))
            out.append((a.point + (b.point - a.point) * 0.5, level))
            out.append((b.point + (a.point - b.point) * 0.5, level))
            let d = a.point.distance(to: b.point)
            out.append((a.point + (b.point - a.point) * min(0.5, 1.0 / max(1, d)), level))
            out.append((b.point + (a.point - b.point) * min(0.5, 1.0 / max(1, d)), level))
            let jitter = LocalVector(dx: rng.nextUnit() * 2 - 1, dy: rng.nextUnit() * 2 - 1)
            out.append((b.point + jitter, level))
        }
        for entry in venue.levelBuildingFootprints {
            for v in entry.footprint.exterior {
                for l in venue.levels.indices {
                    out.append((v + LocalVector(dx: rng.nextUnit() * 1.2 - 0.6, dy: rng.nextUnit() * 1.2 - 0.6), l))
                }
            }
        }
        return out
    }

    static func check(_ venue: Venue, seed: UInt64, count: Int) {
        var buildingDifferences = 0, spaceDifferences = 0, inBuilding = 0, inSpace = 0
        for (p, l) in probes(venue, seed: seed, count: count) {
            let b = venue.buildingID(at: p, levelIndex: l)
            if b != referenceBuildingID(venue, at: p, levelIndex: l) { buildingDifferences += 1 }
            if b != nil { inBuilding += 1 }
            let s = venue.spatialIndex.smallestSpace(containing: p, levelIndex: l)
            if s != venue.spatialIndex.spaces(containing: p, levelIndex: l).first { spaceDifferences += 1 }
            if s != nil { inSpace += 1 }
        }
        #expect(buildingDifferences == 0)
        #expect(spaceDifferences == 0)
        #expect(inBuilding > 0 && inSpace > 0)
    }

    @Test func generatedVenueMatchesTheReferences() throws {
        let venue = try GeneratedSyntheticVenue.loadSmall().venue
        #expect(!venue.levelBuildingFootprints.isEmpty)
        Self.check(venue, seed: 1, count: 3000)
    }

    @Test func campusMatchesTheReferences() throws {
        let venue = try VenueLoader.load(path: TestPaths.campus)
        Self.check(venue, seed: 2, count: 2000)
    }

    @Test func polymapMatchesTheReferences() throws {
        guard FileManager.default.fileExists(atPath: TestPaths.polymap) else { return }
        let venue = try VenueLoader.load(path: TestPaths.polymap)
        Self.check(venue, seed: 3, count: 2000)
    }
}
