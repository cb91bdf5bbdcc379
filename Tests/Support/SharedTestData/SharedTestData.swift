import Foundation

/// Where the tests find the package's files and the shared real data sets.
public enum SharedTestData {
    /// The package root (four levels above this file).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The shared real data: `$INDOORNAV_SHARED_DATA`, else `<root>/../shared/data`, else
    /// `<root>/../../shared/data` (a checkout one folder deeper); `nil` when none exists.
    public static let folder: URL? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["INDOORNAV_SHARED_DATA"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        candidates.append(packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data"))
        candidates.append(packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("README.md").path) }
    }()

    /// Whether the shared data is there.
    public static var isPresent: Bool { folder != nil }
}
