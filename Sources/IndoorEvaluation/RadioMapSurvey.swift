import Foundation
import IndoorConfiguration
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

    /// A walk's smoothed track, and whether anything besides dead reckoning shaped it.
    public struct SmoothedWalk: Sendable {
        /// The smoothed track points.
        public var track: [RadioMapBuilder.TrackPoint]
        /// Whether the run fused an absolute fix or range. Without, the track's strides say nothing about
        /// the walker's, so the walk measures no stride ratio: dead reckoning alone keeps the filter's
        /// starting stride scale, and a floor plan's walls shorten the track (a cloud whose heading errs
        /// meets the wall sooner with longer strides, so the walls keep the short ones; ILC site 1: track
        /// ratios 0.982 against the truth's 1.017).
        public var measuresStrides: Bool
    }

    /// The smoothed track of `loaded`, run from its first truth point only (the truth handed to the replay
    /// is that point, repeated at the last sample's time so the replay has two to start and score with).
    /// - Throws: ``SurveyTrackError`` when the walk has no start point or the run or its smoothing failed.
    public static func smoothedTrack(
        _ loaded: LoadedRecording, placement: TrackPlacement, guide: RadioMap? = nil
    ) throws -> SmoothedWalk {
        guard let start = loaded.truth?.start else { throw SurveyTrackError.noStartPoint }
        let end = max(start.timeSeconds, loaded.samples.last?.timeSeconds ?? start.timeSeconds)
        let startOnly = try GroundTruthTrack(
            [start, TruthPoint(timeSeconds: end, point: start.point, level: start.level)], source: "start point")
        var settings = placement.settings
        settings.offline = .standard
        settings.manualFixes = nil
        let matcher = guide.map { FingerprintMatcher(map: $0, configuration: settings.fingerprint) }
        guard let replay = try RecordingPipeline.evaluate(loaded, truth: startOnly, settings: settings, matcher: matcher) else {
            throw SurveyTrackError.noStartPoint
        }
        if let failure = replay.startFailure { throw SurveyTrackError.startFailed("\(failure)") }
        guard let offline = replay.offline else {
            throw SurveyTrackError.smoothingFailed(replay.offlineFailure.map { "\($0)" } ?? "no smoothed track")
        }
        // The start level's own name where the track is on it (a venue level may be named by a floor name).
        let startIndex = start.level.flatMap { LevelCandidate.index(of: $0, in: replay.levels, venue: settings.venue) }
        let track = RadioMapBuilder.trackPoints(offline.smoothed, levels: replay.levels, namedLike: start.level).map { point in
            var named = point
            if let startIndex, point.level.flatMap({ LevelCandidate.index(of: $0, in: replay.levels, venue: settings.venue) }) == startIndex
            {
                named.level = start.level
            }
            return named
        }
        return SmoothedWalk(track: track, measuresStrides: replay.statistics.acceptedFixes > 0)
    }

    /// The walk name a file is stored under in a radio map: its file name without extension.
    public static func walkName(_ file: String) -> String {
        ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Surveys `files` (read like `eval` reads them: venue frame, else the beacons' centroid, else the
    /// first walk's geographic truth). Files without two truth points are skipped with the reason; with
    /// `tracks`, the files in `trackPlaced` are placed on their smoothed tracks instead (skipped when they
    /// have no start point or cannot be smoothed). Strides
    /// are measured against `deadReckoning`'s step model (``RadioMap/strideRatios``). Each file is read and
    /// placed on its own (`jobs` at a time, ``RadioMapBuilder/placed(walk:samples:truth:strideRatio:configuration:deadReckoning:)``,
    /// its samples dropped once placed), then the placed walks are added in file order (the same map as
    /// one after the other); `progress` hears the number of files started and the file just started.
    /// Track-placed walks that no fix or range corrected (``SmoothedWalk/measuresStrides``) are read and
    /// placed a second time, guided by the map of the first placement without fingerprints: its stride
    /// scale (``RadioMap/surveyedStrideScale``) and, without a venue, its walked directions, each walk's own
    /// legs left out. Each leg there votes by how well absolute evidence pinned its track's heading
    /// (``RadioMap/WalkLeg/weight``), so the fix-corrected walks' legs set the axis on their levels and,
    /// through the pooled axis, on levels only dead reckoning walked. With a venue and no stride scale there
    /// is nothing to guide and no second placement.
    public static func build(
        files: [String], venue: Venue?, registry: BeaconRegistry?,
        configuration: FingerprintConfiguration, deadReckoning: DeadReckoningConfiguration = .standard, jobs: Int = 1,
        tracks: TrackPlacement? = nil, trackPlaced: Set<String> = [], progress: ((Int, String) -> Void)? = nil
    ) -> Result {
        let readAhead = LoadedRecording.readsAhead(jobs: jobs, files: files.count)
        func place(
            _ files: [String], tracks: TrackPlacement?, guide: ((String) -> RadioMap)?, progress: ((Int, String) -> Void)?
        ) -> [Swift.Result<Placed, any Error>] {
            ParallelJobs.map(files, jobs: jobs, costs: ParallelJobs.fileSizes(files), progress: progress) { _, file in
                Swift.Result { () throws -> Placed in
                    try placed(
                        file, venue: venue, registry: registry, readAhead: readAhead, configuration: configuration,
                        deadReckoning: deadReckoning, tracks: trackPlaced.contains(file) ? tracks : nil, guide: guide?(file))
                }
            }
        }
        var placedWalks = place(files, tracks: tracks, guide: nil, progress: progress)
        // Walks that only dead reckoning tracked are placed again, guided by what the others measured: the
        // stride scale to start from and the walked directions to align the heading to (each walk without
        // its own legs).
        let again = placedWalks.indices.filter { index in
            guard case .success(.placed(_, _, _, _, let deadReckonedOnly)) = placedWalks[index] else { return false }
            return deadReckonedOnly
        }
        // With a venue its floor plan aligns the heading, so only a stride scale can guide.
        if let tracks, !again.isEmpty,
            case let first = assemble(files: files, placedWalks, configuration: configuration, deadReckoning: deadReckoning).map,
            venue == nil || first.surveyedStrideScale != nil
        {
            let guide = { (file: String) -> RadioMap in
                let own = first.walks.firstIndex(of: walkName(file))
                return RadioMap(
                    frameReference: first.frameReference, transmitters: [], levels: first.levels, walks: first.walks, fingerprints: [],
                    strideRatios: first.strideRatios, walkLegs: first.walkLegs.indices.map { $0 == own ? [] : first.walkLegs[$0] })
            }
            for (index, result) in zip(again, place(again.map { files[$0] }, tracks: tracks, guide: guide, progress: nil)) {
                placedWalks[index] = result
            }
        }
        return assemble(files: files, placedWalks, configuration: configuration, deadReckoning: deadReckoning)
    }

    /// The placed walks added in file order into one map.
    private static func assemble(
        files: [String], _ placedWalks: [Swift.Result<Placed, any Error>], configuration: FingerprintConfiguration,
        deadReckoning: DeadReckoningConfiguration
    ) -> Result {
        var builder: RadioMapBuilder?
        var mapFrame: LocalFrame?
        var outcomes: [RadioMapBuilder.WalkOutcome] = []
        var skipped: [(file: String, reason: String)] = []
        var placementErrors: [Double] = []
        for (file, result) in zip(files, placedWalks) {
            switch result {
            case .failure(let error): skipped.append((file, EvaluationInputs.skipReason(for: error)))
            case .success(.skipped(let reason)): skipped.append((file, reason))
            case .success(.placed(let placed, let frame, let usedFloorFrame, let errors, _)):
                if builder == nil {
                    mapFrame = frame
                    builder = RadioMapBuilder(configuration: configuration, frameReference: frame?.reference, deadReckoning: deadReckoning)
                }
                var reframe: ((LocalPoint) -> LocalPoint)?
                if let mapFrame, let frame, frame != mapFrame, !usedFloorFrame {
                    reframe = { mapFrame.localPoint(from: frame.geoCoordinate(from: $0)) }
                }
                if let outcome = builder?.add(placed, reframe: reframe) { outcomes.append(outcome) }
                placementErrors += errors
            }
        }
        let map = builder?.build() ?? RadioMap(frameReference: nil, transmitters: [], levels: [], walks: [], fingerprints: [])
        return Result(map: map, outcomes: outcomes, skipped: skipped, trackPlacementErrorsMeters: placementErrors)
    }

    /// One file read and placed: on its smoothed track with `tracks`, else on its ground truth.
    private static func placed(
        _ file: String, venue: Venue?, registry: BeaconRegistry?, readAhead: Bool, configuration: FingerprintConfiguration,
        deadReckoning: DeadReckoningConfiguration, tracks: TrackPlacement?, guide: RadioMap?
    ) throws -> Placed {
        let loaded = try LoadedRecording.read(file, venue: venue, registry: registry, readAhead: readAhead)
        let placed: RadioMapBuilder.PlacedWalk
        var placementErrors: [Double] = []
        var deadReckonedOnly = false
        if let tracks {
            let smoothed = try smoothedTrack(loaded, placement: tracks, guide: guide)
            deadReckonedOnly = !smoothed.measuresStrides
            placed = try RadioMapBuilder.placed(
                walk: walkName(file), samples: loaded.samples, track: smoothed.track, survey: tracks.survey,
                strideRatio: deadReckonedOnly ? .some(nil) : nil, configuration: configuration, deadReckoning: deadReckoning
            )
            // For the report only: the placed scans against the truth (when the walk has more than its start).
            let truth = loaded.truth?.points ?? []
            if truth.count >= 2 {
                let truthTrack = TimedTrajectory(truth.map { ($0.timeSeconds, $0.point) })
                for placement in placed.outcome.placements {
                    guard let point = truthTrack.position(atSeconds: placement.timeSeconds, extrapolation: .none) else { continue }
                    placementErrors.append(point.distance(to: placement.point))
                }
            }
        } else {
            guard let groundTruth = loaded.truth, groundTruth.count >= 2 else {
                return .skipped(loaded.truth == nil ? "no ground truth" : "only one ground-truth point")
            }
            placed = try RadioMapBuilder.placed(
                walk: walkName(file), samples: loaded.samples, truth: groundTruth.points, configuration: configuration,
                deadReckoning: deadReckoning)
        }
        return .placed(
            placed, frame: loaded.frame, usedFloorFrame: loaded.usedFloorFrame, placementErrors: placementErrors,
            deadReckonedOnly: deadReckonedOnly)
    }

    /// What a read job hands on: the walk placed in its own frame (`frame`, with whether it is the venue's
    /// floor frame), or the reason it was left out.
    private enum Placed {
        case placed(
            RadioMapBuilder.PlacedWalk, frame: LocalFrame?, usedFloorFrame: Bool, placementErrors: [Double], deadReckonedOnly: Bool)
        case skipped(String)
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
