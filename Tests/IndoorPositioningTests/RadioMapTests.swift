import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Scans, surveys and the radio-map file format.
@Suite struct RadioMapTests {
    static func wifi(_ t: Double, _ bssid: String, _ rssi: Double, lastSeen: Double? = nil) -> SensorSample {
        SensorSample(timeSeconds: t, reading: .wifi(WifiObservation(bssid: bssid, rssiDbm: rssi, lastSeenSeconds: lastSeen)))
    }

    static func accel(_ t: Double) -> SensorSample {
        SensorSample(timeSeconds: t, reading: .accelerometer(DeviceVector3(x: 0, y: 0, z: 9.81)))
    }

    static func beacon(_ t: Double, minor: Int, _ rssi: Double) -> SensorSample {
        SensorSample(
            timeSeconds: t,
            reading: .beacon(
                BeaconObservation(
                    beacon: BeaconIdentity(uuid: "f7826da6-4fa2-4e98-8024-bc5b71e0893e", major: 1, minor: minor), rssiDbm: rssi)))
    }

    @Test func scansGroupWifiByTimeDropStaleAndWeakEntriesAndAverageBeacons() {
        var assembler = RadioScanAssembler()
        var scans: [RadioScan] = []
        let samples = [
            Self.wifi(6, "aa:bb:cc:00:00:04", -45),  // an earlier scan: Wi-Fi is heard, no beacon-only scans
            Self.beacon(7.0, minor: 1, -70),  // outside the 2 s window before the scan at 10
            Self.beacon(8.5, minor: 2, -60), Self.beacon(9.5, minor: 2, -64),
            Self.wifi(10, "AA:BB:CC:00:00:01", -50, lastSeen: 9.2),
            Self.wifi(10, "aa:bb:cc:00:00:02", -60, lastSeen: 4.0),  // 6 s stale (limit 3 s)
            Self.wifi(10, "aa:bb:cc:00:00:03", -99),  // weaker than −95 dBm
            Self.accel(10.02),
            Self.wifi(14, "aa:bb:cc:00:00:01", -55),
        ]
        for sample in samples { scans += assembler.consume(sample) }
        // The scan delivered at 10 s is dated when its one kept entry was last seen, 9.2 s.
        #expect(scans.map(\.timeSeconds) == [6, 9.2])
        scans.removeFirst()
        let wifiKey = RadioScan.key(wifi: "aa:bb:cc:00:00:01")
        let beaconKey = "ble:F7826DA6-4FA2-4E98-8024-BC5B71E0893E/1/2"  // identities keep UUIDs upper case
        #expect(scans.first?.readings == [wifiKey: -50, beaconKey: -62])
        #expect(assembler.staleEntries == 1)
        #expect(assembler.droppedReadings == 1)
        let last = assembler.finish()
        #expect(last?.timeSeconds == 14)
        #expect(last?.readings == [wifiKey: -55])
        #expect(assembler.finish() == nil)
    }

    @Test func scansAreDatedAtTheMedianLastSeenTimeUnlessSwitchedOff() {
        let samples = [
            Self.wifi(20, "00:00:00:00:00:01", -50, lastSeen: 18), Self.wifi(20, "00:00:00:00:00:02", -60, lastSeen: 19),
            Self.wifi(20, "00:00:00:00:00:03", -70, lastSeen: 19.5), Self.accel(20.02),
        ]
        var dated = RadioScanAssembler()
        #expect(samples.flatMap { dated.consume($0) }.map(\.timeSeconds) == [19])
        var configuration = FingerprintConfiguration.standard
        configuration.dateScansByLastSeen = false
        var delivered = RadioScanAssembler(configuration: configuration)
        #expect(samples.flatMap { delivered.consume($0) }.map(\.timeSeconds) == [20])
    }

    @Test func beaconOnlyRecordingsMakeScansEveryInterval() {
        var assembler = RadioScanAssembler()
        var scans: [RadioScan] = []
        for step in 0..<40 { scans += assembler.consume(Self.beacon(Double(step) * 0.25, minor: 1, -65)) }
        // 0 … 9.75 s, one scan every 2 s.
        #expect(scans.map(\.timeSeconds) == [0, 2, 4, 6, 8])
        #expect(scans.allSatisfy { $0.readings.count == 1 && abs(($0.readings.values.first ?? 0) + 65) < 1e-12 })
    }

