import Foundation
import Testing
import VenueFixtures

@testable import IndoorVenue

/// A generated venue read back through the general venue loader.
@Suite struct SyntheticVenueLoadTests {
    @Test func loadsWithItsAuthoredGraph() throws {
        let (venue, summary) = try GeneratedSyntheticVenue.loadSmall()
        #expect(venue.issues.filter { $0.severity == .error }.isEmpty)
        #expect(venue.levels.map(\.id) == ["P1", "L0", "L1", "L2"])
        #expect(venue.graph.source == .authored)
        #expect(venue.graph.nodes.count == summary.graphNodes)
        #expect(venue.graph.edges.count == summary.graphEdges)
        #expect(venue.graph.components().count == 1)
        #expect(venue.connectors.count == summary.relationships)
        #expect(venue.buildings.count == 2)
        #expect(venue.pois.filter { $0.source == .amenity }.count == summary.amenities)
        #expect(venue.pois.filter { $0.source == .occupant }.count == summary.occupants)
        // Escalators keep their direction; the car ramp is for vehicles only.
        let escalators = venue.connectors.filter { $0.kind == .escalator }
        #expect(escalators.count == 2 * 2 * 2 && escalators.allSatisfy { $0.direction != .both })
        let carRampEdges = venue.graph.edges.filter { $0.kind == .connector(.driveRamp) }
        #expect(carRampEdges.count == 2 && carRampEdges.allSatisfy { $0.modes == .vehicle })
        #expect(venue.graph.edges.filter { $0.isOneWay }.count == escalators.count)
        // Names in both languages survive loading.
        let occupant = try #require(venue.pois.first { $0.source == .occupant })
        #expect(occupant.name.byLanguage["en"] != nil && occupant.name.byLanguage["de"] != nil)
        #expect(venue.issues.filter { $0.severity == .warning }.isEmpty)
    }

    /// Graph nodes sit where the geometry says: doors on their openings, POIs in their rooms, every other
    /// node inside a walkable space of its level (within the ~1 cm of the 1e-7° coordinate rounding).
    @Test func graphNodesMatchTheGeometry() throws {
        let generated = try GeneratedSyntheticVenue(.sized(levels: 2, parking: 1, corridors: 3, scale: 0.25, seed: 9))
        defer { generated.remove() }
        let venue = try VenueLoader.load(path: generated.directory)
        let openings = Dictionary(uniqueKeysWithValues: venue.openings.map { ($0.id, $0) })
        var checked = 0
        for node in venue.graph.nodes {
            let level = venue.levels[Int(node.levelIndex)].id
            switch node.kind {
            case .door:
                let opening = try #require(openings[node.featureID ?? ""])
                #expect(opening.levelID == level && opening.midpoint.distance(to: node.point) < 0.02)
            case .poi:
                let poi = try venue.poi(node.featureID ?? "")
                let room = try venue.space(try #require(poi.spaceID))
                #expect(room.polygon.contains(node.point) && poi.position.distance(to: node.point) < 0.02)
            case .waypoint, .connectorEntry:
                let inside = venue.spaces.contains {
                    $0.levelID == level && $0.isWalkable && $0.polygon.bounds.expanded(by: 0.02).contains(node.point)
                }
                #expect(inside, "node at \(node.point) on \(level)")
            }
            checked += 1
        }
        #expect(checked == generated.summary.graphNodes)
    }
}
