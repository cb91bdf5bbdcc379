import IndoorGeometry

/// Which units of each level the archive's own geometry joins, found without the navigation graph: an
/// opening joins the walkable units its line lies in or comes within ``Options/openingReachMeters`` of,
/// and two walkable units of a touching category (open circulation: walkways, lobbies…) join when their
/// boundaries run together, or one's boundary runs inside the other, for at least
/// ``Options/minimumSharedBoundaryMeters``. The parts (connected components) of these joins are what a
/// derived graph should reach on every level (`indoornav bench reach --check-joins`).
///
/// Non-walkable units (shafts, non-public space…) take no part; units on a level with no join to
/// another unit form no part. The rules are written here on their own (segment distances, boundary
/// samples) rather than taken from ``GraphDerivation``, so the check does not share the derivation's
/// mistakes.
public struct UnitJoins: Sendable {
    /// Tunables of the join rules.
    public struct Options: Hashable, Sendable {
        /// An opening joins the units whose outline its line enters or comes this close to.
        /// Metres, default 0.5 (``GraphDerivationOptions/doorSnapMeters``), valid range (0, 5].
        public var openingReachMeters: Double
        /// How far apart two boundaries may run and still touch. Metres, default 0.3
        /// (``GraphDerivationOptions/touchToleranceMeters``), valid range [0, 2].
        public var touchToleranceMeters: Double
        /// How long the touching stretch must be. Metres, default 1.0
        /// (``GraphDerivationOptions/minimumSharedBoundaryMeters``), valid range [0.1, 20].
        public var minimumSharedBoundaryMeters: Double
        /// Unit categories (and their dotted subcategories) joined by touching. Default
        /// ``GraphDerivationOptions/defaultOpenSpaceCategories``.
        public var touchingCategories: Set<String>

        /// An option outside its valid range.
        public struct InvalidOption: Error, Hashable, Sendable, CustomStringConvertible {
            /// The option's name.
            public var name: String
            /// The value given.
            public var value: Double
            /// The valid range, as text.
            public var validRange: String
            /// `unit join option NAME = VALUE is outside RANGE`.
            public var description: String { "unit join option \(name) = \(value) is outside \(validRange)" }
        }

        /// Validated options. - Throws: ``InvalidOption`` naming the value out of range.
        public init(
            openingReachMeters: Double = 0.5, touchToleranceMeters: Double = 0.3, minimumSharedBoundaryMeters: Double = 1.0,
            touchingCategories: Set<String> = GraphDerivationOptions.defaultOpenSpaceCategories
        ) throws(InvalidOption) {
            guard openingReachMeters > 0, openingReachMeters <= 5 else {
                throw InvalidOption(name: "openingReachMeters", value: openingReachMeters, validRange: "(0, 5]")
            }
            guard touchToleranceMeters >= 0, touchToleranceMeters <= 2 else {
                throw InvalidOption(name: "touchToleranceMeters", value: touchToleranceMeters, validRange: "[0, 2]")
            }
            guard minimumSharedBoundaryMeters >= 0.1, minimumSharedBoundaryMeters <= 20 else {
                throw InvalidOption(name: "minimumSharedBoundaryMeters", value: minimumSharedBoundaryMeters, validRange: "[0.1, 20]")
            }
            self.openingReachMeters = openingReachMeters; self.touchToleranceMeters = touchToleranceMeters
            self.minimumSharedBoundaryMeters = minimumSharedBoundaryMeters; self.touchingCategories = touchingCategories
        }

        /// The documented defaults.
        public static let defaults = Options(unchecked: ())
        private init(unchecked: Void) {
            openingReachMeters = 0.5; touchToleranceMeters = 0.3; minimumSharedBoundaryMeters = 1.0
            touchingCategories = GraphDerivationOptions.defaultOpenSpaceCategories
        }
    }

    /// What joins two units.
    public enum Join: Hashable, Sendable {
        /// The opening with this id opens into both.
        case opening(id: String)
        /// Their boundaries run together (or one inside the other) for this many metres.
        case touching(sharedMeters: Double)
    }

    /// One join of two units (indices into `venue.spaces`, `a < b`).
    public struct Link: Hashable, Sendable {
        /// The earlier unit.
        public var a: Int
        /// The later unit.
        public var b: Int
        /// What joins them.
        public var join: Join
    }

    /// A part of one level: units joined to each other through openings and touching.
    public struct Component: Hashable, Sendable {
        /// The level's id.
        public var levelID: String
        /// Indices into `venue.spaces`, ascending; at least two.
        public var spaceIndices: [Int]
    }

    /// Every join found, by level order, then by the lower unit.
    public let links: [Link]
    /// The parts with at least two units, by level order, then by their lowest unit.
    public let components: [Component]

    /// Spacing of the boundary samples that measure a shared stretch, metres.
    static let boundarySampleMeters = 0.25

