import Foundation
import IndoorConfiguration
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Matching scans against radio maps, the fingerprint provider and cross-validation folds.
@Suite struct FingerprintMatchingTests {
    /// Four access points at the corners of a 30 m square; RSSI = −40 − 20 log10(max(1, d)) dBm.
    static let accessPoints: [(key: String, point: LocalPoint)] = [
        ("wifi:00:00:00:00:00:01", LocalPoint(x: 0, y: 0)), ("wifi:00:00:00:00:00:02", LocalPoint(x: 30, y: 0)),
        ("wifi:00:00:00:00:00:03", LocalPoint(x: 0, y: 30)), ("wifi:00:00:00:00:00:04", LocalPoint(x: 30, y: 30)),
    ]

    static func rssi(at point: LocalPoint, from ap: LocalPoint) -> Double {
        -40 - 20 * log10(max(1, point.distance(to: ap)))
    }

    static func scan(at point: LocalPoint, time: Double = 0, keys: [String]? = nil) -> RadioScan {
        var readings: [String: Double] = [:]
        for ap in accessPoints where keys?.contains(ap.key) ?? true { readings[ap.key] = rssi(at: point, from: ap.point) }
        return RadioScan(timeSeconds: time, readings: readings)
    }

    /// Fingerprints every 2 m over the square on level 0; on level 1 the same places hear other
    /// transmitters (`wifi:…:1x`), so the level is told by which transmitters are heard.
    static func gridMap(withUpperLevel: Bool = false) -> RadioMap {
        var transmitters = accessPoints.map(\.key)
        if withUpperLevel { transmitters += accessPoints.map { $0.key + "1" } }
        var fingerprints: [RadioMap.Fingerprint] = []
        for level in 0..<(withUpperLevel ? 2 : 1) {
            for x in stride(from: 0.0, through: 30, by: 2) {
                for y in stride(from: 0.0, through: 30, by: 2) {
                    let p = LocalPoint(x: x, y: y)
                    let readings = accessPoints.enumerated().map { i, ap in
                        RadioMap.Reading(transmitter: i + 4 * level, rssiDbm: rssi(at: p, from: ap.point))
                    }
                    fingerprints.append(RadioMap.Fingerprint(point: p, levelIndex: level, walkIndex: 0, timeSeconds: 0, readings: readings))
                }
            }
        }
        return RadioMap(
            frameReference: nil, transmitters: transmitters,
            levels: withUpperLevel ? [.floorNumber(0), .floorNumber(1)] : [.floorNumber(0)],
            walks: ["grid"], fingerprints: fingerprints)
    }

    @Test func aScanFromTheModelIsPlacedNearWhereItWasMade() throws {
        let matcher = FingerprintMatcher(map: Self.gridMap())
        for truth in [LocalPoint(x: 7, y: 5), LocalPoint(x: 21.5, y: 13), LocalPoint(x: 15, y: 27)] {
            let match = try #require(matcher.match(Self.scan(at: truth)))
            // The grid is 2 m: the weighted mean of the nearest fingerprints lies within about a cell.
            #expect(match.point.distance(to: truth) < 2.5, "\(truth) → \(match.point)")
            #expect(match.levelIndex == 0)
            #expect(match.levelProbability == 1)
            #expect(match.knownTransmitters == 4)
            #expect(match.covariance.isValid)
            // σ ≥ the configured minimum on each axis.
            #expect(match.covariance.xx >= 4 - 1e-9 && match.covariance.yy >= 4 - 1e-9)
        }
    }

    @Test func levelsAreVotedAndTheHintPicksThePositionLevel() throws {
        let matcher = FingerprintMatcher(map: Self.gridMap(withUpperLevel: true))
        var upper = Self.scan(at: LocalPoint(x: 10, y: 10))
        upper.readings = Dictionary(uniqueKeysWithValues: upper.readings.map { ($0.key + "1", $0.value) })
        let match = try #require(matcher.match(upper))
        #expect(match.levelIndex == 1)
        #expect(match.point.distance(to: LocalPoint(x: 10, y: 10)) < 2.5)
    }

