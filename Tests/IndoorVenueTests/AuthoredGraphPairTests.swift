import Foundation
import IndoorGeometry
import Testing

@testable import IndoorVenue

/// Metres of 0.0001° of longitude at the fixtures' latitude (50.00005° N), from the prime vertical
/// radius of curvature of the WGS84 ellipsoid.
private let eastStepMeters: Double = {
    let a = 6_378_137.0, f = 1 / 298.257_223_563
    let e2 = f * (2 - f), phi = 50.00005 * Double.pi / 180
    let prime = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
    return prime * cos(phi) * .pi / 180 * 0.0001
}()

/// Writes an IMDF copy of `imdf-minimal` into a fresh folder with the given node and edge files (a
/// `nil` text leaves that file out), inside the archive or beside it.
private func pairVenue(nodes: String?, edges: String?, beside: Bool = false) throws -> (root: String, archive: String) {
    let root = try TestPaths.temporaryFolder()
    let archive = root + "/IMDFData"
    try FileManager.default.copyItem(atPath: TestPaths.fixture("imdf-minimal"), toPath: archive)
    let target = beside ? root : archive
    if let nodes { try nodes.write(toFile: target + "/node.geojson", atomically: true, encoding: .utf8) }
    if let edges { try edges.write(toFile: target + "/edge.geojson", atomically: true, encoding: .utf8) }
    return (root, archive)
}

private func collection(_ features: [String]) -> String {
    "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}\n"
}

private func point(_ id: String?, _ properties: String, x: Double = 10.00005) -> String {
    let idMember = id.map { "\"id\": \($0), " } ?? ""
    let geometry = "{\"type\": \"Point\", \"coordinates\": [\(x), 50.00005]}"
    return "{\"type\": \"Feature\", \(idMember)\"geometry\": \(geometry), \"properties\": {\(properties)}}"
}

private func line(_ id: String?, _ properties: String) -> String {
    let idMember = id.map { "\"id\": \($0), " } ?? ""
    return "{\"type\": \"Feature\", \(idMember)\"geometry\": null, \"properties\": {\(properties)}}"
}

