import IndoorGeometry
import IndoorVenue

/// Turn classification thresholds, in degrees of heading change (documented defaults).
public struct TurnThresholds: Hashable, Sendable {
    /// Below this the path goes straight on (no maneuver). Default 20°.
    public var straightDegrees = 20.0
    /// Below this a turn is "slight". Default 45°.
    public var slightDegrees = 45.0
    /// Below this a turn is normal, above it "sharp". Default 120°.
    public var normalDegrees = 120.0
    /// Above this a turn is a U-turn. Default 170°.
    public var uTurnDegrees = 170.0
    /// Segments shorter than this do not define a heading. Default 0.5 m.
    public var minimumSegmentMeters = 0.5
    /// Turns closer together than this along the path become one turn. Default 3 m.
    public var mergeTurnsWithinMeters = 3.0
    /// A building entered and left again (or left and entered again) within this many metres is not
    /// announced: paths that graze a footprint's corner. Default 10 m.
    public var minimumBuildingVisitMeters = 10.0
    /// The defaults listed on each property.
    public init() {}

    /// The maneuver for a signed heading change (positive = clockwise = right), or `nil` for straight on.
    public func action(forTurnDegrees delta: Double) -> Maneuver.Action? {
        let a = abs(delta)
        if a < straightDegrees { return nil }
        if a >= uTurnDegrees { return .uTurn }
        let right = delta > 0
        if a < slightDegrees { return right ? .slightRight : .slightLeft }
        if a < normalDegrees { return right ? .right : .left }
        return right ? .sharpRight : .sharpLeft
    }
}

/// Derives maneuvers from a section's segments: depart, turns from the geometry, doors, level
/// changes, building/section changes, waits and arrival, each with its instruction.
struct ManeuverBuilder {
    let venue: Venue
    let language: String
    let units: DistanceUnits
    var thresholds = TurnThresholds()

    /// The venue's spatial index, read once (not copied out of the venue per lookup).
    let spatialIndex: VenueSpatialIndex
    /// Buildings and spaces along the graph's edges and at its nodes, computed once per graph.
    let lookups: AssemblyLookups

    /// `[language]`, made once.
    private let preferredLanguages: [String]

    init(venue: Venue, lookups: AssemblyLookups, language: String, units: DistanceUnits) {
        self.venue = venue; self.lookups = lookups; self.language = language; self.units = units
        self.spatialIndex = venue.spatialIndex
        self.preferredLanguages = [language]
    }

    /// A name in the requested language (``Venue/displayName(_:preferred:)``).
    @inline(__always)
    private func displayName(_ name: LocalizedName) -> String? {
        // Most spaces have no name: skip the language lookups for them.
        name.isEmpty ? nil : name.resolved(preferred: preferredLanguages, defaultLanguage: lookups.defaultLanguage)
    }

    /// The middle of a segment: where the building along it is looked up.
    @inline(__always)
    static func middle(from start: LocalPoint, to end: LocalPoint) -> LocalPoint { start + (end - start) * 0.5 }

    /// Where the space a maneuver leads into is looked up on a segment from `start` to `end`: 1 m along
    /// it (its middle when shorter than 2 m), or its end when it is 0.2 m long or shorter.
    @inline(__always)
    static func spaceProbe(from start: LocalPoint, to end: LocalPoint) -> LocalPoint {
        let length = start.distance(to: end)
        return length > 0.2 ? start + (end - start) * min(0.5, 1.0 / max(1, length)) : end
    }

