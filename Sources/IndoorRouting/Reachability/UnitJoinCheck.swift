import IndoorGeometry
import IndoorVenue

/// Checks that the navigation graph routes every pair of units the archive itself joins on a level
/// (``UnitJoins``: openings and touching open units, found from the geometry, not from the graph).
///
/// Every unordered pair of units in one part of a level is routed once, from the unit earlier in
/// `venue.spaces` to the later one, with default route options. A pair is a ``Miss`` when either unit
/// is not *entered* by the graph (a route request naming the unit is matched onto an edge that does
/// not run inside it: the route would start on some other unit's edge), or when
/// the router finds no route (the miss carries its last notice).
public struct UnitJoinCheck: Sendable {
    /// Two units of one part of a level.
    public struct Pair: Hashable, Sendable {
        /// The earlier unit (index into `venue.spaces`; `from < to`).
        public var from: Int
        /// The later unit (index into `venue.spaces`).
        public var to: Int
        /// The level both are on.
        public var levelID: String
    }

    /// A pair the graph does not route, and the router's reason.
    public struct Miss: Hashable, Sendable {
        /// The pair without a route.
        public var pair: Pair
        /// The last notice of the route response (`code: details`).
        public var notice: String
    }

    /// The outcome on one level.
    public struct LevelResult: Hashable, Sendable {
        /// The level's id.
        public var levelID: String
        /// Parts of two or more units on the level.
        public var components: Int
        /// Units in those parts.
        public var units: Int
        /// Pairs checked (every pair within a part).
        public var pairs: Int
        /// Pairs that found no route, in pair order.
        public var misses: [Miss]
        /// Share of the pairs routed (1 when there are none).
        public var routedFraction: Double { pairs == 0 ? 1 : Double(pairs - misses.count) / Double(pairs) }
    }

    /// The joins checked.
    public let joins: UnitJoins
    /// Per level of the venue (levels without parts included, with zero pairs), in level order.
    public let levels: [LevelResult]

    /// Every pair to check: within each part, every unit with every later one.
    public static func pairs(of joins: UnitJoins) -> [Pair] {
        var out: [Pair] = []
        for part in joins.components {
            for (k, a) in part.spaceIndices.enumerated() {
                for b in part.spaceIndices[(k + 1)...] { out.append(Pair(from: a, to: b, levelID: part.levelID)) }
            }
        }
        return out
    }

    /// Why the graph does not enter the unit at `space`, or `nil` when it does: a route request naming
    /// the unit is matched onto an edge, and some point of that edge (sampled every 0.1 m, its ends
    /// left out) must lie inside the unit; a match onto a lone node must lie inside it or on its
    /// boundary.
    static func notEntered(_ space: Int, router: IndoorRouter) -> String? {
        let venue = router.venue
        let unit = venue.spaces[space]
        let maxDistance = RouteOptions().maxMatchDistanceMeters
        let matcher = PlaceMatcher(
            venue: venue, nodesByFeatureID: router.index.nodesByFeatureID, maxDistanceMeters: maxDistance,
            languages: [venue.defaultLanguage])
        guard case .success(let m) = matcher.match(.feature(id: unit.id)) else {
            return "the graph does not enter \(unit.id): no graph edge within \(Int(maxDistance)) m of it"
        }
        if let (e, _) = m.edge {
            let edge = venue.graph.edges[e]
            let a = venue.graph.nodes[Int(edge.from)].point, b = venue.graph.nodes[Int(edge.to)].point
            let steps = max(2, Int((a.distance(to: b) / 0.1).rounded(.up)))
            let step: LocalVector = (b - a) * (1 / Double(steps))
            for k in 1..<steps where unit.polygon.contains(a + step * Double(k)) { return nil }
        } else if unit.polygon.contains(m.graphPoint) || unit.polygon.distanceToBoundary(m.graphPoint) <= 1e-6 {
            return nil
        }
        let holder =
            venue.spatialIndex.spaces(containing: m.graphPoint, levelIndex: m.levelIndex).first { $0 != space }
            .map { " (in \(venue.spaces[$0].id))" } ?? ""
        let away = (m.place.matchDistanceMeters * 100).rounded() / 100
        return "the graph does not enter \(unit.id): a route naming it starts on an edge outside it, \(away) m away\(holder)"
    }

    /// Routes `pairs` with `router` and returns those the graph does not route.
    /// - Throws: ``RoutingError`` when a request is refused (a unit id the router cannot take).
    public static func misses(of pairs: some Sequence<Pair>, router: IndoorRouter) throws(RoutingError) -> [Miss] {
        var out: [Miss] = []
        let spaces = router.venue.spaces
        var entry: [Int: String?] = [:]
        func notEntered(_ s: Int) -> String? {
            if let known = entry[s] { return known }
            let found = Self.notEntered(s, router: router)
            entry[s] = found
            return found
        }
        for pair in pairs {
            if let why = notEntered(pair.from) ?? notEntered(pair.to) {
                out.append(Miss(pair: pair, notice: why))
                continue
            }
            let response = try router.route(RouteRequest(from: .feature(id: spaces[pair.from].id), to: .feature(id: spaces[pair.to].id)))
            guard response.route == nil else { continue }
            let notice = response.notices.last.map { "\($0.code.rawValue): \($0.details ?? "")" } ?? "no route"
            out.append(Miss(pair: pair, notice: notice))
        }
        return out
    }

    /// The result from the joins and the misses found among ``pairs(of:)`` (however they were routed).
    public init(venue: Venue, joins: UnitJoins, misses: [Miss]) {
        var results = venue.levels.map { LevelResult(levelID: $0.id, components: 0, units: 0, pairs: 0, misses: []) }
        let position = Dictionary(venue.levels.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for part in joins.components {
            guard let l = position[part.levelID] else { continue }
            results[l].components += 1
            results[l].units += part.spaceIndices.count
            results[l].pairs += part.spaceIndices.count * (part.spaceIndices.count - 1) / 2
        }
        for miss in misses {
            if let l = position[miss.pair.levelID] { results[l].misses.append(miss) }
        }
        self.joins = joins
        self.levels = results
    }

    /// Finds the joins and routes every pair on one router.
    /// - Throws: ``RoutingError`` when a request is refused.
    public init(index: RoutingIndex, options: UnitJoins.Options = .defaults) throws(RoutingError) {
        let joins = UnitJoins(venue: index.venue, options: options)
        let misses = try Self.misses(of: Self.pairs(of: joins), router: IndoorRouter(index: index))
        self.init(venue: index.venue, joins: joins, misses: misses)
    }

    /// Pairs checked over the venue.
    public var pairCount: Int { levels.reduce(0) { $0 + $1.pairs } }
    /// Pairs without a route over the venue, by level.
    public var misses: [Miss] { levels.flatMap(\.misses) }
}
