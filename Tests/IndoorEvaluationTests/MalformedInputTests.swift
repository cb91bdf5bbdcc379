import Foundation
import IndoorPositioning
import IndoorRecordings
import Testing

@testable import IndoorEvaluation

/// Bad input gives a typed error (or a skip reason) naming what and where.
@Suite struct MalformedInputTests {
    @Test func aMissingPathIsNamed() {
        #expect(throws: EvaluationInputError.pathNotFound(command: "eval", path: "/no/such/folder")) {
            try EvaluationInputs.collectFiles(["/no/such/folder"], extensions: ["txt"], command: "eval")
        }
        #expect(
            EvaluationInputError.pathNotFound(command: "eval", path: "/x").description.hasPrefix(
                "eval: /x does not exist (the public data sets"))
    }

    @Test func foldersAreWalkedForTheirExtensionsInOrder() throws {
        let folder = try EvaluationFixtures.folder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try EvaluationFixtures.write(["x"], named: "b.txt", in: folder)
        try EvaluationFixtures.write(["x"], named: "a.jsonl", in: folder)
        try EvaluationFixtures.write(["x"], named: "sub/c.TXT", in: folder)
        try EvaluationFixtures.write(["x"], named: "d.csv", in: folder)
        let files = try EvaluationInputs.collectFiles([folder.path], extensions: ["txt", "jsonl"], command: "eval")
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.jsonl", "b.txt", "c.TXT"])
    }

    @Test func aFileThatIsNoRecordingIsSkippedAsSuch() throws {
        let folder = try EvaluationFixtures.folder()
        let path = try EvaluationFixtures.write(["hello, world"], named: "notes.txt", in: folder)
        do {
            _ = try LoadedRecording.read(path, venue: nil, registry: nil)
            Issue.record("expected an error")
        } catch {
            #expect(EvaluationInputs.skipReason(for: error) == "not a recording")
        }
        let evaluator = WalkEvaluator(
            settings: EvaluationSettings(venue: nil, registry: nil), radioMaps: RadioMapSelection(map: nil, configuration: .standard),
            files: [path], jobs: 1)
        guard case .skipped(let file, let reason) = evaluator.evaluate(path) else {
            Issue.record("expected a skip")
            return
        }
        #expect(file == path)
        #expect(reason == "not a recording")
    }

    @Test func walksWithoutTwoTruthPointsAreSkippedWithTheReason() throws {
        let folder = try EvaluationFixtures.folder()
        let none = try EvaluationFixtures.write(
            [EvaluationFixtures.header, EvaluationFixtures.pressure(0)], named: "none.jsonl", in: folder)
        let one = try EvaluationFixtures.write(
            [EvaluationFixtures.header, EvaluationFixtures.truth(0, 1, 2), EvaluationFixtures.pressure(1)], named: "one.jsonl", in: folder)
        let evaluator = WalkEvaluator(
            settings: EvaluationSettings(venue: nil, registry: nil), radioMaps: RadioMapSelection(map: nil, configuration: .standard),
            files: [none, one], jobs: 1)
        var reasons: [String] = []
        for file in [none, one] { if case .skipped(_, let reason) = evaluator.evaluate(file) { reasons.append(reason) } }
        #expect(reasons == ["no ground truth", "only one ground-truth point"])
    }

    @Test func aMalformedLineIsSkippedAndTheWalkJudgedOnTheRest() throws {
        // The player reports and skips a malformed line (not strict): the walk keeps one truth point.
        let folder = try EvaluationFixtures.folder()
        let path = try EvaluationFixtures.write(
            [EvaluationFixtures.header, EvaluationFixtures.truth(0, 1, 2), #"{"t":1,"type":"truth","frame":"local","x":"east","y":2}"#],
            named: "bad.jsonl", in: folder)
        let loaded = try LoadedRecording.read(path, venue: nil, registry: nil)
        #expect(loaded.truth?.count == 1)
        let evaluator = WalkEvaluator(
            settings: EvaluationSettings(venue: nil, registry: nil), radioMaps: RadioMapSelection(map: nil, configuration: .standard),
            files: [path], jobs: 1)
        guard case .skipped(_, let reason) = evaluator.evaluate(path) else {
            Issue.record("expected a skip")
            return
        }
        #expect(reason == "only one ground-truth point")
    }

    @Test func manualFixesNeedTruthLines() throws {
        let folder = try EvaluationFixtures.folder()
        let empty = try EvaluationFixtures.write(
            [EvaluationFixtures.header, EvaluationFixtures.pressure(0)], named: "empty.jsonl", in: folder)
        #expect(throws: ManualFixesError.noFixes(path: empty)) {
            try ManualFixes.load(path: empty, sigmaMeters: 2, venue: nil, registry: nil)
        }
        let missing = folder.appendingPathComponent("missing.jsonl").path
        #expect(throws: ManualFixesError.self) { try ManualFixes.load(path: missing, sigmaMeters: 2, venue: nil, registry: nil) }
        let fixes = try EvaluationFixtures.write(
            [EvaluationFixtures.header, EvaluationFixtures.truth(0, 1, 2), EvaluationFixtures.truth(5, 3, 4)], named: "fixes.jsonl",
            in: folder)
        let loaded = try ManualFixes.load(path: fixes, sigmaMeters: 3, venue: nil, registry: nil)
        #expect(loaded.map(\.point) == [.init(x: 1, y: 2), .init(x: 3, y: 4)])
        #expect(loaded.map(\.timeSeconds) == [0, 5])
        #expect(loaded.allSatisfy { $0.horizontalAccuracyMeters == 3 && $0.source == "manual" })
        #expect(ManualFixesError.noFixes(path: "f").description == "--manual f: no fix lines (truth, waypoint or POSI records) in it")
    }

    @Test func aReceiverTrackWithoutDeviceFileIsNamed() throws {
        let folder = try EvaluationFixtures.folder()
        let track = try EvaluationFixtures.write(["x"], named: "walk.mbd", in: folder)
        let settings = ProviderEvaluation.Settings(
            txPowerDbm: -59, pathLossExponent: nil, deadReckoning: .standard, beacon: .standard)
        #expect(throws: ProviderEvaluationError.noDeviceFile(track: track)) {
            try ProviderEvaluation.evaluateReceiverTrack(track, settings)
        }
    }

    @Test func aWalkWithoutStartPointCannotBePlacedOnItsTrack() throws {
        let folder = try EvaluationFixtures.folder()
        let path = try EvaluationFixtures.write([EvaluationFixtures.header, EvaluationFixtures.pressure(0)], named: "w.jsonl", in: folder)
        let loaded = try LoadedRecording.read(path, venue: nil, registry: nil)
        let placement = RadioMapSurvey.TrackPlacement(settings: EvaluationSettings(venue: nil, registry: nil), survey: .standard)
        #expect(throws: SurveyTrackError.noStartPoint) { try RadioMapSurvey.smoothedTrack(loaded, placement: placement) }
    }
}