    /// A walk along x from (0, 0) at t = 0 to (40, 0) at t = 40, a scan every 4 s from t = 2, plus one
    /// scan after the last truth point.
    static func surveyWalk(level: LevelReference = .floorName("F1"), offsetDb: Double = 0) -> (samples: [SensorSample], truth: [TruthPoint])
    {
        var samples: [SensorSample] = []
        for t in stride(from: 2.0, through: 46.0, by: 4.0) {
            samples.append(wifi(t, "00:00:00:00:00:01", -40 - t + offsetDb))
            samples.append(wifi(t, "00:00:00:00:00:02", -80 + t / 2 + offsetDb))
            if t == 2 { samples.append(wifi(t, "00:00:00:00:00:99", -70)) }  // heard once in the whole survey
            samples.append(accel(t + 0.01))
        }
        let truth = [
            TruthPoint(timeSeconds: 0, point: LocalPoint(x: 0, y: 0), level: level),
            TruthPoint(timeSeconds: 40, point: LocalPoint(x: 40, y: 0), level: level),
        ]
        return (samples, truth)
    }

    @Test func surveyPlacesScansOnTheTruthAndLeavesOutWhatItCannotPlace() throws {
        var builder = RadioMapBuilder(frameReference: GeoCoordinate(latitudeDegrees: 49.46, longitudeDegrees: 11.11))
        let walk = Self.surveyWalk()
        let outcome = try builder.add(walk: "walk-a", samples: walk.samples, truth: walk.truth)
        #expect(outcome.scans == 12)
        #expect(outcome.placed == 10)  // 2 … 38 s
        #expect(outcome.outsideTruth == 2)  // 42 and 46 s
        let map = builder.build()
        #expect(map.transmitters == ["wifi:00:00:00:00:00:01", "wifi:00:00:00:00:00:02"])
        #expect(map.fingerprints.count == 10)
        #expect(map.levels == [.floorName("F1")])
        // Truth interpolated linearly: x = t.
        for fingerprint in map.fingerprints {
            #expect(abs(fingerprint.point.x - fingerprint.timeSeconds) < 1e-9)
            #expect(fingerprint.levelIndex == 0)
            #expect(fingerprint.readings.count == 2)
        }
        #expect(map.summary.description == "1 walks, 10 fingerprints, 2 transmitters (2 Wi-Fi, 0 beacons), 1 levels")
    }

    @Test func walksPlacedOnTheirOwnAndFiledInOrderMakeTheSameMap() throws {
        let first = Self.surveyWalk(), second = Self.surveyWalk(level: .floorName("F2"), offsetDb: -3)
        var direct = RadioMapBuilder(deadReckoning: nil)
        try direct.add(walk: "a", samples: first.samples, truth: first.truth)
        try direct.add(walk: "b", samples: second.samples, truth: second.truth)
        // Placed the other way round (as parallel jobs may finish), filed in walk order.
        let placedB = try RadioMapBuilder.placed(
            walk: "b", samples: second.samples, truth: second.truth, configuration: .standard, deadReckoning: nil)
        let placedA = try RadioMapBuilder.placed(
            walk: "a", samples: first.samples, truth: first.truth.reversed(), configuration: .standard, deadReckoning: nil)
        var filed = RadioMapBuilder(deadReckoning: nil)
        filed.add(placedA)
        filed.add(placedB)
        #expect(filed.build() == direct.build())
        #expect(filed.build().levels == [.floorName("F1"), .floorName("F2")])
        #expect(placedA.outcome.placed == 10 && placedB.outcome.placed == 10)
    }

    @Test func aPlacedWalkIsReframedAsItIsFiled() throws {
        let walk = Self.surveyWalk()
        let placed = try RadioMapBuilder.placed(
            walk: "a", samples: walk.samples, truth: walk.truth, configuration: .standard, deadReckoning: nil)
        var builder = RadioMapBuilder(deadReckoning: nil)
        let outcome = builder.add(placed) { LocalPoint(x: $0.x + 5, y: $0.y - 2) }
        let map = builder.build()
        #expect(map.fingerprints.count == 10)
        for fingerprint in map.fingerprints {
            // x = t on the walk's own frame, shifted 5 m east and 2 m south on the map's.
            #expect(abs(fingerprint.point.x - (fingerprint.timeSeconds + 5)) < 1e-9)
            #expect(abs(fingerprint.point.y - -2) < 1e-9)
        }
        #expect(outcome.placements.allSatisfy { abs($0.point.x - ($0.timeSeconds + 5)) < 1e-9 })
        #expect(placed.outcome.placements.allSatisfy { abs($0.point.x - $0.timeSeconds) < 1e-9 })
        #expect(map.walkLegs[0].count == 1)
        #expect(abs((map.walkLegs[0].first?.midpoint?.x ?? 0) - 25) < 1e-9)
    }

