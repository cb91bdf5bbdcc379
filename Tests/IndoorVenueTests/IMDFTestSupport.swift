import Foundation
import IndoorGeometry

@testable import IndoorVenue

/// Paths of test fixtures, the bundled venues and the shared real data.
enum TestPaths {
    /// A folder or file under the test target's `Fixtures`.
    static func fixture(_ name: String) -> String {
        let base = Bundle.module.resourcePath ?? Bundle.module.bundlePath
        return (base as NSString).appendingPathComponent("Fixtures/\(name)")
    }

    /// The package root: three levels up from this file.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The bundled sample campus.
    static let campus = packageRoot + "/Recordings/venues/campus"

    /// The shared real-data folder: `$INDOORNAV_SHARED_DATA` when set (for checkouts that do not sit
    /// beside the data), else `<root>/../shared/data`, or `<root>/../../shared/data` for a checkout one
    /// folder deeper.
    static let sharedData: String = {
        if let override = ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"] { return override }
        let candidates = [packageRoot + "/../shared/data", packageRoot + "/../../shared/data"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }()

    /// `polymap-imdf` in the shared data folder, when present.
    static let polymap = sharedData + "/polymap-imdf"
    static var hasPolymap: Bool { FileManager.default.fileExists(atPath: polymap + "/IMDFData/manifest.json") }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "indoornav-venue-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Loads a venue or records the error, for tests that look at either.
func loadResult(_ path: String, options: VenueLoadOptions = VenueLoadOptions()) -> Result<Venue, VenueError> {
    do { return .success(try VenueLoader.load(path: path, options: options)) } catch { return .failure(error) }
}

extension Array where Element == VenueIssue {
    /// Issues about one feature.
    func about(_ featureID: String) -> [VenueIssue] { filter { $0.location.featureID == featureID } }
    var errors: [VenueIssue] { filter { $0.severity == .error } }
    var warnings: [VenueIssue] { filter { $0.severity == .warning } }
}

/// Whether two points are within `tolerance` metres.
func near(_ a: LocalPoint, _ b: LocalPoint, _ toleranceMeters: Double = 0.01) -> Bool {
    a.distance(to: b) <= toleranceMeters
}
