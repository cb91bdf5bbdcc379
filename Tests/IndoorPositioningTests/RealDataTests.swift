import Foundation
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Replays of real recordings. The bundled ILC walk is always there; the rest needs the shared data
/// folder and is skipped without it.
@Suite struct RealDataTests {
    typealias Support = PositioningTestSupport

    /// Samples in time order and the truth points (floor frame or geographic through `frame`).
    static func load(_ path: String, frame: LocalFrame? = nil) throws -> (samples: [SensorSample], truth: [TruthPoint]) {
        let player = try RecordingPlayer(source: RecordingReader(path: path))
        var samples: [SensorSample] = []
        var truth: [TruthPoint] = []
        while let event = try player.next() {
            guard case .sample(let sample) = event else { continue }
            samples.append(sample)
            guard case .groundTruth(let position) = sample.reading else { continue }
            switch position.location {
            case .floorFrame(let p):
                truth.append(
                    TruthPoint(timeSeconds: sample.timeSeconds, point: LocalPoint(x: p.xMeters, y: p.yMeters), level: position.level))
            case .local(let p): truth.append(TruthPoint(timeSeconds: sample.timeSeconds, point: p, level: position.level))
            case .geographic(let c):
                if let frame {
                    truth.append(TruthPoint(timeSeconds: sample.timeSeconds, point: frame.localPoint(from: c), level: position.level))
                }
            }
        }
        return (samples, truth)
    }

    @Test func bundledILCWalkDeadReckonsWithinAFewMetres() throws {
        let path = Support.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt").path
        let (samples, truth) = try Self.load(path)
        #expect(truth.count == 9)
        let score = try #require(ProviderScoring.scoreDeadReckoning(samples: samples, truth: try GroundTruthTrack(truth)))
        let errors = try #require(score.errors)
        // Open-loop PDR on walks like this one averages about 5 m (the competition organisers' figure).
        #expect(errors.mean < 5, "mean \(errors.mean) m")
        #expect((0.6...1.2).contains(score.distanceRatio ?? 0), "ratio \(score.distanceRatio ?? 0)")
        #expect(score.stepCount > 30)
    }

    @Test(.enabled(if: PositioningTestSupport.hasSharedData))
    func ilcSiteOneDeadReckoningBeatsTheOpenLoopReference() throws {
        let root = try #require(Support.sharedData).appendingPathComponent("ilc-site1")
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
        #expect(files.count >= 10)
        var pooled: [Double] = []
        // Every sixth walk: the whole set is the scoring command's (`indoornav eval-providers`).
        for file in files.enumerated().filter({ $0.offset % 6 == 0 }).map(\.element) {
            let (samples, truth) = try Self.load(root.appendingPathComponent(file).path)
            if let score = ProviderScoring.scoreDeadReckoning(samples: samples, truth: try GroundTruthTrack(truth)) {
                pooled += score.errorValuesMeters
            }
        }
        let stats = try #require(ErrorStatistics(pooled))
        #expect(stats.mean < 5.2, "pooled mean \(stats.mean) m over \(stats.count) waypoints")
    }

    @Test(.enabled(if: PositioningTestSupport.hasSharedData))
    func ipinBeaconFixesAreValidAndOnSurveyedLevels() throws {
        let data = try #require(Support.sharedData).appendingPathComponent("ipin2023-t3")
        let registry = try BeaconRegistry.importIPINLocations(path: data.appendingPathComponent("BLE_Locations.csv").path)
        let frame = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 49.46117, longitudeDegrees: 11.11117))
        let provider = BeaconPositionProvider(map: try BeaconMap(registry: registry, frame: frame))
        var fixes: [IndoorLocation] = []
        provider.addListener { if case .location(let l) = $0 { fixes.append(l) } }
        let (samples, truth) = try Self.load(
            data.appendingPathComponent("logfiles/IPIN2023_T3_TrainingTrial24_repetition01.txt").path, frame: frame)
        let score = try #require(ProviderScoring.scoreBeacons(samples: samples, truth: try GroundTruthTrack(truth), provider: provider))
        #expect(score.fixCount > 50)
        #expect(fixes.count == score.fixCount)
        #expect(fixes.allSatisfy { $0.isValid && [0, -2].contains($0.floorNumber ?? 99) && $0.horizontalAccuracyMeters >= 1 })
        #expect(score.errorEvents == 0)
    }
}
