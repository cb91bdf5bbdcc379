import Foundation

/// Foundation file errors as short phrases for messages (`no such file or folder`, `permission
/// denied`), instead of `The operation could not be completed. (NSCocoaErrorDomain error 256.)` or an
/// `Error Domain=…` dump. The one place the modules that read and write files turn such errors into text.
public enum IOErrorText {
    /// What went wrong, without the path (the caller names the file): the POSIX reason when Foundation
    /// carries one, else a phrase for the Cocoa error code, else the error's own description.
    public static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return posixReason(posix.code.rawValue) }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posixReason(Int32(ns.code)) }
        guard ns.domain == NSCocoaErrorDomain else { return "\(error)" }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posixReason(Int32(underlying.code))
        }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "the disk is full"
        case .fileWriteVolumeReadOnly: return "the volume is read-only"
        case .fileWriteFileExists: return "it already exists"
        case .fileReadCorruptFile: return "the file is not in the expected format"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "the file is not UTF-8 text"
        case .fileReadTooLarge: return "the file is too large"
        default:
            var isFolder: ObjCBool = false
            if let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path,
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
            {
                return "it is a folder, not a file"
            }
            return ns.code >= 512 && ns.code < 1024 ? "the file cannot be written" : "the file cannot be read"
        }
    }

    /// `error` as one sentence about the user's files: Foundation file errors become `FILE: reason`,
    /// naming the file the error carries, else `path`; errors that already name their file and say what
    /// is wrong (the modules' typed errors) are their own description.
    public static func sentence(_ error: any Error, path: String? = nil) -> String {
        let ns = error as NSError
        guard error is POSIXError || ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return "\(error)" }
        let file = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? path
        return (file.map { "\($0): " } ?? "") + reason(error)
    }

    /// `strerror` in lower case: `no such file or directory`, `is a directory`.
    private static func posixReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
