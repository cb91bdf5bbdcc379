import Foundation
import IndoorJSON
import IndoorNavigation
import IndoorPositioning

/// Per-file and pooled figures of an evaluation run: the fused runs of `eval` (``json``, ``text``)
/// or the provider scores of `eval-providers` (``providersJSON``, ``providersText``).
public struct EvaluationReport {
    /// The scored files, in file order.
    public var outcomes: [FileOutcome]
    /// The files left out, with the reason.
    public var skipped: [(file: String, reason: String)]
    /// Whether the walks were also smoothed offline (adds the `offline` sections).
    public var offline = false

    /// A report of `outcomes` (and the files `skipped`).
    public init(outcomes: [FileOutcome] = [], skipped: [(file: String, reason: String)] = [], offline: Bool = false) {
        self.outcomes = outcomes
        self.skipped = skipped
        self.offline = offline
    }

    /// A fused run with what names it.
    typealias Run = (file: String, dataset: String, fold: Int?, navigation: WalkNavigation.Outcome?, replay: FusionReplay)

    /// The files scored through the fusion, in file order.
    var runs: [Run] {
        outcomes.compactMap { o in o.replay.map { (o.file, o.dataset, o.fold, o.navigation, $0) } }
    }

    /// How many reported sigmas an error may reach before it leaves the navigation corridor
    /// (``NavigationConfiguration/corridorAccuracyFactor``'s default).
    public static let corridorSigmas = NavigationConfiguration.standard.corridorAccuracyFactor

    /// Share of the scored points whose error exceeds ``corridorSigmas`` × the reported accuracy (its
    /// covariance's largest one-sigma): how often the fused covariance claims more than the position
    /// holds (a Gaussian would give 4.4 % in 2-D at 2.5 σ of its largest axis or less); nil without points.
    public var shareBeyondCorridorSigmas: Double? { consistency.shareBeyondLargestSigma(Self.corridorSigmas) }

