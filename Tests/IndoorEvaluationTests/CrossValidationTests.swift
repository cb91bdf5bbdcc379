import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import Synchronization
import Testing

@testable import IndoorEvaluation

/// ``RadioMapSelection``: the radio map each walk is scored with, by fold and blocked around its truth.
@Suite struct CrossValidationTests {
    /// Four walks (the first two repetitions of one walk), one fingerprint each, 20 m apart along x on
    /// one level: walk k's fingerprint at (20k, 0).
    static let walks = ["trialA_repetition01", "trialA_repetition02", "trialB", "trialC"]

    static func map() -> RadioMap {
        RadioMap(
            frameReference: nil, transmitters: ["wifi:aa", "wifi:bb"], levels: [.levelId("L0")], walks: walks,
            fingerprints: walks.indices.map { k in
                RadioMap.Fingerprint(
                    point: LocalPoint(x: 20 * Double(k), y: 0), levelIndex: 0, walkIndex: k, timeSeconds: 0,
                    readings: [.init(transmitter: 0, rssiDbm: -40 - Double(k)), .init(transmitter: 1, rssiDbm: -70 + Double(k))])
            })
    }

    /// The walks whose fingerprints a matcher's map still holds.
    static func walksIn(_ matcher: FingerprintMatcher?) -> [String] {
        (matcher?.map.fingerprints ?? []).map { walks[$0.walkIndex] }
    }

    @Test func eachWalkIsMatchedWithoutItsOwnFold() throws {
        let (selection, skipped) = try RadioMapSelection.crossValidated(
            files: Self.walks.map { "/data/\($0).txt" }, map: Self.map(), foldCount: 3,
            settings: EvaluationSettings(venue: nil, registry: nil),
            selfSurvey: nil, jobs: 1)
        #expect(skipped.isEmpty)
        var selection2 = selection
        let folds = try #require(selection.folds)
        // Repetitions of one walk share a fold; three groups over three folds.
        #expect(folds.foldOfName["trialA_repetition01"] == folds.foldOfName["trialA_repetition02"])
        #expect(Set(folds.foldOfName.values) == [0, 1, 2])
        for walk in Self.walks {
            let (matcher, fold) = selection2.matcher(forWalk: walk, frame: nil)
            #expect(fold == folds.foldOfName[walk])
            let sameFold = Self.walks.filter { folds.foldOfName[$0] == fold }
            #expect(Self.walksIn(matcher) == Self.walks.filter { !sameFold.contains($0) }, "\(walk)")
        }
        // One matcher per fold, cached.
        #expect(selection2.cache.count == 3)
    }

    @Test func withoutFoldsEveryWalkGetsTheWholeMap() {
        var selection = RadioMapSelection(map: Self.map(), configuration: .standard)
        let (matcher, fold) = selection.matcher(forWalk: "trialB", frame: nil)
        #expect(fold == nil)
        #expect(Self.walksIn(matcher) == Self.walks)
        var none = RadioMapSelection(map: nil, configuration: .standard)
        #expect(none.matcher(forWalk: "trialB", frame: nil).matcher == nil)
    }

    @Test func blockedSelectionLosesWhatWasSurveyedNearTheTruth() throws {
        let matcher = FingerprintMatcher(map: Self.map(), configuration: .standard)
        // A walk along x from 15 to 25 m: only the fingerprint at 20 m (trialA_repetition02) lies within 10 m
        // of it; those at 0 m and 40 m are 15 m away, the one at 60 m 35 m.
        let truth = try GroundTruthTrack([
            TruthPoint(timeSeconds: 0, point: LocalPoint(x: 15, y: 0), level: .levelId("L0")),
            TruthPoint(timeSeconds: 10, point: LocalPoint(x: 25, y: 0), level: .levelId("L0")),
        ])
        let blocked = RadioMapSelection.blocked(matcher, truth: truth, radiusMeters: 10)
        #expect(Self.walksIn(blocked) == ["trialA_repetition01", "trialB", "trialC"])
        #expect(blocked.configuration == matcher.configuration)
    }

    @Test func tooManyFoldsIsAnError() {
        #expect(throws: PositioningError.self) {
            try RadioMapSelection.crossValidated(
                files: ["/data/a.txt", "/data/b.txt"], map: Self.map(), foldCount: 50,
                settings: EvaluationSettings(venue: nil, registry: nil),
                selfSurvey: nil, jobs: 1)
        }
    }

    @Test func parallelJobsKeepInputOrder() {
        let squares = ParallelJobs.map(Array(0..<100), jobs: 4) { index, value in index * 1000 + value * value }
        #expect(squares == (0..<100).map { $0 * 1000 + $0 * $0 })
        #expect(ParallelJobs.count(3) == 3)
        #expect(ParallelJobs.count(0) == 1)
    }

    @Test func costlierJobsStartFirstAndResultsKeepInputOrder() {
        let costs: [Double] = [1, 5, 3, 5, 0, 2]
        let started = Mutex<[Int]>([])
        let results = ParallelJobs.map(Array(0..<6), jobs: 2, costs: costs, progress: { _, input in started.withLock { $0.append(input) } })
        {
            index, input in index * 10 + input
        }
        #expect(results == [0, 11, 22, 33, 44, 55])
        // Started costliest first, ties in input order.
        #expect(started.withLock { $0 } == [1, 3, 2, 5, 0, 4])
        // One job runs as a plain loop, in input order.
        let serial = Mutex<[Int]>([])
        _ = ParallelJobs.map(Array(0..<6), jobs: 1, costs: costs, progress: { _, input in serial.withLock { $0.append(input) } }) { $1 }
        #expect(serial.withLock { $0 } == [0, 1, 2, 3, 4, 5])
    }

    @Test func fileSizesAreTheCostsOfReadingFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-costs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("walk.jsonl")
        try Data(repeating: 0x41, count: 1234).write(to: file)
        #expect(ParallelJobs.fileSizes([file.path, folder.appendingPathComponent("missing").path]) == [1234, 0])
    }

    @Test func walksReadAheadOnlyWhereACoreIsFree() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // One job keeps to one core, whatever the machine.
        #expect(!LoadedRecording.readsAhead(jobs: 1, files: 1))
        #expect(!LoadedRecording.readsAhead(jobs: 1, files: 100))
        // As many jobs as cores, with work for all of them: every core is busy already.
        #expect(!LoadedRecording.readsAhead(jobs: cores, files: 100))
        #expect(!LoadedRecording.readsAhead(jobs: cores + 4, files: 100))
        // Several jobs allowed but one file: the other cores are free where there are others.
        #expect(LoadedRecording.readsAhead(jobs: max(2, cores), files: 1) == (cores > 1))
    }
}
