import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPlot
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// Text, timeline lines and plots of a replay.
public enum ReplayReport {
    /// A navigation event as a timeline line.
    public static func describe(_ event: NavigationEvent, venue: Venue) -> String {
        func level(_ id: String) -> String {
            guard let l = try? venue.level(id) else { return id }
            return venue.displayName(l.shortName) ?? venue.displayName(l.name) ?? id
        }
        switch event {
        case .started(let id, let route):
            return
                "navigation started to \(id ?? "a point"): \(Int(route.lengthMeters.rounded())) m, \(Int(route.durationSeconds.rounded())) s"
        case .maneuverAdvanced(_, _, let m): return "next: \(m.instruction)"
        case .levelChanged(let from, let to): return "level changed \(level(from)) → \(level(to))"
        case .arriving(let target, let d):
            switch target {
            case .levelChange(let to): return "arriving at the level change to \(level(to)) (\(Int(d.rounded())) m)"
            case .sectionTransition(let t): return "arriving at transition \(t.transitionTypeID) (\(Int(d.rounded())) m)"
            case .destination(let id, let name):
                return "arriving at the destination\((name ?? id).map { " \($0)" } ?? "") (\(Int(d.rounded())) m)"
            }
        case .arrived(let info):
            return info.isFinal
                ? "arrived at \(info.destinationName ?? info.destinationID ?? "the destination")"
                : "arrived at a stopover (wait \(Int(info.waitSeconds)) s)"
        case .leftArrivalArea: return "left the arrival area"
        case .awaitingTransition(let t): return "waiting to cross \(t.transitionTypeID) to \(level(t.toLevelID))"
        case .transitionCompleted(let t, let confirmed): return "crossed \(t.transitionTypeID)\(confirmed ? " (confirmed)" : " (detected)")"
        case .offRoute(let d, let reason): return "off route: \(String(format: "%.1f", d)) m (\(reason.rawValue))"
        case .backOnRoute: return "back on route"
        case .rerouteRequested(let reason): return "reroute requested (\(describe(reason)))"
        case .rerouted(let route, _, let strategy): return "rerouted (\(strategy.rawValue)): \(Int(route.lengthMeters.rounded())) m"
        case .rerouteFailed(_, let notice, let attempt): return "reroute failed (attempt \(attempt)): \(notice)"
        case .rerouteGaveUp(let n): return "reroute gave up after \(n) attempts"
        case .rerouteRearmed: return "reroute re-armed"
        case .stopped(let reason): return "navigation stopped (\(reason.rawValue))"
        }
    }

    /// Why a reroute was asked for, in words.
    public static func describe(_ reason: RerouteReason) -> String {
        switch reason {
        case .offRoute(let why): "off route: \(why.rawValue)"
        case .sectionTransition: "section transition"
        case .requested: "requested"
        case .closure: "closure"
        }
    }

    /// The text report of a replay's JSON report (``RecordingReplay/report(truth:)``).
    public static func text(_ r: JSONValue) -> String {
        func f(_ v: JSONValue?, _ digits: Int = 1) -> String { v?.double.map { String(format: "%.\(digits)f", $0) } ?? "-" }
        var lines = ["", "report:"]
        guard r["navigated"]?.bool != false else {
            lines.append("  positioning only (no --to): recording \(f(r["durationSeconds"])) s")
            for (name, key) in [("fused", "fused"), ("dead reckoning", "deadReckoning")] {
                lines.append(
                    "  \(name) error vs ground truth: mean \(f(r[key]?["meanErrorMeters"])) m, p75 \(f(r[key]?["p75ErrorMeters"])) m, max \(f(r[key]?["maxErrorMeters"])) m"
                )
            }
            lines += offlineLines(r)
            return lines.joined(separator: "\n")
        }
        lines.append(
            "  arrived: \(r["arrived"]?.bool == true ? "yes at \(f(r["arrivalTimeSeconds"])) s" : "no") (recording \(f(r["durationSeconds"])) s)"
        )
        lines.append(
            "  route \(f(r["routeLengthMeters"])) m; \(r["reroutes"]?.int ?? 0) reroutes, \(r["offRouteEvents"]?.int ?? 0) off-route events, \(r["levelChanges"]?.int ?? 0) level changes"
        )
        for (name, key) in [("fused", "fused"), ("snapped", "snapped"), ("dead reckoning", "deadReckoning")] {
            lines.append(
                "  \(name) error vs ground truth: mean \(f(r[key]?["meanErrorMeters"])) m, p75 \(f(r[key]?["p75ErrorMeters"])) m, max \(f(r[key]?["maxErrorMeters"])) m"
            )
        }
        lines += offlineLines(r)
        if let c = r["camera"], c != .null {
            lines.append("  camera: level \(c["level"]?.string ?? "-"), bearing \(f(c["bearingDegrees"], 0))°, zoom \(f(c["zoom"]))")
        }
        return lines.joined(separator: "\n")
    }

