extension SyntheticVenuePlanner {
    /// IMDF relationship category written for car ramps. IMDF 1.0 has no vehicle ramp; IndoorNav's
    /// loader reads the extension category `driveramp` as a drive ramp.
    static let driveRampRelationshipCategory = "driveramp"

    /// The connector whose entry a slot's centre node is: elevators serve every level; stairs,
    /// escalators and ramps are one connector per flight, and a unit names the flight leaving it
    /// upwards (escalator down: downwards) when there is one, else the flight arriving.
    func entryConnectorID(_ role: SlotRole, tower t: Int, levelIndex li: Int) -> String? {
        let up = levelHasSlot(role, levelIndex: li + 1), down = levelHasSlot(role, levelIndex: li - 1)
        switch role {
        case .room, .bay: return nil
        case .elevatorA: return plan.levels.count >= 2 ? "T\(t + 1)-elevator-A" : nil
        case .elevatorB: return plan.levels.count >= 2 ? "T\(t + 1)-elevator-B" : nil
        case .stairs, .ramp, .driveRamp, .escalatorUp:
            return up ? flightID(role, tower: t, lower: li) : down ? flightID(role, tower: t, lower: li - 1) : nil
        case .escalatorDown:
            return down ? flightID(role, tower: t, lower: li - 1) : up ? flightID(role, tower: t, lower: li) : nil
        }
    }

    /// Whether level `li` has a slot of `role` (so a flight can reach it).
    private func levelHasSlot(_ role: SlotRole, levelIndex li: Int) -> Bool {
        guard plan.levels.indices.contains(li) else { return false }
        let level = plan.levels[li]
        let slot: (Int, Int)
        switch role {
        case .stairs: slot = (0, 2)
        case .escalatorUp: slot = (0, 3)
        case .escalatorDown: slot = (0, 4)
        case .ramp: slot = (0, 5)
        case .driveRamp: slot = (0, roomsPerSide - 1)
        default: return true
        }
        return self.role(corridor: slot.0, side: 0, slot: slot.1, level: level) == role
    }

    /// Id of the flight of `role` between level `lower` and the level above it.
    func flightID(_ role: SlotRole, tower t: Int, lower li: Int) -> String {
        let a = plan.levels[li].id, b = plan.levels[li + 1].id
        switch role {
        case .escalatorDown: return "T\(t + 1)-escalator-down-\(b)-\(a)"
        case .escalatorUp: return "T\(t + 1)-escalator-up-\(a)-\(b)"
        case .ramp: return "T\(t + 1)-ramp-\(a)-\(b)"
        case .driveRamp: return "T\(t + 1)-driveramp-\(a)-\(b)"
        default: return "T\(t + 1)-stairs-\(a)-\(b)"
        }
    }

    /// Relationships and connector edges between the entries recorded while adding levels.
    mutating func addConnectors() {
        for t in 0..<configuration.towerCount {
            for (role, letter) in [(SlotRole.elevatorA, "A"), (.elevatorB, "B")] {
                let stops = (entries[EntryKey(tower: t, role: role)] ?? [:]).sorted { $0.key < $1.key }
                guard stops.count >= 2 else { continue }
                let id = "T\(t + 1)-elevator-\(letter)"
                plan.relationships.append(.init(id: id, category: "elevator", isDirected: false, unitIDs: stops.map(\.value.unitID)))
                for (a, b) in zip(stops, stops.dropFirst()) {
                    plan.addEdge(a.value.node, b.value.node, kind: "elevator", connectorID: id)
                }
            }
            addFlights(.stairs, tower: t, category: "stairs", edgeKind: "stairs")
            addFlights(.escalatorUp, tower: t, category: "escalator", edgeKind: "escalator", directed: true)
            addFlights(.escalatorDown, tower: t, category: "escalator", edgeKind: "escalator", directed: true, downwards: true)
            addFlights(.ramp, tower: t, category: "ramp", edgeKind: "ramp")
            addFlights(
                .driveRamp, tower: t, category: Self.driveRampRelationshipCategory, edgeKind: "driveRamp",
                vehiclesOnly: true)
        }
    }

    /// One relationship and one edge per pair of consecutive levels both holding `role`.
    private mutating func addFlights(
        _ role: SlotRole, tower t: Int, category: String, edgeKind: String,
        directed: Bool = false, downwards: Bool = false, vehiclesOnly: Bool = false
    ) {
        let stops = entries[EntryKey(tower: t, role: role)] ?? [:]
        for li in stops.keys.sorted() {
            guard let lower = stops[li], let upper = stops[li + 1] else { continue }
            let id = flightID(role, tower: t, lower: li)
            let (origin, destination) = downwards ? (upper, lower) : (lower, upper)
            plan.relationships.append(
                .init(
                    id: id, category: category, isDirected: directed,
                    unitIDs: [origin.unitID, destination.unitID]))
            plan.addEdge(
                origin.node, destination.node, kind: edgeKind, vehicles: vehiclesOnly, pedestrians: !vehiclesOnly,
                oneWay: directed, connectorID: id)
        }
    }
}
