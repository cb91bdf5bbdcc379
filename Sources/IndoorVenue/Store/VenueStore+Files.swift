import Foundation
import IndoorJSON

extension VenueStore {
    /// Rejects ids that cannot safely name a folder inside the store.
    static func validate(_ id: String) throws(VenueStoreError) {
        if id.isEmpty { throw .invalidVenueID(id: id, reason: "empty") }
        if id.hasPrefix(".") { throw .invalidVenueID(id: id, reason: "starts with '.'") }
        if id.contains("/") || id.contains("\\") { throw .invalidVenueID(id: id, reason: "contains a path separator") }
        if id.utf8.contains(0) { throw .invalidVenueID(id: id, reason: "contains a NUL byte") }
        if id == VenueStore.entryFileName { throw .invalidVenueID(id: id, reason: "is the store entry file's name") }
        if id.utf8.count > 200 { throw .invalidVenueID(id: id, reason: "longer than 200 bytes") }
    }

    static func requireFolder(_ path: String) throws(VenueStoreError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .sourceMissing(path: path)
        }
    }

    static func makeDirectory(_ path: String) throws(VenueStoreError) {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .fileSystem(path: path, reason: "cannot create directory: \(IOErrorText.reason(error))")
        }
    }

    /// Copies the files ``VenueFolderFiles`` lists (hidden names left out, links followed).
    static func copyFolder(_ source: String, to destination: String) throws(VenueStoreError) {
        try makeDirectory(destination)
        for relative in try VenueFolderFiles.list(source) {
            let target = destination + "/" + relative
            try makeDirectory((target as NSString).deletingLastPathComponent)
            do { try FileManager.default.copyItem(atPath: source + "/" + relative, toPath: target) } catch {
                throw .fileSystem(path: target, reason: "cannot copy: \(IOErrorText.reason(error))")
            }
        }
    }
}