    /// The `--offline` line: the smoothed track's errors beside the live ones above (or why it failed).
    static func offlineLines(_ r: JSONValue) -> [String] {
        guard let offline = r["offline"] else { return [] }
        if let failure = offline["failure"]?.string { return ["  offline smoothing failed: \(failure)"] }
        func f(_ v: JSONValue?) -> String { v?.double.map { String(format: "%.1f", $0) } ?? "-" }
        let s = offline["smoothed"]
        return [
            "  offline (smoothed) error vs ground truth: mean \(f(s?["meanErrorMeters"])) m, p75 \(f(s?["p75ErrorMeters"])) m, max \(f(s?["maxErrorMeters"])) m"
        ]
    }

    /// One SVG per level visited: floor map, route, truth, dead reckoning, fused, offline-smoothed (with
    /// `--offline`) and snapped tracks, cropped to what was drawn with a margin, titled with the
    /// recording's file name and the level;
    /// each with its file: `path` itself when it ends in `.svg` and there is one level (else `-K` is
    /// inserted before the extension), or `replay-K-LEVEL.svg` in the folder `path`.
    public static func plots(_ replay: RecordingReplay, recording: String, to path: String) -> [(path: String, svg: String)] {
        let venue = replay.venue
        var levelIDs = Set(replay.fused.compactMap(\.levelID))
        for route in replay.routes { for p in route.polyline { levelIDs.insert(p.levelID) } }
        let ordered = venue.levels.indices.filter { levelIDs.contains(venue.levels[$0].id) }
        let isFile = path.lowercased().hasSuffix(".svg")
        var plots: [(path: String, svg: String)] = []
        for (k, index) in ordered.enumerated() {
            let id = venue.levels[index].id
            func on(_ s: [RecordingReplay.Stamped]) -> [LocalPoint] { s.filter { $0.levelID == id }.map(\.point) }
            func smoothed(onLevel level: Int) -> [LocalPoint] {
                replay.smoothed.filter { point in
                    point.levelIndex.map { replay.levels.indices.contains($0) && replay.levels[$0].levelID == id } ?? false
                }.map(\.point)
            }
            let routePoints = replay.routes.first.map { $0.polyline.filter { $0.levelID == id }.map(\.point) } ?? []
            let reroutePoints =
                replay.routes.count > 1 ? replay.routes.last.map { $0.polyline.filter { $0.levelID == id }.map(\.point) } ?? [] : []
            let plot = TrackPlot(tracks: [
                TrackPlot.Track(name: "planned route", points: routePoints, color: "#9ecae1", widthPixels: 7),
                TrackPlot.Track(name: "route after the last reroute", points: reroutePoints, color: "#c5b0d5", widthPixels: 5),
                TrackPlot.Track(
                    name: "dead reckoning", points: on(replay.deadReckoning), color: "#ff7f0e", widthPixels: 1.5, setsExtent: false),
                TrackPlot.Track(
                    name: "ground truth", points: zip(replay.truthLevelIDs, replay.truthPoints).filter { $0.0 == id }.map(\.1),
                    color: "#222222", widthPixels: 2, marksStart: replay.truthLevelIDs.first == id,
                    marksEnd: replay.truthLevelIDs.last == id, dashed: true),
                TrackPlot.Track(name: "fused estimate", points: on(replay.fused), color: "#d62728", widthPixels: 2),
                TrackPlot.Track(name: "offline (smoothed)", points: smoothed(onLevel: index), color: "#7b4173", widthPixels: 1.5),
                TrackPlot.Track(
                    name: "snapped to route", points: on(replay.snapped), color: "#17becf", widthPixels: 1.5, markers: true, joined: false),
            ])
            let bounds = (plot.bounds ?? LevelRenderer.bounds(of: venue, levelIndex: index)).expanded(by: 4)
            var document = SVGDocument(bounds: bounds, marginMeters: 0)
            LevelRenderer(labels: [.occupant, .spaceName], drawGraph: false).draw(venue, levelIndex: index, into: &document)
            plot.draw(into: &document)
            let svg = document.rendered(
                title: LevelRenderer.title("replay of \((recording as NSString).lastPathComponent)", venue: venue, levelIndex: index))
            let file: String
            if isFile {
                file = ordered.count == 1 ? path : (path as NSString).deletingPathExtension + "-\(k).svg"
            } else {
                file = (path as NSString).appendingPathComponent("replay-\(k)-\(id).svg")
            }
            plots.append((file, svg))
        }
        return plots
    }
}
