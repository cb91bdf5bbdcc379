import Foundation
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorEvaluation
@testable import IndoorPositioning

@Suite struct ReceiverTrackDatasetTests {
    static let devices = """
        Dongles:{"b827eb4521b4": [[7.00, 7.09, 1.22], 16711680, "sensor10"], "000000000101": [[7.18, 0.68, 2.30], 16711730, "sensor11"]}
        Beacons:{"e78f135624ce": [[], 1328790, "beacon1"] }
        """

    @Test func devicesBecomeARegistryOfReceivers() throws {
        let registry = try ReceiverTrackDataset.parseDevices(Self.devices, file: "tetam.dev", txPowerDbm: -62, pathLossExponent: 2.5)
        #expect(registry.beacons.count == 2)
        let receiver = try #require(registry.beacon(mac: "B8:27:EB:45:21:B4"))
        #expect(receiver.id == "sensor10")
        #expect(receiver.position == .local(LocalPoint(x: 7.0, y: 7.09)))
        #expect(receiver.txPowerDbm == -62 && receiver.pathLossExponent == 2.5)
    }

    @Test func malformedDeviceFilesNameTheProblem() {
        #expect(throws: PositioningError.malformedInput(file: "d.dev", line: 1, message: "no 'Dongles:' line")) {
            try ReceiverTrackDataset.parseDevices("Beacons:{}", file: "d.dev", txPowerDbm: -59)
        }
        #expect(throws: PositioningError.malformedInput(file: "d.dev", line: 1, message: "'Dongles:' is not followed by an object")) {
            try ReceiverTrackDataset.parseDevices("Dongles:[1]", file: "d.dev", txPowerDbm: -59)
        }
        #expect(throws: PositioningError.self) {
            try ReceiverTrackDataset.parseDevices("Dongles:{\"nothex\": [[1, 2, 3], 1, \"s\"]}", file: "d.dev", txPowerDbm: -59)
        }
        #expect(throws: PositioningError.self) {
            try ReceiverTrackDataset.parseDevices("Dongles:{\"000000000101\": [[\"a\", 2, 3], 1, \"s\"]}", file: "d.dev", txPowerDbm: -59)
        }
        #expect(throws: PositioningError.self) { try ReceiverTrackDataset.parseDevices("Dongles:{}", file: "d.dev", txPowerDbm: -59) }
        #expect(throws: PositioningError.self) { try ReceiverTrackDataset.parseDevices("Dongles:[1]", file: "d.dev", txPowerDbm: -59) }
    }

    /// JSON errors of the `Dongles:` line name the file's line and the column on it (8 bytes of prefix + the JSON's column).
    @Test(arguments: [
        // `{"a": [[1, 2` is 12 bytes: the input ends at the JSON's column 13.
        ("x\nDongles:{\"a\": [[1, 2", 2, 21, "unexpected end of input"),
        // `{"000000000101": [[` is 19 bytes: NaN starts at the JSON's column 20.
        ("Dongles:{\"000000000101\": [[NaN, 2, 3], 1, \"s\"]}", 1, 28, "expected a value"),
        // A trailing comma is not JSON: the '}' after it is at the JSON's column 38.
        ("Dongles:{\"000000000101\": [[1, 2, 3], 1, \"s\"],}", 1, 46, "trailing comma"),
    ])
    func deviceJSONErrorsAreLocated(text: String, line: Int, column: Int, fragment: String) {
        do {
            _ = try ReceiverTrackDataset.parseDevices(text, file: "d.dev", txPowerDbm: -59)
            Issue.record("expected an error for \(text)")
        } catch {
            guard case .malformedInput(let file, let errorLine, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "d.dev" && errorLine == line)
            #expect(message.hasPrefix("'Dongles:' is not valid JSON at column \(column): "), "\(message)")
            #expect(message.contains(fragment), "\(message)")
        }
    }

    @Test func trackLinesBecomeObservationsAndTruth() throws {
        let text = """
            1581249601.50,b827eb4521b4,e78f135624ce,-77,18.0,8.0,1.8,0.06,0,-0.99,0.99,0.01,0.06,0.01,-1,0
            1581249601.00,000000000101,e78f135624ce,-85,17.0,8.0,1.8

            1581249602.00,b827eb4521b4,e78f135624ce,-80,19.0,8.0,1.8
            """
        let track = try ReceiverTrackDataset.parseTrack(text, file: "t.mbd")
        #expect(track.startEpochSeconds == 1581249601.00)
        #expect(track.samples.count == 3)
        #expect(track.samples.map(\.timeSeconds) == [0, 0.5, 1])
        guard case .beacon(let first) = track.samples[0].reading else { Issue.record("expected a beacon reading"); return }
        #expect(first.beacon.mac == "00:00:00:00:01:01" && first.rssiDbm == -85)
        #expect(track.truth.position(atSeconds: 0.75) == LocalPoint(x: 18.5, y: 8))
    }

    @Test func malformedTrackLinesThrowWithTheirLineNumber() {
        #expect(
            throws: PositioningError.malformedInput(file: "t.mbd", line: 2, message: "expected at least 7 comma-separated fields, found 3")
        ) {
            try ReceiverTrackDataset.parseTrack("1,b827eb4521b4,x,-70,1,2,3\n1,2,3", file: "t.mbd")
        }
        #expect(throws: PositioningError.malformedInput(file: "t.mbd", line: 1, message: "RSSI 'NaNx' is not a number")) {
            try ReceiverTrackDataset.parseTrack("1,b827eb4521b4,x,NaNx,1,2,3", file: "t.mbd")
        }
        #expect(throws: PositioningError.self) { try ReceiverTrackDataset.parseTrack("nan,b827eb4521b4,x,-70,1,2,3", file: "t.mbd") }
        #expect(throws: PositioningError.self) { try ReceiverTrackDataset.parseTrack("1,zz,x,-70,1,2,3", file: "t.mbd") }
        #expect(throws: PositioningError.self) { try ReceiverTrackDataset.parseTrack("1,b827eb4521b4,x,-70,inf,2,3", file: "t.mbd") }
        #expect(throws: PositioningError.malformedInput(file: "t.mbd", line: 1, message: "the track is empty")) {
            try ReceiverTrackDataset.parseTrack("\n\n", file: "t.mbd")
        }
    }
}
