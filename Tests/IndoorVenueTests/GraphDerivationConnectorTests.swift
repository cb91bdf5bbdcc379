import IndoorGeometry
import Testing

@testable import IndoorVenue

@Suite struct GraphDerivationConnectorTests {
    typealias F = DerivationFixtures

    /// Three levels 4.5 m apart, each one walkway hall 30 m × 10 m with a door; stairs, an elevator and
    /// an up-escalator (L0 → L1 only).
    static func venue() -> Venue {
        let levels = (0..<3).map { Level(id: "L\($0)", ordinal: $0, elevationMeters: Double($0) * 4.5) }
        let spaces = levels.map { Space(id: "hall-\($0.id)", category: "walkway", polygon: F.rect(0, 0, 30, 10), levelID: $0.id) }
        let openings = levels.map { F.door("door-\($0.id)", 14, 0, 16, 0, level: $0.id) }
        let stairs = Connector(
            id: "stairs", kind: .stairs, levelIDs: ["L0", "L1", "L2"],
            entries: levels.map { .init(levelID: $0.id, point: LocalPoint(x: 2, y: 2)) })
        let elevator = Connector(
            id: "lift", kind: .elevator, levelIDs: ["L0", "L1", "L2"],
            entries: levels.map { .init(levelID: $0.id, point: LocalPoint(x: 10, y: 5)) })
        let escalator = Connector(
            id: "esc", kind: .escalator, levelIDs: ["L0", "L1"],
            entries: [
                .init(levelID: "L1", point: LocalPoint(x: 26, y: 2)),
                .init(levelID: "L0", point: LocalPoint(x: 20, y: 2)),
            ],
            direction: .up)
        let outside = Connector(
            id: "lost", kind: .stairs, levelIDs: ["L0", "L1"],
            entries: [
                .init(levelID: "L0", point: LocalPoint(x: 100, y: 100)),
                .init(levelID: "L1", point: LocalPoint(x: 100, y: 100)),
            ])
        return F.venue(levels: levels, spaces: spaces, openings: openings, connectors: [stairs, elevator, escalator, outside])
    }

    func connectorEdges(_ g: NavigationGraph, _ id: String) -> [NavEdge] {
        g.edges.filter { $0.connectorIndex != nil && g.nodes[Int($0.from)].featureID == id }
    }

    @Test func stairsJoinConsecutiveLevelsBothWays() {
        let (g, _) = GraphDerivation.derive(Self.venue())
        let stairs = connectorEdges(g, "stairs")
        #expect(stairs.count == 2)
        for e in stairs {
            #expect(e.kind == .connector(.stairs))
            #expect(!e.isOneWay && !e.isAccessible && e.fixedSeconds == 0 && e.modes == .pedestrian)
            #expect(abs(Int(g.nodes[Int(e.from)].levelIndex) - Int(g.nodes[Int(e.to)].levelIndex)) == 1)
            // Same spot on both levels: run 4.5 × 1.7 = 7.65 m, rise 4.5 m.
            #expect(abs(e.lengthMeters - (7.65 * 7.65 + 4.5 * 4.5).squareRoot()) < 1e-9)
        }
    }

    @Test func elevatorJoinsEveryPairOfLevelsWithWaitingTime() {
        let (g, _) = GraphDerivation.derive(Self.venue())
        let lift = connectorEdges(g, "lift")
        #expect(lift.count == 3)
        for e in lift {
            #expect(e.kind == .connector(.elevator))
            #expect(e.isAccessible && !e.isOneWay && e.fixedSeconds == 30)
            let rise = abs(Double(g.nodes[Int(e.to)].levelIndex - g.nodes[Int(e.from)].levelIndex)) * 4.5
            #expect(abs(e.lengthMeters - rise) < 1e-9)
        }
    }

    @Test func escalatorRunsOnlyUp() throws {
        let (g, _) = GraphDerivation.derive(Self.venue())
        let esc = g.edges.filter { $0.connectorIndex == 2 }
        #expect(esc.count == 1)
        let e = try #require(esc.first)
        #expect(e.isOneWay && e.kind == .connector(.escalator) && !e.isAccessible)
        #expect(g.nodes[Int(e.from)].levelIndex == 0 && g.nodes[Int(e.to)].levelIndex == 1)
        // Horizontal 6 m is shorter than the 7.65 m run, so the run is used.
        #expect(abs(e.lengthMeters - (7.65 * 7.65 + 4.5 * 4.5).squareRoot()) < 1e-9)
        // Only escalator edges allowed: up reachable, down not.
        let bottom = Int(e.from), top = Int(e.to)
        let onlyEscalator = { (edge: NavEdge) in edge.kind != .connector(.stairs) && edge.kind != .connector(.elevator) }
        #expect(F.distances(g, from: bottom, allowed: onlyEscalator)[top] < .infinity)
        #expect(F.distances(g, from: top, allowed: onlyEscalator)[bottom] == .infinity)
        #expect(!g.arcs(from: top).contains { Int($0.target) == bottom })
    }

    @Test func entriesJoinTheWalkwayAndStrayEntriesAreReported() throws {
        let (g, issues) = GraphDerivation.derive(Self.venue())
        for (i, n) in g.nodes.enumerated() where n.kind == .connectorEntry && n.featureID != "lost" {
            #expect(g.arcs(from: i).contains { g.edges[Int($0.edge)].kind == .walkway }, "\(n.featureID ?? "") on \(n.levelIndex)")
        }
        #expect(issues.contains { $0.location.featureID == "lost" && $0.message.contains("outside every space") })
        // Every level's door reaches every other level's door.
        let d0 = try #require(F.node(g, "door-L0")), d2 = try #require(F.node(g, "door-L2"))
        #expect(F.distances(g, from: d0)[d2] < .infinity && F.distances(g, from: d2)[d0] < .infinity)
    }

    @Test func driveRampIsForVehiclesAndCarLiftForBoth() {
        let levels = [Level(id: "P0", ordinal: 0), Level(id: "P1", ordinal: 1)]
        let spaces = levels.map { Space(id: "deck-\($0.id)", category: "parking", polygon: F.rect(0, 0, 50, 30), levelID: $0.id) }
        let ramp = Connector(
            id: "ramp", kind: .driveRamp, levelIDs: ["P0", "P1"],
            entries: [.init(levelID: "P0", point: LocalPoint(x: 5, y: 5)), .init(levelID: "P1", point: LocalPoint(x: 45, y: 5))])
        let lift = Connector(
            id: "carlift", kind: .carLift, levelIDs: ["P0", "P1"],
            entries: levels.map { .init(levelID: $0.id, point: LocalPoint(x: 25, y: 25)) })
        let (g, _) = GraphDerivation.derive(F.venue(levels: levels, spaces: spaces, connectors: [ramp, lift]))
        let rampEdges = connectorEdges(g, "ramp"), liftEdges = connectorEdges(g, "carlift")
        #expect(rampEdges.count == 1 && rampEdges.allSatisfy { $0.modes == .vehicle && $0.kind == .connector(.driveRamp) })
        // 40 m run beats 4 m × 7; length √(40² + 4²).
        #expect(rampEdges.allSatisfy { abs($0.lengthMeters - (1600.0 + 16).squareRoot()) < 1e-9 })
        #expect(liftEdges.count == 1 && liftEdges.allSatisfy { $0.modes == .all && $0.fixedSeconds == 60 && $0.isAccessible })
        // Inside the parking deck vehicles may drive between the ramp and the lift.
        #expect(g.edges.contains { $0.kind == .walkway && $0.modes == .all })
    }
}