    /// Maneuvers of one section. `nextTravel` is set when the section ends because the transport mode
    /// changes: it then ends with ``Maneuver/Action/changeTransport`` instead of an arrival.
    func build(
        segments: [RouteSegment], departure: RoutePlace, arrival: RoutePlace, postActions: [PostAction],
        isFinal: Bool, transition: SectionTransition?, nextTravel: TravelKind? = nil
    ) -> [Maneuver] {
        let writer = InstructionWriter(language: language, units: units)
        var offsets = [Double]()
        offsets.reserveCapacity(segments.count + 1)
        offsets.append(0)
        var running = 0.0
        for s in segments { running += s.lengthMeters; offsets.append(running) }
        let total = running

        struct Draft {
            var action: Maneuver.Action
            var segment: Int  // the segment the maneuver starts (segments.count for the end)
            var levelChange: Maneuver.LevelChange?
            /// Index of the level a level change reaches.
            var toLevelIndex: Int?
            var building: String?
            var duration: Double?
            /// The segment whose space the maneuver names, when not `segment` (a level change names
            /// the space its last connector segment reaches, not one on a floor passed on the way).
            var spaceSegment: Int?
            var isTurn: Bool {
                switch action {
                case .slightLeft, .left, .sharpLeft, .slightRight, .right, .sharpRight, .uTurn: true
                default: false
                }
            }
        }
        // Per segment: its heading when it defines one, and whether it changes level (headings are
        // computed once; the turn loop below looks them up instead of copying segments).
        // Constants, so the nested functions below read them without exclusivity checks.
        let changesLevel = segments.map { $0.startLevelIndex != $0.endLevelIndex }
        let minimumSegmentMeters = thresholds.minimumSegmentMeters
        // Segments along a whole edge read their bearing from the lookups (the same value, computed once
        // per graph), the others compute it.
        let segmentHeading: [Double?] = lookups.edgeHeading.withUnsafeBufferPointer { edgeHeading in
            segments.map { s in
                guard s.startLevelIndex == s.endLevelIndex && s.start.distance(to: s.end) >= minimumSegmentMeters else { return nil }
                return s.directedEdge >= 0 ? edgeHeading[Int(s.directedEdge)] : s.start.bearingRadians(to: s.end)
            }
        }
        // The building at the middle of every whole-edge segment, read in one pass up front: the table
        // reads do not wait on each other there, as they would one per turn of the loop below.
        let middleBuilding: [Int32] = lookups.edgeMiddleBuilding.withUnsafeBufferPointer { table in
            segments.map { $0.directedEdge >= 0 ? table[Int($0.directedEdge)] : -1 }
        }
        /// Heading (radians, clockwise from north) of the last long-enough segment before vertex `i`.
        func heading(before i: Int) -> Double? {
            var k = i - 1
            while k >= 0 {
                if changesLevel[k] { return nil }
                if let h = segmentHeading[k] { return h }
                k -= 1
            }
            return nil
        }
        /// Heading of the first long-enough segment from vertex `i` on.
        func heading(from i: Int) -> Double? {
            var k = i
            while k < segments.count {
                if changesLevel[k] { return nil }
                if let h = segmentHeading[k] { return h }
                k += 1
            }
            return nil
        }
        var drafts: [Draft] = [Draft(action: .depart, segment: 0)]
        var currentBuilding = buildingID(at: segments[0].start, levelIndex: segments[0].startLevelIndex)
        var i = 1
        var skipUntil = 0
        // A level change, with the building exit before it and the entry after it when the connector
        // leads into another building (a ramp or bridge between buildings).
        func addLevelChange(_ lc: (change: Maneuver.LevelChange, toLevelIndex: Int, end: Int), at i: Int) {
            let last = segments[lc.end - 1]
            let b =
                last.directedEdge >= 0 && last.endNode >= 0
                ? lookups.building(lookups.nodeBuilding[Int(last.endNode)])
                : buildingID(at: last.end, levelIndex: last.endLevelIndex)
            let changes = b != currentBuilding
            if changes, let old = currentBuilding { drafts.append(Draft(action: .exitBuilding, segment: i, building: old)) }
            drafts.append(
                Draft(action: .levelChange, segment: i, levelChange: lc.change, toLevelIndex: lc.toLevelIndex, spaceSegment: lc.end - 1))
            if changes, let new = b { drafts.append(Draft(action: .enterBuilding, segment: lc.end, building: new)) }
            currentBuilding = b
            skipUntil = lc.end
        }
        // A level change may also open the section (after a transition cut).
        if let lc = levelChange(startingAt: 0, in: segments) { addLevelChange(lc, at: 0) }
        while i < segments.count {
            defer { i += 1 }
            if i < skipUntil { continue }
            if let lc = levelChange(startingAt: i, in: segments) {
                addLevelChange(lc, at: i)
                continue
            }
            if changesLevel[i - 1] && segments[i - 1].kind.connectorKind != nil { continue }
            // Building or section change: where the path goes next (the middle of the next segment).
            do {
                // Mid-segment, except on level-changing connectors (their middle is between floors);
                // an outdoor walkway between two buildings' ground floors has its middle outdoors.
                let atMiddle = !changesLevel[i] || segments[i].kind.connectorKind == nil
                let b: String?
                if atMiddle, segments[i].directedEdge >= 0 {
                    b = lookups.building(middleBuilding[i])
                } else {
                    let start = segments[i].start, end = segments[i].end
                    b = buildingID(at: atMiddle ? Self.middle(from: start, to: end) : end, levelIndex: segments[i].endLevelIndex)
                }
                if b != currentBuilding {
                    if let old = currentBuilding { drafts.append(Draft(action: .exitBuilding, segment: i, building: old)) }
                    if let new = b { drafts.append(Draft(action: .enterBuilding, segment: i, building: new)) }
                    currentBuilding = b
                    continue
                }
            }
            guard let incoming = heading(before: i), let outgoing = heading(from: i) else { continue }
            // Turns closer together than `mergeTurnsWithinMeters` are one turn: measure the heading
            // change from before the first to after the last.
            // (The last draft is read in place, not copied with its strings, for every segment.)
            if let lastIndex = drafts.indices.last, drafts[lastIndex].isTurn,
                case let lastSegment = drafts[lastIndex].segment,
                offsets[i] - offsets[lastSegment] < thresholds.mergeTurnsWithinMeters,
                let before = heading(before: lastSegment)
            {
                let merged = Angle.degrees(Angle.difference(from: before, to: outgoing))
                drafts.removeLast()
                if let turn = thresholds.action(forTurnDegrees: merged) { drafts.append(Draft(action: turn, segment: lastSegment)) }
                continue
            }
            let delta = Angle.degrees(Angle.difference(from: incoming, to: outgoing))
            if let turn = thresholds.action(forTurnDegrees: delta) {
                drafts.append(Draft(action: turn, segment: i))
            } else if segments[i - 1].endNodeKind == .door {
                drafts.append(Draft(action: .passDoor, segment: i))
            }
        }
        // Grazing a footprint: drop an entry and exit of one building (either order) closer than
        // `minimumBuildingVisitMeters` with no other building event between them.
        var k = 0
        while k < drafts.count {
            guard drafts[k].action == .enterBuilding || drafts[k].action == .exitBuilding,
                let m = drafts[(k + 1)...].firstIndex(where: { $0.action == .enterBuilding || $0.action == .exitBuilding }),
                drafts[m].action != drafts[k].action, drafts[m].building == drafts[k].building,
                offsets[drafts[m].segment] - offsets[drafts[k].segment] < thresholds.minimumBuildingVisitMeters,
                !drafts[k...m].contains(where: { $0.action == .levelChange })
            else { k += 1; continue }
            drafts.remove(at: m)
            drafts.remove(at: k)
        }
        if !isFinal, postActions.isEmpty, nextTravel != nil {
            drafts.append(Draft(action: .changeTransport, segment: segments.count))
        } else if isFinal || !postActions.isEmpty || transition == nil {
            drafts.append(Draft(action: .arrive, segment: segments.count))
        }
        for p in postActions where p.action == .wait {
            drafts.append(Draft(action: .wait, segment: segments.count, duration: p.durationSeconds))
        }

        // The spaces the maneuvers lead into, looked up in one pass (the table reads overlap).
        var draftSpaces: [Int?] = []
        draftSpaces.reserveCapacity(drafts.count)
        for d in drafts { draftSpaces.append(d.segment >= segments.count ? nil : space(after: d.spaceSegment ?? d.segment, in: segments)) }
        var spaceFacts: [AssemblyLookups.SpaceFacts?] = []
        spaceFacts.reserveCapacity(drafts.count)
        lookups.spaces.withUnsafeBufferPointer { spaces in
            for k in draftSpaces { spaceFacts.append(k.map { spaces[$0] }) }
        }
        var out: [Maneuver] = []
        out.reserveCapacity(drafts.count)
        for (k, d) in drafts.enumerated() {
            let offset = offsets[d.segment]
            let nextOffset = k + 1 < drafts.count ? offsets[drafts[k + 1].segment] : total
            let atEnd = d.segment >= segments.count
            let position = atEnd ? (segments.last?.end ?? .zero) : segments[d.segment].start
            let levelID =
                atEnd
                ? (segments.last.map { lookups.levelIDs[$0.endLevelIndex] } ?? "")
                : lookups.levelIDs[segments[d.segment].startLevelIndex]
            let bearing = atEnd ? (heading(before: segments.count) ?? 0) : (heading(from: d.segment) ?? heading(before: d.segment) ?? 0)
            var space: Maneuver.SpaceInfo?
            if let facts = spaceFacts[k] {
                space = Maneuver.SpaceInfo(id: facts.id, category: facts.category, name: facts.name.flatMap { displayName($0) })
            }
            var levelName: String?
            if let to = d.toLevelIndex {
                levelName = displayName(lookups.levelNames[to]) ?? displayName(lookups.levelShortNames[to]) ?? lookups.levelIDs[to]
            }
            let place: String? = d.action == .depart ? departure.name : (d.action == .arrive ? arrival.name : nil)
            let buildingName = d.building.flatMap { id in (try? venue.building(id)).flatMap { displayName($0.name) } }
            let distance = max(0, nextOffset - offset)
            let bearingDegrees = Angle.degrees(Angle.normalizedPositive(bearing))
            let text = writer.text(
                for: d.action, distanceToNextMeters: distance, bearingDegrees: bearingDegrees, levelChange: d.levelChange,
                levelName: levelName, placeName: place, buildingName: buildingName, durationSeconds: d.duration,
                nextTravel: nextTravel)
            out.append(
                Maneuver(
                    action: d.action, position: position, levelID: levelID, distanceToNextMeters: distance,
                    offsetMeters: offset, bearingDegrees: bearingDegrees, levelChange: d.levelChange, space: space,
                    buildingName: buildingName, durationSeconds: d.duration, instruction: text))
        }
        return out
    }

