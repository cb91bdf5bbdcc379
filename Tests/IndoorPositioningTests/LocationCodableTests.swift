import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorRecordings
import Testing

@testable import IndoorPositioning

/// Locations and radio maps survive `JSONEncoder`/`JSONDecoder` with the keys written down here.
@Suite struct LocationCodableTests {
    static func members(_ data: Data) throws -> [String: JSONValue] {
        try #require(try JSONParser().parse(data).value.object)
    }

    @Test func locationRoundTripsWithStableKeys() throws {
        let location = IndoorLocation(
            point: LocalPoint(x: 12.25, y: -3.5), coordinate: GeoCoordinate(latitudeDegrees: 52.52, longitudeDegrees: 13.4),
            levelID: "L2", floorNumber: 2, levelProbability: 0.875, covariance: Covariance2D(xx: 4, xy: 0.5, yy: 2.25),
            headingRadians: 1.25, headingAccuracyRadians: 0.125, timeSeconds: 101.5, source: "fusion")
        let data = try JSONEncoder().encode(location)
        #expect(try JSONDecoder().decode(IndoorLocation.self, from: data) == location)
        let members = try Self.members(data)
        #expect(
            Set(members.keys) == [
                "point", "coordinate", "levelID", "floorNumber", "levelProbability", "covariance", "headingRadians",
                "headingAccuracyRadians", "timeSeconds", "source",
            ])
        #expect(members["point"] == ["x": 12.25, "y": -3.5])
        #expect(members["coordinate"] == ["latitudeDegrees": 52.52, "longitudeDegrees": 13.4])
        #expect(members["covariance"] == ["xx": 4, "xy": 0.5, "yy": 2.25])
        #expect(members["timeSeconds"] == 101.5)
    }

    @Test func locationWithoutOptionalsLeavesThemOut() throws {
        let location = IndoorLocation(point: LocalPoint(x: 1, y: 2), levelID: nil, accuracyMeters: 3, timeSeconds: 0, source: "manual")
        let data = try JSONEncoder().encode(location)
        #expect(try JSONDecoder().decode(IndoorLocation.self, from: data) == location)
        #expect(Set(try Self.members(data).keys) == ["point", "levelProbability", "covariance", "timeSeconds", "source"])
    }

    /// A radio map's `Codable` form is its file format (positions in cm, times in ms, dBm in tenths).
    @Test func radioMapEncodesAsItsFileFormat() throws {
        let map = RadioMap(
            frameReference: GeoCoordinate(latitudeDegrees: 47.5, longitudeDegrees: 8.25),
            transmitters: ["wifi:aa:bb:cc:00:00:01", "beacon:f7826da6-4fa2-4e98-8024-bc5b71e0893e:1:2"],
            levels: [.levelId("L1"), .floorName("B1"), .floorNumber(2)], walks: ["walk-a.txt", "walk-b.txt"],
            fingerprints: [
                RadioMap.Fingerprint(
                    point: LocalPoint(x: 1.25, y: 2.5), levelIndex: 0, walkIndex: 1, timeSeconds: 3.125,
                    readings: [RadioMap.Reading(transmitter: 1, rssiDbm: -70.5), RadioMap.Reading(transmitter: 0, rssiDbm: -50)]),
                RadioMap.Fingerprint(point: LocalPoint(x: -4, y: 0), levelIndex: nil, walkIndex: 0, timeSeconds: 9, readings: []),
            ])
        let data = try JSONEncoder().encode(map)
        #expect(try JSONDecoder().decode(RadioMap.self, from: data) == map)
        let members = try Self.members(data)
        #expect(
            Set(members.keys) == [
                "format", "version", "frameReference", "transmitters", "levels", "walks", "fingerprints", "strideRatios",
                "walkLegs",
            ])
        #expect(members["format"] == "indoornav-radio-map")
        #expect(members["version"] == 1)
        #expect(members["frameReference"] == ["latitude": 47.5, "longitude": 8.25])
        #expect(members["levels"] == [["levelId": "L1"], ["floorName": "B1"], ["floorNumber": 2]])
        #expect(
            members["fingerprints"]?.array?.first == [
                "x": 1.25, "y": 2.5, "level": 0, "walk": 1, "t": 3.125, "tx": [0, 1], "rssi": [-50, -70.5],
            ])
        // The same bytes load as a radio map file.
        #expect(try RadioMap.decode(JSONParser().parse(data).value, file: "m.json") == map)
    }

    @Test func malformedRadioMapIsADecodingErrorNamingTheField() throws {
        let text =
            #"{"format":"indoornav-radio-map","version":1,"frameReference":null,"transmitters":["wifi:a"],"levels":[],"walks":["w"],"fingerprints":[{"x":0,"y":0,"level":null,"walk":0,"t":0,"tx":[3],"rssi":[-60]}]}"#
        do {
            _ = try JSONDecoder().decode(RadioMap.self, from: Data(text.utf8))
            Issue.record("decoded a fingerprint that names transmitter 3 of 1")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("fingerprints[0].tx[0]"))
        }
    }
}
