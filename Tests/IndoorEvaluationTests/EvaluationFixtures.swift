import Foundation
import IndoorEvaluation
import IndoorGeometry
import IndoorPositioning
import IndoorVenue
import SharedTestData

/// Small inputs for the evaluation tests: the bundled campus walk and venue, and recordings written
/// into a fresh temporary folder.
enum EvaluationFixtures {
    /// The bundled simulated walk from the information desk to the dean's office (74 truth points, 1 s apart).
    static let campusWalk = bundled("simulated/campus-info-to-deans-office.jsonl")
    /// Its beacon registry.
    static let campusBeacons = bundled("simulated/campus-beacons.json")
    /// The bundled campus venue.
    static let campusVenue = bundled("venues/campus")

    /// A path in the bundled `Recordings/` folder.
    static func bundled(_ path: String) -> String { SharedTestData.packageRoot.appendingPathComponent("Recordings/\(path)").path }

    /// The smallest canonical header.
    static let header = #"{"format":"indoornav-recording","version":1}"#

    /// A fresh temporary folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("evaluation-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `lines` (one per line) to `name` in `folder`; returns the path.
    @discardableResult
    static func write(_ lines: [String], named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A canonical truth line at (x, y) on `level`.
    static func truth(_ t: Double, _ x: Double, _ y: Double, level: String = "lvl-a0") -> String {
        #"{"t":\#(t),"type":"truth","frame":"local","x":\#(x),"y":\#(y),"level":"\#(level)"}"#
    }

    /// A canonical barometer line.
    static func pressure(_ t: Double) -> String { #"{"t":\#(t),"type":"pressure","hPa":1013.25}"# }
}
