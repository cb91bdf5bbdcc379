import Foundation
import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorVenue

/// Cross-references between the generated files, and the graph's connectivity.
@Suite struct SyntheticVenueConsistencyTests {
    static let configuration = try? SyntheticVenueConfiguration.sized(levels: 4, parking: 2, towers: 3, corridors: 2, scale: 0.25, seed: 11)

    func generated() throws -> GeneratedSyntheticVenue {
        try GeneratedSyntheticVenue(try #require(Self.configuration))
    }

    @Test func everyReferenceResolves() throws {
        let venue = try generated()
        defer { venue.remove() }
        let levels = try venue.ids("level"), units = try venue.ids("unit"), buildings = try venue.ids("building")
        let anchors = try venue.ids("anchor")
        for name in ["level", "unit", "opening", "amenity", "anchor", "occupant", "relationship", "building"] {
            let features = try venue.features(name)
            #expect(Set(features.compactMap { $0["id"]?.string }).count == features.count, "\(name) ids are unique")
            #expect(features.allSatisfy { $0["feature_type"]?.string == name }, "\(name) feature_type")
        }
        for level in try venue.features("level") {
            #expect(Set(level["properties"]?["building_ids"]?.array?.compactMap(\.string) ?? []) == buildings)
        }
        for feature in try venue.features("unit") + venue.features("opening") {
            let level = try #require(feature["properties"]?["level_id"]?.string)
            #expect(levels.contains(level), "\(feature["id"]?.string ?? "?") names level \(level)")
        }
        for amenity in try venue.features("amenity") {
            let ids = amenity["properties"]?["unit_ids"]?.array?.compactMap(\.string) ?? []
            #expect(!ids.isEmpty && ids.allSatisfy(units.contains))
        }
        for anchor in try venue.features("anchor") {
            #expect(units.contains(anchor["properties"]?["unit_id"]?.string ?? ""))
        }
        for occupant in try venue.features("occupant") {
            #expect(anchors.contains(occupant["properties"]?["anchor_id"]?.string ?? ""))
        }
        for relationship in try venue.features("relationship") {
            let p = relationship["properties"]
            var refs = [p?["origin"], p?["destination"]].compactMap { $0?["id"]?.string }
            refs += p?["intermediary"]?.array?.compactMap { $0["id"]?.string } ?? []
            #expect(refs.count >= 2 && refs.allSatisfy(units.contains), "\(relationship["id"]?.string ?? "?")")
        }
    }

    @Test func namesComeInTwoLanguages() throws {
        let venue = try generated()
        defer { venue.remove() }
        for feature in try venue.features("amenity") + venue.features("occupant") + venue.features("level") + venue.features("building") {
            let name = feature["properties"]?["name"]
            #expect(name?["en"]?.string?.isEmpty == false && name?["de"]?.string?.isEmpty == false)
        }
    }

    @Test func graphReferencesResolveAndGraphIsConnected() throws {
        let venue = try generated()
        defer { venue.remove() }
        let graph = try SyntheticGraphFile(venue)
        let openings = try venue.ids("opening"), relationships = try venue.ids("relationship")
        let pois = try venue.ids("amenity").union(venue.ids("occupant"))
        for node in graph.nodes {
            switch node.kind {
            case "door": #expect(openings.contains(node.ref ?? ""))
            case "poi": #expect(pois.contains(node.ref ?? ""))
            case "connectorEntry": #expect(relationships.contains(node.ref ?? ""))
            default: #expect(node.kind == nil && node.ref == nil)
            }
        }
        #expect(graph.danglingEdgeEnds == 0)
        for edge in graph.edges where edge.connectorID != nil {
            #expect(relationships.contains(edge.connectorID ?? ""))
            #expect(graph.nodes[Int(edge.from)].level != graph.nodes[Int(edge.to)].level)
        }
        // Every relationship has at least one graph edge.
        #expect(Set(graph.edges.compactMap(\.connectorID)) == relationships)
        // Connected, ignoring direction, through NavigationGraph's own component search.
        #expect(graph.navigationGraph().components().count == 1)
        #expect(graph.nodes.count == venue.summary.graphNodes && graph.edges.count == venue.summary.graphEdges)
    }

    @Test func escalatorsRunOneWayBetweenTheirLevels() throws {
        let venue = try generated()
        defer { venue.remove() }
        let graph = try SyntheticGraphFile(venue)
        let ordinal = Dictionary(
            uniqueKeysWithValues: try venue.features("level").compactMap { level -> (String, Int)? in
                guard let id = level["id"]?.string, let o = level["properties"]?["ordinal"]?.int else { return nil }
                return (id, o)
            })
        let escalators = graph.edges.filter { $0.kind == "escalator" }
        // 3 towers × 3 flights between 4 above-ground levels × (up + down).
        #expect(escalators.count == 3 * 3 * 2)
        for edge in escalators {
            #expect(edge.isOneWay)
            let from = ordinal[graph.nodes[Int(edge.from)].level] ?? 0, to = ordinal[graph.nodes[Int(edge.to)].level] ?? 0
            #expect(abs(from - to) == 1)
            #expect((to > from) == (edge.connectorID?.contains("-up-") == true))
        }
        let directed = try venue.features("relationship").filter { $0["properties"]?["direction"]?.string == "directed" }
        #expect(directed.count == escalators.count)
    }

    @Test func carsReachEveryBayFromTheDropOff() throws {
        let venue = try generated()
        defer { venue.remove() }
        let graph = try SyntheticGraphFile(venue)
        let vehicleEdges = graph.edges.filter(\.allowsVehicles)
        #expect(vehicleEdges.contains { $0.kind == "driveRamp" })
        #expect(graph.edges.filter { $0.kind == "driveRamp" }.allSatisfy { !$0.allowsPedestrians })
        let carGraph = NavigationGraph(
            nodes: graph.navigationGraph().nodes,
            edges: vehicleEdges.map {
                NavEdge(from: $0.from, to: $0.to, kind: .walkway, lengthMeters: 1)
            }, source: .derived)
        let (component, _) = carGraph.components()
        let bays = try Set(
            venue.features("unit").filter { $0["properties"]?["category"]?.string == "parking" }.compactMap { $0["id"]?.string })
        let openingOfBay = try Set(
            venue.features("opening").filter { $0["properties"]?["category"]?.string == "automobile" }
                .compactMap { $0["id"]?.string })
        #expect(bays.count == 3 * 2 * (2 * 8 * 2 - 4))  // towers × parking levels × (slots − connector slots)
        let dropOffs = graph.nodes.indices.filter {
            graph.nodes[$0].ref?.contains("driveramp-P1-L0") == true && graph.nodes[$0].level == "L0"
        }
        #expect(dropOffs.count == 3)
        let bayDoors = graph.nodes.indices.filter { graph.nodes[$0].kind == "door" && openingOfBay.contains(graph.nodes[$0].ref ?? "") }
        #expect(bayDoors.count == openingOfBay.count)
        for dropOff in dropOffs {
            #expect(bayDoors.allSatisfy { component[$0] == component[dropOff] })
        }
    }
}

/// `graph.geojson` parsed independently of any loader.
struct SyntheticGraphFile {
    struct Node { var level: String; var kind: String?; var ref: String?; var position: GeoCoordinate }
    struct Edge {
        var from: Int32, to: Int32, kind: String?, isOneWay: Bool, allowsPedestrians: Bool, allowsVehicles: Bool
        var connectorID: String?
    }
    var nodes: [Node] = []
    var edges: [Edge] = []
    var danglingEdgeEnds = 0
    var levels: [String] = []

