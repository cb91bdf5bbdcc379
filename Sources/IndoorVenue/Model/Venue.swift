import Foundation
import IndoorGeometry

/// The one venue model: everything IndoorNav knows about a place, in one local metric frame.
///
/// Immutable and `Sendable`; loaders build it, every other module reads it. Coordinates are
/// ``LocalPoint``s in ``frame``; levels are referred to by index into ``levels`` inside the engine
/// and by id at the edges.
public struct Venue: Sendable {
    /// The venue's id (IMDF venue UUID, ILC site id or folder name); what the store and the service key on.
    public let id: String
    /// Display names by language.
    public let name: LocalizedName
    /// The source's venue category (IMDF `university`, `shoppingcenter`, …), when given.
    public let category: String?
    /// Language used when a name has no text in the preferred language.
    public let defaultLanguage: String
    /// The local tangent frame all geometry is in.
    public let frame: LocalFrame
    /// Buildings and sections, in source order.
    public let buildings: [Building]
    /// Levels sorted by ordinal (then id).
    public let levels: [Level]
    /// Every space (IMDF unit) of every level.
    public let spaces: [Space]
    /// Every opening (door, passage) of every level.
    public let openings: [Opening]
    /// Every point of interest (amenities, occupants, anchors, named units, authored POIs).
    public let pois: [PointOfInterest]
    /// Elevators, stairs, escalators, ramps and other links between levels.
    public let connectors: [Connector]
    /// Named views of the venue (empty: one view with everything).
    public let universes: [Universe]
    /// Direction modes the venue configures (beyond the router's built-in ones).
    public let directionModes: [VenueDirectionMode]
    /// The navigation graph routes are searched on (authored or derived).
    public private(set) var graph: NavigationGraph
    /// The files the graph was read from: an authored graph's file (`navPath.geojson`, a node/edge
    /// `graph.geojson`) or the pair `node.geojson` and `edge.geojson`; empty when the graph was derived
    /// from the geometry or built in code.
    public private(set) var graphFiles: [String] = []
    /// Version string given by the source (IMDF manifest `version`), if any.
    public let version: String?
    /// Problems the loader (and validation) recorded; features with `.error` issues were skipped.
    public private(set) var issues: [VenueIssue]
    /// Lookup tables by every accepted id form.
    public let index: VenueIndex
    /// Spatial queries: which space contains a point, nearest graph node or edge.
    public private(set) var spatialIndex: VenueSpatialIndex
    /// Footprints of the buildings that own a level, for ``buildingID(at:levelIndex:toleranceMeters:)``
    /// (buildings drawn only as footprints around the venue are not entered by routes).
    let levelBuildingFootprints: [(id: String, footprint: Polygon)]
    /// Per level (index into ``levels``): indices into `levelBuildingFootprints` in lookup order, the
    /// level's own buildings first (levels × footprints integers).
    let footprintOrderByLevel: [[Int]]

    /// A venue from its parts; sorts levels by ordinal and builds the id and spatial indices.
    public init(
        id: String, name: LocalizedName, category: String? = nil, defaultLanguage: String, frame: LocalFrame,
        buildings: [Building], levels: [Level], spaces: [Space], openings: [Opening],
        pois: [PointOfInterest], connectors: [Connector], universes: [Universe] = [],
        graph: NavigationGraph, version: String? = nil, issues: [VenueIssue] = [],
        directionModes: [VenueDirectionMode] = []
    ) {
        self.id = id; self.name = name; self.category = category; self.defaultLanguage = defaultLanguage
        self.frame = frame; self.buildings = buildings
        self.levels = levels.sorted { ($0.ordinal, $0.id) < ($1.ordinal, $1.id) }
        self.spaces = spaces; self.openings = openings; self.pois = pois; self.connectors = connectors
        self.universes = universes; self.graph = graph; self.version = version; self.issues = issues
        self.directionModes = directionModes
        let owners = Set(levels.flatMap(\.buildingIDs))
        self.levelBuildingFootprints = buildings.compactMap { b in
            guard b.kind == .building, owners.contains(b.id), let footprint = b.footprint else { return nil }
            return (b.id, footprint)
        }
        let footprints = self.levelBuildingFootprints
        self.footprintOrderByLevel = self.levels.map { level in
            let own = footprints.indices.filter { level.buildingIDs.contains(footprints[$0].id) }
            return own + footprints.indices.filter { !level.buildingIDs.contains(footprints[$0].id) }
        }
        let index = VenueIndex(buildings: buildings, levels: self.levels, spaces: spaces, pois: pois)
        self.index = index
        self.spatialIndex = Venue.spatialIndex(levels: self.levels, spaces: spaces, openings: openings, graph: graph, index: index)
    }

