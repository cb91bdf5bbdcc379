import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

/// Metres per degree on the WGS84 ellipsoid at a latitude, from the radii of curvature (a method
/// independent of the ECEF conversion in `LocalFrame`).
private func metersPerDegree(latitudeDegrees: Double) -> (east: Double, north: Double) {
    let a = 6_378_137.0, f = 1 / 298.257_223_563
    let e2 = f * (2 - f)
    let s = sin(latitudeDegrees * .pi / 180)
    let w = (1 - e2 * s * s).squareRoot()
    let prime = a / w, meridional = a * (1 - e2) / (w * w * w)
    return (prime * cos(latitudeDegrees * .pi / 180) * .pi / 180, meridional * .pi / 180)
}

/// 0.0001° east and north at the fixtures' latitude (50.00005° N), in metres.
private let step = metersPerDegree(latitudeDegrees: 50.00005)
private let eastStep = step.east * 0.0001, northStep = step.north * 0.0001

@Suite struct AuthoredGraphNavPathTests {
    let venue: Venue

    init() throws { venue = try VenueLoader.load(path: TestPaths.fixture("imdf-navpath")) }

    func node(_ id: String) -> Int? { venue.graph.nodes.firstIndex { $0.featureID == id } }

    func edge(_ a: String, _ b: String) -> NavEdge? {
        guard let i = node(a), let j = node(b) else { return nil }
        return venue.graph.edges.first { Set([Int($0.from), Int($0.to)]) == Set([i, j]) }
    }

    @Test func nodesAndLevels() throws {
        let graph = venue.graph
        #expect(graph.source == .authored)
        #expect(graph.nodes.count == 5)  // p5 is on an unknown level
        // p0 is associated with the occupant: kind poi, feature id of the POI.
        let p0 = try #require(node("occ0"))
        #expect(graph.nodes[p0].kind == .poi)
        // p3 has no level: placed on the ground level L0.
        let p3 = try #require(node("p3"))
        #expect(venue.levels[Int(graph.nodes[p3].levelIndex)].id == "L0")
        #expect(venue.issues.contains { $0.severity == .warning && $0.message.hasPrefix("1 nodes have no level") })
    }

    @Test func edgesAreDedupedAndClassified() throws {
        #expect(venue.graph.edges.count == 5)
        let walk = try #require(edge("occ0", "p1"))
        #expect(walk.kind == .walkway && abs(walk.lengthMeters - 2 * eastStep) < 0.01)
        let outdoorSameLevel = try #require(edge("occ0", "p3"))
        #expect(outdoorSameLevel.kind == .walkway)
        let stairs = try #require(edge("p1", "p2"))
        #expect(stairs.kind == .connector(.stairs) && !stairs.isAccessible && !stairs.isOneWay)
        #expect(abs(stairs.lengthMeters - 4) < 0.01)  // straight above: the 4 m storey
        #expect(stairs.connectorIndex == 0)
        let entrance = try #require(edge("p4", "p3"))
        #expect(entrance.kind == .door && abs(entrance.lengthMeters - eastStep) < 0.01)
        #expect(edge("p4", "p2")?.kind == .walkway)
    }

    @Test func problemsAreReported() {
        let issues = venue.issues
        #expect(issues.contains { $0.severity == .error && $0.location.featureID == "p5" && $0.location.field == "level_id" })
        #expect(issues.contains { $0.severity == .error && $0.location.featureID == "p2" && $0.message.contains("'ghost'") })
        #expect(issues.contains { $0.severity == .warning && $0.message.hasPrefix("3 neighbour links are listed by one end only") })
        #expect(issues.contains { $0.location.file == "navPathAssocieted.geojson" && $0.message.hasPrefix("1 associations") })
    }

    @Test func authoredGraphCanBeIgnored() throws {
        let ignored = VenueLoadOptions(useAuthoredGraph: false, graphWhenNoneAuthored: VenueLoadOptions.noGraph)
        #expect(try VenueLoader.load(path: TestPaths.fixture("imdf-navpath"), options: ignored).graph.nodes.isEmpty)
        let derived = try VenueLoader.load(path: TestPaths.fixture("imdf-navpath"), options: VenueLoadOptions(useAuthoredGraph: false))
        #expect(derived.graph.source == .derived)
    }
}

