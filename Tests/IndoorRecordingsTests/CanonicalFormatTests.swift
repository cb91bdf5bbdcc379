import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

@Suite struct CanonicalFormatTests {
    static let everyKind: [SensorSample] = [
        SensorSample(timeSeconds: 0, reading: .accelerometer(DeviceVector3(x: 0.1, y: -9.81, z: 1e-7)), accuracy: 3),
        SensorSample(
            timeSeconds: 0.02,
            reading: .accelerometerUncalibrated(raw: DeviceVector3(x: 1, y: 2, z: 3), bias: DeviceVector3(x: 0, y: 0, z: 0.5))),
        SensorSample(timeSeconds: 0.04, reading: .gyroscope(DeviceVector3(x: -0.001, y: 0.25, z: 3.14159))),
        SensorSample(
            timeSeconds: 0.06, reading: .gyroscopeUncalibrated(raw: DeviceVector3(x: 1, y: 2, z: 3), drift: DeviceVector3(x: 4, y: 5, z: 6))
        ),
        SensorSample(timeSeconds: 0.08, reading: .magnetometer(DeviceVector3(x: -20.5, y: 31.25, z: -40))),
        SensorSample(
            timeSeconds: 0.1,
            reading: .magnetometerUncalibrated(raw: DeviceVector3(x: 1, y: 2, z: 3), bias: DeviceVector3(x: 7, y: 8, z: 9)), accuracy: 0),
        SensorSample(timeSeconds: 0.12, reading: .rotationVector(Quaternion(w: 0.8, x: 0.6, y: 0, z: 0))),
        SensorSample(timeSeconds: 0.14, reading: .attitude(Attitude(pitchRadians: 0.1, rollRadians: -0.2, yawRadians: 3))),
        SensorSample(
            timeSeconds: 0.16,
            reading: .attitude(
                Attitude(pitchRadians: 0.1, rollRadians: -0.2, yawRadians: 3, quaternion: Quaternion(w: 1, x: 0, y: 0, z: 0)))),
        SensorSample(timeSeconds: 0.18, reading: .pressure(hectopascals: 1013.25)),
        SensorSample(
            timeSeconds: 1.5,
            reading: .beacon(
                BeaconObservation(
                    beacon: BeaconIdentity(uuid: "11111111-1111-BEAC-2023-111111111111", major: 1, minor: 2, mac: "BE:AC:20:23:00:02"),
                    rssiDbm: -80, txPowerDbm: -59, reportedDistanceMeters: 3.5))),
        SensorSample(timeSeconds: 1.6, reading: .beacon(BeaconObservation(beacon: BeaconIdentity(mac: "AA:BB:CC:DD:EE:FF"), rssiDbm: -70))),
        SensorSample(
            timeSeconds: 2,
            reading: .wifi(
                WifiObservation(
                    bssid: "0a:74:9c:2b:1a:27", ssid: "café \"quoted\"\tnet", rssiDbm: -45, frequencyMHz: 5200, lastSeenSeconds: 1.25))),
        SensorSample(timeSeconds: 2.1, reading: .wifi(WifiObservation(bssid: "0a:74:9c:2b:1a:28", rssiDbm: -90))),
        SensorSample(
            timeSeconds: 2.5,
            reading: .gnss(
                GNSSFix(
                    coordinate: GeoCoordinate(latitudeDegrees: 49.461269, longitudeDegrees: 11.111049), horizontalAccuracyMeters: 4.5,
                    altitudeMeters: 346.25, bearingRadians: 1.3875, speedMetersPerSecond: 0.75, satellitesInView: 24, satellitesUsed: 19,
                    fixTimeSeconds: 1_686_729_678.5))),
        SensorSample(timeSeconds: 2.6, reading: .gnss(GNSSFix(coordinate: GeoCoordinate(latitudeDegrees: -33.9, longitudeDegrees: 151.2)))),
        SensorSample(
            timeSeconds: 3,
            reading: .groundTruth(
                GroundTruthPosition(location: .floorFrame(FloorFramePoint(xMeters: 10.5, yMeters: 20.25)), level: .floorName("F1")))),
        SensorSample(
            timeSeconds: 4, reading: .groundTruth(GroundTruthPosition(location: .local(LocalPoint(x: -3, y: 4)), level: .levelId("L2")))),
        SensorSample(
            timeSeconds: 5,
            reading: .groundTruth(
                GroundTruthPosition(
                    location: .geographic(GeoCoordinate(latitudeDegrees: 49.4613, longitudeDegrees: 11.111)), level: .floorNumber(-2)))),
        SensorSample(timeSeconds: 6, reading: .groundTruth(GroundTruthPosition(location: .local(LocalPoint(x: 1, y: 2))))),
        SensorSample(timeSeconds: 7.123456, reading: .marker("user confirmed level change")),
    ]

    private func write(
        _ samples: [SensorSample], header: RecordingHeader = RecordingHeader(venueId: "venue-1", beaconRegistry: "beacons.json")
    ) throws -> String {
        let sink = MemoryByteSink()
        let writer = try RecordingWriter(sink: sink, header: header, bufferBytes: 1024)
        for s in samples { try writer.write(s) }
        try writer.finish()
        return sink.text
    }

    @Test func everySampleKindRoundTrips() throws {
        #expect(Set(Self.everyKind.map(\.kind)) == Set(SampleKind.allCases))
        let text = try write(Self.everyKind)
        for chunk in [16, 100, 1 << 20] {
            let reader = try RecordingReader(source: MemoryByteSource(text: text), chunkBytes: chunk)
            #expect(reader.format == .canonical)
            let (samples, summary) = try reader.readAll()
            #expect(samples == Self.everyKind)
            #expect(summary.malformedLines == 0)
            #expect(reader.header.venueId == "venue-1")
            #expect(reader.header.beaconRegistry == "beacons.json")
        }
    }

