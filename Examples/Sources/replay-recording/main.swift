import ExampleSupport
import IndoorNav

// Replays the bundled walk through the fusion pipeline — dead reckoning, beacons, barometer and a
// provider written here, outside the package — and navigates along the fused track in the same pass
// (`FusionReplay` with a `NavigationReplay.Follower` as its observer). Prints the fused error against
// the ground truth, what the client's provider contributed, and the navigation outcome.
//
//   swift run replay-recording [VENUE] [RECORDING] [BEACONS]

/// A client's own provider: check-ins at known places (a QR code on the wall, an NFC tag at a door).
/// Here the recording's ground-truth lines, one every `intervalSeconds`, stand in for the check-ins.
/// It plugs into the pipeline as an `IndoorLocationProvider`, like the package's own providers: the
/// engine is not changed and never asks who made a fix. Listeners added to it hear each check-in.
final class CheckInProvider: LifecycleProvider {
    let name = "check-in"
    let supportsFloor = true
    let yields: Set<FusionInput.Kind> = [.fix]
    var lifecycle = ProviderLifecycle(replaysLastLocationOnStart: false)
    /// Seconds between two check-ins.
    let intervalSeconds: Double
    /// One-sigma of a check-in's position, metres.
    let sigmaMeters: Double
    private var lastCheckInSeconds = -Double.infinity
    private(set) var checkIns = 0

    init(intervalSeconds: Double, sigmaMeters: Double) { self.intervalSeconds = intervalSeconds; self.sigmaMeters = sigmaMeters }

    func contributions(from sample: SensorSample, context: ProviderContext) -> [FusionInput] {
        guard context.isStarted, case .groundTruth(let truth) = sample.reading, case .local(let point) = truth.location,
            sample.timeSeconds - lastCheckInSeconds >= intervalSeconds
        else { return [] }
        lastCheckInSeconds = sample.timeSeconds
        checkIns += 1
        var levelID: String?
        if case .levelId(let id)? = truth.level { levelID = id }
        let checkIn = IndoorLocation(
            point: point, levelID: levelID, accuracyMeters: sigmaMeters, timeSeconds: sample.timeSeconds, source: name)
        lifecycle.deliver(checkIn)
        return [.fix(checkIn)]
    }
}

runExample("replay-recording") {
    let venuePath = ExamplePaths.argument(1, default: ExamplePaths.bundled("Recordings/venues/campus"))
    let recordingPath = ExamplePaths.argument(2, default: ExamplePaths.bundled("Recordings/simulated/campus-info-to-deans-office.jsonl"))
    let beaconsPath = ExamplePaths.argument(3, default: ExamplePaths.bundled("Recordings/simulated/campus-beacons.json"))
    let venue = try VenueLoader.load(path: venuePath)
    let registry = try BeaconRegistry.load(path: beaconsPath)

    // The recording in time order, and its ground truth validated once, in the venue's frame.
    let loaded = try LoadedRecording.read(recordingPath, venue: venue, registry: registry)
    guard let truth = loaded.truth else { throw ExampleFailure("the recording has no ground truth") }
    let samples = loaded.samples

    // The standard pipeline for the recording (dead reckoning, barometer, beacons) plus the client's provider.
    let checkIns = CheckInProvider(intervalSeconds: 15, sigmaMeters: 2)
    var settings = EvaluationSettings(venue: venue, registry: registry)
    settings.useGNSS = false
    let pipeline = try RecordingPipeline.build(loaded, settings: settings, extraProviders: [checkIns])

    let levelID = truth.end.level.flatMap { level -> String? in if case .levelId(let id) = level { id } else { nil } }
    guard let destinationLevel = levelID else { throw ExampleFailure("the truth's last point names no level") }
    let follower = try NavigationReplay.Follower(
        venue: venue, options: .init(destination: .point(truth.end.point, levelID: destinationLevel)))
    guard let replay = FusionReplay.run(samples: samples, truth: truth, pipeline: pipeline, observer: follower) else {
        throw ExampleFailure("fewer than two ground-truth points")
    }
    if let failure = replay.startFailure { throw ExampleFailure("the filter could not start: \(failure)") }
    let navigation = follower.result(lastSampleSeconds: samples.last?.timeSeconds)

    let accepted = replay.statistics.acceptedFixesBySource[checkIns.name] ?? 0
    let mean = replay.score.errors?.mean ?? .nan
    print(
        String(
            format: "fused error: mean %.2f m over %d truth points (dead reckoning alone %.2f m)",
            mean, replay.score.points.count, replay.deadReckoningScore.errors?.mean ?? .nan))
    print("\(checkIns.name): \(checkIns.checkIns) check-ins, \(accepted) fused")
    print(
        "navigation: \(navigation.arrived ? "arrived" : "did not arrive"), \(navigation.offRouteEvents) off-route verdict(s), \(navigation.reroutes) reroute(s)"
    )
    guard accepted > 0 else { throw ExampleFailure("no check-in was fused") }
    guard navigation.arrived, mean.isFinite, mean < 5 else { throw ExampleFailure("expected arrival and a fused mean error under 5 m") }
}
