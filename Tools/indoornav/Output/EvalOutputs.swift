import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// The files `eval` writes beside its report — `--track-out DIR` (one track file per walk),
/// `--points-out FILE.csv` (every scored point) — and its `--jobs` count.
struct EvalOutputs {

    var trackFolder: String?
    var trackFormat = TrackFormat.geojson
    var allTracks = false
    var pointsPath: String?
    var jobs = 1
    /// The track file of each walk, decided before the jobs run (names made unique in file order).
    private(set) var trackFiles: [String: String] = [:]

    /// The outputs `--track-out`, `--track-format`, `--all-tracks`, `--points-out` and `--jobs` ask for.
    init(trackFolder: String?, format: TrackFormat?, allTracks: Bool, pointsPath: String?, jobCount: Int?) throws {
        (self.trackFolder, self.allTracks, self.pointsPath) = (trackFolder, allTracks, pointsPath)
        jobs = ParallelJobs.count(jobCount)
        if let format {
            guard trackFolder != nil else { throw UsageError("--track-format goes with --track-out DIR") }
            trackFormat = format
        }
        if allTracks, trackFolder == nil { throw UsageError("--all-tracks goes with --track-out DIR") }
    }

    /// Refuses, before any work, outputs that cannot be written: a `--track-out` that is an existing file
    /// (it names a folder), a `--points-out` that is not a `.csv` file or is a folder, FIFO or device, or
    /// any output that is an input.
    func check(inputs: [String]) throws {
        if let trackFolder {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: trackFolder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw UsageError("--track-out \(trackFolder): it is a file; eval writes one track per walk into a folder")
            }
        }
        if let pointsPath {
            guard (pointsPath as NSString).pathExtension.lowercased() == "csv" else {
                throw UsageError("--points-out \(pointsPath): expected a .csv file name")
            }
            try OutputFile.refuseOverwritingInput(pointsPath, inputs: inputs)
        }
    }

    /// Names each walk's track file `<walk>.<ext>` in the track folder (`<walk>-2.<ext>`… when two walks
    /// share a name) and creates the folder.
    mutating func prepareTrackFiles(for files: [String]) {
        guard let trackFolder else { return }
        var used: Set<String> = []
        for file in files {
            let stem = RadioMapSurvey.walkName(file)
            var name = "\(stem).\(trackFormat.rawValue)"
            var k = 2
            while used.contains(name) {
                name = "\(stem)-\(k).\(trackFormat.rawValue)"
                k += 1
            }
            used.insert(name)
            trackFiles[file] = (trackFolder as NSString).appendingPathComponent(name)
        }
        try? FileManager.default.createDirectory(atPath: trackFolder, withIntermediateDirectories: true)
    }

    /// Writes one walk's track file; returns why it could not be written (nil when it was).
    func writeTrack(_ recorder: TrackRecorder, of file: String, loaded: LoadedRecording, replay: FusionReplay, venue: Venue?) -> String? {
        guard let path = trackFiles[file] else { return nil }
        do {
            try TrackOutput.write(
                TrackDocument.evaluated(file, loaded: loaded, replay: replay, recorder: recorder, venue: venue, allTracks: allTracks),
                as: trackFormat,
                to: path)
            return nil
        } catch {
            return "\(file): \(IOErrorText.sentence(error))"
        }
    }

    /// Writes `--points-out` and reports the track files that could not be written; false when anything failed.
    func finish(_ report: EvaluationReport, trackFailures: [String]) -> Bool {
        for failure in trackFailures { warn("indoornav eval: no track written for \(failure)") }
        guard let pointsPath else { return trackFailures.isEmpty }
        do {
            try OutputFile.write(report.pointsCSV, to: pointsPath)
        } catch {
            warn("indoornav eval: \(IOErrorText.sentence(error, path: pointsPath))")
            return false
        }
        return trackFailures.isEmpty
    }
}
