import Foundation
import IndoorJSON
import IndoorRerouteService
import IndoorVenue
import Testing

/// The service started as `indoornav serve` starts it: venues from a folder, sessions in a state file
/// with its journal, restored on the next start.
@Suite struct RerouteServerTests {
    static let venues =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        + "/Recordings/venues/campus"

    @Test func sessionsSurviveAStopAndAStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indoornav-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateFile = folder.appendingPathComponent("sessions.state").path
        var http = HTTPServerConfiguration.standard
        http.port = 0
        var setup = RerouteServer.Setup(venuesDirectory: Self.venues)
        setup.http = http
        setup.stateFile = stateFile
        let logged = LogLines()

        let first = try RerouteServer(setup) { logged.append($0) }
        #expect(first.venueIDs == ["campus"] && first.port > 0 && first.loadSeconds >= 0)
        let created = try TestHTTPClient(port: first.port).request(
            "POST", "/sessions", body: #"{"venue":"campus","destination":"occ-deans-office"}"#)
        #expect(created.status == 201, "\(created.text)")
        #expect(try first.stop() == 1)
        #expect(FileManager.default.fileExists(atPath: stateFile))

        let second = try RerouteServer(setup) { logged.append($0) }
        defer { _ = try? second.stop() }
        #expect(logged.lines.contains { $0.hasPrefix("restored 1 session(s) from \(stateFile)") }, "\(logged.lines)")
        let id = try #require(try JSONParser().parse(created.body).value["id"]?.string)
        #expect(try TestHTTPClient(port: second.port).request("GET", "/sessions/\(id)").status == 200)
    }

    @Test func aMissingVenueFolderStopsTheStart() {
        let setup = RerouteServer.Setup(venuesDirectory: "/nonexistent/venues")
        #expect(throws: ServiceError.self) { _ = try RerouteServer(setup) { _ in } }
    }
}

/// Lines a server logged, from any thread.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    /// Adds one line.
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    /// Every line so far.
    var lines: [String] { lock.withLock { stored } }
}
