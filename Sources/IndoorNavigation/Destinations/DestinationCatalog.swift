import Foundation
import IndoorGeometry
import IndoorVenue

/// Something a user can pick to navigate to: a POI or a named space.
public struct Destination: Hashable, Sendable {
    /// A point of interest, or a named space (a room).
    public enum Kind: String, Hashable, Sendable { case poi, space }
    /// Whether it is a POI or a space.
    public var kind: Kind
    /// The POI's or space's id, as navigation takes it.
    public var id: String
    /// The name in the requested language (falling back to the venue's default, then any).
    public var name: String
    /// The source's category (`cafe`, `room`, …).
    public var category: String
    /// The level it is on.
    public var levelID: String
    /// Where it is (a space's label point), venue frame, metres.
    public var point: LocalPoint
    /// Other ids the POI or space is known by (IMDF `external_id`, …); routes and lookups take them.
    public var externalIDs: [String] = []

    /// The navigation destination for this entry.
    public var navigationDestination: NavigationDestination { .feature(id: id) }
}

/// The searchable destination list of a venue: POIs and named spaces, filtered by universe, searched by
/// name (every language) and category, named in the requested language.
public struct DestinationCatalog: Sendable {
    /// The venue whose destinations are listed.
    public let venue: Venue

    /// A catalog of `venue`'s POIs and named spaces.
    public init(venue: Venue) { self.venue = venue }

    /// Every destination in `universe` (`nil` = all), sorted by name, with names in `language`.
    /// - Complexity: O(n log n) in POIs and spaces.
    public func all(language: String, universe: String? = nil) -> [Destination] {
        var out: [Destination] = []
        for poi in venue.pois(inUniverse: universe) {
            let name = venue.displayName(poi.name, preferred: [language]) ?? poi.id
            out.append(
                Destination(
                    kind: .poi, id: poi.id, name: name, category: poi.category, levelID: poi.levelID, point: poi.position,
                    externalIDs: poi.externalIDs))
        }
        let poiSpaces = Set(venue.pois.compactMap(\.spaceID))
        for space in venue.spaces(inUniverse: universe) where !space.name.isEmpty && space.isWalkable && !poiSpaces.contains(space.id) {
            let c = space.polygon.centroid
            let point = space.polygon.contains(c) ? c : (space.polygon.exterior.first ?? c)
            let name = venue.displayName(space.name, preferred: [language]) ?? space.id
            out.append(
                Destination(
                    kind: .space, id: space.id, name: name, category: space.category, levelID: space.levelID, point: point,
                    externalIDs: space.externalIDs))
        }
        return out.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// Destinations matching `query` by id or external id, in any language's name or in the category,
    /// case- and diacritic-insensitive. An id or external id equal to the query comes first, then names
    /// starting with it, names containing it, ids and external ids starting with it, then category
    /// matches; an empty query returns everything.
    public func search(_ query: String, language: String, universe: String? = nil) -> [Destination] {
        let q = DestinationCatalog.fold(query.trimmingCharacters(in: .whitespaces))
        let entries = all(language: language, universe: universe)
        guard !q.isEmpty else { return entries }
        var ranked: [(rank: Int, entry: Destination)] = []
        for entry in entries {
            let names = names(of: entry).map(DestinationCatalog.fold)
            let ids = ([entry.id] + entry.externalIDs).map(DestinationCatalog.fold)
            let rank: Int
            if ids.contains(q) {
                rank = 0
            } else if names.contains(where: { $0.hasPrefix(q) }) {
                rank = 1
            } else if names.contains(where: { $0.contains(q) }) {
                rank = 2
            } else if ids.contains(where: { $0.hasPrefix(q) }) {
                rank = 3
            } else if DestinationCatalog.fold(entry.category).contains(q) {
                rank = 4
            } else {
                continue
            }
            ranked.append((rank, entry))
        }
        return ranked.sorted { ($0.rank, $0.entry.name.lowercased(), $0.entry.id) < ($1.rank, $1.entry.name.lowercased(), $1.entry.id) }
            .map(\.entry)
    }

    private func names(of entry: Destination) -> [String] {
        switch entry.kind {
        case .poi: return ((try? venue.poi(entry.id))?.name.allTexts ?? []) + [entry.name]
        case .space: return ((try? venue.space(entry.id))?.name.allTexts ?? []) + [entry.name]
        }
    }

    /// Text folded for matching: case- and diacritic-insensitive.
    public static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
