import Foundation
import IndoorVenue

/// A deep link that pre-selects a venue (`placeId`), a level or building section (`sectionId`) and a
/// destination (`poiId`, source-prefixed ids such as `default:123` accepted). Every part is optional.
public struct NavigationDeepLink: Hashable, Sendable {
    /// The venue id (`placeId`).
    public var placeID: String?
    /// A level or building section id (`sectionId`).
    public var sectionID: String?
    /// A POI or space id (`poiId`).
    public var poiID: String?

    /// A link with the given parts (all optional).
    public init(placeID: String? = nil, sectionID: String? = nil, poiID: String? = nil) {
        self.placeID = placeID; self.sectionID = sectionID; self.poiID = poiID
    }

    /// Reads the query of a link such as `app://navigate?placeId=hq&sectionId=F1&poiId=default:poi-101`.
    /// Unknown parameters are ignored; a text without a scheme, and empty or repeated known parameters,
    /// are errors.
    public init(url: String) throws(NavigationError) {
        guard let components = URLComponents(string: url), components.scheme?.isEmpty == false else {
            throw .invalidDeepLink(field: "url", reason: "'\(url)' is not a URL")
        }
        var seen: Set<String> = []
        for item in components.queryItems ?? [] where ["placeId", "sectionId", "poiId"].contains(item.name) {
            guard seen.insert(item.name).inserted else { throw .invalidDeepLink(field: item.name, reason: "given more than once") }
            guard let value = item.value, !value.isEmpty else { throw .invalidDeepLink(field: item.name, reason: "empty value") }
            switch item.name {
            case "placeId": placeID = value
            case "sectionId": sectionID = value
            default: poiID = value
            }
        }
    }

    /// Whether `text` has the shape of a deep link (`scheme://…` with a query) rather than a plain id
    /// or place: tools that take either use this to decide how to read it.
    public static func looksLikeLink(_ text: String) -> Bool {
        text.contains("://") && text.contains("?")
    }

    /// What the link selects in `venue`: the level (from the POI, else the section) and destination.
    /// A POI given with a section must lie in it: on that level, or on a level of that building.
    ///
    /// - Throws: ``NavigationError/invalidDeepLink(field:reason:)`` when `placeId` names another venue,
    ///   the section or POI is unknown, or the POI is not in the section.
    public func resolve(in venue: Venue, language: String) throws(NavigationError) -> DeepLinkSelection {
        if let place = placeID, place != venue.id {
            throw .invalidDeepLink(field: "placeId", reason: "'\(place)' is not the loaded venue '\(venue.id)'")
        }
        var levelID: String?
        /// The levels the section covers: itself, or every level of the building.
        var sectionLevelIDs: Set<String>?
        if let section = sectionID {
            if let level = try? venue.level(section) {
                levelID = level.id
                sectionLevelIDs = [level.id]
            } else if let building = try? venue.building(section) {
                let levels = venue.levels.filter { $0.buildingIDs.contains(building.id) }
                levelID = levels.first { $0.ordinal == 0 }?.id ?? levels.first?.id
                sectionLevelIDs = Set(levels.map(\.id))
            } else {
                throw .invalidDeepLink(field: "sectionId", reason: "no level or section '\(section)'")
            }
        }
        var destination: Destination?
        if let poiID {
            guard let poi = try? venue.poi(poiID) else { throw .invalidDeepLink(field: "poiId", reason: "no POI '\(poiID)'") }
            if let section = sectionID, let allowed = sectionLevelIDs, !allowed.contains(poi.levelID) {
                throw .invalidDeepLink(field: "poiId", reason: "POI '\(poiID)' is on level '\(poi.levelID)', not in section '\(section)'")
            }
            destination = Destination(
                kind: .poi, id: poi.id, name: venue.displayName(poi.name, preferred: [language]) ?? poi.id,
                category: poi.category, levelID: poi.levelID, point: poi.position)
            levelID = poi.levelID
        }
        return DeepLinkSelection(venueID: placeID ?? venue.id, levelID: levelID, destination: destination)
    }

    /// The navigation destination the link names: its POI, checked as in ``resolve(in:language:)``.
    /// - Throws: ``NavigationError/invalidDeepLink(field:reason:)`` as ``resolve(in:language:)`` does,
    ///   and when the link names no POI (`poiId` missing).
    public func navigationDestination(in venue: Venue, language: String = "en") throws(NavigationError) -> NavigationDestination {
        guard poiID != nil else { throw .invalidDeepLink(field: "poiId", reason: "a destination link needs a poiId") }
        guard let destination = try resolve(in: venue, language: language).destination else {
            throw .invalidDeepLink(field: "poiId", reason: "no POI '\(poiID ?? "")'")
        }
        return destination.navigationDestination
    }
}

/// What a deep link pre-selects.
public struct DeepLinkSelection: Hashable, Sendable {
    /// The venue the link opens.
    public var venueID: String
    /// The level to display, when the link names a section or a destination.
    public var levelID: String?
    /// The destination to navigate to, when the link names one.
    public var destination: Destination?
}

/// The destination picker's memory of a deep link: its selection applies to the first pick only.
public struct DestinationPicker: Hashable, Sendable {
    private var pending: DeepLinkSelection?

    /// A picker with an optional deep-link selection waiting for the first pick.
    public init(deepLink: DeepLinkSelection? = nil) { pending = deepLink }

    /// Whether a deep-link selection is still waiting.
    public var hasPendingSelection: Bool { pending != nil }

    /// Opens the picker: the first call returns the deep link's selection (level and destination to
    /// pre-select); later calls return `nil`.
    public mutating func beginPick() -> DeepLinkSelection? {
        defer { pending = nil }
        return pending
    }
}
