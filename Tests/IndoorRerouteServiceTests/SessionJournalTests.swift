import Foundation
import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorRerouteService

/// The journal beside the state file: every change replayed after a restart, a record cut short at
/// the end skipped with a warning, a damaged one a typed error naming the segment and byte, and
/// compaction into the state file.
@Suite struct SessionJournalTests {
    func temporaryStatePath() throws -> String {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("indoornav-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("sessions.state").path
    }

    /// A service whose sessions are journalled beside `statePath`.
    func journaled(_ statePath: String, flushSeconds: Double = 0.05) throws -> (ServiceFixture, SessionJournal) {
        let journal = try SessionJournal(statePath: statePath, flushIntervalSeconds: flushSeconds, commitTimeoutSeconds: 5)
        let fixture = try ServiceFixture(store: { _, c in
            JournaledSessionStore(
                memory: InMemorySessionStore(capacity: c.maximumSessions, ttlSeconds: c.sessionTTLSeconds, retryAfterSeconds: 5),
                journal: journal)
        })
        return (fixture, journal)
    }

    /// Sessions without their idle time (which the replay ages), by id.
    func comparable(_ sessions: [StoredSession]) -> [String: StoredSession] {
        Dictionary(
            uniqueKeysWithValues: sessions.map { s in
                var s = s
                s.idleSeconds = 0
                return (s.id, s)
            })
    }

    func walkBoth(_ f: ServiceFixture, _ onRoute: String, _ offRoute: String) throws {
        for fix in ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0) {
            #expect(try f.client.request("POST", "/sessions/\(onRoute)/locations", body: fix).status == 200)
            #expect(try f.client.request("POST", "/sessions/\(offRoute)/locations", body: fix).status == 200)
        }
        for fix in ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -8), level: "L0", t0: 8) {
            #expect(try f.client.request("POST", "/sessions/\(offRoute)/locations", body: fix).status == 200)
        }
    }

    @Test func replayRestoresEveryChangeAndACreatedSessionIsOnDiskWhenAnswered() throws {
        let path = try temporaryStatePath()
        let (a, journal) = try journaled(path, flushSeconds: 1)
        let onRoute = try a.createSession()
        // Answered 201 only once on disk: the segment already holds it, long before the 1 s interval.
        let early = try SessionJournalReplay.replay(statePath: path, snapshot: nil)
        #expect(early.sessions.map(\.id) == [onRoute])
        let offRoute = try a.createSession()
        let removed = try a.createSession()
        try walkBoth(a, onRoute, offRoute)
        #expect(try a.client.request("GET", "/sessions/\(offRoute)").text.contains("navigating"))
        #expect(try a.client.request("DELETE", "/sessions/\(removed)").status == 200)
        #expect(journal.shutDown() == nil)

        let replay = try SessionJournalReplay.replay(statePath: path, snapshot: nil)
        #expect(replay.warnings.isEmpty)
        // 3 creates, 2 × 8 + 7 fixes (some rerouting: the route goes in again), 1 removal.
        #expect(replay.records == 3 + 23 + 1)
        #expect(comparable(replay.sessions) == comparable(a.service.storedSessions()))
        #expect(Set(replay.sessions.map(\.id)) == [onRoute, offRoute])

        let b = try ServiceFixture()
        #expect(b.service.restore(replay.sessions).restored == 2)
        for id in [onRoute, offRoute] {
            #expect(try a.client.request("GET", "/sessions/\(id)").text == b.client.request("GET", "/sessions/\(id)").text)
        }
        #expect(try b.client.request("GET", "/sessions/\(removed)").status == 404)
        // They continue alike.
        let next = ServiceFixture.fix(10, -10, "L0", t: 20)
        #expect(
            try a.client.request("POST", "/sessions/\(offRoute)/locations", body: next).text
                == b.client.request("POST", "/sessions/\(offRoute)/locations", body: next).text)
    }

    @Test func aLastRecordCutShortIsSkippedWithAWarning() throws {
        let path = try temporaryStatePath()
        let (a, journal) = try journaled(path)
        let id = try a.createSession()
        for t in 1...4 {
            _ = try a.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(Double(t), 0, "L0", t: Double(t)))
        }
        #expect(journal.flush() == nil)
        let before = comparable(a.service.storedSessions())
        let segment = try #require(SessionJournal.segments(of: path).last?.path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: segment)).count
        _ = try a.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(5, 0, "L0", t: 5))
        #expect(journal.shutDown() == nil)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: segment))
        #expect(bytes.count > whole + 8)
        #expect(comparable(try SessionJournalReplay.replay(statePath: path, snapshot: nil).sessions) != before)

        // Cut inside the last record's payload, then inside its 8-byte header.
        for cut in [bytes.count - 3, whole + 5] {
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: segment))
            let replay = try SessionJournalReplay.replay(statePath: path, snapshot: nil)
            #expect(comparable(replay.sessions) == before)
            #expect(replay.records == 5)
            #expect(replay.warnings.count == 1)
            #expect(replay.warnings.first?.contains("\(segment): last record at byte \(whole) cut short") == true, "\(replay.warnings)")
        }
        // A segment whose header was cut short holds nothing.
        try bytes.prefix(2).write(to: URL(fileURLWithPath: segment))
        let empty = try SessionJournalReplay.replay(statePath: path, snapshot: nil)
        #expect(empty.sessions.isEmpty && empty.warnings.count == 1)
    }

    @Test func aDamagedRecordIsATypedErrorNamingTheSegmentAndByte() throws {
        let path = try temporaryStatePath()
        let (a, journal) = try journaled(path)
        let id = try a.createSession()
        _ = try a.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(1, 0, "L0", t: 1))
        #expect(journal.shutDown() == nil)
        let segment = try #require(SessionJournal.segments(of: path).last?.path)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: segment)))
        let firstLength = Int(good[4]) | Int(good[5]) << 8 | Int(good[6]) << 16 | Int(good[7]) << 24
        let second = 4 + 8 + firstLength

        func damaged(_ change: (inout [UInt8]) -> Void) throws -> SessionStateError? {
            var bytes = good
            change(&bytes)
            try Data(bytes).write(to: URL(fileURLWithPath: segment))
            do { _ = try SessionJournalReplay.replay(statePath: path, snapshot: nil) } catch { return error }
            return nil
        }
        // A flipped byte in the first record's payload, in the second's.
        let first = try damaged { $0[4 + 8 + 20] ^= 0x40 }
        #expect(
            first?.description.hasPrefix("journal \(segment), record at byte 4: checksum does not match") == true,
            "\(String(describing: first))")
        if case .corruptJournal(let p, let o, _)? = first {
            #expect(p == segment && o == 4)
        } else {
            Issue.record("not corruptJournal: \(String(describing: first))")
        }
        let later = try damaged { $0[second + 8 + 3] ^= 0x01 }
        if case .corruptJournal(_, let o, let r)? = later {
            #expect(o == second && r.contains("checksum"))
        } else {
            Issue.record("\(String(describing: later))")
        }
        // Not a segment; a length beyond any record.
        if case .corruptJournal(_, let o, let r)? = try damaged({ $0[0] = UInt8(ascii: "X") }) {
            #expect(o == 0 && r.contains("INJ1"))
        } else {
            Issue.record("bad header accepted")
        }
        if case .corruptJournal(_, let o, let r)? = try damaged({ $0[second + 3] = 0x7f }) {
            #expect(o == second && r.contains("exceeds"))
        } else {
            Issue.record("huge length accepted")
        }
        // A record with a good checksum over contents that do not decode names the record too.
        let bogus = try damaged { bytes in
            var payload: [UInt8] = [9]
            payload += [UInt8](repeating: 0, count: 12)
            var record: [UInt8] = []
            SessionJournal.putUInt32(UInt32(payload.count), into: &record)
            SessionJournal.putUInt32(CRC32.checksum(payload), into: &record)
            bytes += record + payload
        }
        if case .corruptJournal(_, let o, let r)? = bogus {
            #expect(o == good.count && r == "unknown record kind 9")
        } else {
            Issue.record("\(String(describing: bogus))")
        }
    }

    @Test func compactionMovesTheJournalIntoTheStateFile() throws {
        let path = try temporaryStatePath()
        let (a, journal) = try journaled(path)
        let onRoute = try a.createSession()
        let offRoute = try a.createSession()
        try walkBoth(a, onRoute, offRoute)
        let first = journal.currentSegment
        let next = try journal.rotate()
        #expect(next == first + 1)
        try SessionStateFile.write(a.service.storedSessions(), to: path)
        SessionJournal.removeSegments(of: path, below: next)
        #expect(SessionJournal.segments(of: path).map(\.number) == [next])
        // Changes after the state file: only in the new segment (which starts without the routes).
        _ = try a.client.request("POST", "/sessions/\(onRoute)/locations", body: ServiceFixture.fix(10, 0.5, "L0", t: 30))
        _ = try a.client.request("POST", "/sessions/\(offRoute)/locations", body: ServiceFixture.fix(10, -12, "L0", t: 30))
        let third = try a.createSession()
        #expect(journal.shutDown() == nil)

        let snapshot = try #require(try SessionStateFile.load(path: path))
        #expect(snapshot.sessions.count == 2 && snapshot.writtenAtSeconds != nil)
        #expect(comparable(snapshot.sessions) != comparable(a.service.storedSessions()))
        let replay = try SessionJournalReplay.replay(statePath: path, snapshot: snapshot)
        #expect(replay.records == 3)
        #expect(comparable(replay.sessions) == comparable(a.service.storedSessions()))
        #expect(replay.sessions.map(\.id).sorted() == [onRoute, offRoute, third].sorted())
        // A new journal continues after the highest segment.
        let again = try SessionJournal(statePath: path, flushIntervalSeconds: 0.05, commitTimeoutSeconds: 1)
        #expect(again.currentSegment == next + 1)
        again.shutDown()
    }

    @Test func idleTimesAgeThroughTheJournal() throws {
        let path = try temporaryStatePath()
        let (a, journal) = try journaled(path)
        let id = try a.createSession()
        #expect(journal.shutDown() == nil)
        var snapshot = SessionStateFile.Loaded(sessions: [], writtenAtSeconds: nil)
        var stored = try #require(a.service.storedSessions().first)
        stored.id = "idle"
        stored.idleSeconds = 7
        snapshot.sessions = [stored]
        // The state file was written 100 s before the journal's record: the idle session aged by 100 s.
        let recordWall = Date().timeIntervalSince1970
        snapshot.writtenAtSeconds = recordWall - 100
        let replay = try SessionJournalReplay.replay(statePath: path, snapshot: snapshot)
        let idle = try #require(replay.sessions.first { $0.id == "idle" })
        let fresh = try #require(replay.sessions.first { $0.id == id })
        #expect(abs(idle.idleSeconds - 107) < 2)
        #expect(fresh.idleSeconds < 2)
    }

    @Test func aJournalThatCannotBeCreatedNamesItsSegment() throws {
        let path = try temporaryStatePath() + "-missing/sessions.state"
        #expect { try SessionJournal(statePath: path, flushIntervalSeconds: 0.1, commitTimeoutSeconds: 1) } throws: { error in
            if case .unwritable(let p, _) = error as? SessionStateError { return p == path + ".journal.1" } else { return false }
        }
    }

    @Test func journalSettingsAreValidated() {
        for (value, valid) in [(0.5, true), (1.0, true), (0.005, false), (1.5, false), (Double.nan, false)] {
            var c = ServiceConfiguration.standard
            c.journalFlushIntervalSeconds = value
            #expect(((try? c.validated()) != nil) == valid, "\(value)")
        }
        var c = ServiceConfiguration.standard
        c.journalCommitTimeoutSeconds = 0
        #expect(throws: ServiceError.self) { try c.validated() }
    }
}