    private static func spatialIndex(
        levels: [Level], spaces: [Space], openings: [Opening], graph: NavigationGraph,
        index: VenueIndex
    ) -> VenueSpatialIndex {
        VenueSpatialIndex(levels: levels, spaces: spaces, openings: openings, graph: graph, levelIndexOfLevelID: { index.levelIndex[$0] })
    }

    /// A copy with another navigation graph (used by graph builders and importers), read from `files`
    /// (``graphFiles``; empty for a graph built in code). The id tables are kept; only the spatial
    /// index, which covers the graph, is rebuilt.
    public func replacingGraph(_ graph: NavigationGraph, addingWarnings extra: [VenueIssue] = [], readFrom files: [String] = []) -> Venue {
        var copy = self
        copy.graph = graph
        copy.graphFiles = files
        copy.issues += extra
        copy.spatialIndex = Venue.spatialIndex(levels: levels, spaces: spaces, openings: openings, graph: graph, index: index)
        return copy
    }

    /// The display name in the preferred languages, falling back to the default language, then any.
    public func displayName(_ name: LocalizedName, preferred: [String] = []) -> String? {
        name.resolved(preferred: preferred, defaultLanguage: defaultLanguage)
    }
}

// MARK: - Lookups by any id form

extension Venue {
    /// The level for a reference (see ``levelIndex(_:)``).
    public func level(_ reference: String) throws(VenueError) -> Level {
        levels[try levelIndex(reference)]
    }

    /// Index into ``levels`` for a level reference, tried in order: an id (external and
    /// `default:`/`console:`-prefixed ids too); a number, as an ordinal, else as a floor number (decimal
    /// floors such as 0.5); a short name or name in any language (case-insensitive).
    /// - Throws: ``VenueError/ambiguous(kind:reference:candidates:)`` listing the level ids when a
    ///   number or name matches several levels; ``VenueError/notFound(kind:id:)`` when nothing matches.
    public func levelIndex(_ reference: String) throws(VenueError) -> Int {
        if let i = VenueIndex.resolve(reference, in: index.levelIndex) { return i }
        func one(_ matches: [Int]) throws(VenueError) -> Int? {
            if matches.count > 1 {
                throw .ambiguous(kind: "level", reference: reference, candidates: matches.map { describeLevel($0) })
            }
            return matches.first
        }
        if let value = Double(reference.trimmingCharacters(in: .whitespaces)), value.isFinite {
            if let i = try one(levels.indices.filter { Double(levels[$0].ordinal) == value }) { return i }
            if let i = try one(levels.indices.filter { levels[$0].floorNumber == value }) { return i }
        }
        let key = reference.lowercased()
        if let i = try one(
            levels.indices.filter { l in
                (levels[l].shortName.allTexts + levels[l].name.allTexts).contains { $0.lowercased() == key }
            })
        {
            return i
        }
        throw .notFound(kind: "level", id: reference)
    }

