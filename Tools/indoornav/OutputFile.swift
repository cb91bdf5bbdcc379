import Foundation

/// Writing the tool's output files without ever destroying a user's file.
enum OutputFile {
    /// Writes `text` to `path` through a temporary file beside it, renamed into place on success: a
    /// failed write leaves any previous file untouched.
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ToolFailure("cannot write \(path): \(ErrorText.sentence(error, path: path))")
        }
    }

    /// Throws when `output` is one of `inputs` (also through symbolic links).
    static func refuseOverwritingInput(_ output: String, inputs: [String]) throws {
        let target = URL(fileURLWithPath: output).resolvingSymlinksInPath().standardizedFileURL.path
        for input in inputs where URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path == target {
            throw UsageError("the output \(output) is also an input; choose another output file")
        }
    }
}
