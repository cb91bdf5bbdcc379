import IndoorGeometry

extension SyntheticVenuePlanner {
    /// Adds one tower's floor plate on one level; returns the west and east ends of its first corridor.
    mutating func addTowerLevel(tower t: Int, levelIndex li: Int) -> (west: Int32, east: Int32) {
        let level = plan.levels[li]
        let x0 = Double(t) * (plateWidth + Metrics.towerGap)
        let prefix = "T\(t + 1)-\(level.id)"
        let vehicles = level.isParking
        let laneCategory = vehicles ? "road" : "walkway"
        let half = Metrics.spineWidth / 2
        // Corridor centrelines run from spine centre to spine centre: 6R + 3 m in 1.5 m steps, 4R + 2 steps.
        let steps = Int(((plateWidth - Metrics.spineWidth) / Metrics.waypointSpacing).rounded())
        var corridorNodes: [[Int32]] = []
        corridorNodes.reserveCapacity(corridors)
        for c in 0..<corridors {
            let y = Double(c) * Metrics.bandHeight + Metrics.roomDepth + Metrics.corridorWidth / 2
            var row: [Int32] = []
            row.reserveCapacity(steps + 1)
            for k in 0...steps {
                let node = plan.addNode(LocalPoint(x: x0 + half + Double(k) * Metrics.waypointSpacing, y: y), level: li)
                if let previous = row.last { plan.addEdge(previous, node, vehicles: vehicles) }
                row.append(node)
            }
            corridorNodes.append(row)
            let (en, de) = vehicles ? ("Aisle", "Fahrgasse") : ("Corridor", "Flur")
            plan.units.append(
                .init(
                    id: "\(prefix)-corridor\(c + 1)", category: laneCategory,
                    bounds: BoundingBox(
                        minX: x0 + Metrics.spineWidth, minY: y - Metrics.corridorWidth / 2,
                        maxX: x0 + plateWidth - Metrics.spineWidth,
                        maxY: y + Metrics.corridorWidth / 2),
                    levelIndex: li, name: .init(en: "\(en) \(c + 1)", de: "\(de) \(c + 1)")))
        }
        // Spines: 9 waypoints between consecutive corridors (15 m bands in 1.5 m steps).
        let perBand = Int((Metrics.bandHeight / Metrics.waypointSpacing).rounded())
        for (k, side) in [(0, "west"), (steps, "east")] {
            let x = x0 + half + Double(k) * Metrics.waypointSpacing
            var previous = corridorNodes[0][k]
            for c in 0..<(corridors - 1) {
                let y0 = plan.nodes[Int(previous)].point.y
                for m in 1..<perBand {
                    let node = plan.addNode(LocalPoint(x: x, y: y0 + Double(m) * Metrics.waypointSpacing), level: li)
                    plan.addEdge(previous, node, vehicles: vehicles)
                    previous = node
                }
                plan.addEdge(previous, corridorNodes[c + 1][k], vehicles: vehicles)
                previous = corridorNodes[c + 1][k]
            }
            plan.units.append(
                .init(
                    id: "\(prefix)-spine-\(side)", category: laneCategory,
                    bounds: BoundingBox(minX: x - half, minY: 0, maxX: x + half, maxY: plateHeight),
                    levelIndex: li, name: nil))
        }
        for c in 0..<corridors {
            for side in 0...1 {
                for j in 0..<roomsPerSide {
                    addSlot(
                        tower: t, levelIndex: li, corridor: c, side: side, slot: j, x0: x0,
                        corridorNode: corridorNodes[c][3 + 4 * j])
                }
            }
        }
        return (corridorNodes[0][0], corridorNodes[0][steps])
    }

