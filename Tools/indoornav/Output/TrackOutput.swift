import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `--track-out` of `replay` and `eval`: the fused track (and with `--all-tracks` the dead-reckoning,
/// snapped and truth tracks) written as CSV, GeoJSON, GPX, KML or canonical fix lines through
/// ``OutputFile``, the format chosen by the file's extension (``TrackFormat``).
enum TrackOutput {
    /// `--all-tracks`.
    static let allTracksOption = OptionSpec.flag(
        "--all-tracks", "with --track-out, also write the dead-reckoning, snapped (replay --to) and truth tracks")

    /// The format of `--track-out FILE`, checked before any work: a known extension, and not an existing
    /// folder, FIFO or device.
    /// - Throws: ``UsageError`` (exit 64) naming the option and what is wrong.
    static func fileFormat(_ path: String, option: String = "--track-out") throws(UsageError) -> TrackFormat {
        try OutputFile.refuseNonRegularFile(path)
        guard let format = TrackFormat(path: path) else {
            throw UsageError(
                "\(option) \(path): unknown track format '.\((path as NSString).pathExtension)'; use one of \(TrackFormat.extensionList)")
        }
        return format
    }

    /// Renders `document` in `format` and writes it atomically to `path`.
    /// - Throws: ``ToolFailure`` when the format needs a geographic frame the track lacks or the file
    ///   cannot be written.
    static func write(_ document: TrackDocument, as format: TrackFormat, to path: String) throws {
        let text: String
        do {
            text = try TrackWriter.render(document, as: format)
        } catch {
            throw ToolFailure("cannot write \(path): \(error)")
        }
        try OutputFile.write(text, to: path)
    }
}