@Suite struct AuthoredGraphPairTests {
    @Test func fixtureVenueLoadsThePair() throws {
        let venue = try VenueLoader.load(path: TestPaths.fixture("imdf-node-edge"))
        let graph = venue.graph
        #expect(graph.source == .authored)
        // Integer feature ids, a property id, string ids; `ref` names the POI.
        #expect(graph.nodes.map(\.featureID) == ["occ0", "2", "n3", "4"])
        #expect(graph.nodes.map(\.kind) == [.poi, .connectorEntry, .waypoint, .waypoint])
        // Levels by id (`level_id`, `level`), by integer ordinal (0) and by ordinal text ("1").
        #expect(graph.nodes.map { venue.levels[Int($0.levelIndex)].id } == ["L0", "L0", "L1", "L1"])
        try #require(graph.edges.count == 3)
        // Integer ids in `nodes` find nodes with integer or text ids.
        #expect(graph.edges.map(\.from) == [0, 1, 2] && graph.edges.map(\.to) == [1, 2, 3])
        #expect(graph.edges[0].kind == .walkway && abs(graph.edges[0].lengthMeters - 2 * eastStepMeters) < 0.01)
        #expect(graph.edges[1].kind == .connector(.stairs) && graph.edges[1].connectorIndex == 0)
        #expect(abs(graph.edges[1].lengthMeters - 4) < 1e-6)  // straight up the 4 m storey
        #expect(graph.edges[2].kind == .door)
        #expect(venue.issues.errors.isEmpty, "\(venue.issues.errors)")
        // What was not understood: one warning per file and property, naming the first feature.
        let unread = venue.issues.warnings.filter { $0.message.hasPrefix("property not understood") }
        #expect(unread.count == 2, "\(unread)")
        #expect(
            unread.contains {
                $0.location == SourceLocation(file: "node.geojson", featureID: "1", field: "weight")
                    && $0.message.contains("and on 1 more features")
            })
        #expect(unread.contains { $0.location == SourceLocation(file: "edge.geojson", featureID: "e1", field: "colour") })
        // The pair is a known archive member: no unknown-file warning.
        #expect(!venue.issues.contains { $0.location.file == "node.geojson" && $0.message.contains("unknown") })
    }

    @Test func pairBesideTheArchiveIsFound() throws {
        let text = try String(contentsOfFile: TestPaths.fixture("imdf-node-edge/node.geojson"), encoding: .utf8)
        let edges = try String(contentsOfFile: TestPaths.fixture("imdf-node-edge/edge.geojson"), encoding: .utf8)
        let (root, _) = try pairVenue(nodes: text, edges: edges, beside: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let venue = try VenueLoader.load(path: root)
        #expect(venue.graph.source == .authored && venue.graph.nodes.count == 4 && venue.graph.edges.count == 3)
        // An explicit folder holding the pair does the same.
        let explicit = try VenueLoader.load(path: root + "/IMDFData", options: VenueLoadOptions(graphPath: root))
        #expect(explicit.graph.edges.count == 3)
    }

    /// The venue says which files its graph came from: the pair in the archive, beside it, or in a
    /// folder given explicitly; nothing for a derived graph.
    @Test func theGraphFilesAreNamed() throws {
        let inArchive = try VenueLoader.load(path: TestPaths.fixture("imdf-node-edge"))
        #expect(inArchive.graphFiles.map { ($0 as NSString).lastPathComponent } == ["node.geojson", "edge.geojson"])
        let text = try String(contentsOfFile: TestPaths.fixture("imdf-node-edge/node.geojson"), encoding: .utf8)
        let edges = try String(contentsOfFile: TestPaths.fixture("imdf-node-edge/edge.geojson"), encoding: .utf8)
        let (root, archive) = try pairVenue(nodes: text, edges: edges, beside: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try VenueLoader.load(path: root).graphFiles == [root + "/node.geojson", root + "/edge.geojson"])
        #expect(try VenueLoader.load(path: archive, options: VenueLoadOptions(graphPath: root)).graphFiles.count == 2)
        let derived = try VenueLoader.load(path: archive, options: VenueLoadOptions(useAuthoredGraph: false))
        #expect(derived.graph.source == .derived && derived.graphFiles.isEmpty)
        // A graph.geojson in an explicit folder is found the same way.
        let single = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: single) }
        try FileManager.default.copyItem(
            atPath: TestPaths.fixture("graphs/graph-basic.geojson"), toPath: single + "/graph.geojson")
        let fromFolder = try VenueLoader.load(path: archive, options: VenueLoadOptions(graphPath: single))
        #expect(fromFolder.graph.source == .authored && fromFolder.graphFiles == [single + "/graph.geojson"])
    }

    /// An explicit graph folder must hold a graph: half a pair names the missing file, an empty folder
    /// says what was looked for.
    @Test func anExplicitFolderWithoutAGraphIsAnError() throws {
        let (root, archive) = try pairVenue(nodes: nil, edges: nil)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/graph"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            _ = try VenueLoader.load(path: archive, options: VenueLoadOptions(graphPath: folder))
            Issue.record("an empty graph folder loaded")
        } catch {
            guard case .unsupportedFormat(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path == folder && reason.contains("node.geojson + edge.geojson") && reason.contains("graph.geojson"))
        }
        try collection([]).write(toFile: folder + "/edge.geojson", atomically: true, encoding: .utf8)
        #expect(throws: VenueError.missingFile(path: folder + "/node.geojson")) {
            try VenueLoader.load(path: archive, options: VenueLoadOptions(graphPath: folder))
        }
    }

    @Test func halfAPairIsAWarningAndTheGraphIsDerived() throws {
        let (root, archive) = try pairVenue(nodes: collection([point("1", "\"level\": \"L0\"")]), edges: nil)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let venue = try VenueLoader.load(path: archive)
        #expect(venue.graph.source == .derived)
        #expect(venue.issues.warnings.contains { $0.location.file == "node.geojson" && $0.message.contains("without edge.geojson") })
        // Asked for explicitly, a folder lacking one of the files is a missing-file error.
        #expect(throws: VenueError.missingFile(path: root + "/IMDFData/edge.geojson")) {
            try VenueLoader.load(path: archive, options: VenueLoadOptions(graphPath: archive))
        }
    }

    @Test func malformedFeaturesAreSkippedWithTheirFileFeatureAndField() throws {
        let nodes = collection([
            point("1", "\"level_id\": \"L0\""),
            point("2", "\"level_id\": \"L0\"", x: 10.00025),
            point("1", "\"level_id\": \"L0\""),  // duplicate id
            point("\"ghost-level\"", "\"level_id\": \"L9\""),  // unknown level
            point("\"no-ordinal\"", "\"level\": 7"),  // no level has ordinal 7
            point("\"bool-level\"", "\"level\": true"),
            point("\"no-level\"", "\"kind\": \"door\""),
            point(nil, "\"level\": \"L0\""),  // no id at all (#7)
            "{\"type\": \"Feature\", \"id\": \"not-a-point\", \"geometry\": {\"type\": \"LineString\", \"coordinates\": [[10, 50], [10.0001, 50]]}, \"properties\": {\"level\": \"L0\"}}",
            point("\"bad-kind\"", "\"level\": \"L0\", \"kind\": \"portal\""),
        ])
        let edges = collection([
            line("\"ok\"", "\"nodes\": [1, 2]"),
            line("\"to-ghost\"", "\"nodes\": [1, 99]"),
            line("\"from-ghost\"", "\"nodes\": [\"zz\", 2]"),
            line("\"one-end\"", "\"nodes\": [1]"),
            line("\"fraction\"", "\"nodes\": [1, 2.5]"),
            line("\"no-nodes\"", "\"level\": \"L0\""),
            line("\"wrong-level\"", "\"nodes\": [1, 2], \"level\": \"L1\""),
            line("\"unknown-level\"", "\"nodes\": [1, 2], \"level\": [\"L0\", \"L7\"]"),
            line("\"ok\"", "\"nodes\": [2, 1]"),  // duplicate edge id
            "{\"type\": \"Feature\", \"id\": \"point-edge\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [10, 50]}, \"properties\": {\"nodes\": [1, 2]}}",
        ])
        let (root, archive) = try pairVenue(nodes: nodes, edges: edges)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let venue = try VenueLoader.load(path: archive)
        #expect(venue.graph.nodes.count == 2 && venue.graph.edges.count == 1)
        let errors = venue.issues.errors
        func has(_ file: String, _ feature: String, _ field: String, _ words: String) -> Bool {
            errors.contains {
                $0.location == SourceLocation(file: file, featureID: feature, field: field) && $0.message.contains(words)
            }
        }
        #expect(has("node.geojson", "1", "id", "used twice"))
        #expect(has("node.geojson", "ghost-level", "level_id", "unknown level 'L9'"))
        #expect(has("node.geojson", "no-ordinal", "level", "no level has ordinal 7"))
        #expect(has("node.geojson", "bool-level", "level", "expected a level id or an integer ordinal"))
        #expect(has("node.geojson", "no-level", "level_id", "required property is missing"))
        #expect(has("node.geojson", "#7", "id", "node has no id"))
        #expect(has("node.geojson", "not-a-point", "geometry", "must be a Point, found LineString"))
        #expect(has("node.geojson", "bad-kind", "kind", "'portal'"))
        #expect(has("edge.geojson", "to-ghost", "nodes", "missing node '99'"))
        #expect(has("edge.geojson", "from-ghost", "nodes", "missing node 'zz'"))
        #expect(has("edge.geojson", "one-end", "nodes", "expected two node ids, found 1"))
        #expect(has("edge.geojson", "fraction", "nodes", "2.5"))
        #expect(has("edge.geojson", "no-nodes", "nodes", "required property is missing"))
        #expect(has("edge.geojson", "wrong-level", "level", "on level 'L1' but its nodes are on L0"))
        #expect(has("edge.geojson", "unknown-level", "level", "unknown level 'L7'"))
        #expect(has("edge.geojson", "ok", "id", "used twice"))
        #expect(has("edge.geojson", "point-edge", "geometry", "found Point"))
        #expect(errors.count == 17, "\(errors)")
    }

    @Test func ambiguousOrdinalIsAnError() throws {
        // Two levels with ordinal 0 in a copy of the minimal archive.
        let (root, archive) = try pairVenue(
            nodes: collection([point("1", "\"level\": 0")]), edges: collection([]))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let levels = try String(contentsOfFile: archive + "/level.geojson", encoding: .utf8)
        try levels.replacingOccurrences(of: "\"ordinal\": 1", with: "\"ordinal\": 0")
            .write(toFile: archive + "/level.geojson", atomically: true, encoding: .utf8)
        let venue = try VenueLoader.load(path: archive)
        #expect(
            venue.issues.errors.contains {
                $0.location == SourceLocation(file: "node.geojson", featureID: "1", field: "level")
                    && $0.message.contains("ordinal 0 is ambiguous: levels L0, L1")
            })
    }

    @Test func aFileThatIsNotAFeatureCollectionThrows() throws {
        let (root, archive) = try pairVenue(nodes: collection([]), edges: "[1, 2]")
        defer { try? FileManager.default.removeItem(atPath: root) }
        guard case .failure(.invalidFeature(let location, let problem)) = loadResult(archive) else {
            Issue.record("expected invalidFeature"); return
        }
        #expect(location.file == "edge.geojson" && problem.contains("FeatureCollection"))
    }
}
