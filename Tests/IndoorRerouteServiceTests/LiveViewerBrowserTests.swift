import BrowserHarness
import Foundation
import Testing

/// The live viewer at `GET /` in headless Chromium against the real server on loopback.
@Suite(.enabled(if: HeadlessChromium.find() != nil, Comment(rawValue: HeadlessChromium.missingReason)), .serialized)
struct LiveViewerBrowserTests {
    let browser = HeadlessChromium.find() ?? HeadlessChromium(path: "/nonexistent")

    @Test func pageLoadsPollsAndSwitchesLevel() throws {
        let f = try ServiceFixture()
        let base = "http://127.0.0.1:\(f.daemon.port)/"
        let page = try browser.load(base)
        let body = page.bodyAttributes
        #expect(body["data-status"] == "ready", "body: \(String(describing: body))")
        #expect(body["data-errors"] == "0", "\(String(page.dom.components(separatedBy: "id=\"errors\"").last?.prefix(400) ?? ""))")
        #expect(page.consoleErrors.isEmpty, "\(String(describing: page.consoleErrors))")
        #expect(Int(body["data-polls"] ?? "0") ?? 0 >= 1, "the page never polled the sessions")
        #expect(body["data-level"] == "L0")
        let upper = try browser.load(base + "#level=L1")
        #expect(upper.bodyAttributes["data-level"] == "L1")
        let groups = HeadlessChromium.elements("g", containing: "class=\"level\"", in: upper.dom)
        let shown = groups.filter { !($0["style"] ?? "").contains("none") }.compactMap { $0["data-level"] }
        #expect(shown == ["L1"], "visible level groups: \(String(describing: shown))")
        #expect(
            HeadlessChromium.elements("g", containing: "class=\"level\"", in: page.dom)
                .filter { !($0["style"] ?? "").contains("none") }.compactMap { $0["data-level"] } == ["L0"])
    }

    @Test func theHarnessSeesScriptErrors() throws {
        let page = try browser.load("data:text/html,<body><script>throw new Error('boom')</script></body>")
        #expect(page.consoleErrors.contains { $0.contains("boom") }, "\(String(describing: page.consoleErrors))")
    }

    @Test func plannedRouteAppears() throws {
        let f = try ServiceFixture()
        let page = try browser.load("http://127.0.0.1:\(f.daemon.port)/#from=entrance&to=office&plan")
        #expect(page.bodyAttributes["data-routes"] == "1", "body: \(String(describing: page.bodyAttributes))")
        #expect(page.bodyAttributes["data-errors"] == "0")
        let lines = HeadlessChromium.elements("polyline", containing: "route planned", in: page.dom)
        #expect(lines.count >= 2, "route polylines drawn: \(String(lines.count))")
        #expect(!HeadlessChromium.elements("g", containing: "route planned start", in: page.dom).isEmpty)
        #expect(!HeadlessChromium.elements("g", containing: "route planned end", in: page.dom).isEmpty)
        #expect(page.dom.contains("71 m"), "the status line names the length")
    }

    @Test func sessionDotMovesAfterALocationUpdate() throws {
        let f = try ServiceFixture()
        let id = try f.createSession(x: 0, y: 0)
        func dotX() throws -> Double? {
            let page = try browser.load("http://127.0.0.1:\(f.daemon.port)/")
            #expect(page.bodyAttributes["data-errors"] == "0")
            return HeadlessChromium.elements("circle", containing: "data-session=\"\(id)\"", in: page.dom).first?["data-x"].flatMap(
                Double.init)
        }
        let before = try #require(try dotX(), "no dot for the session")
        let moved = try f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(12, 0, "L0", t: 9))
        #expect(moved.status == 200)
        let after = try #require(try dotX(), "no dot after the update")
        #expect(abs(before - 0) < 1, "before: \(String(before))")
        #expect(abs(after - 12) < 1.5, "after: \(String(after))")
    }

    @Test func screenshotIsNotBlank() throws {
        let f = try ServiceFixture()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("indoornav-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("live.png").path, blank = dir.appendingPathComponent("blank.png").path
        try browser.screenshot("http://127.0.0.1:\(f.daemon.port)/#from=entrance&to=office&plan", to: shot)
        try browser.screenshot("data:text/html,<html><body></body></html>", to: blank)
        let (size, blankSize) = (HeadlessChromium.fileSize(shot), HeadlessChromium.fileSize(blank))
        #expect(size > 4 * blankSize, "screenshot \(String(size)) bytes vs blank \(String(blankSize)) bytes")
        if let keep = ProcessInfo.processInfo.environment["INDOORNAV_KEEP_SCREENSHOTS"] {
            try? FileManager.default.copyItem(atPath: shot, toPath: keep + "/live-viewer.png")
        }
    }
}
