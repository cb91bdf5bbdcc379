import Foundation
import IndoorJSON

/// Errors as sentences about the user's files: never `Error Domain=NSCocoaErrorDomain Code=4 …`.
public enum ErrorText {
    /// `error` as one sentence. Foundation file errors become `FILE: reason` (``IOErrorText``), naming the
    /// file the error carries, else `path`; the module errors already name their file and say what is wrong.
    public static func sentence(_ error: any Error, path: String? = nil) -> String {
        let ns = error as NSError
        guard error is POSIXError || ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return "\(error)" }
        let file = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? path
        return (file.map { "\($0): " } ?? "") + IOErrorText.reason(error)
    }
}
