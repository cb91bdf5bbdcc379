import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

/// The bundled campus, whose contents are known by construction (see Recordings/venues/README.md).
@Suite struct IMDFCampusTests {
    let venue: Venue

    init() throws { venue = try VenueLoader.load(path: TestPaths.campus) }

    @Test func countsMatchTheDesign() {
        #expect(venue.id == "campus")
        #expect(venue.levels.map(\.id) == ["lvl-a0", "lvl-b0", "lvl-a1", "lvl-b1", "lvl-a2"])  // by ordinal, then id
        #expect(venue.buildings.map(\.id).sorted() == ["bldg-library", "bldg-main"])
        // Main building: 11 units on each level, plus the ramp (a0) and the bridge (a1); library: 6 per level.
        #expect(venue.spaces.count == 11 * 3 + 2 + 6 * 2)
        // Main building: 9 room doors per level, entrance, ramp and bridge doors; library: 5 per level, ramp, bridge.
        #expect(venue.openings.count == 9 * 3 + 3 + 5 * 2 + 2)
        // 5 amenities, 6 occupants, 3 named units without an occupant.
        #expect(venue.pois.count == 14)
        #expect(venue.pois.filter { $0.source == .unit }.map(\.id).sorted() == ["a0-r1", "a1-r2", "b1-office"])
        #expect(venue.pois.filter { $0.source == .occupant }.count == 6)
        #expect(venue.version == "1.0.0")
        // No authored graph: one is derived, and every POI has its node.
        #expect(venue.graph.source == .derived)
        let poiNodes = Set(venue.graph.nodes.filter { $0.kind == .poi }.compactMap(\.featureID))
        #expect(poiNodes.isSuperset(of: venue.pois.filter { $0.source != .unit }.map(\.id)))
        #expect(venue.graph.components().count == 1)
    }

