import IndoorGeometry
import IndoorVenue

/// Which units with openings a route can reach, and why the others cannot.
///
/// A unit *has openings* when an opening's midpoint lies inside it or within
/// ``Options/openingSearchMeters`` of its boundary. Each such unit is matched onto the navigation graph
/// the way a route request naming it is (``PlaceMatcher``); the unit is reachable when the graph part
/// (connected component, ignoring edge directions) it matches into is the *main* part: the one holding
/// the most units with openings, over the whole venue or, with ``Scope/building`` or ``Scope/level``,
/// within the unit's building or level.
public struct UnitReachability: Sendable {
    /// Tunables of the analysis.
    public struct Options: Hashable, Sendable {
        /// An opening belongs to a unit when its midpoint is inside it or this close to its boundary.
        /// Metres, default 1.0, valid range (0, 10].
        public var openingSearchMeters: Double
        /// Places farther than this from every graph edge on their level do not match.
        /// Metres, default 30 (``RouteOptions/maxMatchDistanceMeters``), valid range (0, 1000].
        public var maxMatchDistanceMeters: Double
        /// Whether the main part is chosen per level, per building or over the whole venue. Default
        /// ``Scope/venue``.
        public var scope: Scope

        /// Validated options. - Throws: ``RoutingError/badRequest(field:reason:)`` naming the value out of range.
        public init(
            openingSearchMeters: Double = 1.0, maxMatchDistanceMeters: Double = 30,
            scope: Scope = .venue
        ) throws(RoutingError) {
            guard openingSearchMeters > 0, openingSearchMeters <= 10 else {
                throw .badRequest(field: "openingSearchMeters", reason: "\(openingSearchMeters) is outside (0, 10]")
            }
            guard maxMatchDistanceMeters > 0, maxMatchDistanceMeters <= 1000 else {
                throw .badRequest(field: "maxMatchDistanceMeters", reason: "\(maxMatchDistanceMeters) is outside (0, 1000]")
            }
            self.openingSearchMeters = openingSearchMeters
            self.maxMatchDistanceMeters = maxMatchDistanceMeters
            self.scope = scope
        }

        /// The documented defaults, with the main part chosen per `scope`.
        public static func defaults(scope: Scope = .venue) -> Options {
            Options(openingSearchMeters: 1.0, maxMatchDistanceMeters: 30, unchecked: scope)
        }
        private init(openingSearchMeters: Double, maxMatchDistanceMeters: Double, unchecked scope: Scope) {
            self.openingSearchMeters = openingSearchMeters; self.maxMatchDistanceMeters = maxMatchDistanceMeters; self.scope = scope
        }
    }

    /// Where the main part of the graph is looked for.
    public enum Scope: String, Hashable, Sendable, CaseIterable {
        /// One main part for the whole venue.
        case venue
        /// One main part per building (units of a building count as reachable within it).
        case building
        /// One main part per level (units count as reachable within their level).
        case level
    }

    /// Why a unit cannot be reached.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// No graph edge or node on the unit's level within the match distance.
        case notMatched(distanceMeters: Double)
        /// The unit's own openings are all farther than the derivation's door snap from its boundary,
        /// so the graph reaches it through nothing of its own.
        case noOpeningWithinTolerance(nearestOpeningMeters: Double)
        /// A connector unit (stairs, elevator…) on a level where no connector joins it to another level.
        case connectorWithoutCounterpart(category: String)
        /// The unit's openings lead into no other unit: its part of the graph holds it alone.
        case openingsLeadNowhere(openings: Int)
        /// The unit's part of the graph is not the main one.
        case isolatedComponent(unitsInPart: Int, levelsInPart: [String], unitsInMainPart: Int)

        /// The reason as a phrase, e.g. `no navigation graph edge within 30 m of the unit`.
        public var description: String {
            switch self {
            case .notMatched(let d):
                "no navigation graph edge within \(format(d)) m of the unit"
            case .noOpeningWithinTolerance(let d):
                "no opening on its boundary (nearest \(format(d)) m away); the graph does not enter it"
            case .connectorWithoutCounterpart(let category):
                "\(category) unit with no counterpart on an adjacent level; it joins no other level"
            case .openingsLeadNowhere(let n):
                "its \(n) opening(s) lead into no other unit (a door off its wall, or onto a corridor that is not drawn)"
            case .isolatedComponent(let n, let levels, let main):
                "isolated: its part of the graph holds \(n) unit(s) with openings on level(s) \(levels.joined(separator: ", ")); the main part holds \(main)"
            }
        }

