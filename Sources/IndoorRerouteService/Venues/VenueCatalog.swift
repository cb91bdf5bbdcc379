import Foundation
import IndoorVenue

/// The venues a service instance serves, by id. Loaded once at start; immutable afterwards.
public struct VenueCatalog: Sendable {
    /// Served venues by id.
    public let venues: [String: ServedVenue]

    /// A catalog of venues already in memory.
    /// - Throws: ``ServiceError/venueLoad(path:reason:)`` when two venues share an id.
    public init(venues: [Venue]) throws(ServiceError) {
        var byID: [String: ServedVenue] = [:]
        for venue in venues {
            guard byID[venue.id] == nil else { throw .venueLoad(path: venue.id, reason: "two venues have the id '\(venue.id)'") }
            byID[venue.id] = ServedVenue(venue: venue)
        }
        self.venues = byID
    }

    /// Venue ids in byte order.
    public var ids: [String] { venues.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } }

    /// The venue with `id`, or nil.
    public subscript(id: String) -> ServedVenue? { venues[id] }

    /// Loads every venue under `directory`.
    ///
    /// `directory` may be a single venue folder, a directory of venue folders (IMDF archives or ILC
    /// sites, or `.zip` IMDF archives; other files and hidden entries are skipped), or a ``VenueStore`` directory (folders with
    /// `store-entry.json`, whose installed copies are loaded). Venues get a derived navigation graph when
    /// they have no authored one (``VenueStore/defaultLoader``).
    /// - Throws: ``ServiceError/venueLoad(path:reason:)`` for the first folder that does not load, or
    ///   when nothing loads.
    public static func load(
        directory: String,
        loader: @Sendable (String) throws(VenueError) -> Venue = VenueStore.defaultLoader
    ) throws(ServiceError) -> VenueCatalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .venueLoad(path: directory, reason: "not a directory")
        }
        if FileManager.default.fileExists(atPath: directory + "/manifest.json") {
            return try VenueCatalog(venues: [load(directory, loader)])
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var venues: [Venue] = []
        for name in names {
            let folder = directory + "/" + name
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                // IMDF archives as distributed: `.zip` files beside the venue folders.
                if name.lowercased().hasSuffix(".zip") { venues.append(try load(folder, loader)) }
                continue
            }
            if FileManager.default.fileExists(atPath: folder + "/" + VenueStore.entryFileName) {
                venues.append(try load(folder + "/" + name, loader))
            } else if VenueLoader.formats.contains(where: { $0.detect(folder) != nil }) {
                venues.append(try load(folder, loader))
            }
        }
        if venues.isEmpty, VenueLoader.formats.contains(where: { $0.detect(directory) != nil }) {
            venues.append(try load(directory, loader))
        }
        guard !venues.isEmpty else { throw .venueLoad(path: directory, reason: "no venue folders found") }
        return try VenueCatalog(venues: venues)
    }

    private static func load(_ path: String, _ loader: @Sendable (String) throws(VenueError) -> Venue) throws(ServiceError) -> Venue {
        do { return try loader(path) } catch { throw .venueLoad(path: path, reason: "\(error)") }
    }
}
