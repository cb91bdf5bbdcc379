import IndoorGeometry
import Testing

@testable import IndoorVenue

/// A two-level venue built by hand, with one flaw per test.
private func square(_ x: Double, _ y: Double, _ size: Double = 10) -> Polygon {
    Polygon(exterior: [
        LocalPoint(x: x, y: y), LocalPoint(x: x + size, y: y), LocalPoint(x: x + size, y: y + size), LocalPoint(x: x, y: y + size),
    ])
}

private func makeVenue(
    spaces: [Space]? = nil, connectors: [Connector]? = nil, pois: [PointOfInterest] = [],
    graph: NavigationGraph = .empty, levels: [Level]? = nil
) -> Venue {
    let levels = levels ?? [Level(id: "L0", ordinal: 0), Level(id: "L1", ordinal: 1)]
    let spaces =
        spaces ?? [
            Space(id: "s0", category: "room", polygon: square(0, 0), levelID: "L0"),
            Space(id: "s1", category: "room", polygon: square(0, 0), levelID: "L1"),
        ]
    let connectors =
        connectors ?? [
            Connector(
                id: "c0", kind: .stairs, levelIDs: ["L0", "L1"],
                entries: [.init(levelID: "L0", point: .zero), .init(levelID: "L1", point: .zero)])
        ]
    return Venue(
        id: "v", name: LocalizedName(), defaultLanguage: "en",
        frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 47, longitudeDegrees: 8)),
        buildings: [], levels: levels, spaces: spaces, openings: [], pois: pois, connectors: connectors, graph: graph)
}

@Suite struct ValidationTests {
    @Test func cleanVenueHasNoIssues() {
        #expect(VenueValidator.validate(makeVenue()).isEmpty)
    }

    @Test func loaderIssuesComeFirst() {
        let loaded = VenueIssue.warning(SourceLocation(file: "unit.geojson", featureID: "x"), "something")
        let venue = makeVenue().replacingGraph(.empty, addingWarnings: [loaded])
        #expect(VenueValidator.validate(venue) == [loaded])
    }

    @Test func duplicateIDsAreErrors() {
        let spaces = [
            Space(id: "s0", category: "room", polygon: square(0, 0), levelID: "L0"),
            Space(id: "s0", category: "room", polygon: square(20, 0), levelID: "L0"),
            Space(id: "L1", category: "room", polygon: square(0, 0), levelID: "L1"),
        ]
        let issues = VenueValidator.validate(makeVenue(spaces: spaces))
        #expect(issues.map(\.description) == ["spaces: s0: id is used by more than one feature", "spaces: L1: id is also used in levels"])
        #expect(issues.allSatisfy { $0.severity == .error })
    }

    @Test func connectorsNeedTwoLevels() {
        let connectors = [
            Connector(id: "lift", kind: .elevator, levelIDs: ["L0"], entries: [.init(levelID: "L0", point: .zero)]),
            Connector(id: "ghost", kind: .stairs, levelIDs: ["L0", "L9"], entries: []),
        ]
        let issues = VenueValidator.validate(makeVenue(connectors: connectors))
        #expect(
            issues.map(\.description) == [
                "connectors: lift: elevator serves 1 level(s); a connector needs two",
                "connectors: ghost: serves unknown level 'L9'",
                "connectors: ghost: stairs serves 1 level(s); a connector needs two",
            ])
    }

    @Test func levelWithoutSpacesIsAWarning() {
        let levels = [Level(id: "L0", ordinal: 0), Level(id: "L1", ordinal: 1), Level(id: "L2", ordinal: 2)]
        let issues = VenueValidator.validate(makeVenue(levels: levels))
        #expect(issues.map(\.description) == ["levels: L2: level has no spaces"])
        #expect(issues.first?.severity == .warning)
    }

    @Test func unreachablePOIs() {
        // Main component: three nodes on L0 joined in a line; an island node on L1.
        var builder = NavigationGraph.Builder(source: .authored)
        for x in [0.0, 5, 10] { builder.addNode(NavNode(point: LocalPoint(x: x, y: 0), levelIndex: 0)) }
        builder.addNode(NavNode(point: LocalPoint(x: 0, y: 0), levelIndex: 1))
        builder.addEdge(NavEdge(from: 0, to: 1, kind: .walkway, lengthMeters: 5))
        builder.addEdge(NavEdge(from: 1, to: 2, kind: .walkway, lengthMeters: 5))
        func poi(_ id: String, _ x: Double, _ level: String) -> PointOfInterest {
            PointOfInterest(
                id: id, category: "shop", name: LocalizedName(), position: LocalPoint(x: x, y: 1), levelID: level, source: .amenity)
        }
        let pois = [poi("near", 9, "L0"), poi("far", 40, "L0"), poi("island", 1, "L1")]
        let issues = VenueValidator.validate(makeVenue(pois: pois, graph: builder.build()))
        #expect(
            issues.map(\.description) == [
                "pois: far: unreachable: no graph node on its level within 15 m",
                "pois: island: unreachable: its nearest graph node is not connected to the main graph",
            ])
        // A wider limit makes "far" (30 m from the last node) reachable.
        let wide = VenueValidator.validate(
            makeVenue(pois: pois, graph: builder.build()),
            options: .init(poiToGraphMaxDistanceMeters: 31))
        #expect(wide.map { $0.location.featureID } == ["island"])
    }

    @Test func missingGraphIsOneWarning() {
        let poi = PointOfInterest(id: "p", category: "shop", name: LocalizedName(), position: .zero, levelID: "L0", source: .unit)
        let issues = VenueValidator.validate(makeVenue(pois: [poi]))
        #expect(issues.count == 1 && issues.first?.location.file == "graph" && issues.first?.severity == .warning)
    }
}
