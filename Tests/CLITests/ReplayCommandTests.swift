import Foundation
import Testing
import IndoorJSON

@Suite struct ReplayCommandTests {
    let venue = "Recordings/venues/campus"
    let recording = "Recordings/simulated/campus-info-to-deans-office.jsonl"
    let beacons = "Recordings/simulated/campus-beacons.json"

    @Test func replaysTheBundledWalkWithATimelineAndReport() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let r = try CLIRunner.run(["replay", "--venue", venue, "--recording", recording, "--beacons", beacons,
                                   "--to", "occ-deans-office", "--json", "--plot", dir.path])
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
        #expect(!ground.contains("navigation graph"), "the graph only when asked for")
        // The walk starts on the ground floor and ends on the second: each marker on its own level only.
        #expect(ground.contains("<title>start of ground truth</title>") && !ground.contains("<title>end of ground truth</title>"))
        let top = try String(contentsOf: dir.appendingPathComponent(try #require(plots.last)), encoding: .utf8)
        #expect(!top.contains("<title>start of ground truth</title>") && top.contains("<title>end of ground truth</title>"))
    }

    /// The bundled walk's navigation timeline, pinned: a 60 m route up a staircase from the ground floor
    /// to the second with a landing on the first. The stairs are announced once, at their foot (the
    /// second flight from the landing is not a new announcement), both level changes follow, and the
    /// walk arrives once, near the end of its 59.6 s.
    @Test func bundledWalkTimelineIsPinned() throws {
        let r = try CLIRunner.run(["replay", "--venue", venue, "--recording", recording, "--beacons", beacons,
                                   "--to", "occ-deans-office", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let events = try #require(r.json?["events"]?.array).compactMap { entry -> (Double, String)? in
            guard let t = entry["t"]?.double, let text = entry["event"]?.string, !text.hasPrefix("camera:"), !text.hasPrefix("next:") else { return nil }
            return (t, text)
        }
        // The announcement's distance depends on the fused track (particles are seeded): 8–11 m before the stairs.
        let announcement = try #require(events.map(\.1).first { $0.hasPrefix("arriving at the level change to 2 (") })
        let metres = Int(announcement.dropFirst("arriving at the level change to 2 (".count).prefix { $0.isNumber })
        #expect((8...11).contains(metres ?? -1), "\(announcement)")
        #expect(events.map(\.1) == [
            "navigation started to occ-deans-office: 60 m, 50 s",
            announcement,
            "level changed 0 → 1",
            "level changed 1 → 2",
            "arrived at Dean's office",
        ])
        let arrival = try #require(events.last?.0)
        #expect((50...59.6).contains(arrival), "arrived at \(arrival) s")
        #expect(r.json?["reroutes"]?.int == 0)
    }

    /// The bundled deviation: the walker leaves the route for the cafeteria (7.2 m off it) and stays; the
    /// session says so once and reroutes once, and the walk does not arrive (exit 2).
    @Test func bundledDeviationIsDetectedOnceAndReroutedOnce() throws {
        let r = try CLIRunner.run(["replay", "--venue", venue, "--recording", "Recordings/simulated/campus-deviation.jsonl",
                                   "--beacons", beacons, "--to", "occ-deans-office", "--json"])
        #expect(r.status == 2, "\(r.stderr)")
        let json = try #require(r.json)
        #expect(json["offRouteEvents"]?.int == 1)
        #expect(json["reroutes"]?.int == 1)
        #expect(json["arrived"]?.bool == false)
        let offRoute = try #require(json["events"]?.array?.first { $0["event"]?.string?.hasPrefix("off route") == true })
        // Left at 12 s; the verdict needs the fused position several metres off for a moment.
        #expect((12...22).contains(offRoute["t"]?.double ?? 0))
    }

    @Test func badInputIsAClearError() throws {
        let cases: [([String], String)] = [
            (["replay", "--venue", venue, "--recording", recording], "--to"),
            (["replay", "--venue", venue, "--recording", recording, "--to", "x", "--follow", "orbit"], "--follow"),
            (["replay", "--venue", venue, "--recording", "/nonexistent.jsonl", "--to", "x"], "nonexistent"),
            (["replay", "--venue", "/nonexistent", "--recording", recording, "--to", "x"], "nonexistent"),
        ]
        for (args, fragment) in cases {
            let r = try CLIRunner.run(args)
            #expect(r.status == 1, "\(args) → \(r.status)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
        // An unknown destination: navigation cannot start, said in the timeline; not arrived.
        let unknown = try CLIRunner.run(["replay", "--venue", venue, "--recording", recording, "--to", "no-such-poi"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.contains("cannot start navigation"))
    }
}
