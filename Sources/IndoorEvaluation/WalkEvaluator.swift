import Foundation
import IndoorNavigation
import IndoorPositioning
import IndoorRecordings

/// Scores the walks of an `eval` run, one call per walk (each can be a job of ``ParallelJobs``): reads
/// the recording, picks its radio map (blocked around its truth when asked), plans its navigation along
/// its own truth when asked, runs it through ``RecordingPipeline`` from its first truth point and
/// scores it against the later ones.
public final class WalkEvaluator {
    /// The pipeline every walk runs through.
    public let settings: EvaluationSettings
    /// Blocked cross-validation: each walk's radio map also loses what was surveyed within this many
    /// metres of its truth (nil: not blocked).
    public let excludeRadiusMeters: Double?
    /// The thresholds each walk is navigated with (nil: no navigation).
    public let navigation: NavigationConfiguration?
    /// The radio maps, shared by the jobs (matchers made once per fold and frame), read and cached under ``lock``.
    private var selection: RadioMapSelection
    private let lock = NSLock()

    /// What scoring one walk gave.
    public enum Result {
        /// The walk's outcome and the recording as read (for its track file).
        case scored(FileOutcome, LoadedRecording)
        /// Why the walk could not be scored.
        case skipped(file: String, reason: String)
    }

    /// An evaluator of `files` with `radioMaps`; the matchers the walks will ask for in the run's shared
    /// frame (the venue's, else the beacons') are built first, `jobs` at a time.
    public init(
        settings: EvaluationSettings, radioMaps: RadioMapSelection, files: [String], jobs: Int, excludeRadiusMeters: Double? = nil,
        navigation: NavigationConfiguration? = nil
    ) {
        self.settings = settings
        self.excludeRadiusMeters = excludeRadiusMeters
        self.navigation = navigation
        var radioMaps = radioMaps
        if let frame = settings.venue?.frame ?? settings.registry.flatMap(EvaluationInputs.beaconCentroidFrame) {
            radioMaps.prepare(forWalks: files.map(RadioMapSurvey.walkName), frame: frame, jobs: jobs)
        }
        selection = radioMaps
    }

    /// Scores `file`; `recorder` (when given) records the fused and dead-reckoning tracks of the run.
    /// `readAhead` as ``LoadedRecording/read(_:venue:registry:readAhead:)`` takes it.
    public func evaluate(_ file: String, recorder: TrackRecorder? = nil, readAhead: Bool = true) -> Result {
        do {
            let loaded = try LoadedRecording.read(file, venue: settings.venue, registry: settings.registry, readAhead: readAhead)
            guard let truth = loaded.truth, truth.count >= 2 else {
                return .skipped(file: file, reason: loaded.truth == nil ? "no ground truth" : "only one ground-truth point")
            }
            var selected = lock.withLock { selection.matcher(forWalk: RadioMapSurvey.walkName(file), frame: loaded.frame) }
            if let radius = excludeRadiusMeters, let matcher = selected.matcher {
                selected.matcher = RadioMapSelection.blocked(matcher, truth: truth, radiusMeters: radius)
            }
            // Navigation follows the same pass through the providers as the score.
            let walk = try navigation.flatMap { configuration in
                try settings.venue.map { try WalkNavigation(truth: truth, venue: $0, configuration: configuration) }
            }
            let observer = Self.observer(walk?.follower, recorder)
            guard
                let replay = try RecordingPipeline.evaluate(
                    loaded, truth: truth, settings: settings, matcher: selected.matcher, observer: observer)
            else {
                return .skipped(file: file, reason: "no usable ground truth")
            }
            if let failure = replay.startFailure {
                return .skipped(file: file, reason: "the filter could not start at the first ground-truth point: \(failure)")
            }
            var outcome = FileOutcome(file: file, dataset: loaded.format, replay: replay, fold: selected.fold)
            outcome.navigation = walk?.outcome(lastSampleSeconds: loaded.samples.last?.timeSeconds, file: file)
            return .scored(outcome, loaded)
        } catch {
            return .skipped(file: file, reason: EvaluationInputs.skipReason(for: error))
        }
    }

    /// Scores every file, one job per walk, `jobs` at a time, merged in file order into one report (as
    /// one loop would). With `trackWriter`, each walk's run is also recorded and handed to it in the
    /// walk's job with the file, the recording and the replay; it returns why the track could not be
    /// written (collected in file order), nil when it was. `progress` hears each walk as it starts.
    public func report(
        files: [String], jobs: Int, progress: ((Int, String) -> Void)? = nil,
        trackWriter: ((String, LoadedRecording, FusionReplay, TrackRecorder) -> String?)? = nil
    ) -> (report: EvaluationReport, trackFailures: [String]) {
        let readAhead = LoadedRecording.readsAhead(jobs: jobs, files: files.count)
        let results = ParallelJobs.map(files, jobs: jobs, costs: ParallelJobs.fileSizes(files), progress: progress) {
            _, file -> (Result, trackFailure: String?) in
            let recorder = trackWriter == nil ? nil : TrackRecorder()
            let result = evaluate(file, recorder: recorder, readAhead: readAhead)
            guard case .scored(let outcome, let loaded) = result, let recorder, let trackWriter, let replay = outcome.replay else {
                return (result, nil)
            }
            return (result, trackWriter(file, loaded, replay, recorder))
        }
        var report = EvaluationReport(offline: settings.offline != nil)
        var trackFailures: [String] = []
        for (result, failure) in results {
            switch result {
            case .scored(let outcome, _):
                report.outcomes.append(outcome)
                if let failure { trackFailures.append(failure) }
            case .skipped(let file, let reason): report.skipped.append((file, reason))
            }
        }
        return (report, trackFailures)
    }

    /// The observers of one walk's run: the navigation follower and the track recorder, when present.
    static func observer(_ follower: (any FusionReplayObserver)?, _ recorder: TrackRecorder?) -> (any FusionReplayObserver)? {
        switch (follower, recorder) {
        case (let f?, let r?): ChainedReplayObserver([f, r])
        case (let f?, nil): f
        case (nil, let r?): r
        case (nil, nil): nil
        }
    }
}
