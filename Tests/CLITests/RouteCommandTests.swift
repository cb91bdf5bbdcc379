import Foundation
import Testing
import IndoorJSON

@Suite struct RouteCommandTests {
    let campus = "Recordings/venues/campus"

    @Test func badInputExitsOneWithTheReason() throws {
        let cases: [([String], String)] = [
            (["route", campus, "--to", "x"], "--from"),
            (["route", campus, "--from", "x"], "--to"),
            (["route", campus, "--from", "x", "--to", "y", "--speed", "fast"], "--speed"),
            (["route", campus, "--from", "x", "--to", "y", "--speed", "9"], "walkingSpeed"),
            (["route", campus, "--from", "x", "--to", "y", "--transport", "car", "--speed", "1"], "vehicleSpeed"),
            (["route", campus, "--from", "x", "--to", "y", "--avoid", "stairs,teleporter"], "teleporter"),
            (["route", campus, "--from", "x", "--to", "y", "--optimize", "prettiest"], "--optimize"),
            (["route", campus, "--from", "x", "--to", "y", "--via", "z:stop=0"], "stopDuration"),
            (["route", campus, "--from", "x", "--to", "y", "--via", "a", "--via", "b", "--via", "c", "--via", "d", "--via", "e", "--via", "f"], "waypoints"),
            (["route", campus, "--from", "geo:91,0@0", "--to", "y"], "--from"),
            (["route", campus, "--from", "x", "--to", "y", "--format", "pdf"], "--format"),
            (["route", "/nonexistent", "--from", "x", "--to", "y"], "/nonexistent"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            #expect(r.status == 1, "\(args) → \(r.status) \(r.stdout)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
    }

    @Test func unknownPlaceExitsTwoWithACriticalNotice() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "no-such-poi", "--to", "also-not", "--format", "json"])
        #expect(r.status == 2)
        let json = try #require(r.json)
        #expect(json["route"] == .null)
        #expect(json["notices"]?.array?.first?["code"] == "couldNotMatchOrigin")
        #expect(json["notices"]?.array?.first?["severity"] == "CRITICAL")
    }
}
