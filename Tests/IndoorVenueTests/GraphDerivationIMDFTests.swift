import IndoorGeometry
import Testing

@testable import IndoorVenue

/// Derivation on the real polymap campus (two buildings, 8 levels, 443 units, 472 openings), ignoring
/// its authored graph. Skipped when the shared data folder is absent.
@Suite(.enabled(if: TestPaths.hasPolymap, "polymap-imdf is absent from the shared data folder (../shared/data or $INDOORNAV_SHARED_DATA)"))
struct GraphDerivationIMDFTests {
    static let derived: (venue: Venue, graph: NavigationGraph, issues: [VenueIssue])? = {
        guard
            let venue = try? VenueLoader.load(
                path: TestPaths.polymap + "/IMDFData",
                options: VenueLoadOptions(useAuthoredGraph: false))
        else { return nil }
        let (graph, issues) = GraphDerivation.derive(venue)
        return (venue, graph, issues)
    }()

    /// Units an opening touches, by the geometric rule stated for derivation (midpoint in the unit or
    /// within 0.5 m of its boundary), computed here by brute force.
    static func openingsByUnit(_ venue: Venue) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        for o in venue.openings {
            let m = o.midpoint
            for (s, space) in venue.spaces.enumerated() where space.levelID == o.levelID {
                if space.polygon.contains(m) || space.polygon.distanceToBoundary(m) <= 0.5 { result[s, default: []].append(o.id) }
            }
        }
        return result
    }

    @Test func unitsWithOpeningsReachableWithinEachBuilding() throws {
        let (venue, graph, _) = try #require(Self.derived)
        #expect(graph.source == .derived)
        let (component, count) = graph.components()
        var doorNode: [String: Int] = [:]
        for (i, n) in graph.nodes.enumerated() where n.kind == .door { if let id = n.featureID { doorNode[id] = i } }
        let byUnit = Self.openingsByUnit(venue)
        // The largest component overall and within each building's levels.
        func largest(_ nodes: [Int]) -> Int32 {
            var sizes = [Int](repeating: 0, count: count)
            for n in nodes { sizes[Int(component[n])] += 1 }
            return Int32(sizes.indices.max { sizes[$0] < sizes[$1] } ?? 0)
        }
        let overallMain = largest(Array(graph.nodes.indices))
        var reachableOverall = 0
        var perBuilding: [String: (units: Int, reachable: Int)] = [:]
        let buildingOfLevel = Dictionary(
            uniqueKeysWithValues: venue.levels.enumerated().map { ($0.offset, $0.element.buildingIDs.first ?? "") })
        var mainOfBuilding: [String: Int32] = [:]
        for b in Set(buildingOfLevel.values) {
            mainOfBuilding[b] = largest(graph.nodes.indices.filter { buildingOfLevel[Int(graph.nodes[$0].levelIndex)] == b })
        }
        for (s, openings) in byUnit {
            guard let l = venue.index.levelIndex[venue.spaces[s].levelID], let b = buildingOfLevel[l] else { continue }
            let nodes = openings.compactMap { doorNode[$0] }
            let inBuildingMain = nodes.contains { component[$0] == mainOfBuilding[b] }
            perBuilding[b, default: (0, 0)].units += 1
            if inBuildingMain { perBuilding[b, default: (0, 0)].reachable += 1 }
            if nodes.contains(where: { component[$0] == overallMain }) { reachableOverall += 1 }
        }
        let share = Double(reachableOverall) / Double(byUnit.count)
        print(
            "polymap derived graph: \(graph.nodes.count) nodes, \(graph.edges.count) edges, \(count) components; "
                + "units with openings reachable from the largest component: \(reachableOverall)/\(byUnit.count) "
                + "(\(Double(Int((share * 1000).rounded())) / 10) %)")
        for (b, figures) in perBuilding.sorted(by: { $0.key < $1.key }) {
            print("  building \(b): \(figures.reachable)/\(figures.units) units reachable within the building")
            #expect(Double(figures.reachable) >= 0.95 * Double(figures.units), "building \(b)")
        }
        #expect(perBuilding.count == 2)
        #expect(byUnit.count >= 400)
    }

    @Test func walkwayEdgesStayInWalkableSpace() throws {
        let (venue, graph, issues) = try #require(Self.derived)
        let final = venue.replacingGraph(graph, addingWarnings: issues)
        var total = 0, leaving = 0
        for e in graph.edges where e.kind == .walkway {
            total += 1
            let a = graph.nodes[Int(e.from)], b = graph.nodes[Int(e.to)]
            let outside = (1..<10).contains { k in
                let t = Double(k) / 10
                let p = LocalPoint(x: a.point.x + (b.point.x - a.point.x) * t, y: a.point.y + (b.point.y - a.point.y) * t)
                return !final.spatialIndex.isWalkable(p, levelIndex: Int(a.levelIndex))
            }
            if outside { leaving += 1 }
        }
        // Only edges to POIs and connector entries snapped from just outside a unit may graze a wall.
        #expect(total > 2000)
        #expect(Double(leaving) <= 0.01 * Double(total), "\(leaving) of \(total) walkway edges leave walkable space")
    }

    @Test func connectorsBecomeLevelChangingEdges() throws {
        let (venue, graph, _) = try #require(Self.derived)
        let connectorEdges = graph.edges.filter { $0.connectorIndex != nil }
        #expect(connectorEdges.count >= venue.connectors.count)
        for e in connectorEdges {
            #expect(graph.nodes[Int(e.from)].levelIndex != graph.nodes[Int(e.to)].levelIndex)
            #expect(e.lengthMeters > 0)
        }
    }
}
