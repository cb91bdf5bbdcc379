import Foundation
import IndoorJSON

/// IMDF archives distributed as `.zip` files: unpacked with the system's `unzip` into a temporary
/// folder that the loader reads and then removes.
enum ZipArchive {
    /// The unzip tool used.
    static let unzipPath = "/usr/bin/unzip"

    /// Whether `path` is a file that looks like a zip archive: its name ends in `.zip` (any case) or it
    /// starts with the zip local-file signature `PK\u{3}\u{4}`.
    static func isZip(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".zip") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        return magic == Data([0x50, 0x4B, 0x03, 0x04])
    }

    /// Unpacks `path` into a new temporary folder and returns the folder.
    /// - Throws: ``VenueError/badArchive(path:reason:)`` when the tool is missing or fails (the reason
    ///   quotes its message).
    static func extract(_ path: String) throws(VenueError) -> String {
        guard FileManager.default.isExecutableFile(atPath: unzipPath) else {
            throw .badArchive(path: path, reason: "\(unzipPath) is not installed")
        }
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("indoornav-zip-" + UUID().uuidString)
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .badArchive(path: path, reason: "cannot create a temporary folder: \(IOErrorText.reason(error))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unzipPath)
        process.arguments = ["-qq", "-o", path, "-d", folder]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            remove(folder)
            throw .badArchive(path: path, reason: "cannot run \(unzipPath): \(IOErrorText.reason(error))")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            remove(folder)
            let text = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .prefix(2).joined(separator: "; ")
            throw .badArchive(
                path: path, reason: "unzip exited with status \(process.terminationStatus)" + (text.isEmpty ? "" : ": \(text)"))
        }
        return folder
    }

    /// Removes a folder made by ``extract(_:)``.
    static func remove(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }
}
