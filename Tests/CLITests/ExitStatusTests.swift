import Foundation
import Testing

/// The documented exit statuses: 0 success, 1 a file or its data, 2 not found, 64 usage error.
@Suite struct ExitStatusTests {
    let campus = "Recordings/venues/campus"

    @Test func successIsZero() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-deans-office"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CLIRunner.run(["--version"]).status == 0)
        #expect(try CLIRunner.run(["help", "route"]).status == 0)
    }

    @Test func aBadFileIsOne() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let notAVenue = dir.appendingPathComponent("venue.json")
        try Data("{ not json".utf8).write(to: notAVenue)
        for args in [
            ["route", "/nonexistent/venue", "--from", "a", "--to", "b"],
            ["venue", "inspect", notAVenue.path],
            ["venue", "graph", campus, "-o", "/nonexistent-folder/graph.geojson"],
            ["eval", "/nonexistent/walk.txt"],
        ] {
            let r = try CLIRunner.run(args)
            #expect(r.status == 1, "\(args) → \(r.status): \(r.stderr)")
            #expect(r.stderr.hasPrefix("indoornav") && !r.stderr.contains("Error Domain="), "\(args): \(r.stderr)")
        }
    }

    @Test func aMissingDataSetSaysWhereDataSetsComeFrom() throws {
        let r = try CLIRunner.run(["eval", "../no-such-data/ilc-site1"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("does not exist") && r.stderr.contains("README.md, \"Data\""), "\(r.stderr)")
    }

    @Test func notFoundIsTwo() throws {
        let route = try CLIRunner.run(["route", campus, "--from", "no-such-poi", "--to", "occ-deans-office"])
        #expect(route.status == 2, "\(route.stderr)")
        let at = try CLIRunner.run(["venue", "at", campus, "--point", "5000,4000", "--level", "lvl-a0"])
        #expect(at.status == 2, "\(at.stdout)")
        let dir = try CLIRunner.temporaryDirectory()
        let simulate = try CLIRunner.run([
            "simulate", campus, "--from", "nowhere", "--to", "occ-deans-office", "--seed", "1",
            "-o", dir.appendingPathComponent("s.jsonl").path,
        ])
        #expect(simulate.status == 2, "\(simulate.stderr)")
    }

    @Test func usageErrorsAreSixtyFour() throws {
        for args in [
            [], ["frobnicate"], ["route", campus, "--form", "a", "--to", "b"], ["route", campus, "--to", "b"],
            ["route", campus, "--from", "a", "--from", "b", "--to", "c"], ["venue"], ["venue", "inspect"],
            ["scenarios", "--seeds", "many"], ["help", "frobnicate"],
        ] {
            let r = try CLIRunner.run(args)
            #expect(r.status == 64, "\(args) → \(r.status): \(r.stderr)")
            #expect(r.stderr.hasPrefix("indoornav"), "\(args): \(r.stderr)")
        }
    }

    @Test func theHelpDocumentsTheExitStatuses() throws {
        let overview = try CLIRunner.run(["help"]).stdout
        for line in ["  0   success", "  1   a file", "  2   not found", "  64  usage error"] {
            #expect(overview.contains(line), "\(line)")
        }
        #expect(try CLIRunner.run(["route", "--help"]).stdout.contains("  2   no route"))
        #expect(try CLIRunner.run(["beacons", "audit", "--help"]).stdout.contains("  3   at least one beacon is suspect"))
    }
}
