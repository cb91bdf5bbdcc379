import Foundation
import IndoorCommandLine
import Testing

/// Output files never destroy a user's file.
@Suite struct OutputFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("indoornav-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFailedWriteLeavesThePreviousFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.txt").path
        try OutputFile.write("first", to: path)
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try OutputFile.writing(to: path) { temporary throws(Interrupted) in
                FileManager.default.createFile(atPath: temporary, contents: Data("half".utf8))
                throw Interrupted()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"], "no temporary file is left")
    }

    @Test func fifosFoldersAndInputsAreRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        do {
            try OutputFile.write("x", to: fifo)
            Issue.record("a FIFO was written")
        } catch { #expect("\(error)".contains("it is a FIFO (named pipe), not a regular file")) }
        #expect(throws: UsageError.self) { try OutputFile.refuseNonRegularFile(dir.path) }
        try OutputFile.refuseNonRegularFile(dir.path, folderAllowed: true)
        let input = dir.appendingPathComponent("in.txt").path
        try OutputFile.write("data", to: input)
        do {
            try OutputFile.refuseOverwritingInput(input, inputs: [input])
            Issue.record("an input was accepted as the output")
        } catch { #expect(error.message.contains("is also an input")) }
        do {
            try OutputFile.refuseOverwritingInput(input, inputs: [], folders: [dir.path])
            Issue.record("a venue's file was accepted as the output")
        } catch { #expect(error.message.contains("is a file of the venue")) }
        do {
            try OutputFile.write("x", to: dir.appendingPathComponent("missing/out.txt").path)
            Issue.record("a file in a missing folder was written")
        } catch { #expect("\(error)".contains("does not exist")) }
    }
}