    /// A run of connector segments of one connector starting at `i` that changes level.
    private func levelChange(startingAt i: Int, in segments: [RouteSegment]) -> (change: Maneuver.LevelChange, toLevelIndex: Int, end: Int)?
    {
        let s = segments[i]
        guard let kind = s.kind.connectorKind, s.startLevelIndex != s.endLevelIndex else { return nil }
        var end = i + 1
        while end < segments.count, segments[end].kind == s.kind, segments[end].connectorIndex == s.connectorIndex,
            segments[end].startLevelIndex != segments[end].endLevelIndex
        { end += 1 }
        // From the lookups: no copy of the levels or the venue per call.
        let from = s.startLevelIndex, to = segments[end - 1].endLevelIndex
        let connectorID = s.connectorIndex.map { lookups.connectorIDs[Int($0)] }
        let elevationChange = lookups.levelElevations[to] - lookups.levelElevations[from]
        let rise = elevationChange.isFinite ? elevationChange : 0
        return (
            Maneuver.LevelChange(
                connectorKind: kind, connectorID: connectorID, deltaZ: lookups.levelOrdinals[to] - lookups.levelOrdinals[from],
                fromLevelID: lookups.levelIDs[from], toLevelID: lookups.levelIDs[to],
                riseMeters: rise), to, end
        )
    }

    private func buildingID(at point: LocalPoint, levelIndex: Int) -> String? {
        venue.buildingID(at: point, levelIndex: levelIndex)
    }

    /// The space (index into `venue.spaces`) the path is in just after the start of segment `i`.
    private func space(after i: Int, in segments: [RouteSegment]) -> Int? {
        let s = segments[i]
        if s.directedEdge >= 0 {
            let k = lookups.edgeSpace[Int(s.directedEdge)]
            return k < 0 ? nil : Int(k)
        }
        // The level reached (the same as the level left when the segment stays on one).
        return spatialIndex.smallestSpace(containing: Self.spaceProbe(from: s.start, to: s.end), levelIndex: s.endLevelIndex)
    }
}
