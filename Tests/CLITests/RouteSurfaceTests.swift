import Foundation
import IndoorJSON
import Testing

/// `indoornav route` says what the library says: place suffixes, speeds, missing venues, help text,
/// direction modes (each case a defect found by using the tool as a new user).
@Suite struct RouteSurfaceTests {
    let campus = "Recordings/venues/campus"

    /// Both suffixes on a waypoint, or a stop at the origin, are refused with the HERE rule (exit 64),
    /// not looked up as a POI called `am-atm:stop=60`.
    @Test func placeSuffixesFollowTheRules() throws {
        let both = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab", "--via", "am-atm:stop=60:pass"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("cannot both pass through and have a stop duration"), "\(both.stderr)")
        let origin = try CLIRunner.run(["route", campus, "--from", "am-info:stop=5", "--to", "occ-lab"])
        #expect(origin.status == 64)
        #expect(origin.stderr.contains("origin takes no stop duration"), "\(origin.stderr)")
        let bad = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab:stop=soon"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'soon' is not a whole number"), "\(bad.stderr)")
    }

    /// `--to X:stop=30` is a destination stop: the last section waits 30 s.
    @Test func destinationStop() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab:stop=30", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.json?["sections"]?.array?.last)
        let wait = try #require(last["postActions"]?.array?.first)
        #expect(wait["durationSeconds"]?.double == 30)
        #expect(last["maneuvers"]?.array?.last?["action"]?.string == "wait")
    }

    /// Walking and vehicle speeds can both be given; a vehicle speed on foot is reported as ignored.
    @Test func walkingAndVehicleSpeeds() throws {
        let walk = try CLIRunner.run([
            "route", campus, "--from", "am-info", "--to", "occ-lab", "--speed", "1.0", "--vehicle-speed", "4", "--format", "json",
        ])
        #expect(walk.status == 0, "\(walk.stderr)")
        let codes = (walk.json?["notices"]?.array ?? []).compactMap { $0["code"]?.string }
        #expect(codes.contains("ignoredVehicleSpeed"))
        // 1.0 m/s walking: the duration is the length in seconds (within the elevator's fixed time).
        let length = try #require(walk.json?["lengthMeters"]?.double)
        let duration = try #require(walk.json?["durationSeconds"]?.double)
        #expect(duration >= length - 0.5, "\(duration) s for \(length) m")
        let slow = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab", "--vehicle-speed", "9"])
        #expect(slow.status == 64)
        #expect(slow.stderr.contains("vehicleSpeed"))
    }

    /// `--to category:restroom` routes to the nearest restroom and names it.
    @Test func nearestOfAKind() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "category:restroom"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Arrive at Restrooms"))
        let bad = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "category:"])
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("no POI or space of category ''"), "\(bad.stdout)")
    }

    /// `--alternatives N`: the JSON lists the other routes, the text prints them ranked; out of range is 64.
    @Test func alternatives() throws {
        let json = try CLIRunner.run([
            "route", campus, "--from", "am-info", "--to", "occ-deans-office", "--alternatives", "5", "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let list = try #require(json.json?["alternatives"]?.array)
        #expect(!list.isEmpty && list.count <= 4)
        let text = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-deans-office", "--alternatives", "3"])
        #expect(text.stdout.contains("alternative 2: "))
        for bad in ["0", "6", "two"] {
            #expect(try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab", "--alternatives", bad]).status == 64)
        }
    }

    /// A venue path that does not exist says so, not that a required file is missing.
    @Test func missingVenuePath() throws {
        let r = try CLIRunner.run(["route", "/nonexistent", "--from", "a", "--to", "b"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent: no such folder or archive"), "\(r.stderr)")
        #expect(!r.stderr.contains("required file is missing"))
    }

    /// The help suggests a transition type the campus has, and a connector kind given instead is
    /// reported as such.
    @Test func preferredTransitionHelpAndNotice() throws {
        let help = try CLIRunner.run(["route", "--help"])
        #expect(!help.stdout.contains("--prefer-transition elevator"))
        #expect(help.stdout.contains("--prefer-transition bridge"))
        let r = try CLIRunner.run([
            "route", campus, "--from", "am-info", "--to", "occ-deans-office", "--prefer-transition", "elevator", "--format", "json",
        ])
        let notice = (r.json?["notices"]?.array ?? []).first { $0["code"]?.string == "ignoredPreferredTransitionType" }
        let details = try #require(notice?["details"]?.string)
        #expect(details.contains("no connector of the venue has this transition type"))
        #expect(details.contains("bridge") && details.contains("staircase"))
    }

    /// `venue inspect` lists the direction modes a route may name: the built-in ones and the campus's own.
    @Test func inspectListsDirectionModes() throws {
        let text = try CLIRunner.run(["venue", "inspect", campus])
        #expect(text.stdout.contains("direction modes: default, accessible, stroller"), "\(text.stdout)")
        let json = try CLIRunner.run(["venue", "inspect", campus, "--json"])
        #expect(json.json?["directionModes"]?.array?.compactMap(\.string) == ["default", "accessible", "stroller"])
    }

    /// The README's replay example (what `make demo` runs) names the beacons the walk was simulated with.
    @Test func readmeReplayExampleHasItsBeacons() throws {
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("indoornav replay --venue Recordings/venues/campus") })
        let example = lines[start] + " " + lines[start + 1]
        #expect(example.contains("--beacons Recordings/simulated/campus-beacons.json"))
        let demo = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Tools/demo.sh"), encoding: .utf8)
        #expect(demo.contains("--beacons Recordings/simulated/campus-beacons.json"))
        // Run as written, the walk arrives (exit 0; 2 would be "did not arrive").
        let arguments = example.split(separator: "#")[0].split(separator: " ").map(String.init).filter { !$0.isEmpty && $0 != "\\" }
        let replay = try CLIRunner.run(Array(arguments.dropFirst()))
        #expect(replay.status == 0, "\(arguments): \(replay.stderr)")
    }
}
