import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// Builds a radio map from recordings with ground truth (shared by `survey` and `eval --cross-validate`),
/// or from their offline-smoothed tracks with only their first truth point used (`survey --from-tracks`,
/// `eval --self-survey`).
public enum RadioMapSurvey {
    /// The map and what each walk gave.
    public struct Result {
        /// The radio map.
        public var map: RadioMap
        /// Each added walk's scans, in file order.
        public var outcomes: [RadioMapBuilder.WalkOutcome]
        /// The files left out, with the reason.
        public var skipped: [(file: String, reason: String)]
        /// For each scan placed on a track where the walk has ground truth: how far it is from where the
        /// truth puts it, metres (for the report only; nothing is placed with it).
        public var trackPlacementErrorsMeters: [Double] = []
    }

    /// How walks are placed on their own tracks: each runs through the `eval` pipeline of `settings`
    /// (without a radio map) with offline smoothing, started at its first ground-truth point (no later
    /// truth used), and its scans go on the smoothed track (``RadioMapBuilder/add(walk:samples:track:survey:strideRatio:)``).
    public struct TrackPlacement {
        /// The pipeline the walks are run through.
        public var settings: EvaluationSettings
        /// Where a scan may be placed on a track.
        public var survey: TrackSurveyConfiguration

        /// Placement with `settings`' pipeline under `survey`.
        public init(settings: EvaluationSettings, survey: TrackSurveyConfiguration) { self.settings = settings; self.survey = survey }

        /// Placement through the standard pipeline on `venue` (its floor plan built once) and `registry`.
        public init(venue: Venue?, registry: BeaconRegistry?, fingerprint: FingerprintConfiguration, survey: TrackSurveyConfiguration) {
            var settings = EvaluationSettings(venue: venue, registry: registry)
            settings.fingerprint = fingerprint
            settings.prepareFloorPlan()
            self.init(settings: settings, survey: survey)
        }
    }

    /// The smoothed track of `loaded`, run from its first truth point only (the truth handed to the replay
    /// is that point, repeated at the last sample's time so the replay has two to start and score with).
    /// - Throws: ``SurveyTrackError`` when the walk has no start point or the run or its smoothing failed.
    public static func smoothedTrack(
        _ loaded: LoadedRecording, placement: TrackPlacement
    ) throws -> [RadioMapBuilder.TrackPoint] {
        guard let start = loaded.truth?.start else { throw SurveyTrackError.noStartPoint }
        let end = max(start.timeSeconds, loaded.samples.last?.timeSeconds ?? start.timeSeconds)
        let startOnly = try GroundTruthTrack(
            [start, TruthPoint(timeSeconds: end, point: start.point, level: start.level)], source: "start point")
        var settings = placement.settings
        settings.offline = .standard
        settings.manualFixes = nil
        guard let replay = try RecordingPipeline.evaluate(loaded, truth: startOnly, settings: settings) else {
            throw SurveyTrackError.noStartPoint
        }
        if let failure = replay.startFailure { throw SurveyTrackError.startFailed("\(failure)") }
        guard let offline = replay.offline else {
            throw SurveyTrackError.smoothingFailed(replay.offlineFailure.map { "\($0)" } ?? "no smoothed track")
        }
        // The start level's own name where the track is on it (a venue level may be named by a floor name).
        let startIndex = start.level.flatMap { LevelCandidate.index(of: $0, in: replay.levels, venue: settings.venue) }
        return RadioMapBuilder.trackPoints(offline.smoothed, levels: replay.levels, namedLike: start.level).map { point in
            var named = point
            if let startIndex, point.level.flatMap({ LevelCandidate.index(of: $0, in: replay.levels, venue: settings.venue) }) == startIndex
            {
                named.level = start.level
            }
            return named
        }
    }