    @Test func connectorsHaveTheirKindsLevelsAndDirections() throws {
        let byID = Dictionary(uniqueKeysWithValues: venue.connectors.map { ($0.id, $0) })
        #expect(byID.count == 6)
        let elevator = try #require(byID["rel-elevator-main"])
        #expect(elevator.kind == .elevator && elevator.levelIDs == ["lvl-a0", "lvl-a1", "lvl-a2"] && elevator.isAccessible)
        #expect(elevator.buildingID == "bldg-main")
        for entry in elevator.entries { #expect(near(entry.point, LocalPoint(x: 37.5, y: 6))) }
        let stairs = try #require(byID["rel-stairs-main"])
        #expect(stairs.kind == .stairs && stairs.levelIDs.count == 3 && !stairs.isAccessible && stairs.direction == .both)
        let escalator = try #require(byID["rel-escalator-up"])
        #expect(escalator.kind == .escalator && escalator.direction == .up && escalator.levelIDs == ["lvl-a0", "lvl-a1"])
        let ramp = try #require(byID["rel-ramp"])
        #expect(ramp.kind == .ramp && ramp.levelIDs == ["lvl-a0", "lvl-b0"] && ramp.isAccessible && ramp.buildingID == nil)
        #expect(ramp.entries.contains { $0.levelID == "lvl-b0" && near($0.point, LocalPoint(x: 48, y: 10)) })
        let bridge = try #require(byID["rel-bridge"])
        #expect(bridge.kind == .connector && bridge.transitionTypeID == "bridge" && bridge.isAccessible)
        #expect(bridge.name.byLanguage["de"] == "Brücke zur Bibliothek")
        // The library stairs have no relationship: derived from the stacked units, overridden by unit id.
        let libraryStairs = try #require(byID["stacked-b0-stairs"])
        #expect(libraryStairs.kind == .stairs && libraryStairs.levelIDs == ["lvl-b0", "lvl-b1"])
        #expect(libraryStairs.transitionTypeID == "staircase")
        #expect(libraryStairs.entries.allSatisfy { near($0.point, LocalPoint(x: 60.5, y: 4)) })
    }

    @Test func namesInTwoLanguages() throws {
        let a0 = try venue.level("lvl-a0")
        #expect(venue.displayName(a0.name, preferred: ["de"]) == "Hauptgebäude, Erdgeschoss")
        #expect(venue.displayName(a0.name, preferred: ["fr"]) == "Main building, ground floor")
        let cafeteria = try venue.poi("occ-cafeteria")
        #expect(cafeteria.name.byLanguage == ["en": "Cafeteria", "de": "Mensa"])
        #expect(venue.defaultLanguage == "en")
    }

    @Test func levelsCarryFloorNumbersAndElevations() throws {
        #expect(try venue.level("lvl-a1").floorNumber == 1)  // from the numeric short name
        #expect(try venue.level("lvl-b0").floorNumber == 0.5)  // from floor_number
        #expect(try venue.level("lvl-b0").elevationMeters == 1.2)  // from indoornav.json
        #expect(try venue.level("lvl-a2").elevationMeters == 8)  // ordinal 2 × 4 m
        #expect(try venue.level("lvl-a0").buildingIDs == ["bldg-main"])
        let main = try venue.building("HG")
        #expect(main.id == "bldg-main")
        #expect(abs((main.footprint?.areaSquareMeters ?? 0) - 800) < 0.1)
    }

    @Test func lookupsByExternalAndPrefixedIDs() throws {
        #expect(try venue.level("EG").id == "lvl-a0")
        #expect(try venue.level("default:lvl-a1").id == "lvl-a1")
        #expect(try venue.level("B1").id == "lvl-b1")
        #expect(try venue.poi("SAP-4711").id == "occ-cafeteria")
        #expect(try venue.poi("console:LAB-1").id == "occ-lab")
        #expect(try venue.poi("lab-chem").id == "occ-lab")
        #expect(try venue.poi("ATM-01").id == "am-atm")
        #expect(try venue.space("room-A0.04").id == "a0-r4")
        #expect(throws: VenueError.notFound(kind: "poi", id: "nothing")) { try venue.poi("nothing") }
    }

    @Test func universesFilterPOIsAndSpaces() {
        #expect(venue.universes.map(\.id) == ["public", "staff"])
        #expect(venue.universes[1].name.byLanguage["de"] == "Personal")
        // 7 public + 3 staff POIs; 4 POIs are in no universe, so in every one.
        #expect(venue.pois(inUniverse: "public").count == 11)
        let staff = Set(venue.pois(inUniverse: "staff").map(\.id))
        #expect(staff.count == 7 && staff.contains("am-first-aid") && !staff.contains("am-atm"))
        #expect(venue.spaces.first { $0.id == "b1-staff" }?.universes == ["staff"])
    }

    @Test func geometryIsInMetresFromTheDisplayPoint() throws {
        let r1 = try venue.space("a0-r1")
        #expect(abs(r1.polygon.areaSquareMeters - 80) < 0.05)
        #expect(near(r1.polygon.centroid, LocalPoint(x: 5, y: 4)))
        #expect(r1.restriction == "employeesonly" && r1.isWalkable)
        #expect(try venue.space("a0-shaft").isWalkable == false)
        #expect(near(try venue.poi("am-info").position, LocalPoint(x: 5, y: 10)))
        #expect(near(try venue.poi("occ-lab").position, LocalPoint(x: 5, y: 4)))
        #expect(try venue.poi("am-atm").spaceID == "a0-corridor")
        #expect(try venue.space("a1-r1").buildingID == "bldg-main")
    }

    /// Every door lies on the wall shared by the two spaces it joins, except the entrance and the
    /// library ends of the ramp and the bridge, which open onto one space of their level.
    @Test func openingsLieOnSharedWalls() {
        var oneSided: [String] = []
        for opening in venue.openings {
            let touching = venue.spaces.filter {
                $0.levelID == opening.levelID && $0.polygon.distanceToBoundary(opening.midpoint) < 0.01
            }
            #expect(touching.count <= 2, "\(opening.id)")
            if touching.count < 2 { oneSided.append(opening.id) }
        }
        #expect(oneSided.sorted() == ["a0-d-entrance", "b0-d-ramp", "b1-d-bridge"])
    }

    @Test func validatesWithoutErrors() {
        let issues = VenueValidator.validate(venue)
        #expect(issues.errors.isEmpty, "\(issues.errors)")
        #expect(venue.issues.isEmpty, "\(venue.issues)")
    }

    @Test func graphHookRunsWhenNoGraphIsAuthored() throws {
        let options = VenueLoadOptions(graphWhenNoneAuthored: { venue in
            var builder = NavigationGraph.Builder(source: .derived)
            builder.addNode(NavNode(point: .zero, levelIndex: 0))
            return venue.replacingGraph(builder.build())
        })
        let withGraph = try VenueLoader.load(path: TestPaths.campus, options: options)
        #expect(withGraph.graph.nodes.count == 1 && withGraph.graph.source == .derived)
    }
}