@Suite struct AuthoredGraphNodeEdgeTests {
    let venue: Venue

    init() throws {
        venue = try VenueLoader.load(
            path: TestPaths.fixture("imdf-minimal"),
            options: VenueLoadOptions(graphPath: TestPaths.fixture("graphs/graph-basic.geojson")))
    }

    @Test func nodesKeepKindsAndReferences() {
        let nodes = venue.graph.nodes
        #expect(nodes.map(\.featureID) == ["occ0", "n1", "n2", "n3"])
        #expect(nodes.map(\.kind) == [.poi, .connectorEntry, .waypoint, .door])
        #expect(nodes.map(\.levelIndex) == [0, 0, 1, 1])
        #expect(near(nodes[0].point, LocalPoint(x: 0.5 * eastStep, y: 0.5 * northStep)))
    }

    @Test func edgesTakeDefaultsAndGivenValues() throws {
        let edges = venue.graph.edges
        try #require(edges.count == 5)
        // Geometry with a bend: 0.4 steps north, then the diagonal back down to n1.
        let bent = 0.4 * northStep + ((2 * eastStep) * (2 * eastStep) + (0.4 * northStep) * (0.4 * northStep)).squareRoot()
        #expect(edges[0].kind == .walkway && abs(edges[0].lengthMeters - bent) < 0.01 && edges[0].modes == .pedestrian)
        // Levels differ, no kind: a generic connector over the 4 m storey, not accessible by default.
        #expect(edges[1].kind == .connector(.connector) && abs(edges[1].lengthMeters - 4) < 1e-6 && !edges[1].isAccessible)
        #expect(edges[2].kind == .connector(.elevator) && edges[2].isOneWay && edges[2].fixedSeconds == 12)
        #expect(edges[2].lengthMeters == 9.5 && !edges[2].isAccessible)
        #expect(edges[3].kind == .door && edges[3].modes == .all && abs(edges[3].lengthMeters - 2 * eastStep) < 0.01)
        // connector_id gives the kind and the connector.
        #expect(edges[4].kind == .connector(.stairs) && edges[4].connectorIndex == 0 && abs(edges[4].lengthMeters - 4) < 1e-6)
        #expect(AuthoredGraphOptions().defaultFixedSeconds(.connector(.elevator)) == 30)
    }

    @Test func badFeaturesAreSkippedWithErrors() {
        let errors = venue.issues.errors
        #expect(errors.count == 7, "\(errors)")
        #expect(errors.allSatisfy { $0.location.file == "graph-basic.geojson" })
        #expect(errors.contains { $0.location.field == "to" && $0.message.contains("missing node 'missing'") })
        #expect(errors.contains { $0.location.field == "kind" && $0.message.contains("teleporter") })
        #expect(errors.contains { $0.location.field == "modes" })
        #expect(errors.contains { $0.location.field == "length_m" })
        #expect(errors.contains { $0.location.featureID == "n-bad-level" && $0.message.contains("'L9'") })
        #expect(errors.contains { $0.location.featureID == "n-bad-coords" && $0.message.contains("non-numeric") })
        #expect(errors.contains { $0.location.featureID == "n-no-level" && $0.location.field == "level_id" })
    }

    @Test func truncatedGraphFileThrows() {
        let options = VenueLoadOptions(graphPath: TestPaths.fixture("graphs/graph-truncated.geojson"))
        guard case .failure(.malformedJSON(let path, let line, _, _)) = loadResult(TestPaths.fixture("imdf-minimal"), options: options)
        else {
            Issue.record("expected malformedJSON"); return
        }
        // The file ends inside its third line.
        let text = (try? String(contentsOfFile: TestPaths.fixture("graphs/graph-truncated.geojson"), encoding: .utf8)) ?? ""
        #expect(path == "graph-truncated.geojson" && line == text.filter { $0 == "\n" }.count + 1 && line == 3)
    }

    @Test func missingGraphFileThrows() {
        let options = VenueLoadOptions(graphPath: "no-such-graph.geojson")
        guard case .failure(.missingFile(let path)) = loadResult(TestPaths.fixture("imdf-minimal"), options: options) else {
            Issue.record("expected missingFile"); return
        }
        #expect(path == "no-such-graph.geojson")
    }
}