    /// The walk name a file is stored under in a radio map: its file name without extension.
    public static func walkName(_ file: String) -> String {
        ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Surveys `files` (read like `eval` reads them: venue frame, else the beacons' centroid, else the
    /// first walk's geographic truth). Files without two truth points are skipped with the reason; with
    /// `tracks`, the files in `trackPlaced` are placed on their smoothed tracks instead (skipped when they
    /// have no start point or cannot be smoothed). Strides
    /// are measured against `deadReckoning`'s step model (``RadioMap/strideRatios``). The files are read
    /// `jobs` at a time and added to the map in file order (the same map as one after the other);
    /// `progress` hears the number of files started and the file just started.
    public static func build(
        files: [String], venue: Venue?, registry: BeaconRegistry?,
        configuration: FingerprintConfiguration, deadReckoning: DeadReckoningConfiguration = .standard, jobs: Int = 1,
        tracks: TrackPlacement? = nil, trackPlaced: Set<String> = [], progress: ((Int, String) -> Void)? = nil
    ) -> Result {
        var builder: RadioMapBuilder?
        var mapFrame: LocalFrame?
        var outcomes: [RadioMapBuilder.WalkOutcome] = []
        var skipped: [(file: String, reason: String)] = []
        // Read `jobs` files at a time in batches of 8 per job (only a batch is in memory; long enough that
        // the walks of a batch balance across the jobs), then add them in order.
        let batchSize = 8 * jobs
        let readAhead = LoadedRecording.readsAhead(jobs: jobs, files: files.count)
        // Each job also measures the walk's stride ratio on its truth as read (kept when no reframing follows).
        var reads: [Swift.Result<(LoadedRecording, Read), any Error>] = []
        var placementErrors: [Double] = []
        for (index, file) in files.enumerated() {
            if index % batchSize == 0 {
                let batch = Array(files[index..<min(files.count, index + batchSize)])
                reads = ParallelJobs.map(batch, jobs: jobs, progress: progress.map { report in { report(index + $0, $1) } }) {
                    _, file in
                    Swift.Result {
                        let loaded = try LoadedRecording.read(file, venue: venue, registry: registry, readAhead: readAhead)
                        if let tracks, trackPlaced.contains(file) {
                            return (loaded, .onTrack(try smoothedTrack(loaded, placement: tracks)))
                        }
                        let truth = (loaded.truth?.points ?? []).filter { $0.timeSeconds.isFinite && $0.point.isFinite }
                            .sorted { $0.timeSeconds < $1.timeSeconds }
                        return (loaded, .onTruth(RadioMapBuilder.strideRatio(samples: loaded.samples, truth: truth, model: deadReckoning)))
                    }
                }
            }
            let read = reads[index % batchSize]
            do {
                let (loaded, placed) = try read.get()
                var strideRatio: Double?? = nil
                var track: [RadioMapBuilder.TrackPoint]?
                switch placed {
                case .onTruth(let measured): strideRatio = measured
                case .onTrack(let points): track = points
                }
                if track == nil {
                    guard let groundTruth = loaded.truth, groundTruth.count >= 2 else {
                        skipped.append((file, loaded.truth == nil ? "no ground truth" : "only one ground-truth point"))
                        continue
                    }
                }
                if builder == nil {
                    mapFrame = loaded.frame
                    builder = RadioMapBuilder(
                        configuration: configuration, frameReference: loaded.frame?.reference, deadReckoning: deadReckoning)
                }
                var truth = loaded.truth?.points ?? []
                if let mapFrame, let frame = loaded.frame, frame != mapFrame, !loaded.usedFloorFrame {
                    strideRatio = nil
                    let reframe = { (point: LocalPoint) in mapFrame.localPoint(from: frame.geoCoordinate(from: point)) }
                    truth = truth.map { TruthPoint(timeSeconds: $0.timeSeconds, point: reframe($0.point), level: $0.level) }
                    track = track?.map {
                        RadioMapBuilder.TrackPoint(
                            timeSeconds: $0.timeSeconds, point: reframe($0.point), level: $0.level, sigmaMeters: $0.sigmaMeters)
                    }
                }
                guard var current = builder else { continue }
                if let track, let tracks {
                    let outcome = try current.add(walk: walkName(file), samples: loaded.samples, track: track, survey: tracks.survey)
                    // For the report only: the placed scans against the truth (when the walk has more than its start).
                    if truth.count >= 2 {
                        let truthTrack = TimedTrajectory(truth.map { ($0.timeSeconds, $0.point) })
                        for placement in outcome.placements {
                            guard let point = truthTrack.position(atSeconds: placement.timeSeconds, extrapolation: .none) else { continue }
                            placementErrors.append(point.distance(to: placement.point))
                        }
                    }
                    outcomes.append(outcome)
                } else {
                    outcomes.append(try current.add(walk: walkName(file), samples: loaded.samples, truth: truth, strideRatio: strideRatio))
                }
                builder = current
            } catch {
                skipped.append((file, EvaluationInputs.skipReason(for: error)))
            }
        }
        let map = builder?.build() ?? RadioMap(frameReference: nil, transmitters: [], levels: [], walks: [], fingerprints: [])
        return Result(map: map, outcomes: outcomes, skipped: skipped, trackPlacementErrorsMeters: placementErrors)
    }

    /// What a read job hands on: the stride ratio measured on truth, or the walk's smoothed track.
    private enum Read {
        case onTruth(Double?)
        case onTrack([RadioMapBuilder.TrackPoint])
    }
}

/// Why a walk could not be placed on its own track.
public enum SurveyTrackError: Error, CustomStringConvertible, Equatable {
    /// The walk has no ground-truth point to start from.
    case noStartPoint
    /// The fusion could not be started at the start point.
    case startFailed(String)
    /// The backward pass refused the run.
    case smoothingFailed(String)

    /// The reason as a sentence.
    public var description: String {
        switch self {
        case .noStartPoint: "no start point (a walk placed on its track starts at its first ground-truth point)"
        case .startFailed(let reason): "the fusion could not start at the first ground-truth point: \(reason)"
        case .smoothingFailed(let reason): "offline smoothing failed: \(reason)"
        }
    }
}
