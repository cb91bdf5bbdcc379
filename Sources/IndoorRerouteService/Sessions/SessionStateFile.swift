import Foundation

/// Sessions kept in one file across restarts (`indoornav serve --state-file PATH`): a binary property
/// list of ``StoredSession`` values with a format version.
///
/// Writes go to a temporary file beside the target, are flushed to disk, then renamed over it, so a
/// reader (or a crash mid-write) sees the old file or the new one, never a mixture.
public enum SessionStateFile {
    /// The file format written by this code.
    public static let currentFormatVersion = 1

    struct Contents: Codable {
        var formatVersion: Int
        var sessions: [StoredSession]
        /// Wall-clock seconds since 1970 when it was written; absent in files written before the journal.
        var writtenAtSeconds: Double?
    }

    /// A state file's sessions and when it was written.
    public struct Loaded: Sendable {
        /// The sessions.
        public var sessions: [StoredSession]
        /// Wall-clock seconds since 1970 when the file was written (nil in older files).
        public var writtenAtSeconds: Double?

        /// Sessions written at `writtenAtSeconds`.
        public init(sessions: [StoredSession], writtenAtSeconds: Double?) {
            self.sessions = sessions
            self.writtenAtSeconds = writtenAtSeconds
        }
    }

    struct VersionProbe: Decodable {
        var formatVersion: Int
    }

    /// Writes `sessions` to `path` atomically (temporary file, flush, rename).
    /// - Throws: ``SessionStateError/unwritable(path:reason:)``.
    public static func write(_ sessions: [StoredSession], to path: String) throws(SessionStateError) {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data: Data
        do {
            data = try encoder.encode(
                Contents(formatVersion: currentFormatVersion, sessions: sessions, writtenAtSeconds: Date().timeIntervalSince1970))
        } catch {
            throw .unwritable(path: path, reason: "encoding failed: \(error)")
        }
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw .unwritable(path: path, reason: "open \(temporary): \(String(cString: strerror(errno)))") }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let n = Foundation.write(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = "write \(temporary): \(String(cString: strerror(errno)))"
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = "fsync \(temporary): \(String(cString: strerror(errno)))" }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = "rename \(temporary) to \(path): \(String(cString: strerror(errno)))" }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, reason: failure)
        }
        SessionJournal.syncDirectory(of: path)
    }

    /// The sessions stored at `path`; nil when there is no file there (a first start).
    /// - Throws: ``SessionStateError/unreadable(path:reason:)``, ``SessionStateError/malformed(path:reason:)``
    ///   (truncated, not a state file), ``SessionStateError/unsupportedVersion(path:found:supported:)``.
    public static func read(path: String) throws(SessionStateError) -> [StoredSession]? {
        try load(path: path)?.sessions
    }

    /// The sessions stored at `path` and when they were written; nil when there is no file there.
    /// - Throws: as ``read(path:)``.
    public static func load(path: String) throws(SessionStateError) -> Loaded? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        let decoder = PropertyListDecoder()
        let probe: VersionProbe
        do { probe = try decoder.decode(VersionProbe.self, from: data) } catch {
            throw .malformed(path: path, reason: describe(error))
        }
        guard probe.formatVersion == currentFormatVersion else {
            throw .unsupportedVersion(path: path, found: probe.formatVersion, supported: currentFormatVersion)
        }
        do {
            let contents = try decoder.decode(Contents.self, from: data)
            return Loaded(sessions: contents.sessions, writtenAtSeconds: contents.writtenAtSeconds)
        } catch {
            throw .malformed(path: path, reason: describe(error))
        }
    }

    /// A decoding error as one line naming the coding path.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return p.isEmpty ? context.debugDescription : "\(p): \(context.debugDescription)"
        }
        switch error {
        case .dataCorrupted(let c): return path(c)
        case .keyNotFound(let key, let c): return "\(path(c)) (missing \(key.stringValue))"
        case .typeMismatch(_, let c): return path(c)
        case .valueNotFound(_, let c): return path(c)
        @unknown default: return "\(error)"
        }
    }
}
