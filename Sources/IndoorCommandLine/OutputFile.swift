import Foundation
import IndoorJSON

/// Writing the tool's output files without ever destroying a user's file: every command that writes a
/// file goes through here.
///
/// Each file is written to a temporary file beside it and renamed into place only when complete, so a
/// failed or interrupted run leaves any previous file as it was; an output that is one of the command's
/// inputs (also through a symbolic link), or an existing file inside a venue folder it reads, is refused
/// before any work.
public enum OutputFile {
    /// Writes `text` to `path` atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String) throws {
        try writing(to: path) { temporary throws(ToolFailure) in
            do { try data.write(to: URL(fileURLWithPath: temporary)) } catch {
                throw ToolFailure("cannot write \(path): \(IOErrorText.sentence(error))")
            }
        }
    }

    /// Runs `body` with a temporary path beside `path` for it to write (a streaming writer), then renames
    /// the temporary file to `path`; when `body` throws, the temporary file is removed and `path` is left
    /// as it was. An output that is a symbolic link is written through: the file it points to is replaced
    /// and the link stays.
    public static func writing<T, E: Error>(to path: String, _ body: (String) throws(E) -> T) throws -> T {
        try checkWritable(path)
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
        let path = isLink ? realPath(path) : path
        try checkWritable(path)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
            ).path
        let result: T
        do { result = try body(temporary) } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw ToolFailure("cannot write \(path): \(reason.prefix(1).lowercased() + reason.dropFirst())")
        }
        return result
    }

    /// Fails with a sentence when `path` cannot be a file: it exists and is not a regular file (a folder,
    /// a FIFO, a device, a socket: a usage error, exit 64, since renaming over it would replace it), or its
    /// folder does not exist.
    public static func checkWritable(_ path: String) throws {
        guard !path.isEmpty else { throw ToolFailure("the output path is empty") }
        try refuseNonRegularFile(path)
        var isDirectory: ObjCBool = false
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw ToolFailure("cannot write \(path): its folder \(folder) does not exist")
        }
        guard isDirectory.boolValue else { throw ToolFailure("cannot write \(path): \(folder) is a file, not a folder") }
    }

    /// Throws when `path` exists (a symbolic link followed) and is not a regular file: a folder, a FIFO, a
    /// character or block device, or a socket (a folder passes when `folderAllowed`: outputs that are
    /// one file or a folder of them). Nothing is written to, opened or replaced.
    public static func refuseNonRegularFile(_ path: String, folderAllowed: Bool = false) throws(UsageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR:
            if folderAllowed { return }
            kind = "it is a folder; give a file name"
        case S_IFIFO: kind = "it is a FIFO (named pipe), not a regular file; give a file name"
        case S_IFCHR, S_IFBLK: kind = "it is a device, not a regular file; give a file name"
        case S_IFSOCK: kind = "it is a socket, not a regular file; give a file name"
        default: kind = "it is not a regular file; give a file name"
        }
        throw UsageError("cannot write \(path): \(kind)")
    }

    /// Throws when `output` is one of `inputs`, or an existing file inside one of `folders` (a venue the
    /// command reads), comparing real paths (symbolic links resolved).
    /// An existing output that is not a regular file (nor a folder, when `folderAllowed`) is refused too
    /// (``refuseNonRegularFile(_:folderAllowed:)``).
    public static func refuseOverwritingInput(
        _ output: String, inputs: [String], folders: [String] = [], folderAllowed: Bool = false
    ) throws(UsageError) {
        try refuseNonRegularFile(output, folderAllowed: folderAllowed)
        let target = realPath(output)
        for input in inputs where realPath(input) == target {
            throw UsageError("the output \(output) is also an input (\(input)); choose another output file")
        }
        guard FileManager.default.fileExists(atPath: output) else { return }
        for folder in folders {
            let root = realPath(folder)
            if target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                throw UsageError("the output \(output) is a file of the venue \(folder); choose a file outside it")
            }
        }
    }

    /// The absolute path with symbolic links resolved (of the folder too, when the file does not exist yet).
    public static func realPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if FileManager.default.fileExists(atPath: url.path) { return url.resolvingSymlinksInPath().path }
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }
}