    /// Adds the room (or bay, or connector unit) in one slot: unit, door, nodes and edges, POI.
    private mutating func addSlot(
        tower t: Int, levelIndex li: Int, corridor c: Int, side: Int, slot j: Int, x0: Double,
        corridorNode: Int32
    ) {
        let level = plan.levels[li]
        let role = role(corridor: c, side: side, slot: j, level: level)
        let id = "T\(t + 1)-\(level.id)-\(c + 1)\(side == 0 ? "S" : "N")\(j < 9 ? "0" : "")\(j + 1)"
        let bandY = Double(c) * Metrics.bandHeight
        // South rooms span [bandY, bandY + 6] with the door on their north wall; north rooms mirror them.
        let minY = side == 0 ? bandY : bandY + Metrics.roomDepth + Metrics.corridorWidth
        let doorY = side == 0 ? bandY + Metrics.roomDepth : minY
        let inward = side == 0 ? -1.0 : 1.0
        let xc = x0 + Metrics.spineWidth + (Double(j) + 0.5) * Metrics.roomWidth
        let center = LocalPoint(x: xc, y: doorY + inward * Metrics.roomDepth / 2)
        let poiPoint = LocalPoint(x: xc, y: doorY + inward * Metrics.roomDepth * 3 / 4)

        let vehicleSlot = role == .bay || (role == .driveRamp && level.isParking)
        let (category, name, poi) = describe(role, slotID: id, tower: t, level: level)
        plan.units.append(
            .init(
                id: id, category: category,
                bounds: BoundingBox(
                    minX: xc - Metrics.roomWidth / 2, minY: minY,
                    maxX: xc + Metrics.roomWidth / 2, maxY: minY + Metrics.roomDepth),
                levelIndex: li, name: name))
        let openingID = id + "-door"
        plan.openings.append(
            .init(
                id: openingID, category: vehicleSlot ? "automobile" : "pedestrian",
                start: LocalPoint(x: xc - Metrics.doorWidth / 2, y: doorY),
                end: LocalPoint(x: xc + Metrics.doorWidth / 2, y: doorY), levelIndex: li))
        let door = plan.addNode(LocalPoint(x: xc, y: doorY), level: li, kind: "door", ref: openingID)
        plan.addEdge(corridorNode, door, kind: "door", vehicles: vehicleSlot)
        let connectorRef = entryConnectorID(role, tower: t, levelIndex: li)
        let middle = plan.addNode(center, level: li, kind: connectorRef == nil ? nil : "connectorEntry", ref: connectorRef)
        plan.addEdge(door, middle, vehicles: vehicleSlot)
        if connectorRef != nil { entries[EntryKey(tower: t, role: role), default: [:]][li] = (middle, id) }
        if var poi {
            poi.point = poiPoint
            poi.levelIndex = li
            let node = plan.addNode(poiPoint, level: li, kind: "poi", ref: poi.id)
            plan.addEdge(middle, node)
            plan.pois.append(poi)
        }
    }

    /// Unit category, unit name and POI (position filled in by the caller) for a slot.
    private mutating func describe(
        _ role: SlotRole, slotID id: String, tower t: Int, level: SyntheticVenuePlan.Level
    )
        -> (String, SyntheticVenuePlan.Name?, SyntheticVenuePlan.POI?)
    {
        func amenity(_ category: String, _ en: String, _ de: String) -> SyntheticVenuePlan.POI {
            .init(
                id: id + "-amenity", kind: .amenity, category: category, name: .init(en: en, de: de), point: .zero,
                unitID: id, levelIndex: 0)
        }
        let letter = SyntheticNames.towerLetter(t)
        switch role {
        case .bay:
            return ("parking", nil, nil)
        case .elevatorA, .elevatorB:
            let which = role == .elevatorA ? "A" : "B"
            let name = SyntheticVenuePlan.Name(en: "Elevator \(letter)\(which)", de: "Aufzug \(letter)\(which)")
            return ("elevator", name, amenity("elevator", name.en, name.de))
        case .stairs:
            return (
                "stairs", .init(en: "Stairs \(letter)", de: "Treppe \(letter)"), amenity("stairs", "Stairs \(letter)", "Treppe \(letter)")
            )
        case .escalatorUp:
            return (
                "escalator", .init(en: "Escalator up", de: "Rolltreppe aufwärts"),
                amenity("escalator", "Escalator up \(letter)", "Rolltreppe aufwärts \(letter)")
            )
        case .escalatorDown:
            return (
                "escalator", .init(en: "Escalator down", de: "Rolltreppe abwärts"),
                amenity("escalator", "Escalator down \(letter)", "Rolltreppe abwärts \(letter)")
            )
        case .ramp:
            return ("ramp", .init(en: "Ramp", de: "Rampe"), amenity("ramp", "Ramp \(letter)", "Rampe \(letter)"))
        case .driveRamp:
            return level.isParking
                ? ("ramp", .init(en: "Car ramp", de: "Autorampe"), amenity("parking", "Car ramp \(letter)", "Autorampe \(letter)"))
                : ("road", .init(en: "Drop-off", de: "Vorfahrt"), amenity("parking", "Drop-off \(letter)", "Vorfahrt \(letter)"))
        case .room:
            let number = String(id.dropFirst(1))
            if rng.unit() < SyntheticNames.amenityShare {
                let kind = SyntheticNames.amenityKinds[rng.index(below: SyntheticNames.amenityKinds.count)]
                return (kind.unitCategory, nil, amenity(kind.category, "\(kind.en) \(number)", "\(kind.de) \(number)"))
            }
            let kind = SyntheticNames.occupantKinds[rng.index(below: SyntheticNames.occupantKinds.count)]
            let adjective = SyntheticNames.adjectives[rng.index(below: SyntheticNames.adjectives.count)]
            return (
                "room", nil,
                .init(
                    id: id + "-occupant", kind: .occupant, category: kind.category,
                    name: .init(
                        en: "\(adjective.en) \(kind.en) \(number)",
                        de: "\(adjective.de) \(kind.de) \(number)"),
                    point: .zero, unitID: id, levelIndex: 0)
            )
        }
    }
}
