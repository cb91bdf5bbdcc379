import Foundation
import IndoorJSON

/// A fingerprint of a venue folder's content that changes when any file's name or bytes change,
/// computed without parsing anything.
///
/// FNV-1a 64 (Fowler, Noll & Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3) over, for every
/// regular file in byte order of its relative path (`/`-separated): the path's UTF-8 bytes, a 0 byte,
/// the file size as 8 little-endian bytes, then the file's bytes. Names starting with `.` (hidden files
/// and folders) are left out, as they are when installing. Not a cryptographic hash: it detects edits,
/// not tampering. Written as `fnv1a64:` and 16 lowercase hex digits.
public enum VenueContentHash {
    /// Maximum folder nesting followed (guards against symbolic-link loops).
    public static let maximumDepth = 32

    /// The hash of the folder at `path`. - Complexity: O(total bytes), streamed in 1 MiB chunks.
    public static func of(folder path: String) throws(VenueStoreError) -> String {
        var hasher = FNV1a64()
        for relative in try VenueFolderFiles.list(path) {
            let full = path + "/" + relative
            hasher.combine(Array(relative.utf8))
            hasher.combine([0])
            let size: UInt64
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: full)
                size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
            } catch { throw .fileSystem(path: full, reason: "cannot read attributes: \(IOErrorText.reason(error))") }
            hasher.combine((0..<8).map { UInt8(truncatingIfNeeded: size >> (8 * UInt64($0))) })
            guard let handle = FileHandle(forReadingAtPath: full) else { throw .fileSystem(path: full, reason: "cannot open for reading") }
            defer { try? handle.close() }
            while true {
                let chunk: Data?
                do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                    throw .fileSystem(path: full, reason: "read failed: \(IOErrorText.reason(error))")
                }
                guard let chunk, !chunk.isEmpty else { break }
                hasher.combine(chunk)
            }
        }
        return "fnv1a64:" + hasher.hexDigest
    }
}

/// FNV-1a with 64-bit state.
struct FNV1a64 {
    private(set) var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var h = state
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        state = h
    }

    mutating func combine(_ data: Data) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in combine(raw.bindMemory(to: UInt8.self)) }
    }

    var hexDigest: String {
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// The files of a venue folder as the store sees them.
enum VenueFolderFiles {
    /// Relative paths of the regular files under `root` (symbolic links followed), hidden names
    /// skipped, in byte order.
    static func list(_ root: String) throws(VenueStoreError) -> [String] {
        var out: [String] = []
        try walk(root, prefix: "", depth: 0, into: &out)
        return out.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    private static func walk(_ folder: String, prefix: String, depth: Int, into out: inout [String]) throws(VenueStoreError) {
        guard depth <= VenueContentHash.maximumDepth else {
            throw .fileSystem(path: folder, reason: "nested deeper than \(VenueContentHash.maximumDepth) folders (a link loop?)")
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .fileSystem(path: folder, reason: "cannot list: \(IOErrorText.reason(error))")
        }
        for name in names where !name.hasPrefix(".") {
            let full = folder + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }  // dangling link
            if isDirectory.boolValue {
                try walk(full, prefix: prefix + name + "/", depth: depth + 1, into: &out)
            } else {
                out.append(prefix + name)
            }
        }
    }
}
