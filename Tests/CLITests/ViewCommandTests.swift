import BrowserHarness
import Foundation
import IndoorJSON
import Testing

/// `indoornav view`: the page it writes, its bad inputs, and the page in headless Chromium.
@Suite struct ViewCommandTests {
    static let venue = "Recordings/venues/campus"

    /// A route file from `indoornav route --format json` in `dir`.
    static func routeFile(in dir: URL) throws -> String {
        let route = try CLIRunner.run(["route", venue, "--from", "am-info", "--to", "occ-staff-lounge", "--format", "json"])
        let path = dir.appendingPathComponent("route.json").path
        try Data(route.stdout.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func writesOneSelfContainedPage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("view.html").path
        let r = try CLIRunner.run(["view", Self.venue, "--route", try Self.routeFile(in: dir), "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg id=\"map\""))
        #expect(html.components(separatedBy: "class=\"level\"").count - 1 == 5, "one group per level")
        // Nothing is fetched: no external scripts, styles, images or fonts.
        #expect(!html.contains("<script src"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("url(http"))
        #expect(!html.contains("src=\"http"))
    }

    @Test func badInputsAreUsageErrors() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("v.html").path
        let noOutput = try CLIRunner.run(["view", Self.venue])
        #expect(noOutput.status == 64)
        #expect(noOutput.stderr.contains("-o"))
        let missing = try CLIRunner.run(["view", Self.venue, "--route", dir.appendingPathComponent("none.json").path, "-o", out])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read"))
        let malformed = dir.appendingPathComponent("bad.json")
        try Data("{\"sections\": [\n  {\"polyline\": [1,}\n".utf8).write(to: malformed)
        let bad = try CLIRunner.run(["view", Self.venue, "--route", malformed.path, "-o", out])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("line 2"), "\(bad.stderr)")
        let wrongLevel = dir.appendingPathComponent("level.json")
        try Data(#"{"sections":[{"polyline":[{"x":1,"y":2,"level":"L9"},{"x":3,"y":2,"level":"L9"}]}]}"#.utf8).write(to: wrongLevel)
        let level = try CLIRunner.run(["view", Self.venue, "--route", wrongLevel.path, "-o", out])
        #expect(level.status == 1)
        #expect(level.stderr.contains("sections[0].polyline[0].level"), "\(level.stderr)")
        #expect(level.stderr.contains("L9"))
        let noRoute = dir.appendingPathComponent("none-route.json")
        try Data(#"{"route":null,"notices":[{"code":"noRouteFound","severity":"CRITICAL","title":"No route found"}]}"#.utf8).write(
            to: noRoute)
        let none = try CLIRunner.run(["view", Self.venue, "--route", noRoute.path, "-o", out])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no route"), "\(none.stderr)")
        let toAlone = try CLIRunner.run(["view", Self.venue, "--to", "occ-deans-office", "-o", out])
        #expect(toAlone.status == 64)
        #expect(toAlone.stderr.contains("--replay"))
        let replayAlone = try CLIRunner.run(["view", Self.venue, "--replay", "Recordings/simulated/campus-deviation.jsonl", "-o", out])
        #expect(replayAlone.status == 64)
        #expect(replayAlone.stderr.contains("--to"))
        let both = try CLIRunner.run(["view", Self.venue, "--replay", "a.jsonl", "--to", "x", "--eval", "b.jsonl", "-o", out])
        #expect(both.status == 64)
        #expect(both.stderr.contains("exclude"))
        let beaconsAlone = try CLIRunner.run(["view", Self.venue, "--beacons", "Recordings/simulated/campus-beacons.json", "-o", out])
        #expect(beaconsAlone.status == 64)
        #expect(beaconsAlone.stderr.contains("--beacons"))
        let unknownFlag = try CLIRunner.run(["view", Self.venue, "--colour", "red", "-o", out])
        #expect(unknownFlag.status == 64)
        #expect(!FileManager.default.fileExists(atPath: out), "no page is written on an error")
    }

    @Test func evalTracksGoIntoThePage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("eval.html").path
        let r = try CLIRunner.run([
            "view", Self.venue, "--eval", "Recordings/simulated/campus-info-to-deans-office.jsonl",
            "--beacons", "Recordings/simulated/campus-beacons.json", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        for kind in ["truth", "fused", "deadReckoning", "beaconFixes"] { #expect(html.contains("\"kind\":\"\(kind)\""), "\(kind)") }
        #expect(!html.contains("\"kind\":\"satelliteFixes\""), "the simulated walk has no satellite fixes")
    }

    @Test(.enabled(if: HeadlessChromium.find() != nil, Comment(rawValue: HeadlessChromium.missingReason)))
    func pageWorksInABrowser() throws {
        let browser = try #require(HeadlessChromium.find())
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("view.html").path
        let r = try CLIRunner.run([
            "view", Self.venue, "--route", try Self.routeFile(in: dir),
            "--replay", "Recordings/simulated/campus-info-to-deans-office.jsonl", "--to", "occ-deans-office",
            "--beacons", "Recordings/simulated/campus-beacons.json", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let url = URL(fileURLWithPath: out).absoluteString
        let start = try browser.load(url + "#t=0")
        let body = start.bodyAttributes
        #expect(body["data-status"] == "ready", "\(String(describing: body))")
        #expect(body["data-errors"] == "0")
        #expect(start.consoleErrors.isEmpty, "\(String(describing: start.consoleErrors))")
        #expect(Int(body["data-routes"] ?? "0") ?? 0 >= 2, "the route file and the replay's route")
        #expect(HeadlessChromium.elements("polyline", containing: "track truth", in: start.dom).count >= 1)
        #expect(HeadlessChromium.elements("polyline", containing: "track fused", in: start.dom).count >= 1)
        // The dot moves with the time slider, and the events up to that time are listed.
        let end = try browser.load(url + "#t=1000")
        func dot(_ page: HeadlessChromium.Page) -> (Double, Double)? {
            guard let d = HeadlessChromium.elements("circle", containing: "user-dot", in: page.dom).first,
                let x = d["data-x"].flatMap(Double.init), let y = d["data-y"].flatMap(Double.init)
            else { return nil }
            return (x, y)
        }
        let a = try #require(dot(start)), b = try #require(dot(end))
        #expect(hypot(a.0 - b.0, a.1 - b.1) > 10, "dot at the start \(String(describing: a)), at the end \(String(describing: b))")
        #expect(start.dom.components(separatedBy: "<li").count < end.dom.components(separatedBy: "<li").count, "more events by the end")
        // The arrival is marked on the map where the user was.
        #expect(!HeadlessChromium.elements("g", containing: "event arrival", in: end.dom).isEmpty)
        // Switching level changes what is drawn.
        let levels = HeadlessChromium.elements("button", containing: "data-level", in: start.dom).compactMap { $0["data-level"] }
        let other = try #require(levels.first { $0 != body["data-level"] })
        let switched = try browser.load(url + "#level=\(other)")
        #expect(switched.bodyAttributes["data-level"] == other)
        let shown = HeadlessChromium.elements("g", containing: "class=\"level\"", in: switched.dom).filter {
            !($0["style"] ?? "").contains("none")
        }
        #expect(shown.compactMap { $0["data-level"] } == [other])
        let shot = dir.appendingPathComponent("view.png").path, blank = dir.appendingPathComponent("blank.png").path
        try browser.screenshot(url + "#t=1000", to: shot)
        try browser.screenshot("data:text/html,<html><body></body></html>", to: blank)
        #expect(HeadlessChromium.fileSize(shot) > 4 * HeadlessChromium.fileSize(blank))
    }
}
