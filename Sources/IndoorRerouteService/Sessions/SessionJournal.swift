import Foundation

/// The append-only record of session changes kept beside a state file (`serve --state-file PATH`):
/// segments `PATH.journal.N`, each the magic bytes `INJ1` and then records.
///
/// A record is its payload's length (UInt32, little-endian), the payload's CRC-32 (UInt32, little-endian)
/// and the payload: a kind byte (1 the moving state, 2 the moving state and the route, 3 removed), the
/// wall-clock time it was written (Float64 seconds since 1970, little-endian), the session id (UInt16
/// length, UTF-8), and for kinds 1 and 2 the ``CompactMovingState`` bytes (UInt32 length) and for kind 2
/// the route (``RedisSessionStore/RouteBox`` in ``CompactCoder``, UInt32 length). Like the Redis store, a
/// fix writes only the small moving state; the route goes in again when it changed.
///
/// Records are appended to a buffer in memory as requests change sessions and written and `fsync`'d by
/// one thread every ``ServiceConfiguration/journalFlushIntervalSeconds`` (a crash loses at most that
/// much), and at once when a request waits for its record (``waitUntilDurable(_:)``: a created session
/// is answered only once it is on disk). A write that fails is cut off again (the segment is truncated
/// to its last whole record) and retried at the next interval; ``failure`` says why meanwhile.
///
/// Compaction: ``rotate()`` writes what is buffered, closes the segment and opens the next; once a
/// state file taken after that is written, ``removeSegments(below:)`` deletes the closed ones. Start-up
/// replays the state file and then every segment in order (``SessionJournalReplay``).
///
/// The record bytes are those of this build (as the Redis store's): stop the service with SIGTERM before
/// an upgrade, which leaves only the state file.
public final class SessionJournal: @unchecked Sendable {
    /// The state file the segments belong to.
    public let statePath: String
    /// Seconds between writes.
    public let flushIntervalSeconds: Double
    /// Seconds ``waitUntilDurable(_:)`` waits before giving up.
    public let commitTimeoutSeconds: Double

    static let magic: [UInt8] = Array("INJ1".utf8)
    /// Longest record payload read back (a larger length is a corrupt record).
    static let maximumPayloadBytes = 64 << 20

    enum Kind: UInt8 {
        case movingState = 1
        case movingStateAndRoute = 2
        case removed = 3
    }

    /// Serialises file work (writes, rotation); taken before `condition`.
    private let io = NSLock()
    /// Guards the fields below.
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var appended: UInt64 = 0
    private var durable: UInt64 = 0
    private var waiting = 0
    /// Flushes that found something to write.
    private var attempts = 0
    private var stopped = false
    private var lastFailure: String?
    private var oldestPendingWallSeconds: Double?
    private var fd: Int32 = -1
    /// Bytes of the open segment known to be whole records.
    private var segmentBytes = 0
    private var segmentNumber: Int
    private var writtenBytesTotal = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Opens a new segment after the highest one beside `statePath` and starts the writer thread.
    /// - Throws: ``SessionStateError/unwritable(path:reason:)`` when the segment cannot be created.
    public init(statePath: String, flushIntervalSeconds: Double, commitTimeoutSeconds: Double) throws(SessionStateError) {
        self.statePath = statePath
        self.flushIntervalSeconds = flushIntervalSeconds
        self.commitTimeoutSeconds = commitTimeoutSeconds
        segmentNumber = (Self.segments(of: statePath).last?.number ?? 0) + 1
        try openSegment()
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "indoornav.journal"
        thread.start()
    }

    deinit { if fd >= 0 { Foundation.close(fd) } }

    /// The path of segment `number` of `statePath`.
    public static func segmentPath(_ statePath: String, number: Int) -> String { "\(statePath).journal.\(number)" }

