import Foundation
import IndoorJSON

/// Venues installed for offline use: a directory holding one folder per venue.
///
/// Layout: `<store>/<venue id>/<venue id>/` is a copy of the source folder (hidden files left out;
/// the copy is named after the venue so formats that take the id from the folder name, like ILC sites,
/// load with the same id) and `<store>/<venue id>/store-entry.json` records id, name, version, the
/// source's absolute path, content hash and install time. Installing stages the copy in `<store>/.staging-<id>` and renames it into place, so a
/// failed install leaves the previous one intact. The store never parses a venue to check for updates:
/// it compares ``VenueContentHash``es.
///
/// Time and venue parsing are injected: `clock` gives seconds since 1970 (UTC) for install times;
/// `loader` reads a venue folder (pass `VenueLoader`'s loading function in production, a stub in
/// tests). Not safe for several processes changing one store at once.
public struct VenueStore: Sendable {
    /// Name of the entry file in each venue's store folder.
    public static let entryFileName = "store-entry.json"
    /// The store directory.
    public let directory: String
    private let clock: @Sendable () -> Double
    private let loader: @Sendable (String) throws(VenueError) -> Venue

    /// A store over `directory` (created on first install), with install times from `clock` (seconds since
    /// 1970, UTC) and venues read by `loader`.
    public init(
        directory: String, clock: @escaping @Sendable () -> Double,
        loader: @escaping @Sendable (String) throws(VenueError) -> Venue
    ) {
        self.directory = directory; self.clock = clock; self.loader = loader
    }

    /// Installed venues by id (byte order). A missing store directory is an empty store.
    /// - Throws: ``VenueStoreError/corruptEntry(path:reason:)`` for the first unreadable entry (remove
    ///   that venue to recover), ``VenueStoreError/fileSystem(path:reason:)`` when the store cannot be listed.
    public func list() throws(VenueStoreError) -> [Entry] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw .fileSystem(path: directory, reason: "cannot list: \(IOErrorText.reason(error))")
        }
        var entries: [Entry] = []
        for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where !name.hasPrefix(".") {
            let entryPath = folder(of: name) + "/" + Self.entryFileName
            guard FileManager.default.fileExists(atPath: entryPath) else { continue }
            entries.append(try entry(at: entryPath, expectedID: name))
        }
        return entries
    }

    /// The entry of an installed venue.
    public func entry(id: String) throws(VenueStoreError) -> Entry {
        try Self.validate(id)
        let path = folder(of: id) + "/" + Self.entryFileName
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(id: id, storePath: directory) }
        return try entry(at: path, expectedID: id)
    }

    /// Loads an installed venue with the injected loader.
    public func load(id: String) throws(VenueStoreError) -> Venue {
        _ = try entry(id: id)
        do { return try loader(contentFolder(of: id)) } catch { throw .venue(error) }
    }

    /// Installs (or reinstalls) the venue in `sourceFolder`: loads it to learn id, name and version and
    /// to reject what does not load, then copies it into the store. Returns the new entry.
    @discardableResult
    public func install(from sourceFolder: String) throws(VenueStoreError) -> Entry {
        try install(from: sourceFolder, requiringID: nil)
    }

    /// Compares the installed content hash with the source folder's, without parsing the venue.
    public func checkForUpdate(id: String) throws(VenueStoreError) -> UpdateCheck {
        let installed = try entry(id: id)
        try Self.requireFolder(installed.sourcePath)
        return UpdateCheck(
            id: id, installedHash: installed.contentHash,
            sourceHash: try VenueContentHash.of(folder: installed.sourcePath))
    }

    /// Reinstalls a venue from its source when the source's content changed; returns whether it did.
    /// - Throws: ``VenueStoreError/venueIDChanged(installed:source:sourcePath:)`` when the source now
    ///   holds another venue (the installed one is kept).
    @discardableResult
    public func update(id: String) throws(VenueStoreError) -> Bool {
        let check = try checkForUpdate(id: id)
        guard check.isUpdateAvailable else { return false }
        _ = try install(from: try entry(id: id).sourcePath, requiringID: id)
        return true
    }

    /// Removes an installed venue (even one whose entry is corrupt).
    /// - Throws: ``VenueStoreError/notFound(id:storePath:)`` when nothing is installed under `id` —
    ///   removing is not silently idempotent, so a mistyped id is noticed.
    public func remove(id: String) throws(VenueStoreError) {
        try Self.validate(id)
        let path = folder(of: id)
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(id: id, storePath: directory) }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw .fileSystem(path: path, reason: "cannot remove: \(IOErrorText.reason(error))")
        }
    }

    // MARK: - Internals

    func folder(of id: String) -> String { directory + "/" + id }

    /// Where the installed copy of venue `id` lives.
    public func contentFolder(of id: String) -> String { directory + "/" + id + "/" + id }

    private func entry(at path: String, expectedID: String) throws(VenueStoreError) -> Entry {
        let entry = try Entry.read(path)
        guard entry.id == expectedID else {
            throw .corruptEntry(path: path, reason: "id '\(entry.id)' does not match its folder '\(expectedID)'")
        }
        return entry
    }

    private func install(from sourceFolder: String, requiringID: String?) throws(VenueStoreError) -> Entry {
        let sourceURL = URL(fileURLWithPath: sourceFolder).standardizedFileURL
        let source = sourceURL.path
        try Self.requireFolder(source)
        try Self.makeDirectory(directory)
        let staging = directory + "/.staging-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: staging) }
        // Staged under the source's own folder name, so it loads with the id it has at its source.
        let baseName = sourceURL.lastPathComponent
        var content = staging + "/" + (baseName.isEmpty || baseName == "/" || baseName.hasPrefix(".") ? "venue" : baseName)
        try Self.copyFolder(source, to: content)
        let venue: Venue
        do { venue = try loader(content) } catch { throw .venue(error) }
        try Self.validate(venue.id)
        if let requiringID, requiringID != venue.id {
            throw .venueIDChanged(installed: requiringID, source: venue.id, sourcePath: source)
        }
        let entry = Entry(
            id: venue.id, name: venue.displayName(venue.name) ?? "", version: venue.version,
            sourcePath: source, contentHash: try VenueContentHash.of(folder: content),
            installedAtUnixSeconds: clock())
        let entryPath = staging + "/" + Self.entryFileName
        guard FileManager.default.createFile(atPath: entryPath, contents: Data(entry.jsonText.utf8)) else {
            throw .fileSystem(path: entryPath, reason: "cannot write")
        }
        let target = folder(of: venue.id)
        do {
            if content != staging + "/" + venue.id {
                try FileManager.default.moveItem(atPath: content, toPath: staging + "/" + venue.id)
                content = staging + "/" + venue.id
            }
            if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
            try FileManager.default.moveItem(atPath: staging, toPath: target)
        } catch {
            throw .fileSystem(path: target, reason: "cannot move the new copy into place: \(IOErrorText.reason(error))")
        }
        return entry
    }
}