    init(_ venue: GeneratedSyntheticVenue) throws {
        var index: [String: Int32] = [:]
        let features = try venue.features("graph")
        for f in features where f["geometry"]?["type"]?.string == "Point" {
            let id = try #require(f["id"]?.string)
            let c = f["geometry"]?["coordinates"]?.array?.compactMap { $0.double } ?? []
            try #require(c.count == 2)
            index[id] = Int32(nodes.count)
            let p = f["properties"]
            nodes.append(
                Node(
                    level: try #require(p?["level_id"]?.string), kind: p?["kind"]?.string, ref: p?["ref"]?.string,
                    position: GeoCoordinate(latitudeDegrees: c[1], longitudeDegrees: c[0])))
        }
        for f in features where f["geometry"]?["type"]?.string == "LineString" {
            let p = f["properties"]
            guard let from = p?["from"]?.string.flatMap({ index[$0] }), let to = p?["to"]?.string.flatMap({ index[$0] }) else {
                danglingEdgeEnds += 1
                continue
            }
            let modes = p?["modes"]?.array?.compactMap(\.string) ?? ["pedestrian"]
            edges.append(
                Edge(
                    from: from, to: to, kind: p?["kind"]?.string, isOneWay: p?["one_way"]?.bool ?? false,
                    allowsPedestrians: modes.contains("pedestrian"), allowsVehicles: modes.contains("vehicle"),
                    connectorID: p?["connector_id"]?.string))
        }
        levels = Array(Set(nodes.map(\.level))).sorted()
    }

    /// The graph as a ``NavigationGraph`` (geometry in a frame at the first node; kinds simplified).
    func navigationGraph() -> NavigationGraph {
        let frame = LocalFrame(reference: nodes.first?.position ?? GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0))
        let levelIndex = Dictionary(uniqueKeysWithValues: levels.enumerated().map { ($1, Int32($0)) })
        var builder = NavigationGraph.Builder(source: .authored)
        for n in nodes { builder.addNode(NavNode(point: frame.localPoint(from: n.position), levelIndex: levelIndex[n.level] ?? -1)) }
        for e in edges {
            builder.addEdge(NavEdge(from: e.from, to: e.to, kind: .walkway, lengthMeters: 1, isOneWay: e.isOneWay))
        }
        return builder.build()
    }
}
