import Foundation
import IndoorGeometry
import IndoorPlot
import IndoorPositioning
import IndoorVenue

/// SVG plots of `eval`: one per recording and level, the floor map under the tracks (the offline-smoothed
/// track too with `--offline`), and the error CDF.
public enum EvaluationPlots {
    /// The plots with their files: in the folder `path` (`<recording>-<level>.svg`), or `path` itself
    /// when it ends in `.svg` and there is one plot (else `-<recording>-<level>` is inserted before the
    /// extension).
    public static func plots(_ report: EvaluationReport, venue: Venue?, to path: String) -> [(path: String, svg: String)] {
        var plots: [(name: String, svg: String)] = []
        for outcome in report.runs {
            let stem = ((outcome.file as NSString).lastPathComponent as NSString).deletingPathExtension
            for (levelIndex, svg) in render(outcome.replay, venue: venue, file: (outcome.file as NSString).lastPathComponent) {
                let levelName =
                    levelIndex.map { outcome.replay.levels.indices.contains($0) ? outcome.replay.levels[$0].levelID : String($0) } ?? "all"
                plots.append(("\(stem)-\(levelName)", svg))
            }
        }
        if path.lowercased().hasSuffix(".svg") {
            if plots.count == 1 { return [(path, plots[0].svg)] }
            let base = (path as NSString).deletingPathExtension
            return plots.map { ("\(base)-\($0.name).svg", $0.svg) }
        }
        return plots.map { plot in
            let safe = plot.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
            return ((path as NSString).appendingPathComponent(String(safe) + ".svg"), plot.svg)
        }
    }

    /// One SVG per level the truth or the fused track visits (`nil` level: no levels known), cropped to the
    /// truth and the fused track with a margin (scattered fixes do not widen it), titled with the file and level.
    public static func render(_ replay: FusionReplay, venue: Venue?, file: String) -> [(Int?, String)] {
        let truthLevels = replay.truth.points.map { point in
            point.level.flatMap { LevelCandidate.index(of: $0, in: replay.levels, venue: venue) }
        }
        var visited = Set<Int?>(truthLevels)
        for point in replay.fused { visited.insert(point.levelIndex) }
        if !replay.levels.isEmpty { visited.remove(nil) }
        if visited.isEmpty { visited.insert(nil) }
        var result: [(Int?, String)] = []
        for level in visited.sorted(by: { ($0 ?? -1) < ($1 ?? -1) }) {
            let truth = zip(replay.truth.points, truthLevels).filter { level == nil || $0.1 == level }.map(\.0.point)
            let fused = replay.fused.filter { level == nil || $0.levelIndex == level }.map(\.point)
            let smoothed = replay.offline?.track.filter { level == nil || $0.levelIndex == level }.map(\.point) ?? []
            var errorLines: [(truth: LocalPoint, estimate: LocalPoint)] = []
            for (offset, (point, estimate)) in zip(replay.truth.scoredPoints, replay.estimatesAtTruth).enumerated() {
                let index = truthLevels[offset + 1]
                if level == nil || index == level { errorLines.append((point.point, estimate)) }
            }
            let plot = TrackPlot(
                tracks: [
                    TrackPlot.Track(
                        name: "beacon fixes", points: replay.beaconFixes.map(\.point), color: "#9467bd", widthPixels: 1, markers: true,
                        joined: false, setsExtent: false),
                    TrackPlot.Track(
                        name: "satellite fixes", points: replay.satelliteFixes.map(\.point), color: "#8c564b", widthPixels: 1,
                        markers: true,
                        joined: false, setsExtent: false),
                    TrackPlot.Track(
                        name: "dead reckoning", points: replay.deadReckoning.map(\.point), color: "#ff7f0e", widthPixels: 1.5,
                        setsExtent: false),
                    TrackPlot.Track(
                        name: "ground truth", points: truth, color: "#222222", widthPixels: 2, markers: true,
                        marksStart: level == nil || truthLevels.first == level, marksEnd: level == nil || truthLevels.last == level,
                        dashed: true),
                    TrackPlot.Track(name: "fused estimate", points: fused, color: "#1f77b4", widthPixels: 2),
                    TrackPlot.Track(name: "offline (smoothed)", points: smoothed, color: "#7b4173", widthPixels: 1.5),
                ], errorLines: errorLines)
            let bounds = (plot.bounds ?? BoundingBox(minX: -10, minY: -10, maxX: 10, maxY: 10)).expanded(by: 5)
            var document = SVGDocument(bounds: bounds, marginMeters: 0)
            if let venue, let level, venue.levels.indices.contains(level) {
                LevelRenderer(labels: [], drawGraph: false).draw(venue, levelIndex: level, into: &document)
            }
            plot.draw(into: &document)
            let levelName =
                level.map { "level \(replay.levels.indices.contains($0) ? replay.levels[$0].levelID : String($0))" } ?? "all levels"
            result.append((level, document.rendered(title: "\(file) — \(levelName)")))
        }
        return result
    }

    /// Where the error CDF goes: `error-cdf.svg` in the `--plot` folder, or `<OUT>-error-cdf.svg` beside `OUT.svg`.
    public static func errorCDFPath(beside plotPath: String) -> String {
        plotPath.lowercased().hasSuffix(".svg")
            ? (plotPath as NSString).deletingPathExtension + "-error-cdf.svg"
            : (plotPath as NSString).appendingPathComponent("error-cdf.svg")
    }

    /// The error CDF of the fused track, the offline-smoothed one (with `--offline`), the dead reckoning and
    /// each provider's fixes, pooled over the walks.
    public static func errorCDF(_ report: EvaluationReport) -> String {
        let outcomes = report.runs
        let colors = ["beacon": "#9467bd", "gnss": "#8c564b", "fingerprint": "#2ca02c", "manual": "#e377c2"]
        var curves = [
            ErrorCDFPlot.Curve(name: "fused", color: "#1f77b4", errorsMeters: report.overall.points.map(\.errorMeters)),
            ErrorCDFPlot.Curve(
                name: "dead reckoning", color: "#ff7f0e", errorsMeters: report.overallDeadReckoning.points.map(\.errorMeters), dashed: true),
        ]
        if report.runs.contains(where: { $0.replay.offline != nil }) {
            curves.append(
                ErrorCDFPlot.Curve(
                    name: "offline (smoothed)", color: "#7b4173", errorsMeters: report.overallOffline.points.map(\.errorMeters)))
        }
        for (source, score) in report.overallProviders.sorted(by: { $0.key < $1.key }) {
            curves.append(
                ErrorCDFPlot.Curve(
                    name: "\(source) fixes", color: colors[source] ?? "#7f7f7f", errorsMeters: score.points.map(\.errorMeters), dashed: true
                ))
        }
        let walks = outcomes.count == 1 ? (outcomes[0].file as NSString).lastPathComponent : "\(outcomes.count) walks"
        return ErrorCDFPlot(curves: curves).rendered(title: "Position error CDF — \(walks)")
    }
}
