import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Registry audit against walks with ground truth.
@Suite struct BeaconAuditTests {
    /// Where the beacons really are: A at (5, 2), B at (35, 2), C at (20, 30) — the walk never comes near C.
    static let truePositions = [(5.0, 2.0), (35.0, 2.0), (20.0, 30.0)]

    /// A 40 m walk due east along y = 0 over 80 s, truth every 10 s, a reading of every beacon every
    /// 0.5 s from its true position (−59 − 20 log₁₀ d, ± 3 dB seeded noise, −100 dBm floor).
    static func walk(seed: UInt64 = 3) -> (samples: [SensorSample], truth: [TruthPoint]) {
        var generator = SeededGenerator(seed: seed)
        let truth = (0...8).map { i in
            TruthPoint(timeSeconds: Double(i) * 10, point: LocalPoint(x: Double(i) * 5, y: 0), level: .levelId("L0"))
        }
        var samples: [SensorSample] = []
        for k in 0...160 {
            let t = Double(k) * 0.5
            let p = LocalPoint(x: t / 2, y: 0)
            for (index, position) in truePositions.enumerated() {
                let rssi = BeaconProviderTests.rssi(from: position, to: p) + 3 * generator.gaussian()
                guard rssi > -100 else { continue }
                samples.append(BeaconProviderTests.reading(index, rssi: rssi, t: t))
            }
        }
        return (samples, truth)
    }

    static func audit(mapped: [(Double, Double)], walks: Int = 1) throws -> [BeaconAuditEntry] {
        var auditor = BeaconAuditor(map: try BeaconProviderTests.map(mapped))
        for w in 0..<walks {
            let walk = walk(seed: UInt64(3 + w))
            auditor.add(samples: walk.samples, truth: try GroundTruthTrack(walk.truth))
        }
        return auditor.entries()
    }

    @Test func aCorrectRegistryIsConsistent() throws {
        let entries = try Self.audit(mapped: Self.truePositions)
        #expect(entries.map(\.beaconID) == ["B0", "B1", "B2"])
        for entry in entries.prefix(2) {
            #expect(entry.verdict == .consistent, "\(entry.beaconID): \(entry.reasons)")
            #expect((entry.rssiDistanceCorrelation ?? 0) < -0.8)
            #expect((entry.centroidOffsetMeters ?? 99) < 4)
            #expect(abs((entry.closestApproachMeters ?? 99) - 2) < 1e-9)
            #expect(entry.readings == entry.sameLevelReadings)
            #expect(entry.reasons.isEmpty)
        }
        // C is 30 m off the walk: heard weakly, its readings still fall with distance; the walk never got
        // close, so where its strongest readings were heard says nothing.
        #expect(entries[2].verdict == .consistent)
        #expect((entries[2].closestApproachMeters ?? 0) > 25)
    }

    @Test func swappedBeaconsAreSuspectAndPointAtEachOther() throws {
        let swapped = [Self.truePositions[1], Self.truePositions[0], Self.truePositions[2]]
        let entries = try Self.audit(mapped: swapped)
        for (entry, other) in zip(entries.prefix(2), ["B1", "B0"]) {
            #expect(entry.verdict == .suspect)
            #expect((entry.rssiDistanceCorrelation ?? -1) > 0.5, "correlation \(String(describing: entry.rssiDistanceCorrelation))")
            #expect((entry.centroidOffsetMeters ?? 0) > 25)
            #expect(entry.nearestMappedBeaconID == other)
            #expect(entry.reasons.count == 2)
            #expect(entry.reasons.last?.contains("fit \(other)'s mapped position better") == true)
        }
        #expect(entries[2].verdict == .consistent)
    }

    @Test func anExchangedPairIsFoundAndPutBackInTheRegistry() throws {
        let swapped = [Self.truePositions[1], Self.truePositions[0], Self.truePositions[2]]
        var auditor = BeaconAuditor(map: try BeaconProviderTests.map(swapped))
        let walk = Self.walk()
        auditor.add(samples: walk.samples, truth: try GroundTruthTrack(walk.truth))
        let exchanges = auditor.exchanges(in: auditor.entries())
        #expect(exchanges.count == 1)
        let exchange = try #require(exchanges.first)
        #expect(exchange.firstID == "B0" && exchange.secondID == "B1")
        // Each is heard loudest beside the walk near its true place, 2 m from the other's entry.
        #expect(exchange.firstToSecondMeters < 5 && exchange.secondToFirstMeters < 5, "\(exchange)")
        let corrected = try BeaconProviderTests.registry(swapped).exchangingPositions(of: exchange.firstID, and: exchange.secondID)
        let places = corrected.beacons.map { record -> (Double, Double)? in
            if case .local(let p) = record.position { (p.x, p.y) } else { nil }
        }
        #expect(places.map { $0.map { "\($0.0),\($0.1)" } } == Self.truePositions.map { "\($0.0),\($0.1)" })
        var again = BeaconAuditor(map: try BeaconMap(registry: corrected, frame: nil))
        again.add(samples: walk.samples, truth: try GroundTruthTrack(walk.truth))
        #expect(again.entries().allSatisfy { $0.verdict == .consistent })
        #expect(again.exchanges(in: again.entries()).isEmpty)
    }

