import Foundation
import IndoorConfiguration
import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorVenue
import Testing

@testable import IndoorEvaluation

/// What an evaluation run does with its options — manual fixes, offline smoothing, blocked
/// cross-validation, walks placed on their own tracks — on the bundled walks.
@Suite(.serialized) struct EvaluationBehaviourTests {
    static let ilcWalk = EvaluationFixtures.bundled("samples/ilc-site1-B1-5ddb8a08.txt")

    /// The outcome of `file` scored with `settings` (and `radioMaps`), or a recorded issue.
    static func score(
        _ file: String, _ settings: EvaluationSettings,
        radioMaps: RadioMapSelection = RadioMapSelection(map: nil, configuration: .standard),
        excludeRadiusMeters: Double? = nil, navigation: NavigationConfiguration? = nil
    ) -> FileOutcome? {
        let evaluator = WalkEvaluator(
            settings: settings, radioMaps: radioMaps, files: [file], jobs: 1, excludeRadiusMeters: excludeRadiusMeters,
            navigation: navigation)
        switch evaluator.evaluate(file) {
        case .scored(let outcome, _): return outcome
        case .skipped(_, let reason):
            Issue.record("\(file) skipped: \(reason)")
            return nil
        }
    }

    /// Two copies of the sample ILC walk in a fresh folder, in two groups, and their cross-validated radio
    /// maps (each copy's map surveyed by the other).
    static func twoCopiesOfOneWalk(
        _ settings: EvaluationSettings
    ) throws -> (files: [String], radioMaps: RadioMapSelection, skipped: [(file: String, reason: String)]) {
        let folder = try EvaluationFixtures.folder()
        let files = ["other.txt", "walk.txt"].map { folder.appendingPathComponent($0).path }
        for file in files { try FileManager.default.copyItem(atPath: Self.ilcWalk, toPath: file) }
        let (radioMaps, skipped) = try RadioMapSelection.crossValidated(
            files: files, map: nil, foldCount: 2, settings: settings, selfSurvey: nil, jobs: 1)
        return (files, radioMaps, skipped)
    }

