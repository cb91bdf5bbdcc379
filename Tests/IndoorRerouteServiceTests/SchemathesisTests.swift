import Foundation
import IndoorVenue
import Testing

/// Schemathesis (`--checks all`, 200 examples per operation, deterministic) against docs/openapi.yaml
/// and the service on loopback over the campus venue, with the document's path parameters pinned to a
/// real venue, session and POI (Tools/openapi/schemathesis.toml). CORS preflights (`OPTIONS`, answered 204
/// on any path of an operation) are left out. Tools/test.sh installs schemathesis from PyPI.
@Suite struct SchemathesisTests {
    static var python: String { OpenAPIChecker.python }

    static let isInstalled = OpenAPIChecker.pythonCanImport("schemathesis.cli")

    @Test(.enabled(if: isInstalled, "needs python3 with schemathesis (Tools/test.sh installs it from PyPI)"))
    func theDocumentAndTheServiceAgree() throws {
        let f = try ServiceFixture(
            configure: {
                // Thousands of creates from one address: the per-client limits would answer 429 throughout.
                $0.maximumSessionsPerClient = 10_000
                $0.sessionCreationsPerClientPerMinute = 1_000_000
            },
            venues: [try VenueLoader.load(path: VenueModeTests.campus)])
        let created = try f.client.request(
            "POST", "/sessions",
            body:
                #"{"venue":"campus","destination":"occ-reading-room","location":{"x":0,"y":0,"level":"lvl-a0","accuracyMeters":3,"timeSeconds":0}}"#
        )
        let session = try #require(try f.json(created)["id"]?.string, "\(created.text)")
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("indoornav-schemathesis-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reports) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            Self.python, "-m", "schemathesis.cli",
            "--config-file", OpenAPIChecker.root.appendingPathComponent("Tools/openapi/schemathesis.toml").path,
            "run", OpenAPIChecker.document, "--url", "http://127.0.0.1:\(f.daemon.port)",
            "--checks", "all", "--max-examples", "200", "--generation-deterministic", "--exclude-method", "OPTIONS",
            "--request-timeout", "10", "--report-dir", reports.path, "--no-color",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["INDOORNAV_SCHEMATHESIS_VENUE"] = "campus"
        environment["INDOORNAV_SCHEMATHESIS_SESSION"] = session
        environment["INDOORNAV_SCHEMATHESIS_POI"] = "occ-lab"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The summary names every failure; the full output goes with a failure.
        let summary = text.components(separatedBy: "SUMMARY").last ?? text
        #expect(process.terminationStatus == 0, "schemathesis found:\n\(text.suffix(12_000))")
        #expect(summary.contains("Tested:"), "no summary in:\n\(text.suffix(4_000))")
        #expect(!text.contains("No operations"), "\(text.suffix(2_000))")
    }
}
