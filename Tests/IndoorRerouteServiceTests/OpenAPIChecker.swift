import Foundation
import IndoorJSON
import Synchronization
import Testing

/// Validates the service's answers against `docs/openapi.yaml` with `Tools/openapi/check.py` (the PyPI
/// packages jsonschema and openapi-spec-validator, installed by Tools/test.sh). One checker process
/// serves the whole test run; without Python or the packages it is unavailable and says why.
final class OpenAPIChecker: Sendable {
    /// The shared checker.
    static let shared = OpenAPIChecker()

    /// The repository root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var document: String { root.appendingPathComponent("docs/openapi.yaml").path }
    static var script: String { root.appendingPathComponent("Tools/openapi/check.py").path }
    static var python: String { ProcessInfo.processInfo.environment["INDOORNAV_PYTHON"] ?? "python3" }

    /// Whether Python has the checker's packages, whatever the document says: a document that does not
    /// parse must fail the validity test, not make it skip.
    static let packagesAreInstalled = pythonCanImport("openapi_spec_validator, jsonschema, yaml")

    /// Whether ``python`` can run `import MODULES` (a comma-separated list).
    static func pythonCanImport(_ modules: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, "-c", "import \(modules)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private struct Pipes: @unchecked Sendable {
        var process: Process
        var input: FileHandle
        var output: FileHandle
        var buffer: [UInt8] = []
    }

    private let state: Mutex<Pipes?>
    /// Why the checker is unavailable, or nil when it runs.
    let unavailableReason: String?

    private init() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Self.python, Self.script, "serve", Self.document]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        var pipes: Pipes?
        var reason: String?
        do {
            try process.run()
            var p = Pipes(process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading)
            let first = Self.readLine(&p)
            if first == "ready" {
                pipes = p
            } else {
                reason = first.map { String($0.prefix(300)) } ?? "the checker exited"
                process.terminate()
            }
        } catch {
            reason = "cannot run \(Self.python): \(error)"
        }
        self.state = Mutex(pipes)
        self.unavailableReason = reason
        if let reason { FileHandle.standardError.write(Data("OpenAPI response checks skipped: \(reason)\n".utf8)) }
    }

    /// Whether responses are checked.
    var isAvailable: Bool { unavailableReason == nil }

    private static func readLine(_ p: inout Pipes) -> String? {
        while true {
            if let newline = p.buffer.firstIndex(of: 10) {
                let line = String(decoding: p.buffer[..<newline], as: UTF8.self)
                p.buffer.removeSubrange(...newline)
                return line
            }
            let chunk = p.output.availableData
            if chunk.isEmpty { return nil }
            p.buffer += chunk
        }
    }

    /// nil when the response matches the document (or the checker is unavailable), else the reason.
    func problem(method: String, path: String, status: Int, contentType: String?, body: [UInt8]) -> String? {
        let request: JSONValue = [
            "method": .string(method), "path": .string(path), "status": .number(Double(status)),
            "contentType": .optional(contentType), "body": .string(String(decoding: body, as: UTF8.self)),
        ]
        return state.withLock { pipes -> String? in
            guard var p = pipes else { return nil }
            p.input.write(Data((request.serialized() + "\n").utf8))
            let answer = Self.readLine(&p)
            pipes = p
            guard let answer else { return "the checker stopped" }
            return answer == "ok" ? nil : answer
        }
    }

    /// Records an issue when the response does not match the document.
    func check(
        method: String, path: String, status: Int, contentType: String?, body: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let problem = problem(method: method, path: path, status: status, contentType: contentType, body: body) {
            Issue.record("\(method) \(path) → \(status) does not match docs/openapi.yaml: \(problem)", sourceLocation: sourceLocation)
        }
    }
}
