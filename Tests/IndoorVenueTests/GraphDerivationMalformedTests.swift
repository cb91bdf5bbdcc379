import IndoorGeometry
import Testing

@testable import IndoorVenue

/// Derivation must survive broken geometry: report, never crash, never emit non-finite lengths.
@Suite struct GraphDerivationMalformedTests {
    typealias F = DerivationFixtures

    @Test func brokenGeometryIsReportedNotFatal() throws {
        let nan = Double.nan
        let levels = [
            Level(id: "L0", ordinal: 0), Level(id: "L1", ordinal: 1, outline: Polygon(exterior: [LocalPoint(x: nan, y: 0)])),
            Level(id: "L2", ordinal: 2, outline: F.rect(0, 0, 1e7, 1e7)),
        ]
        let spaces = [
            Space(id: "ok", category: "walkway", polygon: F.rect(0, 0, 10, 10), levelID: "L0"),
            Space(
                id: "nan", category: "room",
                polygon: Polygon(exterior: [LocalPoint(x: nan, y: 1), LocalPoint(x: 2, y: nan), LocalPoint(x: 3, y: 3)]), levelID: "L0"),
            Space(id: "empty", category: "room", polygon: Polygon(exterior: []), levelID: "L0"),
            Space(
                id: "line", category: "room", polygon: Polygon(exterior: [LocalPoint(x: 1, y: 1), LocalPoint(x: 5, y: 1)]), levelID: "L0"),
            Space(id: "orphan", category: "room", polygon: F.rect(0, 0, 5, 5), levelID: "nowhere"),
        ]
        let openings = [
            F.door("empty-line", 0, 0, 0, 0), Opening(id: "no-points", category: "pedestrian", line: Polyline([]), levelID: "L0"),
            F.door("nan-door", nan, 0, 0, nan), F.door("lost-door", 0, 5, 0, 6, level: "nowhere"), F.door("ok-door", 0, 4, 0, 6),
        ]
        let pois = [
            F.poi("nan-poi", nan, nan), F.poi("far-poi", 1e9, -1e9), F.poi("lost-poi", 1, 1, level: "nowhere"),
            F.poi("big-floor-poi", 5e6, 5e6, level: "L2"),
        ]
        let connectors = [
            Connector(
                id: "nan-stairs", kind: .stairs, levelIDs: ["L0", "L1"],
                entries: [.init(levelID: "L0", point: LocalPoint(x: nan, y: 0)), .init(levelID: "L1", point: LocalPoint(x: 1, y: 1))]),
            Connector(id: "one-level", kind: .elevator, levelIDs: ["L0"], entries: [.init(levelID: "L0", point: LocalPoint(x: 5, y: 5))]),
            Connector(id: "no-entries", kind: .escalator, levelIDs: ["L0", "L2"], entries: []),
            Connector(
                id: "bad-level", kind: .stairs, levelIDs: ["L0", "x"],
                entries: [.init(levelID: "L0", point: LocalPoint(x: 5, y: 5)), .init(levelID: "x", point: LocalPoint(x: 5, y: 5))]),
        ]
        let venue = F.venue(levels: levels, spaces: spaces, openings: openings, pois: pois, connectors: connectors)
        let (graph, issues) = GraphDerivation.derive(venue, options: try GraphDerivationOptions(gridMaxNodesPerLevel: 1000))
        #expect(issues.contains { $0.location.featureID == "L2" && $0.message.contains("spacing raised") })
        for e in graph.edges { #expect(e.lengthMeters.isFinite && e.lengthMeters >= 0, "\(e)") }
        for n in graph.nodes { #expect(n.point.isFinite, "\(n)") }
        let reported = Set(issues.compactMap(\.location.featureID))
        for id in [
            "nan-door", "no-points", "lost-door", "nan-poi", "far-poi", "lost-poi", "nan-stairs", "one-level", "no-entries", "bad-level",
        ] {
            #expect(reported.contains(id), "\(id) not reported")
        }
        #expect(issues.allSatisfy { $0.severity == .warning })
        // The usable part still works: the door of the walkway has an edge.
        let ok = graph.nodes.firstIndex { $0.featureID == "ok-door" }
        #expect(ok.map { !graph.arcs(from: $0).isEmpty } == true)
        // The spatial index over the result answers without trapping.
        let index = venue.replacingGraph(graph).spatialIndex
        _ = index.nearestEdge(to: LocalPoint(x: 1, y: 1), levelIndex: 0)
        _ = index.levelIndices(containing: LocalPoint(x: nan, y: 0))
        #expect(index.isWalkable(LocalPoint(x: 5, y: 5), levelIndex: 0))
    }

    @Test func cappedVisibilityStillConnectsLargeSpaces() throws {
        // The L corridor with the all-pairs limit forced down to 3 nodes per space.
        let options = try GraphDerivationOptions(fullVisibilityNodeLimit: 3, nearestVisibleNeighbours: 2)
        let (graph, _) = GraphDerivation.derive(F.lCorridor(), options: options)
        let entrance = try #require(F.node(graph, "entrance")), dB = try #require(F.node(graph, "dB"))
        let d = F.distances(graph, from: entrance)
        // (0, 1) → corner (20, 2) → (20, 15): at least the geodesic √(400 + 1) + 13.
        let geodesic = 401.0.squareRoot() + 13
        #expect(d[dB] >= geodesic - 1e-9 && d[dB] <= geodesic + 1)
        for id in ["dA", "dC", "pA", "pB"] { #expect(d[try #require(F.node(graph, id))] < .infinity, "\(id)") }
    }
}
