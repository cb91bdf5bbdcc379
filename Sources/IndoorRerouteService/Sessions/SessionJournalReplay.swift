import Foundation

/// The sessions a state file and its journal segments (``SessionJournal``) hold together: the state
/// file's sessions, then each segment's records in order (the last record of a session wins; a removal
/// drops it).
///
/// A segment whose last record is cut short (a crash during its write) is read up to that record and
/// reported in ``warnings``; any other damage (a checksum that does not match, an unknown kind, bytes
/// that do not decode) is ``SessionStateError/corruptJournal(path:offset:reason:)`` naming the segment
/// and the record's byte offset.
///
/// Idle times are aged to the latest time known (the last record's or the state file's), so a session
/// idle when the state file was written keeps ageing through the journal.
public struct SessionJournalReplay: Sendable {
    /// The sessions, in id order.
    public var sessions: [StoredSession]
    /// One line per segment whose last record was cut short (and skipped).
    public var warnings: [String]
    /// Records read from the segments.
    public var records: Int

    struct Entry {
        var base: StoredSession?
        var state: (bytes: [UInt8], path: String, offset: Int)?
        var route: (bytes: [UInt8], path: String, offset: Int)?
        var wallSeconds: Double?
    }

    /// Replays the segments beside `statePath` over `snapshot` (the state file's contents, nil when
    /// there is none).
    /// - Throws: ``SessionStateError/unreadable(path:reason:)``, ``SessionStateError/corruptJournal(path:offset:reason:)``.
    public static func replay(statePath: String, snapshot: SessionStateFile.Loaded?) throws(SessionStateError) -> SessionJournalReplay {
        try replay(segments: SessionJournal.segments(of: statePath).map(\.path), snapshot: snapshot)
    }

    /// Replays `segments` (paths, in order) over `snapshot`.
    /// - Throws: ``SessionStateError/unreadable(path:reason:)``, ``SessionStateError/corruptJournal(path:offset:reason:)``.
    public static func replay(segments: [String], snapshot: SessionStateFile.Loaded?) throws(SessionStateError) -> SessionJournalReplay {
        var entries: [String: Entry] = [:]
        for s in snapshot?.sessions ?? [] { entries[s.id] = Entry(base: s, wallSeconds: snapshot?.writtenAtSeconds) }
        var latest = snapshot?.writtenAtSeconds ?? -Double.infinity
        var warnings: [String] = []
        var records = 0
        for path in segments {
            let data: [UInt8]
            do { data = Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw .unreadable(path: path, reason: error.localizedDescription)
            }
            var offset = 0
            if data.count < SessionJournal.magic.count {
                warnings.append("journal \(path): \(data.count)-byte header cut short; nothing to replay")
                continue
            }
            guard data.starts(with: SessionJournal.magic) else {
                throw .corruptJournal(path: path, offset: 0, reason: "not a journal segment (no INJ1 header)")
            }
            offset = SessionJournal.magic.count
            while offset < data.count {
                let remaining = data.count - offset
                guard remaining >= 8 else {
                    warnings.append(
                        "journal \(path): last record at byte \(offset) cut short (\(remaining) of its 8 header bytes); skipped")
                    break
                }
                let length = Int(readUInt32(data, offset))
                let checksum = readUInt32(data, offset + 4)
                guard length <= SessionJournal.maximumPayloadBytes else {
                    throw .corruptJournal(
                        path: path, offset: offset, reason: "record length \(length) exceeds \(SessionJournal.maximumPayloadBytes)")
                }
                guard remaining - 8 >= length else {
                    warnings.append(
                        "journal \(path): last record at byte \(offset) cut short (\(remaining - 8) of \(length) bytes); skipped")
                    break
                }
                let payload = data[(offset + 8)..<(offset + 8 + length)]
                guard CRC32.checksum(payload) == checksum else {
                    throw .corruptJournal(path: path, offset: offset, reason: "checksum does not match the record")
                }
                let record = try parse(Array(payload), path: path, offset: offset)
                latest = max(latest, record.wallSeconds)
                switch record.kind {
                case .removed: entries[record.id] = nil
                case .movingState, .movingStateAndRoute:
                    var entry = entries[record.id] ?? Entry()
                    entry.state = (record.state, path, offset)
                    if let route = record.route { entry.route = (route, path, offset) }
                    entry.wallSeconds = record.wallSeconds
                    entries[record.id] = entry
                }
                records += 1
                offset += 8 + length
            }
        }
        var sessions: [StoredSession] = []
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
            var stored: StoredSession
            if let state = entry.state {
                do { stored = try CompactCoder.decode(StoredSession.self, from: state.bytes) } catch {
                    throw .corruptJournal(
                        path: state.path, offset: state.offset, reason: "session \(id): \(SessionStateFile.describe(error))")
                }
                if let route = entry.route {
                    do { try CompactCoder.decode(RedisSessionStore.RouteBox.self, from: route.bytes).apply(to: &stored) } catch {
                        throw .corruptJournal(
                            path: route.path, offset: route.offset, reason: "session \(id) route: \(SessionStateFile.describe(error))")
                    }
                } else if let base = entry.base {
                    RedisSessionStore.RouteBox(of: base).apply(to: &stored)
                } else {
                    throw .corruptJournal(
                        path: state.path, offset: state.offset, reason: "session \(id): no route recorded before its moving state")
                }
            } else if let base = entry.base {
                stored = base
            } else {
                continue
            }
            if let wall = entry.wallSeconds, latest.isFinite { stored.idleSeconds += max(0, latest - wall) }
            sessions.append(stored)
        }
        return SessionJournalReplay(sessions: sessions, warnings: warnings, records: records)
    }

    struct Record {
        var kind: SessionJournal.Kind
        var wallSeconds: Double
        var id: String
        var state: [UInt8]
        var route: [UInt8]?
    }

    static func parse(_ p: [UInt8], path: String, offset: Int) throws(SessionStateError) -> Record {
        func corrupt(_ reason: String) -> SessionStateError { .corruptJournal(path: path, offset: offset, reason: reason) }
        guard p.count >= 11, let kind = SessionJournal.Kind(rawValue: p[0]) else {
            throw corrupt(p.isEmpty ? "empty record" : "unknown record kind \(p[0])")
        }
        let wall = Double(bitPattern: readUInt64(p, 1))
        let idLength = Int(p[9]) | Int(p[10]) << 8
        var at = 11
        guard wall.isFinite, p.count >= at + idLength, idLength > 0 else { throw corrupt("bad time or session id") }
        let id = String(decoding: p[at..<(at + idLength)], as: UTF8.self)
        at += idLength
        func blob() throws(SessionStateError) -> [UInt8] {
            guard p.count >= at + 4 else { throw corrupt("session \(id): blob length missing") }
            let n = Int(readUInt32(p, at))
            guard p.count >= at + 4 + n else { throw corrupt("session \(id): blob of \(n) bytes runs past the record") }
            defer { at += 4 + n }
            return Array(p[(at + 4)..<(at + 4 + n)])
        }
        var record = Record(kind: kind, wallSeconds: wall, id: id, state: [], route: nil)
        switch kind {
        case .removed: break
        case .movingState: record.state = try blob()
        case .movingStateAndRoute:
            record.state = try blob()
            record.route = try blob()
        }
        guard at == p.count else { throw corrupt("session \(id): \(p.count - at) bytes after the record's contents") }
        return record
    }

    static func readUInt32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func readUInt64(_ b: [UInt8], _ at: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(b[at + i]) << (8 * UInt64(i)) }
        return v
    }
}