    /// Finds the joins and parts of every level of `venue`.
    /// - Complexity: O(openings × units near each × edges) plus, per pair of touching-category units whose
    ///   boxes meet, O(boundary samples × edges).
    public init(venue: Venue, options: Options = .defaults) {
        var links: [Link] = []
        var components: [Component] = []
        var spacesByLevel = [[Int]](repeating: [], count: venue.levels.count)
        for (i, s) in venue.spaces.enumerated() where s.isWalkable {
            if let l = venue.index.levelIndex[s.levelID] { spacesByLevel[l].append(i) }
        }
        var openingsByLevel = [[Int]](repeating: [], count: venue.levels.count)
        for (i, o) in venue.openings.enumerated() {
            if let l = venue.index.levelIndex[o.levelID] { openingsByLevel[l].append(i) }
        }
        for level in venue.levels.indices {
            let units = spacesByLevel[level]
            var levelLinks: [Link] = []
            for o in openingsByLevel[level] {
                let opening = venue.openings[o]
                let touched = units.filter { Self.line(opening.line, meets: venue.spaces[$0].polygon, within: options.openingReachMeters) }
                for (k, a) in touched.enumerated() {
                    for b in touched[(k + 1)...] { levelLinks.append(Link(a: a, b: b, join: .opening(id: opening.id))) }
                }
            }
            let touching = units.filter { unit in
                let category = venue.spaces[unit].category
                return options.touchingCategories.contains { category == $0 || category.hasPrefix($0 + ".") }
            }
            for (k, a) in touching.enumerated() {
                let pa = venue.spaces[a].polygon
                for b in touching[(k + 1)...] {
                    let pb = venue.spaces[b].polygon
                    guard pa.bounds.expanded(by: options.touchToleranceMeters).intersects(pb.bounds) else { continue }
                    let shared = max(
                        Self.boundaryMeters(of: pa, along: pb, tolerance: options.touchToleranceMeters),
                        Self.boundaryMeters(of: pb, along: pa, tolerance: options.touchToleranceMeters))
                    if shared >= options.minimumSharedBoundaryMeters {
                        levelLinks.append(Link(a: a, b: b, join: .touching(sharedMeters: shared)))
                    }
                }
            }
            levelLinks.sort { ($0.a, $0.b) < ($1.a, $1.b) }
            let position = Dictionary(uniqueKeysWithValues: units.enumerated().map { ($1, $0) })
            var sets = UnionFind(count: units.count)
            for link in levelLinks {
                if let i = position[link.a], let j = position[link.b] { sets.union(i, j) }
            }
            var members: [Int: [Int]] = [:]
            for (i, unit) in units.enumerated() { members[sets.find(i), default: []].append(unit) }
            for root in members.keys.sorted() {
                guard let part = members[root], part.count >= 2 else { continue }
                components.append(Component(levelID: venue.levels[level].id, spaceIndices: part.sorted()))
            }
            links += levelLinks
        }
        self.links = links
        self.components = components
    }

    /// Whether some point of `line` lies in `polygon` or within `reach` metres of its boundary.
    static func line(_ line: Polyline, meets polygon: Polygon, within reach: Double) -> Bool {
        guard let box = BoundingBox(points: line.points), box.expanded(by: reach).intersects(polygon.bounds) else { return false }
        if line.points.contains(where: { $0.isFinite && polygon.contains($0) }) { return true }
        let pieces =
            line.points.count == 1
            ? [Segment(line.points[0], line.points[0])] : zip(line.points, line.points.dropFirst()).map { Segment($0, $1) }
        for piece in pieces {
            for edge in polygon.edges where segmentDistance(piece, edge) <= reach { return true }
        }
        return false
    }

    /// Shortest distance between two segments (0 when they meet).
    static func segmentDistance(_ s: Segment, _ t: Segment) -> Double {
        if s.length > 0, t.length > 0, s.intersection(with: t) != .none { return 0 }
        return min(min(t.distance(to: s.start), t.distance(to: s.end)), min(s.distance(to: t.start), s.distance(to: t.end)))
    }

    /// Length of `a`'s boundary (every ring) that lies inside `b` or within `tolerance` of `b`'s
    /// boundary, measured on samples at most ``boundarySampleMeters`` apart.
    static func boundaryMeters(of a: Polygon, along b: Polygon, tolerance: Double) -> Double {
        let near = b.bounds.expanded(by: tolerance)
        var total = 0.0
        for edge in a.edges {
            let length = edge.length
            guard length > 0, length.isFinite else { continue }
            let box = BoundingBox(points: [edge.start, edge.end]) ?? near
            guard box.intersects(near) else { continue }
            let count = max(1, Int((length / boundarySampleMeters).rounded(.up)))
            let step = length / Double(count)
            for k in 0..<count {
                let p = edge.start + (edge.end - edge.start) * ((Double(k) + 0.5) / Double(count))
                guard near.contains(p) else { continue }
                if b.contains(p) || b.distanceToBoundary(p) <= tolerance { total += step }
            }
        }
        return total
    }
}