    @Test func aSurveyWalkWithoutTruthIsATypedError() {
        var builder = RadioMapBuilder()
        let walk = Self.surveyWalk()
        #expect(
            throws: PositioningError.malformedInput(
                file: "no-truth", line: 0, message: "a survey walk needs at least two ground-truth points, it has 1")
        ) {
            try builder.add(walk: "no-truth", samples: walk.samples, truth: Array(walk.truth.prefix(1)))
        }
    }

    @Test func fileFormatRoundTrips() throws {
        var builder = RadioMapBuilder(frameReference: GeoCoordinate(latitudeDegrees: 49.5, longitudeDegrees: 11.25))
        let a = Self.surveyWalk(level: .floorNumber(-1))
        let b = Self.surveyWalk(level: .levelId("lvl-2"), offsetDb: 3)
        try builder.add(walk: "a", samples: a.samples, truth: a.truth)
        try builder.add(walk: "b", samples: b.samples, truth: b.truth)
        let map = builder.build()
        let text = map.json.serialized()
        let decoded = try RadioMap.decode(try JSONParser().parse(text).value, file: "map.json")
        #expect(decoded == map)
        #expect(decoded.levels == [.floorNumber(-1), .levelId("lvl-2")])
        #expect(decoded.excludingWalks { $0 == "a" }.fingerprints.allSatisfy { $0.walkIndex == 1 })
    }

    static func decodeError(_ text: String) -> String {
        do {
            _ = try RadioMap.decode(try JSONParser().parse(text).value, file: "m.json")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func malformedMapsNameTheField() throws {
        let header =
            #""format":"indoornav-radio-map","version":1,"frameReference":null,"transmitters":["wifi:a"],"levels":[{"floorNumber":0}],"walks":["w"]"#
        #expect(Self.decodeError("[1]") == "m.json:0: document: expected an object, found array")
        #expect(Self.decodeError(#"{"format":"other","version":1}"#).contains("format: expected \"indoornav-radio-map\""))
        #expect(
            Self.decodeError(#"{"format":"indoornav-radio-map","version":2}"#)
                == "m.json:0: version: version 2 is not supported (this build reads version 1)")
        #expect(
            Self.decodeError(
                "{\(header),\"fingerprints\":[{\"x\":1,\"y\":2,\"level\":0,\"walk\":0,\"t\":1,\"tx\":[0,3],\"rssi\":[-50,-60]}]}")
                == "m.json:0: fingerprints[0].tx[1]: not an index into transmitters (0..<1)")
        #expect(
            Self.decodeError("{\(header),\"fingerprints\":[{\"x\":1,\"y\":2,\"level\":5,\"walk\":0,\"t\":1,\"tx\":[0],\"rssi\":[-50]}]}")
                == "m.json:0: fingerprints[0].level: not an index into levels (0..<1)")
        #expect(
            Self.decodeError(
                "{\(header),\"fingerprints\":[{\"x\":1,\"y\":2,\"level\":0,\"walk\":0,\"t\":1,\"tx\":[0],\"rssi\":[-50,-60]}]}")
                == "m.json:0: fingerprints[0]: tx has 1 entries but rssi has 2")
        #expect(
            Self.decodeError("{\(header),\"fingerprints\":[{\"x\":1,\"y\":2,\"level\":0,\"walk\":0,\"t\":1,\"tx\":[0],\"rssi\":[40]}]}")
                == "m.json:0: fingerprints[0].rssi[0]: expected a signal strength in dBm between -150 and 20")
    }

    @Test func unreadableAndTruncatedFilesAreTypedErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("radio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let truncated = folder.appendingPathComponent("cut.json")
        try Data("{\n\"format\": \"indoornav-radio-map\",\n\"version\": 1,\n\"transmitters\": [\"wifi:a\"".utf8).write(to: truncated)
        do {
            _ = try RadioMap.load(path: truncated.path)
            Issue.record("a truncated map loaded")
        } catch {
            guard case .malformedInput(let file, let line, _) = error else { Issue.record("\(error)"); return }
            #expect(file == truncated.path)
            #expect(line == 4)
        }
        #expect(throws: PositioningError.self) { try RadioMap.load(path: folder.appendingPathComponent("missing.json").path) }
    }

    @Test func reframingMovesPointsThroughGeographicCoordinates() {
        let origin = GeoCoordinate(latitudeDegrees: 49.46, longitudeDegrees: 11.11)
        let map = RadioMap(
            frameReference: origin, transmitters: ["wifi:a"], levels: [], walks: ["w"],
            fingerprints: [
                RadioMap.Fingerprint(
                    point: LocalPoint(x: 10, y: 20), levelIndex: nil, walkIndex: 0, timeSeconds: 0,
                    readings: [RadioMap.Reading(transmitter: 0, rssiDbm: -50)])
            ])
        // A frame 100 m east of the map's: the point moves 100 m west.
        let shifted = LocalFrame(reference: LocalFrame(reference: origin).geoCoordinate(from: LocalPoint(x: 100, y: 0)))
        let moved = map.reframed(to: shifted)
        #expect(abs(moved.fingerprints[0].point.x - (-90)) < 0.01)
        #expect(abs(moved.fingerprints[0].point.y - 20) < 0.01)
        #expect(map.reframed(to: LocalFrame(reference: origin)) == map)
        #expect(map.reframed(to: nil) == map)
    }
}
