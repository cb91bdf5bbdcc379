import Foundation

/// Errors as sentences about the user's files: never `Error Domain=NSCocoaErrorDomain Code=4 …`.
enum ErrorText {
    /// `error` as one sentence; Foundation file errors name the file and what went wrong with it.
    static func sentence(_ error: any Error, path fallbackPath: String? = nil) -> String {
        if let cocoa = error as? CocoaError { return fileSentence(cocoa, fallbackPath: fallbackPath) }
        if let posix = error as? POSIXError { return "\(fallbackPath.map { $0 + ": " } ?? "")\(String(cString: strerror(posix.code.rawValue)))" }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain {
            return fileSentence(CocoaError(CocoaError.Code(rawValue: ns.code), userInfo: ns.userInfo), fallbackPath: fallbackPath)
        }
        if ns.domain == NSPOSIXErrorDomain {
            return "\(fallbackPath.map { $0 + ": " } ?? "")\(String(cString: strerror(Int32(ns.code))))"
        }
        return "\(error)"
    }

    private static func fileSentence(_ error: CocoaError, fallbackPath: String?) -> String {
        let path = error.filePath ?? error.url?.path ?? fallbackPath ?? "the file"
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { u -> String? in
            u.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(u.code))).lowercased() : nil
        }
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "\(path) does not exist"
        case .fileReadNoPermission: return "\(path) cannot be read: permission denied"
        case .fileWriteNoPermission: return "\(path) cannot be written: permission denied"
        case .fileWriteOutOfSpace: return "\(path) cannot be written: the disk is full"
        case .fileWriteVolumeReadOnly: return "\(path) cannot be written: the volume is read-only"
        case .fileWriteFileExists: return "\(path) already exists"
        case .fileReadCorruptFile: return "\(path) is not in the expected format"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "\(path) is not UTF-8 text"
        case .fileReadTooLarge: return "\(path) is too large to read"
        default:
            if error.code.rawValue >= 512 && error.code.rawValue < 1024 {
                return "\(path) cannot be written" + (underlying.map { ": \($0)" } ?? "")
            }
            return "\(path) cannot be read" + (underlying.map { ": \($0)" } ?? "")
        }
    }
}
