import Foundation
import IndoorJSON
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

    @Test func badStateFileAndFlagsStopTheStart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let garbage = dir.appendingPathComponent("garbage.state").path
        try Data("{\"sessions\": []}".utf8).write(to: URL(fileURLWithPath: garbage))
        let cases: [([String], String)] = [
            (["serve", "--venues", "Recordings/venues/campus", "--state-file", garbage], garbage),
            (["serve", "--venues", "Recordings/venues/campus", "--state-interval", "5"], "--state-file"),
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