    /// `id (ordinal N, name)` for messages listing levels.
    private func describeLevel(_ i: Int) -> String {
        let level = levels[i]
        let name = displayName(level.shortName) ?? displayName(level.name)
        return
            "\(level.id) (ordinal \(level.ordinal)\(name.map { ", \"\($0)\"" } ?? "")\(level.buildingIDs.isEmpty ? "" : ", building \(level.buildingIDs.joined(separator: "+"))"))"
    }

    /// The space for an id, external id or source-prefixed id.
    public func space(_ reference: String) throws(VenueError) -> Space {
        guard let i = VenueIndex.resolve(reference, in: index.spaceIndex) else { throw .notFound(kind: "space", id: reference) }
        return spaces[i]
    }

    /// The POI for an id, external id or source-prefixed id.
    public func poi(_ reference: String) throws(VenueError) -> PointOfInterest {
        guard let i = VenueIndex.resolve(reference, in: index.poiIndex) else { throw .notFound(kind: "poi", id: reference) }
        return pois[i]
    }

    /// The building or section for an id, external id or source-prefixed id.
    public func building(_ reference: String) throws(VenueError) -> Building {
        guard let i = VenueIndex.resolve(reference, in: index.buildingIndex) else {
            throw .notFound(kind: "building", id: reference)
        }
        return buildings[i]
    }

    /// POIs visible in a universe (`nil` = all). A POI with no universes is in every universe.
    public func pois(inUniverse universe: String?) -> [PointOfInterest] {
        guard let universe else { return pois }
        return pois.filter { $0.universes.isEmpty || $0.universes.contains(universe) }
    }

    /// Spaces visible in a universe (`nil` = all). A space with no universes is in every universe.
    public func spaces(inUniverse universe: String?) -> [Space] {
        guard let universe else { return spaces }
        return spaces.filter { $0.universes.isEmpty || $0.universes.contains(universe) }
    }
}

/// Dictionaries from every accepted id form to an index in the venue's arrays.
public struct VenueIndex: Sendable {
    /// Level index by id, then by external id (ids win over external ids).
    public let levelIndex: [String: Int]
    /// Level index by lowercased short name or name in any language (the first level with a text wins).
    public let levelIndexByName: [String: Int]
    /// Space index by id and by every external id.
    public let spaceIndex: [String: Int]
    /// POI index by id and by every external id.
    public let poiIndex: [String: Int]
    /// Building index by id and by every external id.
    public let buildingIndex: [String: Int]

    /// Source prefixes accepted in front of any id (GraffityAR style).
    public static let sourcePrefixes = ["default:", "console:"]

    init(buildings: [Building], levels: [Level], spaces: [Space], pois: [PointOfInterest]) {
        func table<T>(_ items: [T], _ ids: (T) -> [String]) -> [String: Int] {
            var t: [String: Int] = [:]
            t.reserveCapacity(items.count * 2)
            // Primary ids win over external ids.
            for (i, item) in items.enumerated() { if let first = ids(item).first { t[first] = t[first] ?? i } }
            for (i, item) in items.enumerated() { for id in ids(item).dropFirst() where t[id] == nil { t[id] = i } }
            return t
        }
        levelIndex = table(levels) { [$0.id] + $0.externalIDs }
        spaceIndex = table(spaces) { [$0.id] + $0.externalIDs }
        poiIndex = table(pois) { [$0.id] + $0.externalIDs }
        buildingIndex = table(buildings) { [$0.id] + $0.externalIDs }
        var byName: [String: Int] = [:]
        for (i, level) in levels.enumerated() {
            for text in level.shortName.allTexts + level.name.allTexts where byName[text.lowercased()] == nil {
                byName[text.lowercased()] = i
            }
        }
        levelIndexByName = byName
    }

    /// Looks `reference` up as given, then with a source prefix removed.
    public static func resolve(_ reference: String, in table: [String: Int]) -> Int? {
        if let i = table[reference] { return i }
        for prefix in sourcePrefixes where reference.hasPrefix(prefix) {
            return table[String(reference.dropFirst(prefix.count))]
        }
        return nil
    }
}
