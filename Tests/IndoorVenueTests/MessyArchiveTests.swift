import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

/// The defects real IMDF archives have, one fixture each (`Fixtures/messy-*`, written by
/// `Tools/fixtures/messy_imdf.py`): every archive must give one connected derived graph.
@Suite struct MessyArchiveTests {
    /// Loads a fixture with its graph derived from the geometry.
    func load(_ name: String, options: VenueLoadOptions = VenueLoadOptions(useAuthoredGraph: false)) throws -> Venue {
        try VenueLoader.load(path: TestPaths.fixture(name), options: options)
    }

    /// Number of connected parts of the graph (edge directions ignored).
    func parts(_ venue: Venue) -> Int { venue.graph.components().count }

    /// The connector whose units include all of `unitIDs`' levels, by its entries' levels.
    func connector(_ venue: Venue, joining levelIDs: Set<String>, kind: ConnectorKind) -> Connector? {
        venue.connectors.first { $0.kind == kind && levelIDs.isSubset(of: Set($0.levelIDs)) }
    }

    @Test func offsetAndPartlyOverlappingConnectorsAreJoined() throws {
        let venue = try load("messy-offset-connectors")
        // Upstairs the stair is drawn 4 m west (box overlap 0.2) and the lift 2.2 m east (0.15).
        #expect(connector(venue, joining: ["L0", "L1"], kind: .stairs)?.id == "stacked-L0-stairs")
        #expect(connector(venue, joining: ["L0", "L1"], kind: .elevator)?.id == "stacked-L0-elevator")
        #expect(!venue.issues.contains { $0.message.contains("stacks with no unit") })
        // Both joins are named: the outlines overlap only in part.
        for unit in ["L0-stairs", "L0-elevator"] {
            #expect(
                venue.issues.about(unit).contains {
                    $0.severity == .warning && $0.location.field == "geometry" && $0.message.contains("overlap only in part")
                }, "\(venue.issues.about(unit))")
        }
        #expect(parts(venue) == 1)
    }

    /// A stair drawn beside its place upstairs and a lift that skips a floor still join the levels they
    /// serve, each with a warning saying why.
    @Test func connectorsApartOrSkippingAFloorJoinWithAWarning() throws {
        let venue = try load("messy-apart-connectors")
        let stairs = try #require(connector(venue, joining: ["L0", "L1", "L2"], kind: .stairs))
        #expect(stairs.id == "stacked-L0-stairs")
        let lift = try #require(connector(venue, joining: ["L0", "L2"], kind: .elevator))
        #expect(!lift.levelIDs.contains("L1"))
        let apart = venue.issues.about("L0-stairs").filter { $0.location.field == "geometry" }
        #expect(apart.count == 1 && apart[0].severity == .warning, "\(apart)")
        #expect(apart.first?.message.contains("joined to 'L1-stairs' on level 'L1'") == true)
        #expect(apart.first?.message.contains("do not overlap (0.2 m between them, centroids 6.0 m apart)") == true, "\(apart)")
        let skip = venue.issues.about("L0-elevator").filter { $0.location.field == "geometry" }
        #expect(skip.first?.message.contains("joined to 'L2-elevator'") == true, "\(skip)")
        #expect(skip.first?.message.contains("skips ordinal 1") == true, "\(skip)")
        // The overlapping L1 → L2 stair is an ordinary join: no warning.
        #expect(venue.issues.about("L1-stairs").isEmpty, "\(venue.issues.about("L1-stairs"))")
        #expect(!venue.issues.contains { $0.message.contains("stacks with no unit") })
        // The derived graph climbs both ways: a stairs edge L0 → L1 and a lift edge L0 → L2.
        let l0 = try venue.levelIndex("L0"), l1 = try venue.levelIndex("L1"), l2 = try venue.levelIndex("L2")
        func joins(_ kind: ConnectorKind, _ a: Int, _ b: Int) -> Bool {
            venue.graph.edges.contains { e in
                e.kind == .connector(kind)
                    && Set([Int(venue.graph.nodes[Int(e.from)].levelIndex), Int(venue.graph.nodes[Int(e.to)].levelIndex)]) == Set([a, b])
            }
        }
        #expect(joins(.stairs, l0, l1) && joins(.stairs, l1, l2) && joins(.elevator, l0, l2))
        #expect(parts(venue) == 1)
        // With no gap allowed the stair drawn aside stacks with nothing (and the option is what joins it).
        let strict = VenueLoadOptions(
            useAuthoredGraph: false, connectorDerivation: ConnectorDerivationOptions(maximumFootprintGapMeters: 0))
        let unjoined = try load("messy-apart-connectors", options: strict)
        #expect(connector(unjoined, joining: ["L0", "L1"], kind: .stairs) == nil)
        #expect(unjoined.issues.about("L0-stairs").contains { $0.message.contains("stacks with no unit") })
    }

    @Test func offsetBeyondTheToleranceIsNotJoined() throws {
        let strict = VenueLoadOptions(
            useAuthoredGraph: false,
            connectorDerivation: ConnectorDerivationOptions(maximumOffsetMeters: 3))
        let venue = try load("messy-offset-connectors", options: strict)
        // The stairs are 4 m apart: too far; the lifts 2.2 m: joined.
        #expect(connector(venue, joining: ["L0", "L1"], kind: .stairs) == nil)
        #expect(connector(venue, joining: ["L0", "L1"], kind: .elevator) != nil)
        #expect(venue.issues.about("L0-stairs").contains { $0.message.contains("stacks with no unit") })
    }

    @Test func levelsSharingAnOrdinalBothReachTheFloorAbove() throws {
        let venue = try load("messy-shared-ordinal")
        let indoor = try #require(connector(venue, joining: ["L0", "L1"], kind: .stairs))
        let outdoor = try #require(connector(venue, joining: ["L0-out", "L1"], kind: .stairs))
        #expect(indoor.id != outdoor.id)
        // No connector edge joins the two ground levels directly.
        let l0 = try venue.levelIndex("L0"), out = try venue.levelIndex("L0-out")
        #expect(
            !venue.graph.edges.contains { e in
                let a = Int(venue.graph.nodes[Int(e.from)].levelIndex), b = Int(venue.graph.nodes[Int(e.to)].levelIndex)
                return Set([a, b]) == Set([l0, out])
            })
        #expect(parts(venue) == 1)
    }

    @Test func aStairSkippingAMezzanineSpansTwoOrdinals() throws {
        let venue = try load("messy-tall-stair")
        let tall = try #require(connector(venue, joining: ["L0", "L2"], kind: .stairs))
        #expect(!tall.levelIDs.contains("L1"))
        #expect(connector(venue, joining: ["L0", "L1"], kind: .stairs)?.id == "stacked-L0-mezz-stairs")
        #expect(
            venue.issues.about("L0-stairs").contains {
                $0.message.contains("joined to 'L2-stairs'") && $0.message.contains("skips ordinal 1")
            })
        #expect(parts(venue) == 1)
    }

    @Test func openingsOffOrAcrossTheWallJoinBothSides() throws {
        let venue = try load("messy-openings")
        #expect(parts(venue) == 1)
        // Every room has a walkway edge (it is entered), and each door node has two or more edges.
        for opening in venue.openings {
            let node = try #require(venue.graph.nodes.firstIndex { $0.featureID == opening.id })
            #expect(venue.graph.arcs(from: node).count >= 2, "\(opening.id)")
        }
    }

    @Test func touchingWalkwaysAreJoinedWithoutOpenings() throws {
        let venue = try load("messy-touching-walkways")
        #expect(parts(venue) == 1)
        // The crossing between the west and middle walkway lies on their shared edge at x = 10.
        #expect(venue.graph.nodes.contains { abs($0.point.x - 10) < 0.05 && $0.point.y > 4 && $0.point.y < 7 })
    }

    @Test func corridorsNotDrawnAsUnitsAreTheOutlineMinusTheRooms() throws {
        let venue = try load("messy-no-corridors")
        #expect(parts(venue) == 1)
        // Walkway nodes in the undrawn corridor (y 3.8–7.2), none inside a room except door sides.
        let corridorNodes = venue.graph.nodes.filter { $0.point.y > 3.9 && $0.point.y < 7.1 }
        #expect(corridorNodes.count >= 50)
        #expect(venue.issues.filter { $0.message.contains("corridor grid point") }.isEmpty)
    }

    @Test func brokenFeaturesAreRepairedOrReportedWithTheirPlace() throws {
        let venue = try load("messy-broken-features")
        let corridor = try venue.space("L0-corridor")
        // The bow tie at the east end is cut off: the kept ring no longer crosses itself and keeps
        // almost all of the 30 m × 3 m corridor.
        #expect(!Polygon.ringSelfIntersects(corridor.polygon.exterior))
        #expect(corridor.polygon.areaSquareMeters > 85 && corridor.polygon.areaSquareMeters < 91)
        let crossing = try #require(venue.issues.about("L0-corridor").first)
        #expect(crossing.location.file == "unit.geojson" && crossing.message.contains("repaired"))
        // Ids used twice: the second feature is skipped, named by file and id.
        let duplicates = venue.issues.filter { $0.message.contains("already used") }
        #expect(Set(duplicates.map(\.location.featureID)) == ["L1-room-n0", "L1-door-n0"])
        #expect(Set(duplicates.map(\.location.file)) == ["unit.geojson", "opening.geojson"])
        // The level without units is a located warning.
        let issues = VenueValidator.validate(venue)
        #expect(issues.contains { $0.severity == .warning && $0.location.featureID == "L2" })
        // L0 and L1 form one part; the empty L2 is walked on its outline, alone.
        let (component, _) = venue.graph.components()
        let l2 = Int32(try venue.levelIndex("L2"))
        let parts = Set(venue.graph.nodes.indices.filter { venue.graph.nodes[$0].levelIndex != l2 }.map { component[$0] })
        #expect(parts.count == 1)
    }

    @Test func exteriorDoorsOfTwoBuildingsAreJoinedOutdoors() throws {
        let venue = try load("messy-two-buildings")
        #expect(parts(venue) == 1)
        let exit = try #require(venue.graph.nodes.firstIndex { $0.featureID == "A0-exit" })
        let entrance = try #require(venue.graph.nodes.firstIndex { $0.featureID == "B0-entrance" })
        let link = try #require(venue.graph.arcs(from: exit).first { Int($0.target) == entrance })
        // The doors are 10 m apart (x = 30 and x = 40 at y = 5.5).
        #expect(abs(venue.graph.edges[Int(link.edge)].lengthMeters - 10) < 0.01)
        // Without outdoor links the buildings fall apart.
        let none = try GraphDerivationOptions(outdoorLinkMaxMeters: 0)
        let apart = venue.replacingGraph(GraphDerivation.derive(venue, options: none).graph)
        #expect(parts(apart) == 2)
    }

    @Test func aTraversalBetweenUnitsOfOneLevelIsAWayAcross() throws {
        let venue = try load("messy-traversal")
        #expect(parts(venue) == 1)
        #expect(!VenueValidator.validate(venue).contains { $0.location.featureID == "walk-through" })
        // Without the relationship the two corridors (2 m apart, no opening) fall apart.
        let without = Venue(
            id: venue.id, name: venue.name, defaultLanguage: venue.defaultLanguage, frame: venue.frame,
            buildings: venue.buildings, levels: venue.levels, spaces: venue.spaces, openings: venue.openings,
            pois: venue.pois, connectors: [], graph: .empty)
        #expect(parts(without.replacingGraph(GraphDerivation.derive(without).graph)) == 2)
    }

    @Test func repairKeepsTheLargestLoopOfABowTie() {
        // A 10 × 10 square whose last corner was drawn past its neighbour: a small loop at (10, 10).
        let ring = [
            LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 11), LocalPoint(x: 11, y: 10),
            LocalPoint(x: 0, y: 10),
        ]
        #expect(Polygon.ringSelfIntersects(ring))
        let repaired = Polygon.repairedRing(ring)
        #expect(!Polygon.ringSelfIntersects(repaired))
        #expect(abs(abs(Polygon.signedArea(repaired)) - 100) < 1e-9)
    }
}