    @Test func aMovedBeaconOrAOneSidedFitIsNoExchange() throws {
        // A moved 12 m east: suspect, but its readings fit no other suspect's place.
        let moved = try Self.audit(mapped: [(17.0, 2.0), Self.truePositions[1], Self.truePositions[2]])
        let auditor = BeaconAuditor(map: try BeaconProviderTests.map([(17.0, 2.0), Self.truePositions[1], Self.truePositions[2]]))
        #expect(moved[0].verdict == .suspect)
        #expect(auditor.exchanges(in: moved).isEmpty)
        // A mapped at B's place and B mapped 12 m west of its own: both suspect; B's readings fit A's entry,
        // but A's lie 18 m from B's entry: one-sided, no exchange.
        let oneSided = [Self.truePositions[1], (23.0, 2.0), Self.truePositions[2]]
        let entries = try Self.audit(mapped: oneSided)
        #expect(entries[0].verdict == .suspect && entries[1].verdict == .suspect, "\(entries.map(\.reasons))")
        let map = try BeaconProviderTests.map(oneSided)
        #expect(BeaconAuditor(map: map).exchanges(in: entries).isEmpty)
        // A consistent beacon is never part of one, whatever its entry says.
        var consistent = try Self.audit(mapped: Self.truePositions)
        consistent[0].strongestReadingsCentroid = LocalPoint(x: 35, y: 2)
        consistent[1].strongestReadingsCentroid = LocalPoint(x: 5, y: 2)
        #expect(BeaconAuditor(map: try BeaconProviderTests.map(Self.truePositions)).exchanges(in: consistent).isEmpty)
    }

    @Test func aRegistryExchangesPositionsOnlyAndRefusesAnUnknownBeacon() throws {
        let registry = try BeaconProviderTests.registry(Self.truePositions)
        #expect(throws: RecordingError.self) { try registry.exchangingPositions(of: "B0", and: "B9") }
        do {
            _ = try registry.exchangingPositions(of: "Z1", and: "B0")
            Issue.record("an unknown id was exchanged")
        } catch {
            #expect("\(error)".contains("Z1"), "\(error)")
        }
        #expect(try registry.exchangingPositions(of: "B1", and: "B1") == registry)
        let levels = try BeaconProviderTests.registry(Self.truePositions, levels: ["L0", "L1", "L0"])
        let exchanged = try levels.exchangingPositions(of: "B0", and: "B1")
        #expect(exchanged.beacons[0].position == .local(LocalPoint(x: 35, y: 2)))
        #expect(exchanged.beacons[1].position == .local(LocalPoint(x: 5, y: 2)))
        // Levels, identities and calibration stay with their records.
        #expect(exchanged.beacons[0].level == .levelId("L0") && exchanged.beacons[1].level == .levelId("L1"))
        #expect(exchanged.beacons[0].identity == levels.beacons[0].identity)
        #expect(exchanged.beacons[2] == levels.beacons[2])
    }

    @Test func aMovedBeaconFarFromEveryOtherIsSuspectWithoutAHint() throws {
        // A mapped 12 m east of where it is, still beside the walk: its strongest readings come 12 m from
        // the mapped place, which is nearer to A's own (wrong) entry than to any other beacon.
        let moved = [(17.0, 2.0), Self.truePositions[1], Self.truePositions[2]]
        let entries = try Self.audit(mapped: moved)
        #expect(entries[0].verdict == .suspect)
        #expect((entries[0].centroidOffsetMeters ?? 0) > 10)
        #expect(entries[0].nearestMappedBeaconID == "B0")
        #expect(entries[0].reasons.contains { $0.contains("although the walks passed within 2.0 m") })
        #expect(!entries[0].reasons.contains { $0.contains("fit") })
    }

