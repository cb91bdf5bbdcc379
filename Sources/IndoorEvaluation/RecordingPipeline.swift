import IndoorPositioning
import IndoorVenue

/// The one place a recording's pipeline is built: the standard providers (dead reckoning, the
/// barometer, and beacons, satellites and the radio map when given) on an engine for the recording's
/// venue or levels, plus the manual fixes of the settings and any extra providers (a client's own).
/// `eval`, `replay`, `survey --from-tracks` and the examples all run recordings through it.
public enum RecordingPipeline {
    /// The providers and the engine for `loaded`. `matcher` adds the radio-map provider (its surveyed
    /// stride scale starts the engine's, and without a venue its walks' directions align the heading);
    /// `extraProviders` follow the standard ones, after the manual provider of `settings.manualFixes`.
    /// - Throws: ``ConfigurationError`` for a setting out of its range (``EvaluationSettings/validate()``);
    ///   when the beacons cannot be placed in the venue or the surveyed stride scale is invalid.
    public static func build(
        _ loaded: LoadedRecording, settings: EvaluationSettings, matcher: FingerprintMatcher? = nil,
        extraProviders: [any IndoorLocationProvider] = []
    ) throws -> FusionPipeline {
        try settings.validate()
        var levels: [LevelCandidate]?
        if settings.venue == nil {
            var floors: [Double] = []
            for beacon in settings.registry?.beacons ?? [] { if case .floorNumber(let n) = beacon.level { floors.append(n) } }
            if case .floorNumber(let n)? = loaded.truth?.start.level { floors.append(n) }
            levels = LevelCandidate.levels(floorNumbers: floors, storeyHeightMeters: settings.storeyHeightMeters)
        }
        var fusion = settings.fusion
        if let scale = matcher?.map.surveyedStrideScale { fusion = try fusion.withInitialStrideScale(scale) }
        // Without a floor plan, the survey walks' directions stand in for its main axes.
        let walked = settings.venue == nil ? levels.flatMap { matcher?.map.walkedDirections(levels: $0) } : nil
        let engine = FusionEngine(
            configuration: fusion, venue: settings.venue, levels: levels, floorPlan: settings.floorPlan, walkedDirections: walked)
        var beacons: BeaconPositionProvider?
        if settings.useBeacons, let registry = settings.registry {
            let map =
                try settings.venue.map { try BeaconMap(registry: registry, venue: $0) }
                ?? BeaconMap(registry: registry, frame: loaded.frame)
            beacons = BeaconPositionProvider(map: map)
        }
        let deadReckoning = settings.deadReckoning.forWalk(withFloorPlan: settings.venue != nil)
        let gnss = settings.useGNSS ? loaded.frame.map { GNSSPositionProvider(frame: $0) } : nil
        let fingerprint = matcher.map { FingerprintPositionProvider(matcher: $0, levels: engine.levelCandidates, venue: settings.venue) }
        let pipeline = FusionPipeline(
            engine: engine, deadReckoning: DeadReckoningProvider(configuration: deadReckoning), beacons: beacons, gnss: gnss,
            fingerprint: fingerprint)
        let extras = (settings.manualFixes.map { [ManualFixes.provider($0)] } ?? []) + extraProviders
        guard !extras.isEmpty else { return pipeline }
        return FusionPipeline(engine: engine, deadReckoning: pipeline.deadReckoning, sources: Array(pipeline.sources.dropFirst()) + extras)
    }

    /// Builds the pipeline for `loaded` and replays it from `truth`'s start (`observer` follows the run);
    /// nil when the truth has fewer than two points. With ``EvaluationSettings/offline``, the run is also
    /// smoothed offline; without a floor plan, with a radio map that has fingerprints (they give the many-peaked
    /// evidence particles carry better than one Gaussian) and with
    /// ``FusionSmoothingConfiguration/particlesWithoutFloorPlan`` the smoothing has a forward pass of its
    /// own, with wall-free particles, and the live figures are the plain run's.
    public static func evaluate(
        _ loaded: LoadedRecording, truth: GroundTruthTrack, settings: EvaluationSettings, matcher: FingerprintMatcher? = nil,
        observer: (any FusionReplayObserver)? = nil
    ) throws -> FusionReplay? {
        let pipeline = try build(loaded, settings: settings, matcher: matcher)
        guard let offline = settings.offline, offline.particlesWithoutFloorPlan, settings.venue == nil,
            matcher.map({ !$0.map.fingerprints.isEmpty }) == true,
            var particles = settings.fusion.mapMatching, !particles.withoutFloorPlan
        else {
            return FusionReplay.run(
                samples: loaded.samples, truth: truth, pipeline: pipeline, observer: observer, offline: settings.offline)
        }
        guard var replay = FusionReplay.run(samples: loaded.samples, truth: truth, pipeline: pipeline, observer: observer) else {
            return nil
        }
        particles.withoutFloorPlan = true
        var smoothingSettings = settings
        smoothingSettings.fusion.mapMatching = particles
        let smoothingRun = FusionReplay.run(
            samples: loaded.samples, truth: truth, pipeline: try build(loaded, settings: smoothingSettings, matcher: matcher),
            offline: offline)
        replay.offline = smoothingRun?.offline
        replay.offlineFailure = smoothingRun?.offlineFailure
        return replay
    }
}
