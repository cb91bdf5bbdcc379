import Foundation
import IndoorJSON
import Testing

@Suite struct RouteCommandTests {
    let campus = "Recordings/venues/campus"

    @Test func badInputExitsWithTheReason() throws {
        let cases: [([String], String)] = [
            (["route", campus, "--to", "x"], "--from"),
            (["route", campus, "--from", "x"], "--to"),
            (["route", campus, "--from", "x", "--to", "y", "--speed", "fast"], "--speed"),
            (["route", campus, "--from", "x", "--to", "y", "--speed", "9"], "walkingSpeed"),
            (["route", campus, "--from", "x", "--to", "y", "--transport", "car", "--speed", "1"], "vehicleSpeed"),
            (["route", campus, "--from", "x", "--to", "y", "--avoid", "stairs,teleporter"], "teleporter"),
            (["route", campus, "--from", "x", "--to", "y", "--optimize", "prettiest"], "--optimize"),
            (["route", campus, "--from", "x", "--to", "y", "--via", "z:stop=0"], "stopDuration"),
            (
                [
                    "route", campus, "--from", "x", "--to", "y", "--via", "a", "--via", "b", "--via", "c", "--via", "d", "--via", "e",
                    "--via", "f",
                ], "waypoints"
            ),
            (["route", campus, "--from", "geo:91,0@0", "--to", "y"], "--from"),
            (["route", campus, "--from", "x", "--to", "y", "--format", "pdf"], "--format"),
            (["route", "/nonexistent", "--from", "x", "--to", "y"], "/nonexistent"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            // Bad flag values are usage errors (64); a venue that cannot be read is a failure (1).
            let expected: Int32 = fragment == "/nonexistent" ? 1 : 64
            #expect(r.status == expected, "\(args) → \(r.status) \(r.stdout)")
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

    /// `--closed ID` (repeatable) keeps the route out of connectors; an unknown id is bad input.
    @Test func closedConnectorsAreAvoided() throws {
        func connectors(_ extra: [String]) throws -> [String] {
            let r = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-staff-lounge", "--format", "json"] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            let sections = try #require(r.json?["sections"]?.array)
            return sections.flatMap { $0["maneuvers"]?.array ?? [] }.compactMap { $0["levelChange"]?["connectorId"]?.string }
        }
        #expect(try connectors([]).contains("rel-escalator-up"))
        #expect(try !connectors(["--closed", "rel-escalator-up"]).contains("rel-escalator-up"))
        let both = try connectors(["--closed", "rel-escalator-up", "--closed", "rel-bridge"])
        #expect(!both.contains("rel-escalator-up") && !both.contains("rel-bridge"))
        let bad = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-staff-lounge", "--closed", "no-such-door"])
        #expect(bad.status == 64)  // an id the venue does not have: a bad flag value
        #expect(bad.stderr.contains("'no-such-door'"))
    }
}
