import IndoorGeometry

/// Connectors derived from units of connector categories (elevator, stairs, escalator, ramp) that are
/// stacked on the levels of one building, for archives that model them as units without
/// `relationship` features.
///
/// Rule: a building's levels form *tiers* by ordinal (two levels sharing an ordinal, such as an outdoor
/// concourse beside the indoor floor, are one tier). Two candidate units of the same kind on adjacent
/// tiers are joined when they overlap in plan: the centroid of either lies inside the other's polygon,
/// or their bounding boxes' intersection over union is at least
/// ``ConnectorDerivationOptions/minimumBoundingBoxIoU``. A candidate left without a partner on the tier
/// above is then paired with the nearest unpartnered candidate there whose centroid is within
/// ``ConnectorDerivationOptions/maximumOffsetMeters`` (outlines drawn offset or overlapping only in
/// part), nearest pairs first, then with the nearest whose footprint does not overlap its own but lies
/// within ``ConnectorDerivationOptions/maximumFootprintGapMeters`` of it (a flight drawn beside where it
/// is upstairs); candidates still without a partner try the tiers further up, up to
/// ``ConnectorDerivationOptions/maximumOrdinalSpan`` ordinals (a stair or lift that skips a floor).
/// Every join that is not of overlapping outlines on adjacent tiers gets a warning on the lower unit
/// naming its partner, how far apart their footprints are and which tiers it skips.
/// Joined units form groups (transitively); each group spanning two or more levels becomes one two-way
/// ``Connector`` with an entry at every member unit's display point (else centroid). Units already
/// referred to by a relationship are not candidates. A candidate that stacks with nothing gets a warning.
enum ConnectorDerivation {
    /// Groups of space indices that form one connector each, and candidates that formed none.
    struct Result {
        var groups: [(kind: ConnectorKind, spaces: [Int])] = []
        var unstacked: [Int] = []
        /// Joins of units whose outlines do not overlap or that skip tiers: the lower unit, the upper
        /// one, and why the join is worth a warning.
        var looseJoins: [(lower: Int, upper: Int, reason: String)] = []
    }

    /// Groups stacked candidate spaces. `levelIndexByID` maps level ids to indices into `levels`.
    /// - Complexity: O(Σ n_a × n_b) over pairs of tiers within the span, with n the candidates per tier.
    static func stackedGroups(
        spaces: [Space], levels: [Level], levelIndexByID: [String: Int],
        excluding excluded: Set<String>, options: ConnectorDerivationOptions
    ) -> Result {
        // Candidates by (kind, building key) then ordinal.
        var buckets: [String: [Int: [Int]]] = [:]
        var kindOfSpace: [Int: ConnectorKind] = [:]
        for (i, space) in spaces.enumerated() {
            guard let kind = options.kindByUnitCategory[space.category], !excluded.contains(space.id),
                let level = levelIndexByID[space.levelID]
            else { continue }
            kindOfSpace[i] = kind
            buckets["\(kind.rawValue)\u{1F}\(buildingKey(levels[level]))", default: [:]][levels[level].ordinal, default: []].append(i)
        }
        var links = UnionFind(count: spaces.count)
        var looseJoins: [(lower: Int, upper: Int, reason: String)] = []
        for key in buckets.keys.sorted() {
            guard let byTier = buckets[key], let anyMember = byTier.values.first?.first,
                let anyLevel = levelIndexByID[spaces[anyMember].levelID]
            else { continue }
            // The building's tiers: its distinct ordinals in order.
            let building = buildingKey(levels[anyLevel])
            let tiers = Array(Set(levels.filter { buildingKey($0) == building }.map(\.ordinal))).sorted()
            var hasUp = Set<Int>(), hasDown = Set<Int>()
            func join(_ a: Int, _ b: Int) { links.union(a, b); hasUp.insert(a); hasDown.insert(b) }
            // Overlapping outlines on adjacent tiers.
            for (lower, upper) in zip(tiers, tiers.dropFirst()) {
                for a in byTier[lower] ?? [] {
                    for b in byTier[upper] ?? [] where overlap(spaces[a].polygon, spaces[b].polygon, options) { join(a, b) }
                }
            }
            // Offset outlines on adjacent tiers, then footprints apart, then wider spans: nearest
            // unpartnered pairs first.
            for span in 1...options.maximumOrdinalSpan {
                for (t, lower) in tiers.enumerated() where t + span < tiers.count {
                    let upper = tiers[t + span]
                    for pass in 0..<2 {
                        var pairs: [(distance: Double, a: Int, b: Int)] = []
                        for a in byTier[lower] ?? [] where !hasUp.contains(a) {
                            for b in byTier[upper] ?? [] where !hasDown.contains(b) {
                                let pa = spaces[a].polygon, pb = spaces[b].polygon
                                if pass == 0 {
                                    let d = pa.centroid.distance(to: pb.centroid)
                                    if d <= options.maximumOffsetMeters || (span > 1 && overlap(pa, pb, options)) {
                                        pairs.append((d, a, b))
                                    }
                                } else if !pa.bounds.intersects(pb.bounds) {
                                    let gap = footprintGap(pa.bounds, pb.bounds)
                                    if gap <= options.maximumFootprintGapMeters { pairs.append((gap, a, b)) }
                                }
                            }
                        }
                        pairs.sort { ($0.distance, $0.a, $0.b) < ($1.distance, $1.a, $1.b) }
                        for p in pairs where !hasUp.contains(p.a) && !hasDown.contains(p.b) {
                            join(p.a, p.b)
                            let pa = spaces[p.a].polygon, pb = spaces[p.b].polygon
                            var reasons: [String] = []
                            if !overlap(pa, pb, options) {
                                let apart = String(format: "%.1f", pa.centroid.distance(to: pb.centroid))
                                let gap = String(format: "%.1f", footprintGap(pa.bounds, pb.bounds))
                                reasons.append(
                                    pa.bounds.intersects(pb.bounds)
                                        ? "their footprints overlap only in part (centroids \(apart) m apart)"
                                        : "their footprints do not overlap (\(gap) m between them, centroids \(apart) m apart)")
                            }
                            if span > 1 {
                                let skipped = tiers[(t + 1)..<(t + span)].map(String.init).joined(separator: ", ")
                                reasons.append("it skips ordinal \(skipped), where no unit of its kind stacks")
                            }
                            looseJoins.append((p.a, p.b, reasons.joined(separator: "; ")))
                        }
                    }
                }
            }
        }
        var members: [Int: [Int]] = [:]
        for i in kindOfSpace.keys.sorted() { members[links.find(i), default: []].append(i) }
        var result = Result()
        result.looseJoins = looseJoins
        for root in members.keys.sorted() {
            guard let group = members[root], let first = group.first, let kind = kindOfSpace[first] else { continue }
            if Set(group.map { spaces[$0].levelID }).count >= 2 {
                result.groups.append((kind, group))
            } else {
                result.unstacked += group
            }
        }
        return result
    }

