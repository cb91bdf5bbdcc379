import Foundation
import IndoorJSON
import IndoorPositioning

/// The `eval --offline` sections: the smoothed tracks' figures beside the live ones, and each walk's
/// offline mean against its live mean.
extension EvaluationReport {
    /// Every smoothed point pooled over the files.
    var overallOffline: FusionScore { FusionScore(points: runs.flatMap { $0.replay.offline?.score.points ?? [] }) }

    /// The smoothed covariance's consistency pooled over the files.
    var offlineConsistency: ConsistencyStatistics {
        ConsistencyStatistics(pooling: runs.compactMap { outcome in outcome.replay.offline?.consistency(truth: outcome.replay.truth) })
    }

    /// Each smoothed walk's mean against its live mean: a walk is worse offline when its offline mean
    /// exceeds its live mean.
    var offlineAgainstLive: [(name: String, liveMeanMeters: Double, offlineMeanMeters: Double)] {
        runs.compactMap { outcome in
            guard let live = outcome.replay.score.errors?.mean, let smoothed = outcome.replay.offline?.score.errors?.mean else {
                return nil
            }
            return ((outcome.file as NSString).lastPathComponent, live, smoothed)
        }
    }

    /// The walks whose backward pass failed, with the reason.
    var offlineFailures: [(file: String, reason: String)] {
        runs.compactMap { outcome in outcome.replay.offlineFailure.map { (outcome.file, "\($0)") } }
    }

    /// One walk's `offline` section: the smoothed score and whether it is worse than the live one.
    static func offlineJSON(_ outcome: Run) -> JSONValue {
        guard let smoothed = outcome.replay.offline else {
            return ["failure": .optional(outcome.replay.offlineFailure.map { "\($0)" })]
        }
        var o = metrics(smoothed.score)
        o["consistency"] = consistencyJSON(smoothed.consistency(truth: outcome.replay.truth))
        if let live = outcome.replay.score.errors?.mean, let mean = smoothed.score.errors?.mean {
            o["worseThanLive"] = .bool(mean > live)
        }
        return .object(o)
    }

    /// The pooled `offline` section.
    var offlineJSON: JSONValue {
        var o = Self.metrics(overallOffline)
        let consistency = offlineConsistency
        o["shareBeyondCorridorSigmas"] = consistency.shareBeyondLargestSigma(Self.corridorSigmas).map(JSONValue.finite) ?? .null
        o["consistency"] = Self.consistencyJSON(consistency)
        let walks = offlineAgainstLive
        let worse = walks.filter { $0.offlineMeanMeters > $0.liveMeanMeters }
        o["againstLive"] = [
            "walks": .number(Double(walks.count)), "worseThanLive": .number(Double(worse.count)),
            "worseThanLiveShare": walks.isEmpty ? .null : .finite(Double(worse.count) / Double(walks.count)),
            "worse": .array(
                worse.map {
                    [
                        "file": .string($0.name), "liveMeanMeters": .finite($0.liveMeanMeters),
                        "offlineMeanMeters": .finite($0.offlineMeanMeters),
                    ]
                }),
        ]
        o["failures"] = .array(offlineFailures.map { ["file": .string($0.file), "reason": .string($0.reason)] })
        return .object(o)
    }

    /// The text lines: the pooled smoothed score (formatted by `line`), its consistency and the walks
    /// where it is worse than live.
    func offlineLines(line: (String, FusionScore) -> String) -> [String] {
        var lines = [line("overall offline (smoothed)", overallOffline)]
        let consistency = offlineConsistency
        if let share = consistency.shareBeyondLargestSigma(Self.corridorSigmas), let nees = consistency.meanNEES {
            lines.append(
                String(
                    format:
                        "overall offline accuracy: the error exceeds %.1f × the reported accuracy at %.1f %% of the points; mean NEES %.2f",
                    Self.corridorSigmas, 100 * share, nees))
        }
        let walks = offlineAgainstLive
        let worse = walks.filter { $0.offlineMeanMeters > $0.liveMeanMeters }
        if !walks.isEmpty {
            var text = String(
                format: "offline against live: offline mean worse than live on %d of %d walks (%.1f %%)", worse.count, walks.count,
                100 * Double(worse.count) / Double(walks.count))
            if !worse.isEmpty {
                text +=
                    ": "
                    + worse.map { "\($0.name) " + String(format: "%.2f → %.2f m", $0.liveMeanMeters, $0.offlineMeanMeters) }
                    .joined(separator: ", ")
            }
            lines.append(text)
        }
        for failure in offlineFailures { lines.append("offline smoothing failed for \(failure.file): \(failure.reason)") }
        return lines
    }
}