    /// One score's figures (`points`, `meanErrorMeters`, … `ilcScore`).
    static func metrics(_ score: FusionScore) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["points": .number(Double(score.points.count))]
        o["meanErrorMeters"] = score.errors.map { .finite($0.mean) } ?? .null
        o["medianErrorMeters"] = score.errors.map { .finite($0.median) } ?? .null
        o["p75ErrorMeters"] = score.errors.map { .finite($0.p75) } ?? .null
        o["p95ErrorMeters"] = score.errors.map { .finite($0.p95) } ?? .null
        o["maxErrorMeters"] = score.errors.map { .finite($0.max) } ?? .null
        o["levelHitRate"] = score.levelHitRate.map(JSONValue.finite) ?? .null
        o["ipinScore"] = score.ipinScore.map(JSONValue.finite) ?? .null
        o["ilcScore"] = score.ilcScore.map(JSONValue.finite) ?? .null
        return o
    }

    /// Every fused point pooled over the files.
    public var overall: FusionScore { FusionScore(points: runs.flatMap(\.replay.score.points)) }
    /// Every dead-reckoning point pooled over the files.
    public var overallDeadReckoning: FusionScore { FusionScore(points: runs.flatMap(\.replay.deadReckoningScore.points)) }
    /// Every provider's fixes pooled over the files, by source.
    public var overallProviders: [String: FusionScore] {
        var pooled: [String: [ScoredPoint]] = [:]
        for outcome in runs { for (source, score) in outcome.replay.providerScores { pooled[source, default: []] += score.points } }
        return pooled.mapValues { FusionScore(points: $0) }
    }

    /// The `eval --json` document.
    public var json: JSONValue {
        let files: [JSONValue] = runs.map { outcome in
            var o = Self.metrics(outcome.replay.score)
            o["file"] = .string(outcome.file)
            o["dataset"] = .string(outcome.dataset)
            o["pdr"] = .object(Self.metrics(outcome.replay.deadReckoningScore))
            o["providers"] = .object(outcome.replay.providerScores.mapValues { .object(Self.metrics($0)) })
            o["fold"] = outcome.fold.map { .number(Double($0)) } ?? .null
            o["consistency"] = Self.consistencyJSON(outcome.replay.consistency)
            if let navigation = outcome.navigation { o["navigation"] = navigation.json }
            if offline { o["offline"] = Self.offlineJSON(outcome) }
            let scored = zip(
                zip(outcome.replay.score.points, outcome.replay.accuraciesAtTruth),
                zip(outcome.replay.truth.scoredPoints, outcome.replay.estimatesAtTruth))
            o["pointErrors"] = .array(
                scored.map { pointAndSigma, pair in
                    let (point, sigma) = pointAndSigma
                    return [
                        "t": .finite(point.timeSeconds), "errorMeters": .finite(point.errorMeters),
                        "floorError": point.floorError.map(JSONValue.finite) ?? .null,
                        "truth": [.finite(pair.0.point.x), .finite(pair.0.point.y)], "estimate": [.finite(pair.1.x), .finite(pair.1.y)],
                        "accuracyMeters": sigma.isFinite ? .finite(sigma) : .null,
                    ]
                })
            let s = outcome.replay.statistics
            o["fusion"] = .object([
                "steps": .number(Double(s.steps)), "acceptedFixes": .number(Double(s.acceptedFixes)),
                "acceptedFixesBySource": .object(s.acceptedFixesBySource.mapValues { .number(Double($0)) }),
                "lateFixes": .number(Double(s.lateFixes)),
                "rejectedFixes": .object(s.rejectedFixes.mapValues { .number(Double($0)) }),
                "wallCorrections": .number(Double(s.wallCorrections)),
                "mapMatchedSteps": .number(Double(s.mapMatchedSteps)),
                "particleResamplings": .number(Double(s.particleResamplings)),
                "particleRecoveries": .number(Double(s.particleRecoveries)),
                "headingAlignments": .number(Double(s.headingAlignments)), "levelChanges": .number(Double(s.levelChanges)),
                "climbingSteps": .number(Double(s.climbingSteps)), "connectorSnaps": .number(Double(s.connectorSnaps)),
                "strideScaleClamps": .number(Double(s.strideScaleClamps)),
                "failedCorrections": .object(s.failedCorrections.mapValues { .number(Double($0)) }),
                "lastCorrectionFailure": .optional(s.lastCorrectionFailure.map { "\($0)" }),
            ])
            return .object(o)
        }
        var top = Self.metrics(overall)
        top["shareBeyondCorridorSigmas"] = shareBeyondCorridorSigmas.map(JSONValue.finite) ?? .null
        top["consistency"] = Self.consistencyJSON(consistency)
        top["againstDeadReckoning"] = againstDeadReckoningJSON
        top["files"] = .array(files)
        top["pdr"] = .object(Self.metrics(overallDeadReckoning))
        let providerConsistency = self.providerConsistency
        top["providers"] = .object(
            overallProviders.reduce(into: [:]) { result, entry in
                var o = Self.metrics(entry.value)
                if let consistency = providerConsistency[entry.key] { o["consistency"] = Self.consistencyJSON(consistency) }
                result[entry.key] = .object(o)
            })
        let navigated = runs.compactMap(\.navigation)
        if !navigated.isEmpty { top["navigation"] = WalkNavigation.Outcome.pooled(navigated).json }
        top["skipped"] = .array(skipped.map { ["file": .string($0.file), "reason": .string($0.reason)] })
        if offline { top["offline"] = offlineJSON }
        return .object(top)
    }

    /// The `eval` text report.
    public var text: String {
        func f(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "-" }
        func line(_ name: String, _ s: FusionScore) -> String {
            "\(name): mean \(f(s.errors?.mean)) m, median \(f(s.errors?.median)) m, p75 \(f(s.errors?.p75)) m, p95 \(f(s.errors?.p95)) m, max \(f(s.errors?.max)) m over \(s.points.count) points; level hit \(f(s.levelHitRate)); IPIN score \(f(s.ipinScore)) m, ILC score \(f(s.ilcScore)) m"
        }
        var lines: [String] = []
        for outcome in runs {
            let s = outcome.replay.statistics
            lines.append(
                line((outcome.file as NSString).lastPathComponent, outcome.replay.score)
                    + " (pdr mean \(f(outcome.replay.deadReckoningScore.errors?.mean)) m; \(s.steps) steps, \(s.acceptedFixes) fixes fused\(s.acceptedFixesBySource.isEmpty ? "" : " (" + s.acceptedFixesBySource.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"), \(s.rejectedFixCount) rejected\(s.rejectedFixes.isEmpty ? "" : " (" + s.rejectedFixes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"), \(s.mapMatchedSteps > 0 ? "\(s.mapMatchedSteps) map-matched steps" : "\(s.wallCorrections) wall corrections"), \(s.headingAlignments) heading alignments\(s.failedCorrectionCount > 0 ? ", \(s.failedCorrectionCount) failed corrections" : ""))"
            )
        }
        lines.append(line("overall fusion", overall))
        if let share = shareBeyondCorridorSigmas {
            lines.append(
                String(
                    format: "overall fusion accuracy: the error exceeds %.1f × the reported accuracy at %.1f %% of the points",
                    Self.corridorSigmas, 100 * share))
        }
        lines += consistencyLines
        lines.append(line("overall pdr", overallDeadReckoning))
        lines += againstDeadReckoningLines
        if offline { lines += offlineLines(line: line) }
        for (source, score) in overallProviders.sorted(by: { $0.key < $1.key }) { lines.append(line("overall \(source) fixes", score)) }
        let navigated = runs.compactMap(\.navigation)
        if !navigated.isEmpty { lines.append("navigation: " + WalkNavigation.Outcome.pooled(navigated).text) }
        if !skipped.isEmpty {
            lines.append(
                "skipped \(skipped.count) file(s): "
                    + skipped.map { "\(($0.file as NSString).lastPathComponent) (\($0.reason))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
