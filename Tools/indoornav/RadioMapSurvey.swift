import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// Builds a radio map from recordings with ground truth (shared by `survey` and `eval --cross-validate`).
enum RadioMapSurvey {
    struct Result {
        var map: RadioMap
        var outcomes: [RadioMapBuilder.WalkOutcome]
        var skipped: [(file: String, reason: String)]
    }

    /// The walk name a file is stored under in a radio map: its file name without extension.
    static func walkName(_ file: String) -> String {
        ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Surveys `files` (read like `eval` reads them: venue frame, else the beacons' centroid, else the
    /// first walk's geographic truth). Files without two truth points are skipped with the reason. Strides
    /// are measured against `deadReckoning`'s step model (``RadioMap/strideRatios``). The files are read
    /// `jobs` at a time and added to the map in file order (the same map as one after the other).
    static func build(
        files: [String], venue: Venue?, registry: BeaconRegistry?,
        configuration: FingerprintConfiguration, deadReckoning: DeadReckoningConfiguration = .standard, jobs: Int = 1
    ) -> Result {
        var builder: RadioMapBuilder?
        var mapFrame: LocalFrame?
        var outcomes: [RadioMapBuilder.WalkOutcome] = []
        var skipped: [(file: String, reason: String)] = []
        var progress = ProgressLine("survey", total: files.count)
        defer { progress.finish() }
        // Read `jobs` files at a time in batches of 8 per job (only a batch is in memory; long enough that
        // the walks of a batch balance across the jobs), then add them in order.
        let batchSize = 8 * jobs
        // Each job also measures the walk's stride ratio on its truth as read (kept when no reframing follows).
        var reads: [Swift.Result<(EvaluationInputs.LoadedRecording, Double?), any Error>] = []
        for (index, file) in files.enumerated() {
            if index % batchSize == 0 {
                let batch = Array(files[index..<min(files.count, index + batchSize)])
                reads = ParallelJobs.map(batch, jobs: jobs, progress: { progress.update(index + $0, ($1 as NSString).lastPathComponent) }) {
                    _, file in
                    Swift.Result {
                        let loaded = try EvaluationInputs.readRecording(file, venue: venue, registry: registry)
                        let truth = (loaded.truth?.points ?? []).filter { $0.timeSeconds.isFinite && $0.point.isFinite }
                            .sorted { $0.timeSeconds < $1.timeSeconds }
                        return (loaded, RadioMapBuilder.strideRatio(samples: loaded.samples, truth: truth, model: deadReckoning))
                    }
                }
            }
            let read = reads[index % batchSize]
            do {
                let (loaded, measuredStride) = try read.get()
                var strideRatio: Double?? = measuredStride
                guard let groundTruth = loaded.truth, groundTruth.count >= 2 else {
                    skipped.append((file, loaded.truth == nil ? "no ground truth" : "only one ground-truth point"))
                    continue
                }
                if builder == nil {
                    mapFrame = loaded.frame
                    builder = RadioMapBuilder(
                        configuration: configuration, frameReference: loaded.frame?.reference, deadReckoning: deadReckoning)
                }
                var truth = groundTruth.points
                if let mapFrame, let frame = loaded.frame, frame != mapFrame, !loaded.usedFloorFrame {
                    strideRatio = nil
                    truth = truth.map {
                        TruthPoint(
                            timeSeconds: $0.timeSeconds, point: mapFrame.localPoint(from: frame.geoCoordinate(from: $0.point)),
                            level: $0.level)
                    }
                }
                guard var current = builder else { continue }
                outcomes.append(try current.add(walk: walkName(file), samples: loaded.samples, truth: truth, strideRatio: strideRatio))
                builder = current
            } catch {
                skipped.append((file, EvaluationInputs.skipReason(for: error)))
            }
        }
        let map = builder?.build() ?? RadioMap(frameReference: nil, transmitters: [], levels: [], walks: [], fingerprints: [])
        return Result(map: map, outcomes: outcomes, skipped: skipped)
    }
}
