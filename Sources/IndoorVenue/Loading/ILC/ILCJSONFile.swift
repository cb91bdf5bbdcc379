import Foundation
import IndoorJSON

/// Reads one JSON file of an ILC floor folder, mapping every failure to a ``VenueError`` naming the file.
enum ILCJSONFile {
    /// The parsed document and a warning per tolerated syntax slip (trailing comma).
    static func read(_ path: String) throws(VenueError) -> (value: JSONValue, issues: [VenueIssue]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingFile(path: path) }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory, expected a JSON file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or I/O error")
        }
        do {
            let (value, warnings) = try JSONParser().parse(data)
            let issues = warnings.map { VenueIssue.warning(SourceLocation(file: path, line: $0.position.line), $0.message) }
            return (value, issues)
        } catch {
            throw .malformedJSON(path: path, line: error.position.line, column: error.position.column, reason: error.message)
        }
    }
}