    /// Two groups of six fingerprints 40 m apart that hear the four transmitters alike: a scan cannot
    /// tell them apart by its signals.
    static func lookAlikeMap() -> RadioMap {
        var fingerprints: [RadioMap.Fingerprint] = []
        for (group, base) in [0.0, 40.0].enumerated() {
            for dx in [0.0, 2, 4] {
                for dy in [0.0, 2] {
                    // A small difference per place, so distances are not all equal.
                    let readings = (0..<4).map {
                        RadioMap.Reading(transmitter: $0, rssiDbm: -60 - 5 * Double($0) - dx * 0.5 - Double(group))
                    }
                    fingerprints.append(
                        RadioMap.Fingerprint(
                            point: LocalPoint(x: base + dx, y: dy), levelIndex: 0, walkIndex: 0, timeSeconds: 0, readings: readings))
                }
            }
        }
        return RadioMap(
            frameReference: nil, transmitters: accessPoints.map(\.key), levels: [.floorNumber(0)], walks: ["twins"],
            fingerprints: fingerprints)
    }

    @Test func aPriorPicksThePlaceAmongLookAlikes() throws {
        // 1.5 dB stronger than the nearest look-alikes: distances 3 … 9 dB.
        let scan = RadioScan(
            timeSeconds: 0,
            readings: Dictionary(uniqueKeysWithValues: Self.accessPoints.enumerated().map { ($1.key, -58.5 - 5 * Double($0)) }))
        let configuration = try FingerprintConfiguration {
            $0.priorCandidateCount = 12
            $0.priorSpreadMeters = 3
            $0.priorWeightFloor = 0.01
        }
        let matcher = FingerprintMatcher(map: Self.lookAlikeMap(), configuration: configuration)
        let near = Covariance2D(xx: 4, xy: 0, yy: 4)
        // Without a prior (or with prior weighting off) the 7 nearest by signal come from both groups:
        // 5 from the first, 2 from the second (weights 1/d: 1.21 against 0.4), so the fix lies between.
        let plain = try #require(matcher.match(scan))
        #expect(plain.point.x > 8 && plain.point.x < 14, "\(plain.point)")
        let off = try #require(
            FingerprintMatcher(map: Self.lookAlikeMap(), configuration: try FingerprintConfiguration { $0.priorCandidateCount = 0 }).match(
                scan, prior: PositionEstimate(point: LocalPoint(x: 42, y: 1), covariance: near)))
        #expect(plain == off)
        // As many candidates as neighbours still weighs them by the prior: of the 7, the 2 near it win.
        let seven = FingerprintMatcher(map: Self.lookAlikeMap(), configuration: try FingerprintConfiguration { $0.priorCandidateCount = 7 })
        let nearSecond = try #require(seven.match(scan, prior: PositionEstimate(point: LocalPoint(x: 42, y: 1), covariance: near)))
        #expect(nearSecond.point.x > 35, "\(nearSecond.point)")
        for (prior, groupCentre) in [(LocalPoint(x: 2, y: 1), 2.0), (LocalPoint(x: 42, y: 1), 42.0)] {
            let match = try #require(matcher.match(scan, prior: PositionEstimate(point: prior, covariance: near)))
            // The other group, 40 m away, keeps the floor weight (0.01 × 1/d against about 0.85 × 1/d):
            // a pull of well under a metre.
            #expect(abs(match.point.x - groupCentre) < 1.5, "prior \(prior) → \(match.point)")
            #expect(abs(match.point.y - 1) < 0.5)
            #expect(match.covariance.xx < plain.covariance.xx / 3)
        }
    }

    @Test func scansTheMapCannotPlaceGiveNoFix() {
        let matcher = FingerprintMatcher(map: Self.gridMap())
        // Two known transmitters (three needed).
        #expect(matcher.match(Self.scan(at: LocalPoint(x: 5, y: 5), keys: ["wifi:00:00:00:00:00:01", "wifi:00:00:00:00:00:02"])) == nil)
        // Unknown transmitters only.
        #expect(matcher.match(RadioScan(timeSeconds: 0, readings: ["wifi:ff": -50, "wifi:fe": -60, "wifi:fd": -70])) == nil)
        // Every reading 30 dB off the model: RMS far above the 9 dB limit.
        var far = Self.scan(at: LocalPoint(x: 15, y: 15))
        far.readings = far.readings.mapValues { $0 + 30 }
        #expect(matcher.match(far) == nil)
    }

    @Test func unionDistanceIsAvailableAndAgreesOnCleanScans() throws {
        var configuration = FingerprintConfiguration.standard
        configuration.distance = .union
        let matcher = FingerprintMatcher(map: Self.gridMap(), configuration: configuration)
        let match = try #require(matcher.match(Self.scan(at: LocalPoint(x: 9, y: 17))))
        #expect(match.point.distance(to: LocalPoint(x: 9, y: 17)) < 2.5)
    }

    @Test func providerDeliversFixesOnlyWhileStartedAndCountsUnmatchedScans() throws {
        let provider = FingerprintPositionProvider(map: Self.gridMap(), levels: LevelCandidate.levels(floorNumbers: [0]))
        var delivered: [IndoorLocation] = []
        provider.addListener { if case .location(let l) = $0 { delivered.append(l) } }
        func feed(_ scan: RadioScan) -> [IndoorLocation] {
            var fixes: [IndoorLocation] = []
            for (key, value) in scan.readings.sorted(by: { $0.key < $1.key }) {
                fixes += provider.consume(
                    SensorSample(
                        timeSeconds: scan.timeSeconds, reading: .wifi(WifiObservation(bssid: String(key.dropFirst(5)), rssiDbm: value))))
            }
            return fixes + (provider.finish().map { [$0] } ?? [])
        }
        let first = feed(Self.scan(at: LocalPoint(x: 4, y: 4), time: 1))
        #expect(first.count == 1)
        #expect(delivered.isEmpty)
        provider.start()
        let second = feed(Self.scan(at: LocalPoint(x: 20, y: 8), time: 5))
        #expect(second.count == 1)
        #expect(delivered.count == 1)
        #expect(delivered.first?.source == "fingerprint")
        #expect(delivered.first?.floorNumber == 0)
        #expect(delivered.first?.levelID == "0")
        #expect((delivered.first?.point.distance(to: LocalPoint(x: 20, y: 8)) ?? 99) < 2.5)
        _ = feed(RadioScan(timeSeconds: 9, readings: ["wifi:ff": -50]))
        #expect(provider.scanCount == 3)
        #expect(provider.unmatchedScanCount == 1)
    }

    @Test func fixesWithPersistentErrorsAreWidenedByTheirRate() throws {
        let configuration = try FingerprintConfiguration { $0.errorCorrelationSeconds = 10 }
        let widened = FingerprintPositionProvider(
            map: Self.gridMap(), configuration: configuration, levels: LevelCandidate.levels(floorNumbers: [0]))
        let plain = FingerprintPositionProvider(
            map: Self.gridMap(), configuration: try FingerprintConfiguration { $0.errorCorrelationSeconds = 0 },
            levels: LevelCandidate.levels(floorNumbers: [0]))
        #expect(FingerprintConfiguration.standard.errorCorrelationSeconds == 15)
        func fixes(_ provider: FingerprintPositionProvider) -> [IndoorLocation] {
            var fixes: [IndoorLocation] = []
            // The same place scanned at 0, 2 and 20 s: the second comes 2 s after the first (5 per 10 s),
            // the third long after.
            for time in [0.0, 2, 20] {
                let scan = Self.scan(at: LocalPoint(x: 9, y: 9), time: time)
                for (key, value) in scan.readings.sorted(by: { $0.key < $1.key }) {
                    fixes += provider.consume(
                        SensorSample(timeSeconds: time, reading: .wifi(WifiObservation(bssid: String(key.dropFirst(5)), rssiDbm: value))))
                }
                fixes += provider.finish().map { [$0] } ?? []
            }
            return fixes
        }
        let a = fixes(widened), b = fixes(plain)
        #expect(a.count == 3 && b.count == 3)
        for (index, factor) in [1.0, 5, 1].enumerated() where index < min(a.count, b.count) {
            #expect(abs(a[index].covariance.xx - factor * b[index].covariance.xx) < 1e-9 * max(1, b[index].covariance.xx))
            #expect(abs(a[index].covariance.yy - factor * b[index].covariance.yy) < 1e-9 * max(1, b[index].covariance.yy))
            #expect(a[index].point.distance(to: b[index].point) < 1e-9)
        }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.errorCorrelationSeconds = -1 } }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.errorCorrelationSeconds = 601 } }
    }

    @Test func configurationRejectsValuesOutOfRange() {
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.neighbourCount = 0 } }
        #expect(throws: ConfigurationError.self) {
            try FingerprintConfiguration {
                $0.minimumRSSIDbm = -90
                $0.missingRSSIDbm = -80
            }
        }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.maximumStalenessSeconds = .nan } }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.levelEvidenceWeight = 1.5 } }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.minimumSigmaMeters = 0 } }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.priorCandidateCount = -1 } }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.priorSpreadMeters = .infinity } }
        #expect(throws: ConfigurationError.self) { try FingerprintConfiguration { $0.priorWeightFloor = 2 } }
    }
}