/// IMDF archives as `.zip` files, the IMDF distribution format.
@Suite struct ZipArchiveTests {
    @Test func aZippedArchiveLoadsLikeItsFolder() throws {
        let folder = TestPaths.fixture("messy-tall-stair")
        let zip = try TestPaths.temporaryFolder() + "/venue.zip"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.arguments = ["-q", "-r", zip, "."]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let options = VenueLoadOptions(useAuthoredGraph: false)
        let zipped = try VenueLoader.load(path: zip, options: options)
        let plain = try VenueLoader.load(path: folder, options: options)
        #expect(zipped.spaces.map(\.id) == plain.spaces.map(\.id))
        #expect(zipped.graph.nodes.count == plain.graph.nodes.count && zipped.graph.edges.count == plain.graph.edges.count)
    }

    @Test func aBrokenZipIsATypedErrorNamingTheFile() throws {
        let path = try TestPaths.temporaryFolder() + "/broken.zip"
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: path))
        switch loadResult(path) {
        case .failure(.badArchive(let p, let reason)):
            #expect(p == path)
            #expect(reason.contains("unzip"))
        case let other:
            Issue.record("expected badArchive, got \(other)")
        }
    }
}

/// `--level` and every other level reference: id, then ordinal or floor number, then name.
@Suite struct LevelReferenceTests {
    @Test func referencesResolveInOrderAndAmbiguityListsTheCandidates() throws {
        let venue = try VenueLoader.load(path: TestPaths.campus, options: VenueLoadOptions(graphWhenNoneAuthored: VenueLoadOptions.noGraph))
        #expect(try venue.level("lvl-a2").id == "lvl-a2")
        #expect(try venue.level("2").id == "lvl-a2")  // the only level of ordinal 2
        #expect(try venue.level("0.5").id == "lvl-b0")  // floor number 0.5 (no level has ordinal 0.5)
        #expect(try venue.level("b1").id == "lvl-b1")  // short name, any case
        do {
            _ = try venue.levelIndex("0")  // ordinal 0: main building and library
            Issue.record("expected an ambiguity error")
        } catch {
            guard case .ambiguous(let kind, let reference, let candidates) = error else { Issue.record("\(error)"); return }
            #expect(kind == "level" && reference == "0")
            #expect(candidates.count == 2)
            #expect(candidates.contains { $0.hasPrefix("lvl-a0 ") } && candidates.contains { $0.hasPrefix("lvl-b0 ") })
        }
        #expect(throws: VenueError.notFound(kind: "level", id: "7")) { try venue.levelIndex("7") }
    }
}
