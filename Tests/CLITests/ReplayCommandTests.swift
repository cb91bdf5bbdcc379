import Foundation
import IndoorJSON
import Testing

@Suite struct ReplayCommandTests {
    let venue = "Recordings/venues/campus"
    let recording = "Recordings/simulated/campus-info-to-deans-office.jsonl"
    let beacons = "Recordings/simulated/campus-beacons.json"

    @Test func replaysTheBundledWalkWithATimelineAndReport() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--beacons", beacons,
            "--to", "occ-deans-office", "--json", "--plot", dir.path,
        ])
        #expect(r.status == 0 || r.status == 2, "\(r.stderr)")
        let json = try #require(r.json)
        for key in ["arrived", "routeLengthMeters", "reroutes", "offRouteEvents", "fused", "snapped", "deadReckoning", "camera", "events"] {
            #expect(json[key] != nil, "\(key)")
        }
        let events = try #require(json["events"]?.array).compactMap { $0["event"]?.string }
        #expect(events.contains { $0.hasPrefix("navigation started to occ-deans-office") })
        // The walk climbs from the ground floor to the second: the camera follows the user up.
        #expect(events.contains { $0.contains("camera: shows level lvl-a2") })
        // A walk that stays on its route must not be sent off it.
        #expect(json["offRouteEvents"]?.int == 0)
        let plots = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(plots.count == 3)
        // Each picture says what and where, has a scale, north and a legend of what it draws.
        let ground = try String(contentsOf: dir.appendingPathComponent(try #require(plots.first)), encoding: .utf8)
        #expect(ground.contains("replay of campus-info-to-deans-office.jsonl — level Main building, ground floor (lvl-a0)"))
        #expect(ground.contains("class=\"scale-bar\"") && ground.contains("class=\"north-arrow\""))
        for entry in ["planned route", "ground truth", "fused estimate", "snapped to route", "start"] {
            #expect(ground.contains(">\(entry)</text>"), "legend: \(entry)")
        }
        #expect(!ground.contains("beacon fixes"), "the replay draws no fixes")
        #expect(!ground.contains("offline (smoothed)"), "the smoothed track only with --offline")
        #expect(!ground.contains("navigation graph"), "the graph only when asked for")
        // The walk starts on the ground floor and ends on the second: each marker on its own level only.
        #expect(ground.contains("<title>start of ground truth</title>") && !ground.contains("<title>end of ground truth</title>"))
        let top = try String(contentsOf: dir.appendingPathComponent(try #require(plots.last)), encoding: .utf8)
        #expect(!top.contains("<title>start of ground truth</title>") && top.contains("<title>end of ground truth</title>"))
    }

    /// With `--offline` each level's picture also draws the smoothed track, on the levels it visits.
    @Test func offlineReplayDrawsTheSmoothedTrack() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--beacons", beacons, "--offline", "--plot", dir.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let plots = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(plots.count == 3)
        for plot in plots {
            let svg = try String(contentsOf: dir.appendingPathComponent(plot), encoding: .utf8)
            #expect(svg.contains(">offline (smoothed)</text>"), "legend of \(plot)")
        }
    }

    /// The bundled walk's navigation timeline, pinned: a 60 m route up a staircase from the ground floor
    /// to the second with a landing on the first. The stairs are announced once, at their foot (the
    /// second flight from the landing is not a new announcement), both level changes follow, and the
    /// walk arrives once, near the end of its 59.6 s.
    @Test func bundledWalkTimelineIsPinned() throws {
        let r = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--beacons", beacons,
            "--to", "occ-deans-office", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let events = try #require(r.json?["events"]?.array).compactMap { entry -> (Double, String)? in
            guard let t = entry["t"]?.double, let text = entry["event"]?.string, !text.hasPrefix("camera:"), !text.hasPrefix("next:") else {
                return nil
            }
            return (t, text)
        }
        // The announcement's distance depends on the fused track (particles are seeded): 8–11 m before the stairs.
        let announcement = try #require(events.map(\.1).first { $0.hasPrefix("arriving at the level change to 2 (") })
        let metres = Int(announcement.dropFirst("arriving at the level change to 2 (".count).prefix { $0.isNumber })
        #expect((8...11).contains(metres ?? -1), "\(announcement)")
        // The destination is announced (within the 10 m notice distance) before the arrival.
        let arriving = try #require(events.map(\.1).first { $0.hasPrefix("arriving at the destination Dean's office (") })
        let before = Int(arriving.dropFirst("arriving at the destination Dean's office (".count).prefix { $0.isNumber })
        #expect((1...10).contains(before ?? -1), "\(arriving)")
        #expect(
            events.map(\.1) == [
                "navigation started to occ-deans-office: 60 m, 50 s",
                announcement,
                "level changed 0 → 1",
                "level changed 1 → 2",
                arriving,
                "arrived at Dean's office",
            ])
        let arrival = try #require(events.last?.0)
        #expect((50...59.6).contains(arrival), "arrived at \(arrival) s")
        #expect(r.json?["reroutes"]?.int == 0)
    }

    /// The bundled deviation: the walker leaves the route at 12 s for the far wall of a room beside the
    /// corridor (≥ 10 m from the route) and stays; the session says so once and reroutes once, and the
    /// walk does not arrive (exit 2).
    @Test func bundledDeviationIsDetectedOnceAndReroutedOnce() throws {
        let deviation = "Recordings/simulated/campus-deviation.jsonl"
        // How far the walk leaves the route, from the recording's truth lines and the planned route alone.
        let planned = try CLIRunner.run(["route", venue, "--from", "am-info", "--to", "occ-deans-office", "--format", "json"])
        #expect(planned.status == 0, "\(planned.stderr)")
        let polyline = try #require(planned.json?["sections"]?.array).flatMap { $0["polyline"]?.array ?? [] }.compactMap {
            p -> (Double, Double, String)? in
            guard let x = p["x"]?.double, let y = p["y"]?.double, let level = p["level"]?.string else { return nil }
            return (x, y, level)
        }
        let text = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(deviation), encoding: .utf8)
        var farthest = (t: 0.0, meters: 0.0)
        var leftAt: Double?
        for line in text.split(separator: "\n") where line.contains(#""type":"truth""#) {
            let value = try JSONParser().parse(Data(line.utf8)).value
            guard let t = value["t"]?.double, let x = value["x"]?.double, let y = value["y"]?.double, let level = value["level"]?.string
            else { continue }
            let d = Self.distance(from: (x, y), to: polyline.filter { $0.2 == level })
            if d > farthest.meters { farthest = (t, d) }
            if leftAt == nil, d > 1 { leftAt = t }
        }
        #expect(farthest.meters >= 10, "farthest \(farthest.meters) m from the route")
        let left = try #require(leftAt)
        #expect((12...14).contains(left), "leaves the route at \(left) s")

        let r = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", deviation, "--beacons", beacons, "--to", "occ-deans-office", "--json",
        ])
        #expect(r.status == 2, "\(r.stderr)")
        let json = try #require(r.json)
        #expect(json["offRouteEvents"]?.int == 1)
        #expect(json["reroutes"]?.int == 1)
        #expect(json["arrived"]?.bool == false)
        let events = try #require(json["events"]?.array).compactMap { entry -> (Double, String)? in
            guard let t = entry["t"]?.double, let text = entry["event"]?.string else { return nil }
            return (t, text)
        }
        let offRoute = try #require(events.first { $0.1.hasPrefix("off route") })
        let rerouted = try #require(events.first { $0.1.hasPrefix("rerouted") })
        // Not before the walker left; within the time walking 10 m takes (1.3 m/s) plus the hysteresis.
        #expect(offRoute.0 > left && offRoute.0 <= left + 12, "off route at \(offRoute.0) s")
        #expect(rerouted.0 >= offRoute.0)
        #expect(events.filter { $0.1.hasPrefix("off route") }.count == 1 && events.filter { $0.1.hasPrefix("rerouted") }.count == 1)
    }

    /// Distance from a point to a polyline (its consecutive points), metres; infinity without a segment.
    static func distance(from p: (Double, Double), to line: [(Double, Double, String)]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1)
            let length2 = dx * dx + dy * dy
            let f = length2 > 0 ? max(0, min(1, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length2)) : 0
            let (qx, qy) = (a.0 + f * dx, a.1 + f * dy)
            best = min(best, ((p.0 - qx) * (p.0 - qx) + (p.1 - qy) * (p.1 - qy)).squareRoot())
        }
        return best
    }

    /// A deep link is a destination like an id; a POI outside the link's section is refused.
    @Test func aDeepLinkIsADestination() throws {
        let link = "indoornav://navigate?placeId=campus&sectionId=lvl-a2&poiId=occ-deans-office"
        let r = try CLIRunner.run(["replay", "--venue", venue, "--recording", recording, "--beacons", beacons, "--to", link, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let events = try #require(r.json?["events"]?.array).compactMap { $0["event"]?.string }
        #expect(events.first { $0.hasPrefix("navigation started") } == "navigation started to occ-deans-office: 60 m, 50 s")
        let wrongSection = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--to",
            "indoornav://navigate?sectionId=lvl-a0&poiId=occ-deans-office",
        ])
        #expect(wrongSection.status == 64)  // a --to value that does not fit: a usage error
        #expect(wrongSection.stderr.contains("not in section 'lvl-a0'"), "\(wrongSection.stderr)")
        let malformed = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--to", "indoornav://navigate?poiId=a&poiId=b",
        ])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("given more than once"), "\(malformed.stderr)")
    }

    /// `replay --manual FILE` fuses the file's truth lines as manual fixes: with the walk's own truth as
    /// the manual track, the manual provider's fixes are fused and the walk still arrives.
    @Test func replayTakesManualFixes() throws {
        let r = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--to", "occ-deans-office",
            "--manual", recording, "--manual-sigma", "1.5", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(r.json)
        #expect(json["arrived"]?.bool == true)
        // Without beacons the fused track is dead reckoning plus the manual fixes: it stays close to the truth.
        let mean = try #require(json["fused"]?["meanErrorMeters"]?.double)
        let without = try CLIRunner.run(["replay", "--venue", venue, "--recording", recording, "--to", "occ-deans-office", "--json"])
        let meanWithout = try #require(without.json?["fused"]?["meanErrorMeters"]?.double)
        #expect(mean < meanWithout, "with manual fixes \(mean) m, without \(meanWithout) m")
        let missing = try CLIRunner.run([
            "replay", "--venue", venue, "--recording", recording, "--to", "occ-deans-office", "--manual", "/nonexistent.jsonl",
        ])
        #expect(missing.status == 1 && missing.stderr.contains("--manual /nonexistent.jsonl"), "\(missing.stderr)")
    }

    @Test func badInputIsAClearError() throws {
        let cases: [([String], String)] = [
            // Without --to a replay is positioning only (TrackOutputTests); --to needs its value.
            (["replay", "--venue", venue, "--recording", recording, "--to"], "--to"),
            (["replay", "--venue", venue, "--recording", recording, "--to", "x", "--follow", "orbit"], "--follow"),
            (["replay", "--venue", venue, "--recording", "/nonexistent.jsonl", "--to", "x"], "nonexistent"),
            (["replay", "--venue", "/nonexistent", "--recording", recording, "--to", "x"], "nonexistent"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            // A missing or malformed flag is a usage error (64); a file that is not there a failure (1).
            let expected: Int32 = fragment == "nonexistent" ? 1 : 64
            #expect(r.status == expected, "\(args) → \(r.status)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
        // An unknown destination: navigation cannot start, said in the timeline; not arrived.
        let unknown = try CLIRunner.run(["replay", "--venue", venue, "--recording", recording, "--to", "no-such-poi"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.contains("cannot start navigation"))
    }
}
