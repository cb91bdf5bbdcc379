import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings

/// `eval --points-out`: every scored point as a CSV row.
extension EvaluationReport {
    /// The `--points-out` header.
    public static let pointColumns = [
        "file", "track", "time_s", "truth_x_m", "truth_y_m", "truth_level", "estimate_x_m", "estimate_y_m", "error_m", "floor_error",
        "accuracy_m",
    ]

    /// One row per scored point: the fused estimate, the offline-smoothed one (with `--offline`) and the
    /// dead reckoning at each truth point, then every provider fix inside the truth's time span against
    /// the truth interpolated at its time.
    public var pointsCSV: String {
        func f(_ v: Double?, _ digits: Int = 3) -> String { v.map { $0.isFinite ? String(format: "%.\(digits)f", $0) : "" } ?? "" }
        var out = EvaluationReport.pointColumns.joined(separator: ",") + "\n"
        for outcome in runs {
            let replay = outcome.replay
            let file = TrackWriter.csvField(outcome.file)
            func row(
                _ track: String, _ t: Double, _ truth: LocalPoint, _ level: String?, _ estimate: LocalPoint, _ point: ScoredPoint,
                _ sigma: Double?
            ) {
                let fields = [
                    file, TrackWriter.csvField(track), f(t), f(truth.x), f(truth.y), TrackWriter.csvField(level ?? ""), f(estimate.x),
                    f(estimate.y), f(point.errorMeters), f(point.floorError, 0), f(sigma),
                ]
                out += fields.joined(separator: ",") + "\n"
            }
            let truthPoints = Array(replay.truth.scoredPoints)
            // A track scored at the truth points: its score, estimate and reported accuracy at each.
            func scored(_ track: String, _ score: FusionScore, estimates: [LocalPoint], accuracies: [Double]) {
                for (k, point) in score.points.enumerated() where k < truthPoints.count && k < estimates.count {
                    let truth = truthPoints[k]
                    row(
                        track, point.timeSeconds, truth.point, truth.level.map(EvaluationReport.levelText), estimates[k], point,
                        k < accuracies.count ? accuracies[k] : nil)
                }
            }
            scored("fused", replay.score, estimates: replay.estimatesAtTruth, accuracies: replay.accuraciesAtTruth)
            if let offline = replay.offline {
                scored("offline", offline.score, estimates: offline.estimatesAtTruth, accuracies: offline.accuraciesAtTruth)
            }
            let open = TimedTrajectory(replay.deadReckoning.map { ($0.timeSeconds, $0.point) })
            for (k, point) in replay.deadReckoningScore.points.enumerated() where k < truthPoints.count {
                let truth = truthPoints[k]
                guard let estimate = open.position(atSeconds: truth.timeSeconds, extrapolation: .holdEnds) else { continue }
                row("deadReckoning", point.timeSeconds, truth.point, truth.level.map(EvaluationReport.levelText), estimate, point, nil)
            }
            for source in replay.fixesBySource.keys.sorted() {
                let scored = replay.providerScores[source]?.points ?? []
                var next = 0
                for fix in replay.fixesBySource[source] ?? [] {
                    guard let truth = replay.truth.position(atSeconds: fix.timeSeconds, extrapolation: .none), next < scored.count,
                        scored[next].timeSeconds == fix.timeSeconds
                    else { continue }
                    let level = replay.truth.level(atSeconds: fix.timeSeconds).map(EvaluationReport.levelText)
                    row(source, fix.timeSeconds, truth, level, fix.point, scored[next], nil)
                    next += 1
                }
            }
        }
        return out
    }

    /// A truth level as written in the points file (`F1`, `lvl-a0`, `2`).
    public static func levelText(_ level: LevelReference) -> String {
        switch level {
        case .levelId(let id): id
        case .floorName(let name): name
        case .floorNumber(let n): n == n.rounded() ? String(Int(n)) : String(n)
        }
    }
}
