import IndoorGeometry

/// Lays out a synthetic venue: identical rectangular tower floor plates side by side, one per tower on
/// every level, linked by a walkway on the ground and parking levels.
///
/// A tower plate (metres, x east, y north, from the tower's south-west corner) has `C` bands of 15 m,
/// each a row of 6 × 6 m rooms, a 3 m corridor and another row of rooms, between two 3 m north-south
/// spines: width 6R + 6, height 15C (R = rooms per corridor side). Every room opens onto its corridor
/// through a 1 m door in the middle of its corridor wall. Waypoints lie every 1.5 m along corridor and
/// spine centrelines, so each door sits opposite one. The first six rooms south of corridor 1 hold the
/// vertical circulation: elevators A and B, stairs, an up and a down escalator, and (levels 0 and 1) a
/// ramp; the last room there holds the car ramp on parking levels and the drop-off on level 0.
struct SyntheticVenuePlanner {
    /// Plate dimensions in metres.
    enum Metrics {
        static let roomWidth = 6.0, roomDepth = 6.0, corridorWidth = 3.0, spineWidth = 3.0
        static let bandHeight = roomDepth * 2 + corridorWidth
        static let waypointSpacing = 1.5
        static let towerGap = 21.0
        static let doorWidth = 1.0
    }

    /// What a room slot holds.
    enum SlotRole: Hashable {
        case room, bay, elevatorA, elevatorB, stairs, escalatorUp, escalatorDown, ramp, driveRamp
    }

    struct EntryKey: Hashable {
        var tower: Int
        var role: SlotRole
    }

    let configuration: SyntheticVenueConfiguration
    let roomsPerSide: Int
    let corridors: Int
    let plateWidth: Double
    let plateHeight: Double
    var plan = SyntheticVenuePlan()
    var rng: SplitMix64
    /// Connector entry node and unit id per tower and role, by level index.
    var entries: [EntryKey: [Int: (node: Int32, unitID: String)]] = [:]

    init(configuration: SyntheticVenueConfiguration) {
        self.configuration = configuration
        roomsPerSide = configuration.roomsPerCorridorSide
        corridors = configuration.corridorsPerTower
        plateWidth = Double(roomsPerSide) * Metrics.roomWidth + 2 * Metrics.spineWidth
        plateHeight = Double(corridors) * Metrics.bandHeight
        rng = SplitMix64(seed: configuration.seed)
    }

    /// Builds the whole plan. - Complexity: O(levels × towers × rooms)
    mutating func makePlan() -> SyntheticVenuePlan {
        let parking = configuration.parkingLevelCount
        for li in 0..<(parking + configuration.levelCount) {
            let ordinal = li - parking
            if ordinal < 0 {
                let label = "P\(-ordinal)"
                plan.levels.append(
                    .init(
                        id: label, ordinal: ordinal, isParking: true,
                        name: .init(en: "Parking \(label)", de: "Parkdeck \(label)"),
                        shortName: .init(en: label, de: label)))
            } else {
                plan.levels.append(
                    .init(
                        id: "L\(ordinal)", ordinal: ordinal, isParking: false,
                        name: .init(en: "Level \(ordinal)", de: "Ebene \(ordinal)"),
                        shortName: .init(en: "\(ordinal)", de: "\(ordinal)")))
            }
        }
        let step = plateWidth + Metrics.towerGap
        for t in 0..<configuration.towerCount {
            let letter = SyntheticNames.towerLetter(t)
            plan.buildings.append(
                .init(
                    id: "T\(t + 1)", name: .init(en: "Tower \(letter)", de: "Turm \(letter)"),
                    bounds: BoundingBox(
                        minX: Double(t) * step, minY: 0,
                        maxX: Double(t) * step + plateWidth, maxY: plateHeight)))
        }
        plan.bounds = BoundingBox(
            minX: 0, minY: 0, maxX: Double(configuration.towerCount) * step - Metrics.towerGap,
            maxY: plateHeight)
        for li in plan.levels.indices {
            var ends: [(west: Int32, east: Int32)] = []
            for t in 0..<configuration.towerCount { ends.append(addTowerLevel(tower: t, levelIndex: li)) }
            if plan.levels[li].ordinal <= 0 { addLinks(levelIndex: li, corridorEnds: ends) }
        }
        addConnectors()
        return plan
    }

    /// Waypoints between the towers' first corridors (ground and parking levels).
    private mutating func addLinks(levelIndex li: Int, corridorEnds ends: [(west: Int32, east: Int32)]) {
        let level = plan.levels[li]
        let y = Metrics.roomDepth + Metrics.corridorWidth / 2
        for t in 0..<(ends.count - 1) {
            let from = plan.nodes[Int(ends[t].east)].point, to = plan.nodes[Int(ends[t + 1].west)].point
            let steps = Int(((to.x - from.x) / Metrics.waypointSpacing).rounded())
            var previous = ends[t].east
            for s in 1..<steps {
                let node = plan.addNode(LocalPoint(x: from.x + Double(s) * (to.x - from.x) / Double(steps), y: y), level: li)
                plan.addEdge(previous, node, vehicles: level.isParking)
                previous = node
            }
            plan.addEdge(previous, ends[t + 1].west, vehicles: level.isParking)
            let a = SyntheticNames.towerLetter(t), b = SyntheticNames.towerLetter(t + 1)
            plan.units.append(
                .init(
                    id: "\(level.id)-link\(t + 1)", category: level.isParking ? "road" : "walkway",
                    bounds: BoundingBox(
                        minX: from.x + Metrics.spineWidth / 2, minY: Metrics.roomDepth,
                        maxX: to.x - Metrics.spineWidth / 2,
                        maxY: Metrics.roomDepth + Metrics.corridorWidth),
                    levelIndex: li, name: .init(en: "Link \(a)–\(b)", de: "Verbindung \(a)–\(b)")))
        }
    }

    /// The role of room slot `j` on `side` (0 south, 1 north) of corridor `c` on a level.
    func role(corridor c: Int, side: Int, slot j: Int, level: SyntheticVenuePlan.Level) -> SlotRole {
        let multiLevel = configuration.levelCount >= 2
        let ordinary: SlotRole = level.isParking ? .bay : .room
        guard c == 0, side == 0 else { return ordinary }
        switch j {
        case 0: return .elevatorA
        case 1: return .elevatorB
        case 2: return .stairs
        case 3: return multiLevel && !level.isParking ? .escalatorUp : ordinary
        case 4: return multiLevel && !level.isParking ? .escalatorDown : ordinary
        case 5: return multiLevel && (level.ordinal == 0 || level.ordinal == 1) ? .ramp : ordinary
        case roomsPerSide - 1:
            return configuration.parkingLevelCount > 0 && (level.isParking || level.ordinal == 0) ? .driveRamp : ordinary
        default: return ordinary
        }
    }
}
