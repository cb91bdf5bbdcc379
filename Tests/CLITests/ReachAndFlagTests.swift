import Foundation
import Testing
import IndoorJSON

/// `indoornav bench reach` and the route flags that must add up or be given once.
@Suite struct ReachAndFlagTests {
    let campus = "Recordings/venues/campus"

    @Test func benchReachReportsPairsAndUnreachableUnits() throws {
        let r = try CLIRunner.run(["bench", "reach", "Tests/VenueTests/Fixtures/messy-tall-stair", "--pairs", "40", "--seed", "3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(r.json)
        #expect(json["pairs"]?.double == 40)
        #expect(json["routable"]?.double == 40)
        #expect(json["routableFraction"]?.double == 1)
        #expect(json["unreachableUnits"]?.array?.isEmpty == true)
        // Ground floor and top floor: corridor, rooms and stairs (10 each); mezzanine: gallery, stair, reading room.
        #expect(json["unitsWithOpenings"]?.double == 23)
        let bad = try CLIRunner.run(["bench", "reach", campus, "--scope", "planet"])
        #expect(bad.status == 1 && bad.stderr.contains("--scope"))
    }

    @Test func repeatedAvoidFlagsAddUp() throws {
        let base = ["route", campus, "--from", "am-info", "--to", "occ-deans-office", "--format", "json"]
        let both = try CLIRunner.run(base + ["--avoid", "stairs,escalator"])
        let repeated = try CLIRunner.run(base + ["--avoid", "stairs", "--avoid", "escalator"])
        #expect(both.status == 0 && repeated.status == 0, "\(repeated.stderr)")
        #expect(both.stdout == repeated.stdout)
        let kinds = (repeated.json?["sections"]?.array ?? []).flatMap { $0["maneuvers"]?.array ?? [] }
            .compactMap { $0["levelChange"]?["connector"]?.string }
        #expect(!kinds.isEmpty && !kinds.contains("stairs") && !kinds.contains("escalator"))
    }

    @Test func aRepeatedSingleValueFlagIsAnError() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "am-info", "--to", "occ-lab", "--mode", "accessible", "--mode", "default"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("--mode given 2 times"))
    }

    @Test func coordinateErrorsNameTheProblem() throws {
        let r = try CLIRunner.run(["route", campus, "--from", "nan,1@lvl-a0", "--to", "occ-lab"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("--from") && r.stderr.contains("not a finite number"), "\(r.stderr)")
    }
}
