import Foundation
import IndoorJSON

extension VenueStore {
    /// What the store records about one installed venue (`<store>/<id>/store-entry.json`).
    public struct Entry: Hashable, Sendable {
        /// The venue's id, also the name of its store folder.
        public var id: String
        /// The venue's display name in its default language (empty when it has none).
        public var name: String
        /// The source's version string (IMDF manifest `version`), when it has one.
        public var version: String?
        /// The folder it was installed from, as given to ``VenueStore/install(from:)``.
        public var sourcePath: String
        /// ``VenueContentHash`` of the installed copy (equal to the source's at install time).
        public var contentHash: String
        /// Install time from the store's clock, seconds since 1970-01-01 UTC.
        public var installedAtUnixSeconds: Double

        /// An entry with every field given.
        public init(
            id: String, name: String, version: String?, sourcePath: String, contentHash: String,
            installedAtUnixSeconds: Double
        ) {
            self.id = id; self.name = name; self.version = version; self.sourcePath = sourcePath
            self.contentHash = contentHash; self.installedAtUnixSeconds = installedAtUnixSeconds
        }

        /// Version of the entry file layout.
        static let formatVersion = 1

        /// The entry file's JSON: `format` (1), `id`, `name`, `version` (a string or null), `source_path`,
        /// `content_hash` (`fnv1a64:` and 16 hex digits), `installed_at_unix_s` (seconds since 1970 UTC).
        public var json: JSONValue {
            [
                "format": .number(Double(Self.formatVersion)), "id": .string(id), "name": .string(name),
                "version": .optional(version), "source_path": .string(sourcePath), "content_hash": .string(contentHash),
                "installed_at_unix_s": .finite(installedAtUnixSeconds),
            ]
        }

        /// The entry as JSON text (keys sorted, so the file is stable).
        var jsonText: String { json.serialized(pretty: true) + "\n" }

        /// Reads an entry file; every problem is a ``VenueStoreError/corruptEntry(path:reason:)``.
        static func read(_ path: String) throws(VenueStoreError) -> Entry {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .corruptEntry(path: path, reason: "missing or unreadable")
            }
            let value: JSONValue
            do { value = try JSONParser(allowTrailingCommas: false).parse(data).value } catch {
                throw .corruptEntry(path: path, reason: "line \(error.position.line), column \(error.position.column): \(error.message)")
            }
            return try decode(value, path: path)
        }

        /// An entry from the entry file's JSON (``json``); `path` names the source in errors.
        /// - Throws: ``VenueStoreError/corruptEntry(path:reason:)`` naming the missing or malformed field.
        public static func decode(_ value: JSONValue, path: String) throws(VenueStoreError) -> Entry {
            func string(_ key: String) throws(VenueStoreError) -> String {
                guard let s = value[key]?.string else {
                    throw .corruptEntry(path: path, reason: "\(key): expected a string, found \(value[key]?.typeName ?? "nothing")")
                }
                return s
            }
            guard value.object != nil else { throw .corruptEntry(path: path, reason: "expected an object, found \(value.typeName)") }
            guard value["format"]?.int == formatVersion else {
                throw .corruptEntry(
                    path: path, reason: "format: expected \(formatVersion), found \(value["format"]?.serialized() ?? "nothing")")
            }
            var version: String?
            switch value["version"] {
            case nil, .null?: version = nil
            case .string(let s)?: version = s
            case let other?: throw .corruptEntry(path: path, reason: "version: expected a string or null, found \(other.typeName)")
            }
            guard let installed = value["installed_at_unix_s"]?.double, installed.isFinite else {
                throw .corruptEntry(path: path, reason: "installed_at_unix_s: expected a number of seconds")
            }
            let hash = try string("content_hash")
            guard hash.hasPrefix("fnv1a64:"), hash.count == 24 else {
                throw .corruptEntry(path: path, reason: "content_hash: expected fnv1a64: and 16 hex digits, found '\(hash)'")
            }
            return Entry(
                id: try string("id"), name: try string("name"), version: version, sourcePath: try string("source_path"),
                contentHash: hash, installedAtUnixSeconds: installed)
        }
    }

    /// The outcome of comparing an installed venue with its source.
    public struct UpdateCheck: Hashable, Sendable {
        /// The installed venue's id.
        public var id: String
        /// Content hash recorded at install time.
        public var installedHash: String
        /// Content hash of the source folder now.
        public var sourceHash: String
        /// Whether the source's content differs from what is installed.
        public var isUpdateAvailable: Bool { installedHash != sourceHash }
    }
}
