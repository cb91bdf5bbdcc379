import Foundation
import IndoorGeometry
import IndoorJSON
import Testing
import VenueFixtures

@testable import IndoorRerouteService

/// Sessions written to a state file and read back into another service continue exactly where they
/// were; bad state files are typed errors naming the file.
@Suite struct SessionStateTests {
    func temporaryPath(_ name: String) throws -> String {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("indoornav-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    /// The same fixes posted to a session and to its restored copy give the same answers.
    @Test func restoredSessionsAnswerLikeTheOriginals() throws {
        let a = try ServiceFixture()
        let onRoute = try a.createSession()
        let offRoute = try a.createSession()
        let r = try a.client.request("POST", "/sessions", body: #"{"venue":"golden","destination":"office"}"#)
        let pending = try #require(try a.json(r)["id"]?.string)
        for fix in ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0) {
            _ = try a.client.request("POST", "/sessions/\(onRoute)/locations", body: fix)
            _ = try a.client.request("POST", "/sessions/\(offRoute)/locations", body: fix)
        }
        for fix in ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -8), level: "L0", t0: 8) {
            _ = try a.client.request("POST", "/sessions/\(offRoute)/locations", body: fix)
        }
        a.clock.advance(by: 5)
        let path = try temporaryPath("sessions.state")
        try SessionStateFile.write(a.service.storedSessions(), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["sessions.state"])

        let b = try ServiceFixture()
        b.clock.advance(by: 5)
        let report = b.service.restore(try #require(try SessionStateFile.read(path: path)))
        #expect(report.restored == 3 && report.expired == 0 && report.failures.isEmpty)
        #expect(b.service.store.count == 3)
        for id in [onRoute, offRoute, pending] {
            #expect(try a.client.request("GET", "/sessions/\(id)").text == b.client.request("GET", "/sessions/\(id)").text)
        }
        // A fix older than the last applied one is still rejected after the restart.
        let stale = try b.json(try b.client.request("POST", "/sessions/\(onRoute)/locations", body: ServiceFixture.fix(1, 0, "L0", t: 1)))
        #expect(stale["rejected"]?.array?.count == 1)
        _ = try a.client.request("POST", "/sessions/\(onRoute)/locations", body: ServiceFixture.fix(1, 0, "L0", t: 1))
        let next =
            ServiceFixture.walk(from: .init(x: 10, y: -8), to: .init(x: 10, y: -14), level: "L0", t0: 15)
            + ServiceFixture.walk(from: .init(x: 10, y: -14), to: .init(x: 20, y: 0), level: "L0", t0: 20)
        var sawReroute = false
        for fix in next {
            for id in [onRoute, offRoute] {
                let ra = try a.client.request("POST", "/sessions/\(id)/locations", body: fix)
                let rb = try b.client.request("POST", "/sessions/\(id)/locations", body: fix)
                #expect(ra.status == 200 && ra.text == rb.text)
                sawReroute = sawReroute || ra.text.contains(#""type":"rerouted""#)
            }
        }
        #expect(sawReroute)
        // The pending session starts from its first fix in both, raw location included.
        let first =
            #"{"x":0,"y":0,"level":"L0","accuracyMeters":2,"timeSeconds":0,"raw":{"x":0.5,"y":0.2,"level":"L0","accuracyMeters":4,"timeSeconds":0}}"#
        let pa = try a.client.request("POST", "/sessions/\(pending)/locations", body: first)
        let pb = try b.client.request("POST", "/sessions/\(pending)/locations", body: first)
        #expect(pa.status == 200 && pa.text == pb.text)
        #expect(try a.json(pa)["progress"]?["rawLocation"]?["x"]?.double == 0.5)
    }

    /// The TTL continues from the stored idle time; sessions for venues not served are reported.
    @Test func expiredAndUnknownVenueSessionsAreLeftOut() throws {
        let a = try ServiceFixture { $0.sessionTTLSeconds = 60 }
        let id = try a.createSession()
        a.clock.advance(by: 50)
        var stored = a.service.storedSessions()
        #expect(stored.count == 1 && abs((stored.first?.idleSeconds ?? 0) - 50) < 1e-9)
        var other = try #require(stored.first)
        other.id = "other"
        other.venueID = "nowhere"
        stored.append(other)
        let b = try ServiceFixture { $0.sessionTTLSeconds = 60 }
        let report = b.service.restore(stored)
        #expect(report.restored == 1 && report.failures == [.invalidSession(id: "other", reason: "venue 'nowhere' is not served")])
        b.clock.advance(by: 11)
        #expect(try b.client.request("GET", "/sessions/\(id)").status == 404)
        let c = try ServiceFixture { $0.sessionTTLSeconds = 40 }
        #expect(c.service.restore(a.service.storedSessions()).expired == 1)
    }

    @Test func badStateFilesAreTypedErrors() throws {
        let missing = try temporaryPath("none.state")
        #expect(try SessionStateFile.read(path: missing) == nil)

        let garbage = try temporaryPath("garbage.state")
        try Data("not a state file\n".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect { try SessionStateFile.read(path: garbage) } throws: { error in
            if case .malformed(let p, _) = error as? SessionStateError { return p == garbage } else { return false }
        }

        let f = try ServiceFixture()
        _ = try f.createSession()
        let good = try temporaryPath("good.state")
        try SessionStateFile.write(f.service.storedSessions(), to: good)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let truncated = try temporaryPath("truncated.state")
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: truncated))
        #expect { try SessionStateFile.read(path: truncated) } throws: { error in
            if case .malformed(let p, _) = error as? SessionStateError { return p == truncated } else { return false }
        }

        let future = try temporaryPath("future.state")
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try encoder.encode(SessionStateFile.Contents(formatVersion: 7, sessions: [])).write(to: URL(fileURLWithPath: future))
        #expect(throws: SessionStateError.unsupportedVersion(path: future, found: 7, supported: 1)) {
            try SessionStateFile.read(path: future)
        }

        // A stored session of another format, or with a broken snapshot, is reported, not restored.
        var stored = try #require(f.service.storedSessions().first)
        stored.formatVersion = 3
        var broken = stored
        broken.formatVersion = StoredSession.currentFormatVersion
        broken.id = "broken"
        broken.navigation.sectionIndex = 40
        let g = try ServiceFixture()
        let report = g.service.restore([stored, broken])
        #expect(report.restored == 0)
        #expect(report.failures.first == .unsupportedVersion(path: "session \(stored.id)", found: 3, supported: 1))
        #expect(report.failures.last?.description.contains("sectionIndex") == true)

        // Writing into a folder that does not exist names the file and leaves nothing behind.
        let nowhere = try temporaryPath("missing-dir/x.state")
        #expect { try SessionStateFile.write([], to: nowhere) } throws: { error in
            if case .unwritable(let p, _) = error as? SessionStateError { return p == nowhere } else { return false }
        }
    }
}
