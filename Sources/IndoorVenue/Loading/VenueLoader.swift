import Foundation

/// A venue format IndoorNav can read: how to recognise a path and how to load it.
public struct VenueFormat: Sendable {
    /// Short name for messages (`imdf`, …).
    public var name: String
    /// The folder to load when `path` is in this format, else `nil`.
    public var detect: @Sendable (_ path: String) -> String?
    /// Loads the folder `detect` returned.
    public var load: @Sendable (_ folder: String, _ options: VenueLoadOptions) throws(VenueError) -> Venue

    /// A format from its recogniser and loader.
    public init(
        name: String, detect: @escaping @Sendable (String) -> String?,
        load: @escaping @Sendable (String, VenueLoadOptions) throws(VenueError) -> Venue
    ) {
        self.name = name; self.detect = detect; self.load = load
    }

    /// An IMDF archive folder (has `manifest.json`), or a folder holding exactly one such archive one
    /// level down (e.g. `polymap-imdf/` around `IMDFData/`).
    public static let imdf = VenueFormat(
        name: "imdf",
        detect: { path in
            if IMDFLoader.isArchive(path) { return path }
            let children = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            let archives = children.map { (path as NSString).appendingPathComponent($0) }.filter(IMDFLoader.isArchive)
            return archives.count == 1 ? archives[0] : nil
        }, load: { folder, options throws(VenueError) in try IMDFLoader.load(folder: folder, options: options) })
}

/// Loads a venue from a path in any format IndoorNav reads.
public enum VenueLoader {
    /// The formats tried, in order; the first whose `detect` accepts the path loads it. Further formats
    /// (e.g. an ILC floor folder) are added here.
    public static let formats: [VenueFormat] = [.imdf, .ilc]

    /// Detects the format of `path` and loads it, graph included. A `.zip` file (the IMDF distribution
    /// format) is unpacked into a temporary folder first, which is removed after loading.
    /// - Throws: ``VenueError/noSuchPath(path:)`` when nothing is at `path`,
    ///   ``VenueError/badArchive(path:reason:)`` for a zip that cannot be unpacked,
    ///   ``VenueError/unsupportedFormat(path:reason:)`` when no format recognises it, and whatever the
    ///   format's loader throws.
    public static func load(path: String, options: VenueLoadOptions = VenueLoadOptions()) throws(VenueError) -> Venue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .noSuchPath(path: path) }
        guard isDirectory.boolValue else {
            guard ZipArchive.isZip(path) else {
                throw .unsupportedFormat(path: path, reason: "expected a venue folder or a .zip IMDF archive, found another file")
            }
            let folder = try ZipArchive.extract(path)
            defer { ZipArchive.remove(folder) }
            for format in formats {
                if let found = format.detect(folder) { return try format.load(found, options) }
            }
            throw .unsupportedFormat(path: path, reason: "the zip holds no manifest.json at its top or in a single folder")
        }
        for format in formats {
            if let folder = format.detect(path) { return try format.load(folder, options) }
        }
        throw .unsupportedFormat(
            path: path,
            reason: "no manifest.json here or in a single subfolder; formats tried: "
                + formats.map(\.name).joined(separator: ", "))
    }
}
