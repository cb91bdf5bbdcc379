/// Why a ``VenueStore`` operation failed. Every case names the path or id to look at.
public enum VenueStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No venue with this id is installed in the store at `storePath`.
    case notFound(id: String, storePath: String)
    /// The source folder to install from (or to check for updates) does not exist or is not a folder.
    case sourceMissing(path: String)
    /// A `store-entry.json` cannot be read or lacks a field.
    case corruptEntry(path: String, reason: String)
    /// A venue id cannot be used as a store folder name (empty, `.`/`..`, contains `/`, starts with `.`).
    case invalidVenueID(id: String, reason: String)
    /// The source now loads as a venue with another id than the one installed.
    case venueIDChanged(installed: String, source: String, sourcePath: String)
    /// Creating, copying, reading or removing a file failed.
    case fileSystem(path: String, reason: String)
    /// The venue itself failed to load.
    case venue(VenueError)

    /// One line saying what failed and where.
    public var description: String {
        switch self {
        case .notFound(let id, let store): "\(store): no venue '\(id)' installed"
        case .sourceMissing(let path): "\(path): source folder is missing"
        case .corruptEntry(let path, let reason): "\(path): corrupt store entry: \(reason)"
        case .invalidVenueID(let id, let reason): "venue id '\(id)' cannot name a store folder: \(reason)"
        case .venueIDChanged(let installed, let source, let path):
            "\(path): now holds venue '\(source)', not the installed '\(installed)'; install it as a new venue"
        case .fileSystem(let path, let reason): "\(path): \(reason)"
        case .venue(let error): error.description
        }
    }
}
