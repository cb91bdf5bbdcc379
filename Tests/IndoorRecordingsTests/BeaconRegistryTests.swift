import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

@Suite struct BeaconRegistryTests {
    static let json = """
        {"format":"indoornav-beacons","version":1,"beacons":[
          {"id":"A","uuid":"9195b3ad-a9d0-4500-85ff-9fb0f65a5201","major":1,"minor":2,"position":{"x":3,"y":4},"level":"L1","txPowerDbm":-59,"pathLossExponent":2.2},
          {"id":"B","mac":"be:ac:20:23:00:02","position":{"lat":49.46,"lon":11.11},"floorNumber":-2,"txPowerDbm":-61}
        ]}
        """

    @Test func loadsAndLooksUp() throws {
        let registry = try BeaconRegistry.parse(Array(Self.json.utf8), file: "b.json")
        #expect(registry.beacons.count == 2)
        let a = try #require(registry.beacon(uuid: "9195B3AD-A9D0-4500-85FF-9FB0F65A5201", major: 1, minor: 2))
        #expect(a.id == "A" && a.position == .local(LocalPoint(x: 3, y: 4)) && a.level == .levelId("L1") && a.pathLossExponent == 2.2)
        #expect(registry.beacon(uuid: "9195b3ad-a9d0-4500-85ff-9fb0f65a5201", major: 1, minor: 3) == nil)
        let b = try #require(registry.beacon(mac: "BE:AC:20:23:00:02"))
        #expect(b.id == "B" && b.level == .floorNumber(-2) && b.txPowerDbm == -61)
        #expect(
            registry.beacon(
                for: BeaconIdentity(uuid: "11111111-1111-1111-1111-111111111111", major: 0, minor: 0, mac: "be:ac:20:23:00:02"))?.id == "B")
        // The written form loads back to the same registry.
        let again = try BeaconRegistry.parse(Array(registry.json.serialized().utf8), file: "again.json")
        #expect(again == registry)
    }

    @Test func beaconsSharingMajorAndMinorAreToldApartByTheirUUID() throws {
        // The lookup hashes major, minor and the UUID's length only: same-length UUIDs collide and must
        // still resolve by the whole UUID.
        let text = """
            {"format":"indoornav-beacons","version":1,"beacons":[
              {"id":"A","uuid":"9195B3AD-A9D0-4500-85FF-9FB0F65A5201","major":7,"minor":9,"position":{"x":0,"y":0},"level":"L1","txPowerDbm":-59},
              {"id":"B","uuid":"9195B3AD-A9D0-4500-85FF-9FB0F65A5202","major":7,"minor":9,"position":{"x":5,"y":0},"level":"L1","txPowerDbm":-59}
            ]}
            """
        let registry = try BeaconRegistry.parse(Array(text.utf8), file: "same-numbers.json")
        #expect(registry.beacon(uuid: "9195B3AD-A9D0-4500-85FF-9FB0F65A5201", major: 7, minor: 9)?.id == "A")
        #expect(registry.beacon(uuid: "9195b3ad-a9d0-4500-85ff-9fb0f65a5202", major: 7, minor: 9)?.id == "B")
        #expect(registry.beacon(uuid: "9195B3AD-A9D0-4500-85FF-9FB0F65A5203", major: 7, minor: 9) == nil)
        #expect(registry.index(for: BeaconIdentity(uuid: "9195B3AD-A9D0-4500-85FF-9FB0F65A5202", major: 7, minor: 9)) == 1)
        // The same UUID, major and minor twice is still refused.
        let twice = text.replacingOccurrences(of: "5A5202", with: "5A5201")
        #expect(throws: RecordingError.self) { try BeaconRegistry.parse(Array(twice.utf8), file: "twice.json") }
    }

    @Test func identitiesStayUpperCaseWhenChanged() throws {
        let registry = try BeaconRegistry.parse(Array(Self.json.utf8), file: "b.json")
        var identity = BeaconIdentity(mac: "00:00:00:00:00:00")
        identity.mac = "be:ac:20:23:00:02"
        #expect(identity.mac == "BE:AC:20:23:00:02")
        #expect(registry.index(for: identity) == 1)
        identity.uuid = "9195b3ad-a9d0-4500-85ff-9fb0f65a5201"
        identity.major = 1
        identity.minor = 2
        #expect(identity.uuid == "9195B3AD-A9D0-4500-85FF-9FB0F65A5201")
        #expect(registry.index(for: identity) == 0)
        identity.uuid = nil
        #expect(identity.uuid == nil && registry.index(for: identity) == 1)
    }

    @Test func badEntriesGetTypedErrors() {
        func error(_ beacons: String) -> String {
            do { _ = try BeaconRegistry.parse(Array("[\(beacons)]".utf8), file: "f.json"); return "no error" } catch { return "\(error)" }
        }
        let ok = #""position":{"x":1,"y":2},"level":"L","txPowerDbm":-59"#
        #expect(error(#"{"id":"A",\#(ok)}"#) == "f.json: beacon A: needs a 'mac' or a 'uuid' (with major and minor)")
        #expect(error(#"{"id":"A","mac":"zz",\#(ok)}"#).contains("beacon A: mac: 'ZZ' is not a MAC"))
        #expect(
            error(#"{"id":"A","mac":"AA:BB:CC:DD:EE:FF",\#(ok)},{"id":"B","mac":"aa:bb:cc:dd:ee:ff",\#(ok)}"#).contains(
                "also used by beacon A"))
        #expect(error(#"{"id":"A","mac":"AA:BB:CC:DD:EE:FF",\#(ok)},{"id":"A","mac":"AA:BB:CC:DD:EE:00",\#(ok)}"#).contains("duplicate id"))
        #expect(error(#"{"id":"A","uuid":"not-a-uuid","major":1,"minor":1,\#(ok)}"#).contains("is not a UUID"))
        #expect(error(#"{"id":"A","uuid":"9195b3ad-a9d0-4500-85ff-9fb0f65a5201","major":70000,"minor":1,\#(ok)}"#).contains("major"))
        #expect(error(#"{"id":"A","mac":"AA:BB:CC:DD:EE:FF","position":{"x":1,"y":2},"txPowerDbm":-59}"#).contains("level: missing"))
        #expect(error(#"{"id":"A","mac":"AA:BB:CC:DD:EE:FF","position":{"x":1,"y":2},"level":"L","txPowerDbm":99}"#).contains("txPowerDbm"))
        #expect(
            error(#"{"id":"A","mac":"AA:BB:CC:DD:EE:FF","position":{"x":"1","y":2},"level":"L","txPowerDbm":-59}"#).contains("position.x"))
        #expect(
            error(#"{"id":"A","mac":"AA:BB:CC:DD:EE:FF","position":{"lat":91,"lon":2},"level":"L","txPowerDbm":-59}"#).contains(
                "out of range"))
        #expect(error(#"{"mac":"AA:BB:CC:DD:EE:FF",\#(ok)}"#).contains("id: missing"))
        #expect(error(#""just a string""#).contains("expected an object"))
        #expect(throws: RecordingError.self) { try BeaconRegistry.parse(Array("{\"beacons\":[".utf8), file: "t.json") }
        #expect(throws: RecordingError.self) {
            try BeaconRegistry.parse(Array("{\"format\":\"other\",\"beacons\":[]}".utf8), file: "t.json")
        }
        #expect(throws: RecordingError.self) { try BeaconRegistry.load(path: "/nonexistent/beacons.json") }
    }

    @Test func importsTheIPINLocationsCSV() throws {
        let csv = "bleID,Lat,Lon,floor\r\n\"BLE1\",49.46129,11.11120,00\r\n\"BLE12\",49.46108,11.11133,-2\r\n"
        let registry = try BeaconRegistry.parseIPINLocations(csv, file: "BLE_Locations.csv", txPowerDbm: -60)
        #expect(registry.beacons.count == 2)
        let b1 = try #require(registry.beacon(mac: "BE:AC:20:23:00:01"))
        #expect(b1.id == "BLE1" && b1.level == .floorNumber(0) && b1.txPowerDbm == -60)
        #expect(b1.position == .geographic(GeoCoordinate(latitudeDegrees: 49.46129, longitudeDegrees: 11.11120)))
        // BLE12 → MAC suffix 0C (hex), minor 12.
        #expect(registry.beacon(mac: "BE:AC:20:23:00:0C")?.id == "BLE12")
        #expect(registry.beacon(uuid: BeaconRegistry.ipin2023UUID, major: 1, minor: 12)?.id == "BLE12")

        #expect(throws: RecordingError.self) { try BeaconRegistry.parseIPINLocations("", file: "e.csv") }
        #expect(throws: RecordingError.self) { try BeaconRegistry.parseIPINLocations("id,x\n", file: "h.csv") }
        #expect(throws: RecordingError.beaconRegistry(file: "n.csv", entry: "line 2", field: "Lat", message: "'north' is not a number")) {
            try BeaconRegistry.parseIPINLocations("bleID,Lat,Lon,floor\n\"BLE1\",north,11,0\n", file: "n.csv")
        }
        #expect(throws: RecordingError.self) { try BeaconRegistry.parseIPINLocations("bleID,Lat,Lon,floor\n\"X1\",1,1,0\n", file: "x.csv") }
        #expect(throws: RecordingError.self) { try BeaconRegistry.parseIPINLocations("bleID,Lat,Lon,floor\n\"BLE1\",1,1\n", file: "x.csv") }
    }

    @Test(.enabled(if: TestSupport.hasSharedData)) func importsTheRealIPINLocations() throws {
        let path = TestSupport.sharedData.appendingPathComponent("ipin2023-t3/BLE_Locations.csv").path
        let registry = try BeaconRegistry.importIPINLocations(path: path)
        #expect(registry.beacons.map(\.id) == ["BLE1", "BLE2", "BLE3", "BLE4", "BLE5", "BLE6"])
        #expect(registry.beacon(mac: "BE:AC:20:23:00:03")?.level == .floorNumber(-2))
        #expect(registry.beacon(mac: "BE:AC:20:23:00:01")?.level == .floorNumber(0))
    }
}
