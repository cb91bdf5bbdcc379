import Foundation
import IndoorJSON
import LoopbackSupport
import Testing

/// `indoornav serve --state-file`: sessions survive SIGTERM and a restart; bad state files and flags
/// stop the start with a message naming them.
@Suite(.serialized) struct ServeStateFileTests {
    /// A running `indoornav serve` process and its port.
    final class Server {
        let process = Process()
        let errors = Pipe()
        let port: Int

        init(_ arguments: [String]) throws {
            let out = Pipe()
            process.executableURL = CLIRunner.binary
            process.arguments = ["serve", "--port", "0"] + arguments
            process.currentDirectoryURL = CLIRunner.packageRoot
            process.standardOutput = out
            process.standardError = errors
            try process.run()
            // The first line on standard output is "listening on http://127.0.0.1:PORT".
            var line: [UInt8] = []
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let p = text.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
                process.terminate()
                throw LoopbackHTTP.Failure(description: "server did not start: \(text)")
            }
            port = p
        }

        /// Sends SIGTERM; returns the exit status and standard error.
        func terminate() -> (status: Int32, stderr: String) {
            process.terminate()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: err, as: UTF8.self))
        }

        func request(_ method: String, _ path: String, body: String? = nil) throws -> (status: Int, body: String) {
            try LoopbackHTTP.request(port: port, method, path, body: body)
        }
    }

    static func fix(_ x: Double, _ y: Double, t: Double) -> String {
        "{\"x\":\(x),\"y\":\(y),\"level\":\"lvl-a0\",\"accuracyMeters\":3,\"timeSeconds\":\(t)}"
    }

    @Test func sessionsSurviveSigtermAndRestart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let state = dir.appendingPathComponent("sessions.state").path
        let arguments = ["--venues", "Recordings/venues/campus", "--state-file", state, "--state-interval", "3600"]
        let first = try Server(arguments)
        var ids: [String] = []
        for k in 0..<3 {
            let r = try first.request(
                "POST", "/sessions",
                body: "{\"venue\":\"campus\",\"destination\":\"occ-staff-lounge\",\"location\":\(Self.fix(0, 0, t: 0))}")
            #expect(r.status == 201, "\(r.body)")
            let id = try #require(try JSONParser().parse(r.body).value["id"]?.string)
            ids.append(id)
            for t in 1...(2 + k) {
                _ = try first.request("POST", "/sessions/\(id)/locations", body: Self.fix(0.5 * Double(t), 0, t: Double(t)))
            }
        }
        let before = try ids.map { try first.request("GET", "/sessions/\($0)").body }
        let stopped = first.terminate()
        #expect(stopped.status == 0)
        #expect(stopped.stderr.contains("wrote 3 session(s)"), "\(stopped.stderr)")
        #expect(FileManager.default.fileExists(atPath: state))

        let second = try Server(arguments)
        defer { _ = second.terminate() }
        let after = try ids.map { try second.request("GET", "/sessions/\($0)").body }
        #expect(after == before)
        // They continue: a newer fix is applied, an older one is still rejected.
        let next = try second.request("POST", "/sessions/\(ids[0])/locations", body: Self.fix(2, 0, t: 10))
        #expect(next.status == 200)
        let stale = try JSONParser().parse(try second.request("POST", "/sessions/\(ids[1])/locations", body: Self.fix(1, 0, t: 1)).body)
            .value
        #expect(stale["rejected"]?.array?.count == 1)
        let health = try JSONParser().parse(try second.request("GET", "/health").body).value
        #expect(health["sessions"]?.int == 3)
    }

    static func fixWithRaw(_ x: Double, t: Double) -> String {
        let f = fix(x, 0, t: t)
        return String(f.dropLast()) + ",\"raw\":\(f)}"
    }

    /// The time of the last fix a session applied (its raw location's), read from `GET /sessions/{id}`.
    static func lastFixTime(_ body: String) throws -> Double? {
        try JSONParser().parse(body).value["progress"]?["rawLocation"]?["timeSeconds"]?.double
    }

    /// SIGKILL under a state file written once an hour: every session answered 201 is back after the
    /// restart, and every fix answered more than the journal interval (0.5 s) before the kill.
    @Test func sigkillLosesNoAcknowledgedSessionAndAtMostTheJournalInterval() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let state = dir.appendingPathComponent("sessions.state").path
        let arguments = ["--venues", "Recordings/venues/campus", "--state-file", state, "--state-interval", "3600"]
        let first = try Server(arguments)
        var ids: [String] = []
        var durableUpTo: [String: Double] = [:]
        for _ in 0..<6 {
            let r = try first.request(
                "POST", "/sessions",
                body: "{\"venue\":\"campus\",\"destination\":\"occ-staff-lounge\",\"location\":\(Self.fixWithRaw(0, t: 0))}")
            #expect(r.status == 201, "\(r.body)")
            ids.append(try #require(try JSONParser().parse(r.body).value["id"]?.string))
        }
        // Fixes 1–5 to every session, then 1.2 s (more than the interval), then fix 6 to half of them.
        for t in 1...5 {
            for id in ids {
                #expect(
                    try first.request("POST", "/sessions/\(id)/locations", body: Self.fixWithRaw(0.3 * Double(t), t: Double(t))).status
                        == 200)
            }
        }
        for id in ids { durableUpTo[id] = 5 }
        usleep(1_200_000)
        for id in ids.prefix(3) { _ = try first.request("POST", "/sessions/\(id)/locations", body: Self.fixWithRaw(1.8, t: 6)) }
        // A session created right before the kill is on disk too (answered only once it is).
        let late = try first.request(
            "POST", "/sessions",
            body: "{\"venue\":\"campus\",\"destination\":\"occ-staff-lounge\",\"location\":\(Self.fixWithRaw(0, t: 0))}")
        #expect(late.status == 201)
        let lateID = try #require(try JSONParser().parse(late.body).value["id"]?.string)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).contains("sessions.state.journal.1"))

        let second = try Server(arguments)
        for id in ids {
            let r = try second.request("GET", "/sessions/\(id)")
            #expect(r.status == 200, "session \(id) lost: \(r.body)")
            let applied = try #require(try Self.lastFixTime(r.body))
            #expect(applied >= durableUpTo[id] ?? 0, "session \(id): last fix \(applied)")
            // No fix applied twice: the restored session still rejects what it has.
            let again = try JSONParser().parse(
                try second.request("POST", "/sessions/\(id)/locations", body: Self.fixWithRaw(1.5, t: applied)).body
            ).value
            #expect(again["rejected"]?.array?.count == 1)
        }
        #expect(try second.request("GET", "/sessions/\(lateID)").status == 200)
        let stopped = second.terminate()
        #expect(stopped.status == 0)
        #expect(stopped.stderr.contains("restored 7 session(s)"), "\(stopped.stderr)")
        // SIGTERM leaves only the state file: the journal is in it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["sessions.state"])
    }

    /// A journal whose last record was cut short starts with a warning; a damaged one stops the start
    /// with the segment and byte named, leaving the files as they were.
    @Test func tornAndDamagedJournalsAtStart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let state = dir.appendingPathComponent("sessions.state").path
        let arguments = ["--venues", "Recordings/venues/campus", "--state-file", state, "--state-interval", "3600"]
        let first = try Server(arguments)
        let r = try first.request(
            "POST", "/sessions",
            body: "{\"venue\":\"campus\",\"destination\":\"occ-staff-lounge\",\"location\":\(Self.fixWithRaw(0, t: 0))}")
        let id = try #require(try JSONParser().parse(r.body).value["id"]?.string)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        let segment = dir.appendingPathComponent("sessions.state.journal.1")
        let good = try Data(contentsOf: segment)
        try (good + Data([0x40, 0, 0, 0, 1, 2])).write(to: segment)
        let second = try Server(arguments)
        #expect(try second.request("GET", "/sessions/\(id)").status == 200)
        kill(second.process.processIdentifier, SIGKILL)
        second.process.waitUntilExit()
        let warned = String(decoding: second.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(warned.contains("sessions.state.journal.1: last record at byte \(good.count) cut short"), "\(warned)")

        // The restart wrote the state file and a new segment: damage that segment's first record.
        let segments = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".journal.") }
        #expect(segments == ["sessions.state.journal.3"], "\(segments)")
        let next = dir.appendingPathComponent("sessions.state.journal.3")
        var bytes = [UInt8](try Data(contentsOf: next))
        bytes += [12, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 7, count: 12)
        try Data(bytes).write(to: next)
        let failed = try CLIRunner.run(["serve", "--venues", "Recordings/venues/campus", "--state-file", state, "--port", "0"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("journal \(next.path), record at byte 4: checksum does not match"), "\(failed.stderr)")
        #expect(try Data(contentsOf: next) == Data(bytes))
    }

    @Test func badStateFileAndFlagsStopTheStart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let garbage = dir.appendingPathComponent("garbage.state").path
        try Data("{\"sessions\": []}".utf8).write(to: URL(fileURLWithPath: garbage))
        let cases: [([String], String)] = [
            (["serve", "--venues", "Recordings/venues/campus", "--state-file", garbage], garbage),
            (["serve", "--venues", "Recordings/venues/campus", "--state-interval", "5"], "--state-file"),
            (["serve", "--venues", "Recordings/venues/campus", "--journal-interval", "0.2"], "--state-file"),
            (["serve", "--venues", "Recordings/venues/campus", "--state-file", garbage, "--journal-interval", "2"], "--journal-interval"),
            (["serve", "--venues", "Recordings/venues/campus", "--state-file", garbage, "--state-interval", "0"], "--state-interval"),
            (["serve", "--venues", "Recordings/venues/campus", "--state-file"], "--state-file"),
            (["serve", "--venues", "Recordings/venues/campus", "--sessions", "http://127.0.0.1:6379"], "--sessions"),
            (["serve", "--venues", "Recordings/venues/campus", "--sessions", "redis://127.0.0.1:70000/0"], "port"),
            (["serve", "--venues", "Recordings/venues/campus", "--sessions", "unix://redis.sock"], "socket path must be absolute"),
            (["serve", "--venues", "Recordings/venues/campus", "--sessions", "unix:///tmp/redis.sock?db=99"], "db must be 0–15"),
            (["serve", "--venues", "Recordings/venues/campus", "--sessions", "redis://127.0.0.1", "--state-file", garbage], "exclude"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            // An unreadable state file is a failure (1); flags that do not fit are usage errors (64).
            let expected: Int32 = fragment == garbage ? 1 : 64
            #expect(r.status == expected, "\(args) → \(r.status): \(r.stderr)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
        // The bad file is left as it was.
        #expect(try String(contentsOfFile: garbage, encoding: .utf8) == "{\"sessions\": []}")
    }
}