    @Test func handWrittenLinesDecode() throws {
        let text =
            TestSupport.canonicalHeader + """

                {"t":1.5,"type":"acc","x":1,"y":2,"z":3}
                { "type" : "pressure" , "hPa" : 1000.5 , "t" : 2 }
                {"t":3,"type":"truth","lat":1.5,"lon":2.5,"floorNumber":0,"extra":{"nested":[1,2]}}
                {"t":4,"type":"marker","text":"line\\nbreak \\u00e9"}
                """
        let (samples, issues, _) = try TestSupport.read(text)
        #expect(issues.isEmpty)
        #expect(
            samples == [
                SensorSample(timeSeconds: 1.5, reading: .accelerometer(DeviceVector3(x: 1, y: 2, z: 3))),
                SensorSample(timeSeconds: 2, reading: .pressure(hectopascals: 1000.5)),
                SensorSample(
                    timeSeconds: 3,
                    reading: .groundTruth(
                        GroundTruthPosition(
                            location: .geographic(GeoCoordinate(latitudeDegrees: 1.5, longitudeDegrees: 2.5)), level: .floorNumber(0)))),
                SensorSample(timeSeconds: 4, reading: .marker("line\nbreak é")),
            ])
    }

    @Test func badLinesAreReportedAndReadingGoesOn() throws {
        let text =
            TestSupport.canonicalHeader + """

                {"t":1,"type":"acc","x":1,"y":2,"z":3}
                {"t":1.1,"type":"acc","x":1,"y":2}
                {"t":1.2,"type":"acc","x":"one","y":2,"z":3}
                {"t":1.3,"type":"acc","x":null,"y":2,"z":3}
                {"t":1.4,"type":"acc","x":NaN,"y":2,"z":3}
                {"t":1.5,"type":"acc","x":1,"y":2,"z":3
                {"type":"acc","x":1,"y":2,"z":3}
                {"t":1.6,"x":1}
                {"t":1.7,"type":"teleport","x":1}
                {"t":1.8,"type":"ble","rssi":-70}
                {"t":1.9,"type":"truth","x":1,"y":2,"frame":"moon"}
                {"t":1.91,"type":"gnss","lat":95,"lon":11}
                {"t":1.92,"type":"gnss","lat":49,"lon":11,"hacc":-3}
                {"t":1.93,"type":"gnss","lon":11}
                [1,2,3]
                {"t":2,"type":"gyro","x":0,"y":0,"z":1}
                """
        let (samples, issues, summary) = try TestSupport.read(text, name: "r.jsonl")
        #expect(samples.map(\.timeSeconds) == [1, 2])
        #expect(issues.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16])
        #expect(issues[0].description == "r.jsonl:3: acc: missing field 'z'")
        #expect(issues[1].message == "field 'x': \"one\" is not a number")
        #expect(issues[2].message == "field 'x': null is not a number")
        #expect(issues[3].message.contains("invalid"))
        #expect(issues[4].message.contains("truncated"))
        #expect(issues[5].message == "missing field 't'")
        #expect(issues[6].message == "missing field 'type'")
        #expect(issues[7].message.contains("uuid"))
        #expect(issues[8].message.contains("moon"))
        #expect(issues[9].message.contains("out of range"))
        #expect(issues[10].message == "field 'hacc': -3.0 m is negative")
        #expect(issues[11].description == "r.jsonl:15: gnss: missing field 'lat'")
        #expect(summary.skippedRecords == ["teleport": 1])
    }

    @Test func headerProblemsAreFatal() throws {
        #expect(throws: RecordingError.badHeader(file: "h", line: 1, message: "version 2 is not supported (this reader reads version 1)")) {
            try TestSupport.read(#"{"format":"indoornav-recording","version":2}"# + "\n", name: "h")
        }
        #expect(throws: RecordingError.self) {
            try TestSupport.read(#"{"format":"indoornav-recording","version":1,"units":{"acc":"g"}}"# + "\n", name: "h")
        }
        #expect(throws: RecordingError.self) {
            try TestSupport.read(#"{"format":"indoornav-recording","version":1,"device":"phone"}"# + "\n", name: "h")
        }
        // Without the header the format is not recognised at all.
        #expect(throws: RecordingError.self) { try TestSupport.read(#"{"t":1,"type":"acc","x":1,"y":2,"z":3}"# + "\n") }
    }

    @Test func nonFiniteValuesAreWrittenAsNullAndRejectedOnRead() throws {
        let text = try write([SensorSample(timeSeconds: 1, reading: .pressure(hectopascals: .nan))])
        #expect(text.contains(#""hPa":null"#))
        let (samples, issues, _) = try TestSupport.read(text)
        #expect(samples.isEmpty && issues.count == 1)
    }

    @Test func formatDetection() {
        func detect(_ s: String) -> RecordingFormat? { RecordingFormat.detect(prefix: Array(s.utf8)) }
        #expect(detect(TestSupport.canonicalHeader) == .canonical)
        #expect(detect("\n\n#\tstartTime:1\n") == .ilc)
        #expect(detect("1\tTYPE_ACCELEROMETER\t1\t2\t3\n") == .ilc)
        #expect(detect("% comment\n") == .ipin)
        #expect(detect("ACCE;0.1;1;2;3;4;3\n") == .ipin)
        #expect(detect("{\"a\":1}\n") == nil)
        #expect(detect("hello\n") == nil)
    }
}