    /// The segments beside `statePath`, in order.
    public static func segments(of statePath: String) -> [(number: Int, path: String)] {
        let url = URL(fileURLWithPath: statePath)
        let directory = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".journal."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(prefix), let n = Int(name.dropFirst(prefix.count)), n > 0, String(n) == name.dropFirst(prefix.count)
            else { return nil }
            return (n, (directory as NSString).appendingPathComponent(name))
        }.sorted { $0.0 < $1.0 }
    }

    /// The number of the segment being written.
    public var currentSegment: Int { io.withLock { segmentNumber } }

    private func openSegment() throws(SessionStateError) {
        let path = Self.segmentPath(statePath, number: segmentNumber)
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw .unwritable(path: path, reason: "open: \(String(cString: strerror(errno)))") }
        var failure: String?
        if !Self.writeAll(opened, Self.magic) { failure = "write: \(String(cString: strerror(errno)))" }
        if failure == nil, fsync(opened) != 0 { failure = "fsync: \(String(cString: strerror(errno)))" }
        if let failure {
            close(opened)
            unlink(path)
            throw .unwritable(path: path, reason: failure)
        }
        Self.syncDirectory(of: path)
        fd = opened
        segmentBytes = Self.magic.count
    }

    // MARK: - Appending

    /// Appends the record of `stored` (its moving state, and its route when `withRoute`); returns its
    /// sequence number for ``waitUntilDurable(_:)``. Call it under the session's store lock, so one
    /// session's records are in the order of its changes.
    /// - Throws: ``SessionStateError/unwritable(path:reason:)`` when the session cannot be encoded.
    @discardableResult
    func append(_ stored: StoredSession, withRoute: Bool) throws(SessionStateError) -> UInt64 {
        var payload: [UInt8] = []
        do {
            let state = try CompactMovingState.encode(stored)
            let route = withRoute ? try CompactCoder.encode(RedisSessionStore.RouteBox(of: stored)) : nil
            payload.reserveCapacity(state.count + (route?.count ?? 0) + stored.id.utf8.count + 24)
            Self.header(withRoute ? .movingStateAndRoute : .movingState, id: stored.id, into: &payload)
            Self.putBlob(state, into: &payload)
            if let route { Self.putBlob(route, into: &payload) }
        } catch { throw .unwritable(path: "session \(stored.id)", reason: "\(error)") }
        return append(payload: payload)
    }

    /// Appends that session `id` was removed; returns its sequence number.
    @discardableResult
    func appendRemoval(id: String) -> UInt64 {
        var payload: [UInt8] = []
        Self.header(.removed, id: id, into: &payload)
        return append(payload: payload)
    }

    private static func header(_ kind: Kind, id: String, into out: inout [UInt8]) {
        out.append(kind.rawValue)
        putUInt64(Date().timeIntervalSince1970.bitPattern, into: &out)
        let idBytes = Array(id.utf8.prefix(Int(UInt16.max)))
        putUInt16(UInt16(idBytes.count), into: &out)
        out += idBytes
    }

    private static func putBlob(_ blob: [UInt8], into out: inout [UInt8]) {
        putUInt32(UInt32(blob.count), into: &out)
        out += blob
    }

    private func append(payload: [UInt8]) -> UInt64 {
        var record: [UInt8] = []
        record.reserveCapacity(payload.count + 8)
        Self.putUInt32(UInt32(payload.count), into: &record)
        Self.putUInt32(CRC32.checksum(payload), into: &record)
        record += payload
        condition.lock()
        defer { condition.unlock() }
        if pending.isEmpty { oldestPendingWallSeconds = Date().timeIntervalSince1970 }
        pending += record
        appended += 1
        return appended
    }

    /// Waits until record `sequence` is written and `fsync`'d (the writer is woken at once).
    /// - Throws: ``SessionStateError/unwritable(path:reason:)`` when the write failed or took longer
    ///   than ``commitTimeoutSeconds``.
    func waitUntilDurable(_ sequence: UInt64) throws(SessionStateError) {
        let deadline = Date(timeIntervalSinceNow: commitTimeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        defer { waiting -= 1 }
        let attemptsBefore = attempts
        condition.broadcast()
        while durable < sequence && !stopped {
            if attempts > attemptsBefore, lastFailure != nil { break }
            if !condition.wait(until: deadline) { break }
        }
        guard durable < sequence else { return }
        let path = Self.segmentPath(statePath, number: segmentNumber)
        throw .unwritable(path: path, reason: lastFailure ?? "not on disk within \(commitTimeoutSeconds) s")
    }

    // MARK: - Writing

    private func run() {
        condition.lock()
        while !stopped {
            let deadline = Date(timeIntervalSinceNow: flushIntervalSeconds)
            // A waiting request is written at once, unless the last write failed: then retry at the interval.
            while !stopped && (waiting == 0 || lastFailure != nil) && Date() < deadline { _ = condition.wait(until: deadline) }
            if stopped { break }
            condition.unlock()
            _ = flush()
            condition.lock()
        }
        condition.unlock()
        finished.signal()
    }

    /// Writes and `fsync`s what is buffered; nil on success (or nothing to write), else why it failed.
    @discardableResult
    func flush() -> String? {
        io.lock()
        defer { io.unlock() }
        return flushLocked()
    }

    private func flushLocked() -> String? {
        condition.lock()
        let bytes = pending
        let upTo = appended
        pending = []
        condition.unlock()
        guard !bytes.isEmpty else { return nil }
        var failure: String?
        if fd < 0 {
            failure = "no open segment"
        } else if !Self.writeAll(fd, bytes) {
            failure = "write: \(String(cString: strerror(errno)))"
        } else if fdatasync(fd) != 0 {
            failure = "fsync: \(String(cString: strerror(errno)))"
        }
        if failure != nil, fd >= 0 {
            // Cut a partial write off, so the segment ends with a whole record.
            _ = ftruncate(fd, off_t(segmentBytes))
            _ = lseek(fd, off_t(segmentBytes), SEEK_SET)
        } else {
            segmentBytes += bytes.count
        }
        condition.lock()
        if failure == nil {
            durable = upTo
            writtenBytesTotal += bytes.count
            oldestPendingWallSeconds = pending.isEmpty ? nil : Date().timeIntervalSince1970
        } else {
            pending = bytes + pending
        }
        lastFailure = failure.map { "\(Self.segmentPath(statePath, number: segmentNumber)): \($0)" }
        attempts += 1
        condition.broadcast()
        condition.unlock()
        return lastFailureValue()
    }

    private func lastFailureValue() -> String? { condition.withLock { lastFailure } }

    /// Why the last write failed; nil when it succeeded.
    public var failure: String? { lastFailureValue() }

    /// Seconds the oldest record not yet on disk has waited (0 when none waits).
    public var lagSeconds: Double {
        condition.withLock { oldestPendingWallSeconds.map { max(0, Date().timeIntervalSince1970 - $0) } ?? 0 }
    }

    /// Bytes written to the segments since the start.
    public var writtenBytes: Int { condition.withLock { writtenBytesTotal } }

    /// Writes what is buffered, closes the segment and opens the next; returns the new segment's
    /// number. A state file written after this holds everything the closed segments hold.
    /// - Throws: ``SessionStateError/unwritable(path:reason:)`` when the buffer cannot be written or the
    ///   next segment cannot be opened (writing then continues in the current one).
    @discardableResult
    public func rotate() throws(SessionStateError) -> Int {
        io.lock()
        defer { io.unlock() }
        if let failure = flushLocked() { throw .unwritable(path: Self.segmentPath(statePath, number: segmentNumber), reason: failure) }
        let old = (fd, segmentNumber, segmentBytes)
        segmentNumber += 1
        do { try openSegment() } catch {
            (fd, segmentNumber, segmentBytes) = old
            throw error
        }
        close(old.0)
        return segmentNumber
    }

    /// Deletes the segments numbered below `number` (after a state file taken after ``rotate()`` was written).
    public static func removeSegments(of statePath: String, below number: Int) {
        for segment in segments(of: statePath) where segment.number < number { unlink(segment.path) }
        syncDirectory(of: statePath)
    }

    /// Writes what is buffered and stops the writer thread; later appends are kept in memory only.
    /// Returns why the last write failed, or nil.
    @discardableResult
    public func shutDown() -> String? {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
        finished.wait()
        return flush()
    }

    // MARK: - Bytes

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let n = write(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    static func syncDirectory(of path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { return }
        _ = fsync(dfd)
        close(dfd)
    }

    static func putUInt16(_ v: UInt16, into out: inout [UInt8]) { out += [UInt8(v & 0xff), UInt8(v >> 8)] }
    static func putUInt32(_ v: UInt32, into out: inout [UInt8]) {
        for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> s) & 0xff)) }
    }
    static func putUInt64(_ v: UInt64, into out: inout [UInt8]) {
        for s in stride(from: 0, to: 64, by: 8) { out.append(UInt8((v >> s) & 0xff)) }
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) of journal records.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
