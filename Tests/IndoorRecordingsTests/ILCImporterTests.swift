import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

@Suite struct ILCImporterTests {
    @Test func readsEveryRecordTypeOfTheFixture() throws {
        let reader = try RecordingReader(path: TestSupport.fixture("ilc_small.txt"), format: .ilc)
        let (samples, summary) = try reader.readAll()
        // Hand count of the fixture: 2 waypoints, 2 accelerometer, 6 other inertial, 2 Wi-Fi, 1 beacon.
        #expect(samples.count == 13)
        #expect(summary.samples[.groundTruth] == 2)
        #expect(summary.samples[.accelerometer] == 2)
        #expect(summary.samples[.wifi] == 2)
        #expect(summary.samples[.beacon] == 1)
        #expect(summary.skippedRecords == ["TYPE_BLUE": 1, "TYPE_BLU4": 1, "TYPE_DIST1": 1])
        #expect(summary.malformedLines == 0)
        // The beacon at 1000900 ms comes after Wi-Fi at 1001500 ms: one step back of 0.6 s.
        #expect(summary.timeRegressions == 1)
        #expect(abs(summary.largestTimeRegressionSeconds - 0.6) < 1e-9)

        // Time origin is the header startTime 1000000 ms.
        #expect(
            samples[0]
                == SensorSample(
                    timeSeconds: 0.010,
                    reading: .groundTruth(
                        GroundTruthPosition(
                            location: .floorFrame(FloorFramePoint(xMeters: 10.5, yMeters: 20.25)), level: .floorName("B1")))))
        #expect(
            samples[1] == SensorSample(timeSeconds: 0.020, reading: .accelerometer(DeviceVector3(x: 0.5, y: -1.25, z: 9.75)), accuracy: 3))
        // Rotation vector (0.6, 0, 0): w = sqrt(1 - 0.36) = 0.8.
        guard case .rotationVector(let q) = samples[4].reading else { Issue.record("expected rotation"); return }
        #expect(abs(q.w - 0.8) < 1e-12 && q.x == 0.6)
        #expect(
            samples[5].reading
                == .accelerometerUncalibrated(raw: DeviceVector3(x: 1, y: 2, z: 3), bias: DeviceVector3(x: 0.1, y: 0.2, z: 0.3)))
        #expect(
            samples[8]
                == SensorSample(
                    timeSeconds: 1.5,
                    reading: .wifi(
                        WifiObservation(
                            bssid: "0a:74:9c:2b:1a:27", ssid: "cafe net", rssiDbm: -45, frequencyMHz: 5200, lastSeenSeconds: 1.0))))
        guard case .wifi(let hidden) = samples[9].reading else { Issue.record("expected wifi"); return }
        #expect(hidden.ssid == nil)
        #expect(
            samples[10]
                == SensorSample(
                    timeSeconds: 0.9,
                    reading: .beacon(
                        BeaconObservation(
                            beacon: BeaconIdentity(
                                uuid: "9195B3AD-A9D0-4500-85FF-9FB0F65A5201", major: 7, minor: 9, mac: "E0:78:A3:3D:4C:A6"),
                            rssiDbm: -83, txPowerDbm: -56, reportedDistanceMeters: 18.8))))
        #expect(reader.header.device == ["manufacturer": "ACME", "model": "Phone1", "os": "Android 9"])
        #expect(reader.header.source["floorName"] == "B1")
        #expect(reader.header.source["startTimeEpochMs"] == "1000000")
    }

    @Test func withoutStartTimeTheFirstRecordIsTheOrigin() throws {
        let text = "5000\tTYPE_ACCELEROMETER\t1\t2\t3\t3\n5250\tTYPE_GYROSCOPE\t1\t2\t3\t3\n"
        let (samples, _, _) = try TestSupport.read(text, format: .ilc)
        #expect(samples.map(\.timeSeconds) == [0, 0.25])
    }

    @Test func malformedRecordsAreReportedWithLineAndSkipped() throws {
        let text = """
            #\tstartTime:1000
            1000\tTYPE_ACCELEROMETER\t1\t2\t3\t3
            1010\tTYPE_ACCELEROMETER\tabc\t2\t3\t3
            1020\tTYPE_GYROSCOPE\tNaN\t0\t0\t3
            1030\tTYPE_MAGNETIC_FIELD\t1\tinf\t0\t3
            x1040\tTYPE_GYROSCOPE\t1\t0\t0\t3
            1050\tTYPE_WIFI\tssid\t\t-50\t2412\t1000
            1060 TYPE_ACCELEROMETER 1 2 3
            1070\tNOT_A_TYPE\t1
            1080\tTYPE_ACCELEROMETER\t1\t2\t3\t3
            1090\tTYPE_ACCELEROMETER\t1\t2
            """
        let (samples, issues, summary) = try TestSupport.read(text, format: .ilc, name: "walk.txt")
        #expect(samples.count == 2)
        #expect(issues.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 11])
        #expect(summary.malformedLines == 8)
        #expect(issues.allSatisfy { $0.file == "walk.txt" })
        #expect(issues[0].description == "walk.txt:3: TYPE_ACCELEROMETER: field 3 (x): 'abc' is not a finite number")
        #expect(issues[1].message.contains("'NaN' is not a finite number"))
        #expect(issues[2].message.contains("field 4 (y): 'inf'"))
        #expect(issues[3].message.contains("timestamp"))
        #expect(issues[4].message.contains("bssid"))
        #expect(issues[5].message.contains("no tab"))
        #expect(issues[7].message.contains("truncated record"))
    }

    @Test func strictModeThrowsOnTheFirstBadLine() throws {
        let text = "1000\tTYPE_ACCELEROMETER\t1\t2\t3\t3\n1010\tTYPE_ACCELEROMETER\t1\n"
        #expect(throws: RecordingError.self) { try TestSupport.read(text, format: .ilc, strict: true) }
        do {
            _ = try TestSupport.read(text, format: .ilc, strict: true, name: "s.txt")
        } catch let RecordingError.malformedLine(issue) {
            #expect(issue.line == 2 && issue.file == "s.txt")
        }
    }

    @Test func truncatedLastLineIsReported() throws {
        let text = "1000\tTYPE_ACCELEROMETER\t1\t2\t3\t3\n1010\tTYPE_ACCELEROMETER\t1.5\t2"
        let (samples, issues, _) = try TestSupport.read(text, format: .ilc)
        #expect(samples.count == 1)
        #expect(issues.count == 1 && issues[0].line == 2 && issues[0].message.contains("truncated"))
    }

    @Test func emptyAndWrongFormatFilesGetClearMessages() throws {
        #expect(throws: RecordingError.emptyFile(file: "e.txt")) { try TestSupport.read("", format: .ilc, name: "e.txt") }
        #expect(throws: RecordingError.emptyFile(file: "e.txt")) { try TestSupport.read("\n \n", format: .ilc, name: "e.txt") }
        try TestSupport.expectRefused(
            "ipin_small.txt", as: .ilc, name: "log.txt", message: "log.txt: this looks like an IPIN logfile, not an ILC path file")
        #expect(throws: RecordingError.wrongFormat(file: "x", expected: .ilc, found: nil)) {
            try TestSupport.read("hello world\n", format: .ilc, name: "x")
        }
    }
}
