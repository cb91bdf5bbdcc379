import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

@Suite struct IPINImporterTests {
    @Test func readsTheFixture() throws {
        let reader = try RecordingReader(path: TestSupport.fixture("ipin_small.txt"))
        #expect(reader.format == .ipin)
        let (samples, summary) = try reader.readAll()
        #expect(summary.skippedRecords == ["LIGH": 1, "SOUN": 1])
        #expect(summary.malformedLines == 0)
        #expect(samples.count == 11)
        #expect(samples[0] == SensorSample(timeSeconds: 0.05, reading: .accelerometer(DeviceVector3(x: -1, y: 8, z: 6)), accuracy: 3))
        #expect(samples[3] == SensorSample(timeSeconds: 0.12, reading: .pressure(hectopascals: 976.2273), accuracy: 3))
        // AHRS 90°, -45°, 180° → π/2, -π/4, π; quaternion vector (0.5, 0.5, 0.5) → w = sqrt(1 - 0.75) = 0.5.
        guard case .attitude(let a) = samples[4].reading else { Issue.record("expected attitude"); return }
        #expect(abs(a.pitchRadians - Double.pi / 2) < 1e-12)
        #expect(abs(a.rollRadians + Double.pi / 4) < 1e-12)
        #expect(abs(a.yawRadians - Double.pi) < 1e-12)
        #expect(abs((a.quaternion?.w ?? 0) - 0.5) < 1e-12)
        // Power 0 means "not advertised"; MAC is upper-cased.
        #expect(
            samples[5].reading
                == .beacon(
                    BeaconObservation(
                        beacon: BeaconIdentity(uuid: "11111111-1111-BEAC-2023-111111111111", major: 1, minor: 1, mac: "BE:AC:20:23:00:01"),
                        rssiDbm: -90)))
        guard case .beacon(let second) = samples[6].reading else { Issue.record("expected beacon"); return }
        #expect(second.txPowerDbm == -59)
        #expect(samples[7].reading == .beacon(BeaconObservation(beacon: BeaconIdentity(mac: "CC:AC:20:23:00:09"), rssiDbm: -70)))
        #expect(
            samples[8].reading
                == .wifi(WifiObservation(bssid: "20:23:00:00:00:01", ssid: "SSID2023_0001", rssiDbm: -60, frequencyMHz: 2437)))
        // GNSS;0.9633;1686729678.0000;49.461269;11.111049;346.000;79.500;9.0;0.1;22;19 — bearing in degrees.
        #expect(
            samples[9]
                == SensorSample(
                    timeSeconds: 0.9633,
                    reading: .gnss(
                        GNSSFix(
                            coordinate: GeoCoordinate(latitudeDegrees: 49.461269, longitudeDegrees: 11.111049), horizontalAccuracyMeters: 9,
                            altitudeMeters: 346, bearingRadians: 79.5 * Double.pi / 180, speedMetersPerSecond: 0.1, satellitesInView: 22,
                            satellitesUsed: 19, fixTimeSeconds: 1_686_729_678))))
        #expect(
            samples[10]
                == SensorSample(
                    timeSeconds: 61.4235,
                    reading: .groundTruth(
                        GroundTruthPosition(
                            location: .geographic(GeoCoordinate(latitudeDegrees: 49.461316433032, longitudeDegrees: 11.110964442580)),
                            level: .floorNumber(-1)))))
        #expect(reader.header.device == ["manufacturer": "acme", "model": "Phone2", "os": "Android 12"])
    }

    @Test func malformedRecordsAreReported() throws {
        let text = """
            % header
            ACCE;0.1;10.0;1;2;3;3
            ACCE;0.2;10.1;1;two;3;3
            GYRO;0.3;10.2;1;2
            PRES;0.4;10.3;-5;3
            POSI;5.0;1;95.0;11.0;0;100
            ZZZZ;1;2
            hello world
            AHRS;0.5;10.4;1;2;3;0.1;0.2;nan;3
            ACCE;0.6;10.5;1;2;3;3
            """
        let (samples, issues, summary) = try TestSupport.read(text, format: .ipin, name: "t.txt")
        #expect(samples.count == 2)
        #expect(issues.map(\.line) == [3, 4, 5, 6, 8, 9])
        #expect(issues[0].description == "t.txt:3: ACCE: field 5 (y): 'two' is not a finite number")
        #expect(issues[1].message.contains("truncated"))
        #expect(issues[2].message.contains("not positive"))
        #expect(issues[3].message.contains("out of range"))
        #expect(issues[4].message.contains("no ';'"))
        #expect(issues[5].message.contains("'nan'"))
        #expect(summary.skippedRecords == ["ZZZZ": 1])
    }

    @Test func malformedSatelliteFixesAreReported() throws {
        let text = """
            % header
            GNSS;1.0;1000.0;49.46;11.11;;;;;;
            GNSS;2.0;1001.0;149.46;11.11;346;0;5;0;20;18
            GNSS;3.0;1002.0;49.46;11.11;346;0;-5;0;20;18
            GNSS;4.0;1003.0;49.46;east;346;0;5;0;20;18
            GNSS;5.0;1004.0;49.46;11.11;346;0;5;0;20;eighteen
            GNSS;6.0;1005.0;49.46
            """
        let (samples, issues, _) = try TestSupport.read(text, format: .ipin, name: "g.txt")
        // Only position is required; empty optional fields are nil.
        #expect(
            samples == [
                SensorSample(
                    timeSeconds: 1,
                    reading: .gnss(
                        GNSSFix(
                            coordinate: GeoCoordinate(latitudeDegrees: 49.46, longitudeDegrees: 11.11), fixTimeSeconds: 1000)))
            ])
        #expect(issues.map(\.line) == [3, 4, 5, 6, 7])
        #expect(issues[0].message.contains("out of range"))
        #expect(issues[1].message.contains("field 8 (accuracy): -5.0 m is negative"))
        #expect(issues[2].description == "g.txt:5: GNSS: field 5 (longitude): 'east' is not a finite number")
        #expect(issues[3].message.contains("satellites in use"))
        #expect(issues[4].message.contains("truncated"))
    }

    @Test func anILCFileHandedToTheIPINImporterIsRefused() throws {
        try TestSupport.expectRefused(
            "ilc_small.txt", as: .ipin, name: "p.txt", message: "p.txt: this looks like an ILC path file, not an IPIN logfile")
    }

    @Test func backwardsTimestampsAreCountedAndKept() throws {
        let text = "ACCE;1.0;0;1;2;3;3\nACCE;0.5;0;1;2;3;3\nACCE;2.0;0;1;2;3;3\n"
        let (samples, _, summary) = try TestSupport.read(text, format: .ipin)
        #expect(samples.map(\.timeSeconds) == [1.0, 0.5, 2.0])
        #expect(summary.timeRegressions == 1)
        #expect(summary.largestTimeRegressionSeconds == 0.5)
    }
}