    @Test func aBeaconOnlyHeardFromAfarIsNotJudgedOnNoise() throws {
        // C stays 30–36 m from the walk: 1.6 dB of trend under 3 dB of noise, so the correlation is
        // noise. Over 20 seeds the default (distances must span 3×) never calls C suspect; judging
        // the correlation regardless of the spread does, for some seeds.
        var suspectsByDefault = 0, suspectsWithoutSpread = 0
        let loose = try BeaconAuditConfiguration { $0.minimumDistanceSpreadRatio = 1.1 }
        for seed in UInt64(1)...20 {
            let walk = Self.walk(seed: seed)
            var standard = BeaconAuditor(map: try BeaconProviderTests.map(Self.truePositions))
            var withoutSpread = BeaconAuditor(map: try BeaconProviderTests.map(Self.truePositions), configuration: loose)
            standard.add(samples: walk.samples, truth: try GroundTruthTrack(walk.truth))
            withoutSpread.add(samples: walk.samples, truth: try GroundTruthTrack(walk.truth))
            if standard.entries()[2].verdict == .suspect { suspectsByDefault += 1 }
            if withoutSpread.entries()[2].verdict == .suspect { suspectsWithoutSpread += 1 }
        }
        #expect(suspectsByDefault == 0)
        #expect(suspectsWithoutSpread > 0)
    }

    @Test func tooFewReadingsAreNotJudged() throws {
        var auditor = BeaconAuditor(map: try BeaconProviderTests.map(Self.truePositions))
        let walk = Self.walk()
        // Only the first 5 s of readings.
        auditor.add(samples: walk.samples.filter { $0.timeSeconds < 5 }, truth: try GroundTruthTrack(walk.truth))
        for entry in auditor.entries() {
            #expect(entry.verdict == .tooFewReadings)
            #expect(entry.rssiDistanceCorrelation == nil && entry.centroidOffsetMeters == nil)
        }
    }

    @Test func readingsOutsideTheTruthOrOnAnotherLevelDoNotCount() throws {
        var auditor = BeaconAuditor(map: try BeaconProviderTests.map(Self.truePositions))
        let walk = Self.walk()
        let early = SensorSample(
            timeSeconds: -5, reading: .beacon(BeaconObservation(beacon: BeaconIdentity(mac: BeaconProviderTests.mac(0)), rssiDbm: -40)))
        let stranger = SensorSample(
            timeSeconds: 1, reading: .beacon(BeaconObservation(beacon: BeaconIdentity(mac: "00:00:00:00:00:99"), rssiDbm: -40)))
        let nan = BeaconProviderTests.reading(0, rssi: .nan, t: 2)
        let upstairs = walk.truth.map { TruthPoint(timeSeconds: $0.timeSeconds, point: $0.point, level: .levelId("L1")) }
        auditor.add(samples: [early, stranger, nan] + walk.samples, truth: try GroundTruthTrack(upstairs))
        let entries = auditor.entries()
        let perBeacon = (0..<3).map { index in
            walk.samples.filter {
                if case .beacon(let o) = $0.reading { return o.beacon.mac == BeaconProviderTests.mac(index) } else { return false }
            }.count
        }
        #expect(entries.map(\.readings) == perBeacon)
        #expect(entries.allSatisfy { $0.sameLevelReadings == 0 && $0.verdict == .tooFewReadings && $0.closestApproachMeters == nil })
        // A walk with a single truth point adds nothing.
        var single = BeaconAuditor(map: try BeaconProviderTests.map(Self.truePositions))
        single.add(samples: walk.samples, truth: try GroundTruthTrack([walk.truth[0]]))
        #expect(single.entries().allSatisfy { $0.readings == 0 })
    }

    @Test func correlationIsPearson() throws {
        // Checked by hand: x = 1, 2, 3; y = 2, 4, 7 → r = 0.9934.
        let r = try #require(BeaconAuditor.correlation([1, 2, 3], [2, 4, 7]))
        #expect(abs(r - 0.99339926) < 1e-6)
        #expect(BeaconAuditor.correlation([1, 1, 1], [1, 2, 3]) == nil)
        #expect(BeaconAuditor.correlation([1], [1]) == nil)
    }

    @Test func configurationRejectsOutOfRangeValues() throws {
        #expect(throws: ConfigurationError.self) { try BeaconAuditConfiguration { $0.minimumReadings = 2 } }
        #expect(throws: ConfigurationError.self) { try BeaconAuditConfiguration { $0.strongestFraction = 0 } }
        #expect(throws: ConfigurationError.self) { try BeaconAuditConfiguration { $0.suspectOffsetMeters = .infinity } }
        #expect(throws: ConfigurationError.self) { try BeaconAuditConfiguration { $0.maximumCorrelation = 2 } }
        #expect(throws: ConfigurationError.self) { try BeaconAuditConfiguration { $0.minimumDistanceSpreadRatio = 1 } }
        #expect(try BeaconAuditConfiguration { _ in } == .standard)
    }
}
