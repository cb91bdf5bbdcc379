import Foundation
import IndoorJSON
import IndoorVenue
import Testing

/// The service says what the CLI and the library say, on the campus (each case a defect found by
/// using the service as a new user).
@Suite struct SurfaceTruthTests {
    static let campus = VenueModeTests.campus

    func fixture() throws -> ServiceFixture { try ServiceFixture(venues: [try VenueLoader.load(path: Self.campus)]) }

    /// Level "1" is the ordinal of both lvl-a1 and lvl-b1: the service names the candidates, as the CLI
    /// does, instead of saying there is no such level.
    @Test func ambiguousLevelListsItsCandidates() throws {
        let f = try fixture()
        let fix = #"{"x":10,"y":10,"level":"1","accuracyMeters":2,"timeSeconds":0}"#
        let r = try f.client.request("POST", "/sessions", body: "{\"venue\":\"campus\",\"destination\":\"am-atm\",\"location\":\(fix)}")
        #expect(r.status == 422)
        let error = try f.json(r)["error"]
        #expect(error?["field"]?.string == "location.level")
        let message = error?["message"]?.string ?? error?["reason"]?.string ?? r.text
        #expect(message.contains("ambiguous") && message.contains("lvl-a1") && message.contains("lvl-b1"), "\(r.text)")
        let destination = try f.client.request(
            "POST", "/sessions", body: #"{"venue":"campus","destination":{"x":10,"y":10,"level":"1"}}"#)
        #expect(destination.status == 422)
        #expect(destination.text.contains("ambiguous"), "\(destination.text)")
    }

    /// A start that matches nothing is blamed on the location, not on the destination.
    @Test func unmatchedStartIsTheLocationsFault() throws {
        let f = try fixture()
        let fix = #"{"x":500,"y":500,"level":"lvl-a0","accuracyMeters":2,"timeSeconds":0}"#
        let r = try f.client.request("POST", "/sessions", body: "{\"venue\":\"campus\",\"destination\":\"am-atm\",\"location\":\(fix)}")
        #expect(r.status == 422)
        let error = try f.json(r)["error"]
        #expect(error?["field"]?.string == "location", "\(r.text)")
        #expect(r.text.contains("start location matches no place") && r.text.contains("no navigation graph edge within"), "\(r.text)")
    }

    /// `/pois?q=` finds ids and external ids; every entry carries its external ids.
    @Test func poiSearchMatchesIdsAndExternalIDs() throws {
        let f = try fixture()
        let atm = try f.json(try f.client.request("GET", "/venues/campus/pois?q=ATM-01"))
        #expect(atm["pois"]?.array?.first?["id"]?.string == "am-atm", "\(atm)")
        #expect(atm["pois"]?.array?.first?["externalIds"]?.array?.compactMap(\.string) == ["ATM-01"])
        let lab = try f.json(try f.client.request("GET", "/venues/campus/pois?q=occ-lab"))
        #expect(lab["pois"]?.array?.first?["id"]?.string == "occ-lab")
        let cafeteria = try f.json(try f.client.request("GET", "/venues/campus/pois?q=sap-4711"))
        #expect(cafeteria["pois"]?.array?.first?["id"]?.string == "occ-cafeteria")
        let all = try f.json(try f.client.request("GET", "/venues/campus/pois"))
        #expect((all["pois"]?.array ?? []).allSatisfy { $0["externalIds"]?.array != nil })
    }

    /// `/venues` lists the direction modes a request may name, and each level's floor number and building.
    @Test func venuesListModesAndLevelContext() throws {
        let f = try fixture()
        let venue = try #require(try f.json(try f.client.request("GET", "/venues"))["venues"]?.array?.first)
        let modes = (venue["modes"]?.array ?? []).compactMap { $0["name"]?.string }
        #expect(modes == ["default", "accessible", "stroller"])
        let stroller = try #require(venue["modes"]?.array?.first { $0["name"]?.string == "stroller" })
        #expect(stroller["avoidsConnectors"]?.array?.compactMap(\.string) == ["escalator", "stairs"])
        #expect(stroller["walkingSpeedMetersPerSecond"]?.double == 1.0)
        let b1 = try #require(venue["levels"]?.array?.first { $0["id"]?.string == "lvl-b1" })
        #expect(b1["building"]?.string == "bldg-library")
        #expect(b1["floorNumber"] != nil)
    }

    /// Legs' steps say where they start and end and which connector a level change takes.
    @Test func legStepsCarryLevelsAndConnector() throws {
        let f = try fixture()
        let r = try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-deans-office"}"#)
        #expect(r.status == 200)
        let steps = (try f.json(r)["legs"]?.array ?? []).flatMap { $0["steps"]?.array ?? [] }
        let change = try #require(steps.first { $0["action"]?.string == "levelChange" })
        #expect(change["startLevel"]?.string == "lvl-a0")
        #expect(change["endLevel"]?.string == "lvl-a2")
        #expect(change["connector"]?.string == "stairs")
        let depart = try #require(steps.first)
        #expect(depart["startLevel"]?.string == "lvl-a0" && depart["endLevel"]?.string == "lvl-a0")
        #expect(depart["connector"]?.isNull == true)
    }

    /// Place suffixes in the string form, and both speeds, as on the command line.
    @Test func placeSuffixesAndSpeeds() throws {
        let f = try fixture()
        let both = try f.client.request(
            "POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-lab","via":["am-atm:stop=60:pass"]}"#)
        #expect(both.status == 422)
        #expect(both.text.contains("cannot both pass through and have a stop duration"))
        let origin = try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info:stop=5","to":"occ-lab"}"#)
        #expect(origin.status == 422)
        #expect(try f.json(origin)["error"]?["field"]?.string == "from")
        let stop = try f.client.request("POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-lab:stop=30"}"#)
        #expect(stop.status == 200, "\(stop.text)")
        #expect(try f.json(stop)["sections"]?.array?.last?["postActions"]?.array?.first?["durationSeconds"]?.double == 30)
        let speeds = try f.client.request(
            "POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-lab","speed":1.0,"vehicleSpeed":4}"#)
        #expect(speeds.status == 200)
        #expect((try f.json(speeds)["notices"]?.array ?? []).contains { $0["code"]?.string == "ignoredVehicleSpeed" })
        let badVehicle = try f.client.request(
            "POST", "/venues/campus/routes", body: #"{"from":"am-info","to":"occ-lab","vehicleSpeed":"fast"}"#)
        #expect(badVehicle.status == 400 || badVehicle.status == 422)
    }
}
