import Foundation
import IndoorJSON
import LoopbackSupport
import Testing

/// `indoornav serve --api-keys FILE --client-sessions N --client-creates N --client-connections N
/// --read-timeout S --fair-share F --sessions redis-sentinel://…`: malformed values stop the start naming
/// the flag or what is wrong; a served key file scopes sessions.
@Suite(.serialized) struct ServeClientFlagTests {
    @Test func malformedClientFlagsStopTheStart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let badKeys = dir.appendingPathComponent("bad.keys").path
        try Data("alice short\n".utf8).write(to: URL(fileURLWithPath: badKeys))
        let empty = dir.appendingPathComponent("empty.keys").path
        try Data("# nobody\n".utf8).write(to: URL(fileURLWithPath: empty))
        let venue = ["serve", "--venues", "Recordings/venues/campus"]
        let cases: [([String], String)] = [
            (venue + ["--api-keys", dir.appendingPathComponent("missing.keys").path], "missing.keys"),
            (venue + ["--api-keys", badKeys], "line 1"),
            (venue + ["--api-keys", empty], "no keys"),
            (venue + ["--api-keys"], "--api-keys"),
            (venue + ["--client-sessions", "0"], "--client-sessions"),
            (venue + ["--client-sessions", "many"], "--client-sessions"),
            (venue + ["--client-creates", "-1"], "--client-creates"),
            (venue + ["--client-creates", "1e9"], "--client-creates"),
            (venue + ["--client-connections", "0"], "--client-connections"),
            (venue + ["--client-connections", "70000"], "--client-connections"),
            (venue + ["--read-timeout", "0"], "--read-timeout"),
            (venue + ["--read-timeout", "nan"], "--read-timeout"),
            (venue + ["--read-timeout", "soon"], "--read-timeout"),
            (venue + ["--fair-share", "1.5"], "--fair-share"),
            (venue + ["--fair-share", "-0.1"], "--fair-share"),
            (venue + ["--fair-share", "half"], "--fair-share"),
            (venue + ["--max-creates", "-1"], "--max-creates"),
            (venue + ["--max-creates", "many"], "--max-creates"),
            (venue + ["--sessions", "redis-sentinel://"], "no sentinel host"),
            (venue + ["--sessions", "redis-sentinel://127.0.0.1:26379"], "no master name"),
            (venue + ["--sessions", "redis-sentinel://127.0.0.1:0/m"], "port must be 1–65535"),
            (venue + ["--sessions", "redis-sentinel://127.0.0.1,,127.0.0.2/m"], "missing host"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            // A key file that cannot be used is a failure (1); a malformed flag value a usage error (64).
            let expected: Int32 = ["missing.keys", "line 1", "no keys"].contains(fragment) ? 1 : 64
            #expect(r.status == expected, "\(args) → \(r.status): \(r.stderr)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
    }

    /// A served key file: public endpoints answer without a key, the rest need one, a session answers
    /// only its creator, and the per-client session limit applies per key.
    @Test func apiKeysAndClientLimitsOnTheServedBinary() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let keys = dir.appendingPathComponent("clients.keys").path
        try Data("# name key\nkiosk kiosk-0123456789abcdef\nphone phone-0123456789abcdef\n".utf8).write(to: URL(fileURLWithPath: keys))
        let server = try ServeStateFileTests.Server([
            "--venues", "Recordings/venues/campus", "--api-keys", keys, "--client-sessions", "1",
            "--client-creates", "100", "--client-connections", "16", "--read-timeout", "5",
        ])
        defer { _ = server.terminate() }
        let body =
            #"{"venue":"campus","destination":"occ-deans-office","location":{"x":0,"y":0,"level":"lvl-a0","accuracyMeters":2,"timeSeconds":0}}"#
        #expect(try server.request("GET", "/health").status == 200)
        #expect(try server.request("POST", "/sessions", body: body).status == 401)
        let kiosk = ["Authorization": "Bearer kiosk-0123456789abcdef"]
        let phone = ["Authorization": "Bearer phone-0123456789abcdef"]
        let created = try LoopbackHTTP.request(port: server.port, "POST", "/sessions", body: body, headers: kiosk)
        #expect(created.status == 201, "\(created.body)")
        let id = try #require(try JSONParser().parse(created.body).value["id"]?.string)
        #expect(try LoopbackHTTP.request(port: server.port, "POST", "/sessions", body: body, headers: kiosk).status == 429)
        #expect(try LoopbackHTTP.request(port: server.port, "GET", "/sessions/\(id)", headers: phone).status == 404)
        #expect(try LoopbackHTTP.request(port: server.port, "GET", "/sessions/\(id)", headers: kiosk).status == 200)
        #expect(try LoopbackHTTP.request(port: server.port, "POST", "/sessions", body: body, headers: phone).status == 201)
        let stopped = server.terminate()
        #expect(stopped.status == 0, "\(stopped.stderr)")
    }
}