    static func campus(withGraph: Bool = false) throws -> EvaluationSettings {
        EvaluationSettings(
            venue: try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue, withGraph: withGraph),
            registry: try EvaluationInputs.loadRegistry(path: EvaluationFixtures.campusBeacons))
    }

    @Test func manualFixesAtTheTruthPullTheTrackOntoIt() throws {
        let plain = EvaluationSettings(venue: nil, registry: nil)
        var manual = plain
        manual.manualFixes = try ManualFixes.load(path: Self.ilcWalk, sigmaMeters: 1, venue: nil, registry: nil)
        let before = try #require(Self.score(Self.ilcWalk, plain)?.replay?.score.errors?.mean)
        let withFixes = try #require(Self.score(Self.ilcWalk, manual)?.replay)
        let after = try #require(withFixes.score.errors?.mean)
        // Fixes at the very points that are scored, 1 m one-sigma: the track is pulled to within about it.
        #expect(after < 1.5, "with manual fixes \(after) m")
        #expect(after < before)
        #expect(withFixes.statistics.acceptedFixesBySource["manual"] == 9)
    }

    @Test func offlineSmoothingLeavesTheLiveFiguresAlone() throws {
        let settings = try Self.campus()
        var smoothing = settings
        smoothing.offline = .standard
        let live = EvaluationReport(outcomes: [try #require(Self.score(EvaluationFixtures.campusWalk, settings))])
        let both = EvaluationReport(outcomes: [try #require(Self.score(EvaluationFixtures.campusWalk, smoothing))], offline: true)
        func withoutOffline(_ value: JSONValue) -> JSONValue {
            guard case .object(var members) = value else { return value }
            members["offline"] = nil
            if case .array(let files)? = members["files"] { members["files"] = .array(files.map(withoutOffline)) }
            return .object(members)
        }
        #expect(live.json["offline"] == nil)
        #expect(withoutOffline(both.json) == live.json)
        let offline = try #require(both.json["offline"])
        let smoothedMean = try #require(offline["meanErrorMeters"]?.double)
        let liveMean = try #require(live.json["meanErrorMeters"]?.double)
        #expect(offline["points"] == live.json["points"])
        #expect(smoothedMean > 0 && smoothedMean < 3 * liveMean + 1)
        #expect(offline["againstLive"]?["walks"]?.int == 1)
        #expect(offline["failures"]?.array?.isEmpty == true)
    }

    /// A setting changed after it was built is refused when the pipeline is built, naming it.
    @Test func thePipelineRefusesASettingOutOfRange() throws {
        var settings = try Self.campus()
        let loaded = try LoadedRecording.read(EvaluationFixtures.campusWalk, venue: settings.venue, registry: nil)
        _ = try RecordingPipeline.build(loaded, settings: settings)
        settings.deadReckoning.stride.weinbergK = 5
        #expect(
            throws: ConfigurationError.outOfRange(configuration: "stride", field: "weinbergK", value: 5, range: TunableRange(0.1...1.5))
        ) {
            _ = try RecordingPipeline.build(loaded, settings: settings)
        }
        settings = try Self.campus()
        settings.offline = .standard
        settings.offline?.particleWeight = 2
        #expect(throws: ConfigurationError.self) { _ = try RecordingPipeline.build(loaded, settings: settings) }
    }

    /// The smoothing settings reach the smoother: without the particles' backward pass and fixed lag the
    /// smoothed track is the Kalman backward pass's, not the particles', so it differs; the live figures do not.
    @Test func theSmoothingSettingsReachTheSmoother() throws {
        var lagged = try Self.campus()
        lagged.offline = .standard
        var unlagged = lagged
        unlagged.offline = try FusionSmoothingConfiguration {
            $0.particleLagSteps = 0
            $0.particleBackwardPass = false
        }
        let a = EvaluationReport(outcomes: [try #require(Self.score(EvaluationFixtures.campusWalk, lagged))], offline: true)
        let b = EvaluationReport(outcomes: [try #require(Self.score(EvaluationFixtures.campusWalk, unlagged))], offline: true)
        #expect(a.json["meanErrorMeters"] == b.json["meanErrorMeters"])
        let meanA = try #require(a.json["offline"]?["meanErrorMeters"]?.double)
        let meanB = try #require(b.json["offline"]?["meanErrorMeters"]?.double)
        #expect(abs(meanA - meanB) > 1e-9, "\(meanA) m both ways")
    }

    /// Without a floor plan but with a radio map the offline smoothing runs its own forward pass with
    /// wall-free particles: the live figures are those of a run without `--offline` (which runs no
    /// particles), the smoothed ones differ from the Kalman backward pass over the live run. Without a radio
    /// map the Kalman backward pass smooths the live run.
    @Test func withARadioMapButNoFloorPlanTheSmoothingHasItsOwnParticlePass() throws {
        let plain = EvaluationSettings(venue: nil, registry: nil)
        let (files, radioMaps, _) = try Self.twoCopiesOfOneWalk(plain)
        var particles = plain
        particles.offline = .standard
        var kalmanOnly = plain
        kalmanOnly.offline = try FusionSmoothingConfiguration { $0.particlesWithoutFloorPlan = false }
        func replay(_ settings: EvaluationSettings, map: Bool = true) throws -> FusionReplay {
            try #require(
                Self.score(files[1], settings, radioMaps: map ? radioMaps : RadioMapSelection(map: nil, configuration: .standard))?.replay)
        }
        let live = try replay(plain), smoothed = try replay(particles), kalman = try replay(kalmanOnly)
        #expect(smoothed.score.errors?.mean == live.score.errors?.mean)
        #expect(kalman.score.errors?.mean == live.score.errors?.mean)
        #expect(live.statistics.mapMatchedSteps == 0 && smoothed.statistics.mapMatchedSteps == 0)
        let withParticles = try #require(smoothed.offline?.score.errors?.mean)
        let withoutParticles = try #require(kalman.offline?.score.errors?.mean)
        #expect(abs(withParticles - withoutParticles) > 1e-6, "\(withParticles) m both ways")
        // Without the radio map the setting changes nothing.
        let unmapped = try #require(try replay(particles, map: false).offline?.score.errors?.mean)
        let unmappedKalman = try #require(try replay(kalmanOnly, map: false).offline?.score.errors?.mean)
        #expect(unmapped == unmappedKalman)
    }

    @Test func blockedCrossValidationRemovesWhatWasSurveyedNearTheWalk() throws {
        // Each copy is scored against a map surveyed by the other, which walked the very same path.
        let settings = EvaluationSettings(venue: nil, registry: nil)
        let (files, radioMaps, skipped) = try Self.twoCopiesOfOneWalk(settings)
        #expect(skipped.isEmpty)
        #expect(radioMaps.map?.walks == ["other", "walk"])
        var ordinary: [FileOutcome] = []
        var blocked: [FileOutcome] = []
        for file in files {
            ordinary += [Self.score(file, settings, radioMaps: radioMaps)].compactMap { $0 }
            blocked += [Self.score(file, settings, radioMaps: radioMaps, excludeRadiusMeters: 10)].compactMap { $0 }
        }
        #expect(Set(ordinary.compactMap(\.fold)) == [0, 1])
        #expect(ordinary.allSatisfy { ($0.replay?.statistics.acceptedFixesBySource["fingerprint"] ?? 0) > 0 })
        // Blocked: every fingerprint lies on the scored walk's own path, so none is left to match.
        #expect(blocked.allSatisfy { $0.replay?.statistics.acceptedFixesBySource["fingerprint"] == nil })
        let report = EvaluationReport(outcomes: blocked)
        #expect(report.json["providers"]?["fingerprint"] == nil)
        #expect(report.json["againstDeadReckoning"]?["walks"]?.int == 2)
        let consistency = try #require(report.json["consistency"])
        for key in ["shareWithin1Sigma", "shareWithin2Sigma", "shareWithin3Sigma", "meanNEES", "shareBeyondCorridorSigmas"] {
            #expect(consistency[key]?.double != nil, "missing \(key)")
        }
        #expect(report.text.contains("(Gaussian 39.3 %)"))
    }

    @Test func aWalkEndingAtItsDestinationArrivesWhileItsWalkerStandsStill() throws {
        // The recording cut at its last ground-truth point at the destination (t = 59 s): the walker has
        // just got there, so the arrival's averaging window still holds the approach.
        let text = try String(contentsOfFile: EvaluationFixtures.campusWalk, encoding: .utf8)
        var lines: [Substring] = []
        for line in text.split(separator: "\n") {
            lines.append(line)
            if line.hasPrefix(#"{"t":59,"type":"truth""#) { break }
        }
        let cut = try EvaluationFixtures.write(lines.map(String.init), named: "cut.jsonl", in: try EvaluationFixtures.folder())
        var settings = try Self.campus(withGraph: true)
        settings.registry = nil
        let navigation = try #require(Self.score(cut, settings, navigation: NavigationConfiguration.standard)?.navigation)
        #expect(navigation.arrived == 1)
        #expect(navigation.stood == 1)
        #expect(navigation.arrivedStanding == 1)
        #expect(navigation.notArrived.isEmpty)
        #expect(navigation.text.contains("1 arrived (1 of them while standing still at the end; 1 walker(s) stood up to 3 s)"))
    }

    @Test func scansArePlacedOnTheSmoothedTrackCloseToTheTruth() throws {
        let settings = try Self.campus()
        let walk = EvaluationFixtures.campusWalk
        let result = RadioMapSurvey.build(
            files: [walk], venue: settings.venue, registry: settings.registry, configuration: .standard,
            tracks: RadioMapSurvey.TrackPlacement(settings: settings, survey: .standard), trackPlaced: [walk])
        #expect(result.skipped.isEmpty)
        #expect(result.map.fingerprints.count >= 20, "\(result.map.fingerprints.count) fingerprints")
        // Against the recording's truth, read here independently of the survey.
        let truth = try #require(try LoadedRecording.read(walk, venue: settings.venue, registry: settings.registry).truth)
        let errors = result.map.fingerprints.compactMap { fingerprint in
            truth.position(atSeconds: fingerprint.timeSeconds, extrapolation: .holdEnds).map { $0.distance(to: fingerprint.point) }
        }
        #expect(errors.count == result.map.fingerprints.count)
        #expect(errors.allSatisfy { $0 <= 3.0 }, "\(errors.map { String(format: "%.2f", $0) })")
        #expect(errors.sorted()[errors.count / 2] <= 1.0)
        #expect(result.trackPlacementErrorsMeters.count == errors.count)
    }

    @Test func aWalkTrackedWithoutFixesMeasuresNoStrideRatio() throws {
        // Without beacons nothing absolute shapes the track: its strides are the filter's starting scale,
        // not the walker's, so the walk gives the map no stride ratio.
        let walk = EvaluationFixtures.campusWalk
        let bare = EvaluationSettings(venue: nil, registry: nil)
        let loaded = try LoadedRecording.read(walk, venue: nil, registry: nil)
        let alone = try RadioMapSurvey.smoothedTrack(loaded, placement: RadioMapSurvey.TrackPlacement(settings: bare, survey: .standard))
        #expect(!alone.measuresStrides)
        #expect(alone.track.count > 10)
        let unmeasured = RadioMapSurvey.build(
            files: [walk], venue: nil, registry: nil, configuration: .standard,
            tracks: RadioMapSurvey.TrackPlacement(settings: bare, survey: .standard), trackPlaced: [walk])
        #expect(unmeasured.map.strideRatios == [nil])
        #expect(unmeasured.map.surveyedStrideScale == nil)
        // Nor do the walls of a floor plan alone: they keep the shorter strides.
        let walls = EvaluationSettings(venue: try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue), registry: nil)
        let walled = try RadioMapSurvey.smoothedTrack(
            try LoadedRecording.read(walk, venue: walls.venue, registry: nil),
            placement: RadioMapSurvey.TrackPlacement(settings: walls, survey: .standard))
        #expect(!walled.measuresStrides)
        // With the beacons' ranges the track is corrected and the walk measures its strides.
        let settings = try Self.campus()
        let withBeacons = try RadioMapSurvey.smoothedTrack(
            try LoadedRecording.read(walk, venue: settings.venue, registry: settings.registry),
            placement: RadioMapSurvey.TrackPlacement(settings: settings, survey: .standard))
        #expect(withBeacons.measuresStrides)
        let measured = RadioMapSurvey.build(
            files: [walk], venue: settings.venue, registry: settings.registry, configuration: .standard,
            tracks: RadioMapSurvey.TrackPlacement(settings: settings, survey: .standard), trackPlaced: [walk])
        let ratio = try #require(measured.map.strideRatios.first ?? nil)
        #expect((0.5...2).contains(ratio))
    }

    @Test func aDeadReckonedWalkIsPlacedAgainAtTheStrideScaleTheOthersMeasured() throws {
        // Three copies of the campus walk surveyed on their truth measure its strides; a fourth, placed on
        // its own track with nothing but dead reckoning (no beacons, no floor plan), is placed again with
        // the fusion started at their stride scale (and aligned to their walked directions): its track is
        // that much longer.
        let folder = try EvaluationFixtures.folder()
        let files = ["a.jsonl", "b.jsonl", "c.jsonl", "tracked.jsonl"].map { folder.appendingPathComponent($0).path }
        for file in files { try FileManager.default.copyItem(atPath: EvaluationFixtures.campusWalk, toPath: file) }
        let everyScan = try TrackSurveyConfiguration { $0.maximumSigmaMeters = 1_000 }
        let bare = RadioMapSurvey.TrackPlacement(settings: EvaluationSettings(venue: nil, registry: nil), survey: everyScan)
        func placedPathMeters(_ files: [String]) throws -> (meters: Double, map: RadioMap) {
            let result = RadioMapSurvey.build(
                files: files, venue: nil, registry: nil, configuration: .standard, tracks: bare, trackPlaced: [files[files.count - 1]])
            let points = try #require(result.outcomes.last).placements.map(\.point)
            #expect(points.count > 10)
            return (zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }, result.map)
        }
        let alone = try placedPathMeters([files[3]])
        let together = try placedPathMeters(files)
        #expect(alone.map.surveyedStrideScale == nil)
        let scale = try #require(together.map.surveyedStrideScale)
        #expect(together.map.strideRatios.count == 4 && together.map.strideRatios[3] == nil)
        #expect(abs(scale - 1) > 0.01, "the walk's strides are \(scale) of its steps")
        #expect(abs(together.meters / alone.meters - scale) < 0.01, "\(together.meters) m against \(alone.meters) m, scale \(scale)")
    }

    @Test func aGuideMapsWalkedDirectionsAlignADeadReckonedTrack() throws {
        // The campus walk dead reckoned alone, and again guided by a map holding only the walk legs of the
        // same path tracked with its beacons, whose heading it aligns to those directions.
        // Its truth names floors by number (as IPIN's does), so without a venue the levels are known.
        let text = try String(contentsOfFile: EvaluationFixtures.campusWalk, encoding: .utf8)
        let numbered = ["0", "1", "2"].reduce(text) { text, n in
            text.replacingOccurrences(of: #""level":"lvl-a\#(n)""#, with: #""floorNumber":\#(n)"#)
        }
        #expect(numbered != text)
        let walk = try EvaluationFixtures.write(
            numbered.split(separator: "\n").map(String.init), named: "numbered.jsonl", in: try EvaluationFixtures.folder())
        let bare = RadioMapSurvey.TrackPlacement(settings: EvaluationSettings(venue: nil, registry: nil), survey: .standard)
        let beacons = EvaluationSettings(venue: nil, registry: try Self.campus().registry)
        // Legs thinned at 5 m: this short walk's legs then hold its directions closely enough that the
        // guided track stays within a centimetre (at 6 m, the default, it is 1.4 cm farther).
        let legsEvery5Meters = try TrackSurveyConfiguration { $0.legSpacingMeters = 5 }
        let surveyed = RadioMapSurvey.build(
            files: [walk], venue: nil, registry: beacons.registry, configuration: .standard,
            tracks: RadioMapSurvey.TrackPlacement(settings: beacons, survey: legsEvery5Meters), trackPlaced: [walk]
        ).map
        #expect(surveyed.walkLegs.first?.isEmpty == false)
        let legsOnly = RadioMap(
            frameReference: surveyed.frameReference, transmitters: [], levels: surveyed.levels, walks: surveyed.walks, fingerprints: [],
            strideRatios: [nil], walkLegs: surveyed.walkLegs)
        let loaded = try LoadedRecording.read(walk, venue: nil, registry: nil)
        let truth = try #require(loaded.truth)
        func meanErrorMeters(_ walk: RadioMapSurvey.SmoothedWalk) -> Double {
            let errors = walk.track.compactMap { point in
                truth.position(atSeconds: point.timeSeconds, extrapolation: .none).map { $0.distance(to: point.point) }
            }
            return errors.reduce(0, +) / Double(max(1, errors.count))
        }
        let alone = try RadioMapSurvey.smoothedTrack(loaded, placement: bare)
        let guided = try RadioMapSurvey.smoothedTrack(loaded, placement: bare, guide: legsOnly)
        #expect(!guided.measuresStrides)
        // This walk's error is its strides' (dead reckoning 3 % short), which the directions do not mend:
        // the guided track differs (the directions reached the filter) and is no farther from the truth.
        let (withGuide, without) = (meanErrorMeters(guided), meanErrorMeters(alone))
        #expect(zip(guided.track, alone.track).contains { $0.point.distance(to: $1.point) > 0.01 })
        #expect(withGuide <= without + 0.01, "\(withGuide) m against \(without) m")
    }

    @Test func aTighterSigmaLeavesScansOut() throws {
        // Without beacons the track drifts: a 1 m limit keeps fewer scans than 1000 m.
        let settings = EvaluationSettings(venue: try EvaluationInputs.loadVenue(path: EvaluationFixtures.campusVenue), registry: nil)
        let walk = EvaluationFixtures.campusWalk
        func survey(_ sigma: Double) throws -> RadioMapSurvey.Result {
            RadioMapSurvey.build(
                files: [walk], venue: settings.venue, registry: nil, configuration: .standard,
                tracks: RadioMapSurvey.TrackPlacement(
                    settings: settings, survey: try TrackSurveyConfiguration { $0.maximumSigmaMeters = sigma }),
                trackPlaced: [walk])
        }
        let tight = try survey(1), loose = try survey(1000)
        #expect(tight.outcomes.reduce(0) { $0 + $1.tooUncertain } > 0)
        #expect(loose.outcomes.reduce(0) { $0 + $1.tooUncertain } == 0)
        #expect(tight.map.fingerprints.count < loose.map.fingerprints.count)
    }
}
