import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

enum TestSupport {
    /// The package root (3 levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `<root>/../shared/data`, or `$INDOORNAV_SHARED_DATA` when set (for checkouts elsewhere).
    static let sharedData: URL = {
        if let override = ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()
    static var hasSharedData: Bool { FileManager.default.fileExists(atPath: sharedData.appendingPathComponent("README.md").path) }

    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return url.path
    }

    /// Reads text fully; returns samples, issues and the summary.
    static func read(
        _ text: String, format: RecordingFormat? = nil, strict: Bool = false, chunkBytes: Int = 1 << 20,
        name: String = "mem.txt"
    ) throws -> (samples: [SensorSample], issues: [RecordingLineIssue], summary: ReadSummary) {
        let reader = try RecordingReader(
            source: MemoryByteSource(text: text, name: name), format: format, strict: strict, chunkBytes: chunkBytes)
        var samples: [SensorSample] = []
        var issues: [RecordingLineIssue] = []
        while let event = try reader.next() {
            switch event {
            case .sample(let s, _): samples.append(s)
            case .issue(let i): issues.append(i)
            }
        }
        return (samples, issues, reader.summary)
    }

    /// Reads the fixture `fixture` as `format` under the name `name` and expects it refused as another
    /// format, with exactly `message`.
    static func expectRefused(
        _ fixture: String, as format: RecordingFormat, name: String, message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = try String(contentsOfFile: try Self.fixture(fixture), encoding: .utf8)
        do {
            _ = try read(text, format: format, name: name)
            Issue.record("expected a wrong-format error", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)" == message, sourceLocation: sourceLocation)
        }
    }

    static let canonicalHeader = #"{"format":"indoornav-recording","version":1}"#
}