    /// Metres between two boxes (0 when they touch or overlap).
    static func footprintGap(_ a: BoundingBox, _ b: BoundingBox) -> Double {
        let dx = max(0, max(a.minX, b.minX) - min(a.maxX, b.maxX))
        let dy = max(0, max(a.minY, b.minY) - min(a.maxY, b.maxY))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Key of the building a level belongs to: its single building id, else its sorted building ids.
    private static func buildingKey(_ level: Level) -> String { level.buildingIDs.sorted().joined(separator: ",") }

    /// Whether two polygons on adjacent levels are the same shaft, flight or ramp seen twice.
    static func overlap(_ a: Polygon, _ b: Polygon, _ options: ConnectorDerivationOptions) -> Bool {
        guard a.bounds.intersects(b.bounds) else { return false }
        if b.contains(a.centroid) || a.contains(b.centroid) { return true }
        let ix = min(a.bounds.maxX, b.bounds.maxX) - max(a.bounds.minX, b.bounds.minX)
        let iy = min(a.bounds.maxY, b.bounds.maxY) - max(a.bounds.minY, b.bounds.minY)
        guard ix > 0, iy > 0 else { return false }
        let intersection = ix * iy
        let union = a.bounds.width * a.bounds.height + b.bounds.width * b.bounds.height - intersection
        return union > 0 && intersection / union >= options.minimumBoundingBoxIoU
    }
}

extension IMDFArchive {
    /// Adds connectors for stacked connector units that no relationship covers.
    mutating func deriveStackedConnectors() {
        let result = ConnectorDerivation.stackedGroups(
            spaces: spaces, levels: levels, levelIndexByID: levelIndexByID,
            excluding: unitsInRelationships, options: options.connectorDerivation)
        for (kind, group) in result.groups {
            let ordered = group.sorted {
                (levelOrdinal(spaces[$0].levelID), spaces[$0].id) < (levelOrdinal(spaces[$1].levelID), spaces[$1].id)
            }
            let entries = ordered.map { Connector.Entry(levelID: spaces[$0].levelID, point: anchorPoint(ofSpace: $0)) }
            let memberIDs = Set(ordered.map { spaces[$0].id })
            let name =
                ordered.map { spaces[$0].name }.first { !$0.isEmpty }
                ?? pois.first { $0.source == .amenity && $0.spaceID.map(memberIDs.contains) == true }?.name
                ?? LocalizedName()
            connectors.append(
                makeConnector(
                    id: "stacked-\(spaces[ordered[0]].id)", kind: kind, entries: entries,
                    direction: .both, name: name))
            connectorUnitIDs[connectors.count - 1] = ordered.map { spaces[$0].id }
        }
        for join in result.looseJoins {
            let lower = spaces[join.lower], upper = spaces[join.upper]
            issues.append(
                .warning(
                    SourceLocation(file: "unit.geojson", featureID: lower.id, field: "geometry"),
                    "\(lower.category) unit joined to '\(upper.id)' on level '\(upper.levelID)' as one connector: \(join.reason)"))
        }
        for i in result.unstacked {
            issues.append(
                .warning(
                    SourceLocation(file: "unit.geojson", featureID: spaces[i].id, field: "category"),
                    "\(spaces[i].category) unit stacks with no unit on an adjacent level; no connector derived"))
        }
    }
}

/// Disjoint sets over `0..<count` with path compression; the smaller index is the root.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ x: Int) -> Int {
        var r = x
        while parent[r] != r { r = parent[r] }
        var c = x
        while parent[c] != r { let n = parent[c]; parent[c] = r; c = n }
        return r
    }

    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}
