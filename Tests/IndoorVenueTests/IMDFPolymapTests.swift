import Foundation
import Testing

@testable import IndoorVenue

/// The polymap campus from the shared data folder (skipped when the folder is absent). Expected
/// figures were counted from the GeoJSON files with a separate script.
@Suite(.enabled(if: TestPaths.hasPolymap, "polymap-imdf is absent from the shared data folder (../shared/data or $INDOORNAV_SHARED_DATA)"))
struct IMDFPolymapTests {
    @Test func loadsWithItsAuthoredGraph() throws {
        // The archive sits one folder down (polymap-imdf/IMDFData).
        let venue = try VenueLoader.load(path: TestPaths.polymap)
        #expect(venue.levels.count == 8)
        #expect(venue.spaces.count == 443)
        #expect(venue.openings.count == 472)
        #expect(venue.defaultLanguage == "en")
        #expect(venue.levels.allSatisfy { $0.name.byLanguage["ru"] != nil && $0.name.byLanguage["en"] != nil })
        #expect(venue.graph.source == .authored)
        #expect(venue.graph.nodes.count == 2_726)
        #expect(venue.graph.edges.count == 3_131)
        // 38 neighbour pairs change level; 2 of them join an outdoor node to a building entrance level,
        // one of which is the ground level the outdoor nodes are placed on.
        let levelChanging = venue.graph.edges.filter {
            venue.graph.nodes[Int($0.from)].levelIndex != venue.graph.nodes[Int($0.to)].levelIndex
        }
        #expect(levelChanging.count == 37)
        #expect(levelChanging.filter { $0.kind.connectorKind != nil }.count == 36)
        #expect(venue.issues.errors.isEmpty, "\(venue.issues.errors.prefix(5))")
    }

    @Test func stackedStairsAndElevatorsBecomeConnectors() throws {
        let venue = try VenueLoader.load(path: TestPaths.polymap, options: VenueLoadOptions(useAuthoredGraph: false))
        #expect(!venue.connectors.isEmpty)
        #expect(venue.connectors.allSatisfy { $0.levelIDs.count >= 2 && $0.id.hasPrefix("stacked-") })
        // One elevator unit on each of the five levels of the second building.
        let elevators = venue.connectors.filter { $0.kind == .elevator }
        #expect(elevators.count == 1 && elevators.first?.levelIDs.count == 5)
        // Every connector stays within one building.
        #expect(venue.connectors.allSatisfy { $0.buildingID != nil })
        #expect(venue.connectors.filter { $0.kind == .stairs }.count >= 10)
    }
}
