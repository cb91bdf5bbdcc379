import Foundation
import IndoorJSON
import IndoorPositioning

/// What an `eval` run says about the honesty of the fused track: the consistency of its reported
/// covariance (``ConsistencyStatistics``) and each walk against its own dead reckoning.
extension EvaluationReport {
    /// The sigmas of the consistency table.
    static let consistencySigmas: [Double] = [1, 2, 3]
    /// A walk whose fused mean exceeds this × its dead reckoning's is listed by name.
    static let listedDeadReckoningRatio = 1.25

    /// The consistency of every scored point pooled over the files.
    var consistency: ConsistencyStatistics { ConsistencyStatistics(pooling: runs.map(\.replay.consistency)) }

    /// Every provider's fix consistency pooled over the files, by source.
    var providerConsistency: [String: ConsistencyStatistics] {
        var parts: [String: [ConsistencyStatistics]] = [:]
        for outcome in runs {
            for (source, statistics) in outcome.replay.providerConsistency { parts[source, default: []].append(statistics) }
        }
        return parts.mapValues { ConsistencyStatistics(pooling: $0) }
    }

    /// Each scored file's fused mean against its dead reckoning's.
    var againstDeadReckoning: DeadReckoningComparison {
        DeadReckoningComparison(
            runs.compactMap { outcome in
                guard let fused = outcome.replay.score.errors?.mean, let pdr = outcome.replay.deadReckoningScore.errors?.mean else {
                    return nil
                }
                return .init(name: (outcome.file as NSString).lastPathComponent, fusedMeanMeters: fused, deadReckoningMeanMeters: pdr)
            })
    }

    static func consistencyJSON(_ statistics: ConsistencyStatistics) -> JSONValue {
        var o: [String: JSONValue] = [
            "points": .number(Double(statistics.nees.count)),
            "pointsWithoutCovariance": .number(Double(statistics.pointsWithoutCovariance)),
            "meanNEES": statistics.meanNEES.map(JSONValue.finite) ?? .null,
            "shareBeyondCorridorSigmas": statistics.shareBeyondLargestSigma(corridorSigmas).map(JSONValue.finite) ?? .null,
        ]
        for k in consistencySigmas {
            o["shareWithin\(Int(k))Sigma"] = statistics.shareWithin(sigmas: k).map(JSONValue.finite) ?? .null
        }
        return .object(o)
    }

    var againstDeadReckoningJSON: JSONValue {
        let comparison = againstDeadReckoning
        return [
            "walks": .number(Double(comparison.walks.count)), "notWorse": .number(Double(comparison.notWorseCount)),
            "notWorseShare": comparison.notWorseShare.map(JSONValue.finite) ?? .null,
            "worstRatio": comparison.worstRatio.map { $0.isFinite ? .finite($0) : .null } ?? .null,
            "worseThan\(String(format: "%.2f", Self.listedDeadReckoningRatio))": .array(
                comparison.walks(worseThan: Self.listedDeadReckoningRatio).map {
                    [
                        "file": .string($0.name), "fusedMeanMeters": .finite($0.fusedMeanMeters),
                        "pdrMeanMeters": .finite($0.deadReckoningMeanMeters),
                    ]
                }),
        ]
    }

    /// `consistency: within 1σ 35.2 % (Gaussian 39.3 %), …; mean NEES 2.4 (consistent: 2)`.
    var consistencyLines: [String] {
        let statistics = consistency
        guard let mean = statistics.meanNEES else { return [] }
        let shares = Self.consistencySigmas.map { k in
            String(
                format: "within %.0fσ %.1f %% (Gaussian %.1f %%)", k, 100 * (statistics.shareWithin(sigmas: k) ?? 0),
                100 * ConsistencyStatistics.gaussianShare(withinSigmas: k))
        }
        return [
            "overall fusion consistency: " + shares.joined(separator: ", ")
                + String(format: "; mean NEES %.2f (consistent: 2) over %d points", mean, statistics.nees.count)
        ]
    }

    /// `against dead reckoning: fused mean ≤ pdr mean on 120 of 126 walks (95.2 %), worst 1.31× (…)`.
    var againstDeadReckoningLines: [String] {
        let comparison = againstDeadReckoning
        guard let share = comparison.notWorseShare, let worst = comparison.worstRatio else { return [] }
        let listed = comparison.walks(worseThan: Self.listedDeadReckoningRatio)
        var line = String(
            format: "against dead reckoning: fused mean ≤ pdr mean on %d of %d walks (%.1f %%), worst %.2f×",
            comparison.notWorseCount, comparison.walks.count, 100 * share, worst)
        if !listed.isEmpty {
            line +=
                String(format: "; above %.2f×: ", Self.listedDeadReckoningRatio)
                + listed.map { "\($0.name) " + String(format: "%.2f / %.2f m", $0.fusedMeanMeters, $0.deadReckoningMeanMeters) }
                .joined(separator: ", ")
        }
        return [line]
    }
}