        private func format(_ v: Double) -> String { String(format: "%.2f", v) }
    }

    /// The analysis of one unit with openings.
    public struct Unit: Hashable, Sendable {
        /// Index into `venue.spaces`.
        public var spaceIndex: Int
        /// The unit's id.
        public var id: String
        /// The unit's level id.
        public var levelID: String
        /// The building the unit is in (its level's building), when known.
        public var buildingID: String?
        /// Openings within ``Options/openingSearchMeters``.
        public var openingCount: Int
        /// Distance from the nearest such opening's midpoint to the unit (0 inside), metres.
        public var nearestOpeningMeters: Double
        /// Graph part the unit matched into, or `nil` when it did not match.
        public var component: Int?
        /// `nil` when reachable.
        public var reason: Reason?
        /// Whether a route can reach the unit from the main part.
        public var isReachable: Bool { reason == nil }
    }

    /// Units with openings, in the order of `venue.spaces`.
    public let units: [Unit]

    /// Analyses every unit with openings of the index's venue.
    /// - Complexity: O(units × openings per level) for the opening search, plus one place match per unit
    ///   and O(V + E) for the graph's parts.
    /// `doorSnapMeters` is the derivation's ``GraphDerivationOptions/doorSnapMeters`` (openings farther
    /// from a unit do not open into it).
    public init(
        index: RoutingIndex, options: Options = .defaults(),
        doorSnapMeters: Double = GraphDerivationOptions().doorSnapMeters
    ) {
        let venue = index.venue
        let matcher = PlaceMatcher(
            venue: venue, nodesByFeatureID: index.nodesByFeatureID,
            maxDistanceMeters: options.maxMatchDistanceMeters, languages: [venue.defaultLanguage])
        let (componentOfNode, _) = venue.graph.components()
        let openings = UnitOpenings(venue: venue, searchMeters: options.openingSearchMeters)
        var units: [Unit] = []
        for (s, space) in venue.spaces.enumerated() {
            guard let nearest = openings.nearestMeters[s] else { continue }
            var unit = Unit(
                spaceIndex: s, id: space.id, levelID: space.levelID,
                buildingID: space.buildingID ?? venue.levels.first { $0.id == space.levelID }?.buildingIDs.first,
                openingCount: openings.count[s] ?? 0, nearestOpeningMeters: nearest, component: nil, reason: nil)
            switch matcher.match(.feature(id: space.id)) {
            case .success(let m):
                let nodes = m.exits.map(\.node) + m.entries.map(\.node)
                unit.component = nodes.first.map { Int(componentOfNode[Int($0)]) }
            case .failure:
                unit.reason = .notMatched(distanceMeters: options.maxMatchDistanceMeters)
            }
            units.append(unit)
        }
        // The main part: the one holding the most units (per scope key), ties to the lower part number.
        func key(_ u: Unit) -> String {
            switch options.scope {
            case .venue: ""
            case .building: u.buildingID ?? ""
            case .level: u.levelID
            }
        }
        var counts: [String: [Int: Int]] = [:]
        var levelsOfPart: [Int: Set<String>] = [:]
        for u in units {
            if let c = u.component { counts[key(u), default: [:]][c, default: 0] += 1; levelsOfPart[c, default: []].insert(u.levelID) }
        }
        var main: [String: (part: Int, count: Int)] = [:]
        for (k, parts) in counts {
            main[k] = parts.map { (part: $0.key, count: $0.value) }.max { ($0.count, -$0.part) < ($1.count, -$1.part) }
        }
        let connectorCategories = Set(ConnectorDerivationOptions.defaultKinds.keys)
        let connectorUnitLevels = Self.connectorEntrySpaces(venue: venue)
        for i in units.indices where units[i].reason == nil {
            guard let c = units[i].component, let m = main[key(units[i])], c != m.part else { continue }
            let space = venue.spaces[units[i].spaceIndex]
            if units[i].nearestOpeningMeters > doorSnapMeters {
                units[i].reason = .noOpeningWithinTolerance(nearestOpeningMeters: units[i].nearestOpeningMeters)
            } else if connectorCategories.contains(space.category), !connectorUnitLevels.contains(units[i].spaceIndex) {
                units[i].reason = .connectorWithoutCounterpart(category: space.category)
            } else if (counts[key(units[i])]?[c] ?? 0) == 1 {
                units[i].reason = .openingsLeadNowhere(openings: units[i].openingCount)
            } else {
                let levels = (levelsOfPart[c] ?? []).sorted()
                units[i].reason = .isolatedComponent(
                    unitsInPart: counts[key(units[i])]?[c] ?? 0, levelsInPart: levels,
                    unitsInMainPart: m.count)
            }
        }
        self.units = units
    }

    /// Spaces holding an entry of a connector that serves two or more levels.
    private static func connectorEntrySpaces(venue: Venue) -> Set<Int> {
        var out = Set<Int>()
        for c in venue.connectors where Set(c.entries.map(\.levelID)).count >= 2 {
            for e in c.entries {
                guard let li = try? venue.levelIndex(e.levelID) else { continue }
                out.formUnion(venue.spatialIndex.spaces(containing: e.point, levelIndex: li))
            }
        }
        return out
    }

    /// Units that cannot be reached.
    public var unreachable: [Unit] { units.filter { !$0.isReachable } }
}

/// Openings near each unit: how many and how far the nearest is.
struct UnitOpenings {
    var count: [Int: Int] = [:]
    var nearestMeters: [Int: Double] = [:]

    init(venue: Venue, searchMeters: Double) {
        var spacesByLevel: [String: [Int]] = [:]
        for (i, s) in venue.spaces.enumerated() { spacesByLevel[s.levelID, default: []].append(i) }
        for opening in venue.openings {
            let mid = opening.midpoint
            guard mid.isFinite else { continue }
            for s in spacesByLevel[opening.levelID] ?? [] {
                let polygon = venue.spaces[s].polygon
                guard polygon.bounds.distance(to: mid) <= searchMeters else { continue }
                let d = polygon.contains(mid) ? 0 : polygon.distanceToBoundary(mid)
                guard d <= searchMeters else { continue }
                count[s, default: 0] += 1
                nearestMeters[s] = min(nearestMeters[s] ?? .infinity, d)
            }
        }
    }
}
